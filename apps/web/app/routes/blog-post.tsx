import { data } from 'react-router'
import { fetchPost, fetchPosts } from '~/features/blog/api.server.ts'
import { type BlogPostData, BlogPostPage } from '~/features/blog/blog-post-page.tsx'
import { renderMarkdown } from '~/features/blog/markdown.server.ts'
import { pickText, readingMinutesOf, relatedPosts } from '~/features/blog/posts.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { apiContext } from '~/lib/api-context.ts'
import { defaultLang, type Lang, resolvePath } from '~/lib/route-table.ts'
import type { Route } from './+types/blog-post'

export const handle: PageHandle = { page: 'blogPost' }

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<BlogPostData> {
  const api = context.get(apiContext)
  const lang: Lang = resolvePath(new URL(request.url).pathname)?.lang ?? defaultLang
  const other: Lang = lang === 'pt' ? 'en' : 'pt'
  const [found, list] = await Promise.all([fetchPost(api, params.slug), fetchPosts(api)])
  if (found.status === 'notFound') throw data(null, { status: 404 })
  if (found.status === 'error') throw data(null, { status: 503 })

  const { body, ...post } = found.post
  const bodyLang: Lang = body[lang]?.trim() ? lang : body[other]?.trim() ? other : lang
  const markdown = body[bodyLang] ?? ''
  const minutes = post.readingMinutes?.[lang] ?? (markdown ? readingMinutesOf(markdown) : null)
  const title = pickText(post.title, lang, post.slug)
  const withBrand = `${title} — Farol`
  return {
    post: {
      ...post,
      readingMinutes: { ...post.readingMinutes, [lang]: minutes } as BlogPostData['post']['readingMinutes'],
    },
    html: renderMarkdown(markdown, api?.publicUrl ?? new URL(request.url).origin),
    bodyLang,
    related: list.ok ? relatedPosts(post, list.posts) : [],
    // Titles stay within 60 characters when the brand fits; a long post title goes alone.
    seo: {
      title: withBrand.length <= 60 ? withBrand : title,
      description: pickText(post.excerpt, lang, title),
    },
  }
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <BlogPostPage data={loaderData} />
}
