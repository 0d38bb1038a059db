import { describe, expect, it } from 'vitest'
import { fetchPost, fetchPosts } from './api.server.ts'

function client(answer: () => Response | Promise<Response>) {
  return { publicUrl: 'https://farol.example', fetch: async () => answer() }
}

const post = {
  slug: 'a',
  title: { pt: 'A' },
  excerpt: {},
  imageSrc: null,
  category: null,
  date: null,
  author: null,
}

describe('fetchPosts', () => {
  it('returns the posts of a good answer, skipping malformed ones', async () => {
    const result = await fetchPosts(client(() => Response.json({ posts: [post, { title: 'x' }, null] })))
    expect(result).toEqual({ ok: true, posts: [post] })
  })

  it('turns every failure into { ok: false } instead of throwing', async () => {
    expect(await fetchPosts(null)).toEqual({ ok: false })
    expect(await fetchPosts(client(() => new Response('boom', { status: 500 })))).toEqual({ ok: false })
    expect(await fetchPosts(client(() => new Response('not json')))).toEqual({ ok: false })
    expect(await fetchPosts(client(() => Response.json({ posts: 'nope' })))).toEqual({ ok: false })
    expect(
      await fetchPosts(
        client(() => {
          throw new Error('down')
        }),
      ),
    ).toEqual({ ok: false })
  })
})

describe('fetchPost', () => {
  it('tells a missing post from a failing API', async () => {
    expect(
      await fetchPost(
        client(() => Response.json({ post: { ...post, body: { pt: 'x' } } })),
        'a',
      ),
    ).toMatchObject({
      status: 'ok',
      post: { slug: 'a', body: { pt: 'x' } },
    })
    expect(
      await fetchPost(
        client(() => Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 })),
        'b',
      ),
    ).toEqual({ status: 'notFound' })
    expect(
      await fetchPost(
        client(() => new Response('', { status: 503 })),
        'a',
      ),
    ).toEqual({ status: 'error' })
    expect(await fetchPost(null, 'a')).toEqual({ status: 'error' })
  })
})
