// Table tests of the rendered checks over hand-made rows: raw facts (render.raw) against rendered ones.
import { describe, expect, it } from 'vitest'
import type { CrawlPage, CrawlTables, PageRender, RawPageFacts } from '../types.ts'
import { siteIssues } from './index.ts'
import { renderedChecks } from './rendered.ts'

const u = (path: string) => `https://s.test${path}`
const ids = new Set(renderedChecks.map((c) => c.id))

const link = (path: string) => ({ url: u(path), text: path, nofollow: false, internal: true })

function raw(over: Partial<RawPageFacts> = {}): RawPageFacts {
  return {
    title: 'T',
    description: 'D',
    canonical: null,
    noindex: false,
    h1: 'H',
    wordCount: 100,
    links: [],
    ...over,
  }
}

function row(
  path: string,
  over: Partial<CrawlPage> = {},
  render: Partial<PageRender> | null = {},
): CrawlPage {
  const page: CrawlPage = {
    url: u(path),
    depth: path === '/' ? 0 : 1,
    source: path === '/' ? 'start' : 'link',
    status: 200,
    blockedByRobots: false,
    error: null,
    redirectTo: null,
    contentType: 'text/html',
    title: 'T',
    description: 'D',
    h1: 'H',
    canonical: null,
    noindex: false,
    nofollow: false,
    hreflang: [],
    links: [],
    contentHash: `h${path}`,
    minhash: null,
    wordCount: 100,
    bytes: 1,
    firstByteMs: 1,
    totalMs: 1,
    indexable: true,
    fetchedAt: '2026-01-01T00:00:00Z',
    ...over,
  }
  if (render !== null)
    page.render = {
      error: null,
      raw: raw({ links: page.links.map((l) => l.url) }),
      scriptErrors: [],
      blockedResources: [],
      ms: 1,
      ...render,
    }
  return page
}

const found = (pages: CrawlPage[]) => {
  const tables: CrawlTables = { startUrl: u('/'), pages, sitemapUrls: [] }
  return Object.fromEntries(
    siteIssues(tables)
      .filter((i) => ids.has(i.type))
      .map((i) => [i.type, i.urls.map((x) => x.slice(u('').length))]),
  )
}

describe('rendered checks', () => {
  it.each<[string, CrawlPage[], Record<string, string[]>]>([
    ['raw and rendered alike: nothing', [row('/')], {}],
    ['a raw crawl (no render facts): nothing', [row('/', {}, null)], {}],
    [
      'text mostly rendered: content-only-rendered',
      [row('/', { wordCount: 200 }, { raw: raw({ wordCount: 99 }) })],
      { 'content-only-rendered': ['/'] },
    ],
    [
      'half the text in the raw HTML is not "most" rendered',
      [row('/', { wordCount: 200 }, { raw: raw({ wordCount: 100 }) })],
      {},
    ],
    [
      'a short rendered page is not judged on its text',
      [row('/', { wordCount: 40 }, { raw: raw({ wordCount: 0 }) })],
      {},
    ],
    [
      'a link only in the rendered DOM, and the page reached only through it (and its child)',
      [
        row('/', { links: [link('/a'), link('/js')] }, { raw: raw({ links: [u('/a')] }) }),
        row('/a'),
        row('/js', { links: [link('/js/child')] }),
        row('/js/child', { depth: 2 }),
      ],
      { 'links-only-rendered': ['/', '/js', '/js/child'] },
    ],
    [
      'a JS-only link to a page also linked raw elsewhere: only the source page',
      [
        row('/', { links: [link('/a'), link('/b')] }, { raw: raw({ links: [u('/a')] }) }),
        row('/a', { links: [link('/b')] }),
        row('/b'),
      ],
      { 'links-only-rendered': ['/'] },
    ],
    [
      'a nofollow JS link is not followed anyway',
      [row('/', { links: [{ ...link('/x'), nofollow: true }] }, { raw: raw() })],
      {},
    ],
    [
      'title changed',
      [row('/', { title: 'After' }, { raw: raw({ title: 'Before' }) })],
      { 'title-changed-by-js': ['/'] },
    ],
    [
      'whitespace alone is not a title change',
      [row('/', { title: ' T ' }, { raw: raw({ title: 'T' }) })],
      {},
    ],
    [
      'canonical added, changed or removed',
      [
        row('/', { canonical: u('/x') }, { raw: raw() }),
        row('/b', { canonical: u('/y') }, { raw: raw({ canonical: u('/b') }) }),
        row('/c', { canonical: null }, { raw: raw({ canonical: u('/c') }) }),
        row('/d', { canonical: u('/d') }, { raw: raw({ canonical: u('/d') }) }),
      ],
      { 'canonical-changed-by-js': ['/', '/b', '/c'] },
    ],
    [
      'noindex either way',
      [
        row('/', { noindex: true, indexable: false }, { raw: raw({ noindex: false }) }),
        row('/b', { noindex: false }, { raw: raw({ noindex: true }) }),
      ],
      { 'noindex-changed-by-js': ['/', '/b'] },
    ],
    [
      'a render failure and a page with script errors',
      [
        row('/', {}, { error: 'RENDER_TIMEOUT', detail: 'busy' }),
        row('/b', {}, { scriptErrors: ['TypeError: x is undefined'] }),
      ],
      { 'render-error': ['/', '/b'] },
    ],
    [
      'a failed render compares nothing else (its facts are the raw ones)',
      [row('/', { title: 'Raw' }, { error: 'RENDER_FAILED', raw: raw({ title: 'Raw', wordCount: 0 }) })],
      { 'render-error': ['/'] },
    ],
    [
      'a script robots.txt disallows',
      [row('/', {}, { blockedResources: [u('/private/app.js')] })],
      { 'blocked-resource': ['/'] },
    ],
    [
      'rendered facts of a page that answered 404 are not compared',
      [row('/', { status: 404, title: 'X' }, { raw: raw({ title: 'Y' }) })],
      {},
    ],
  ])('%s', (_name, pages, expected) => {
    expect(found(pages)).toEqual(expected)
  })

  it('details say both values', () => {
    const tables: CrawlTables = {
      startUrl: u('/'),
      pages: [row('/', { title: 'After', wordCount: 300 }, { raw: raw({ title: 'Before', wordCount: 10 }) })],
      sitemapUrls: [],
    }
    const issues = siteIssues(tables)
    expect(issues.find((i) => i.type === 'title-changed-by-js')?.details?.[u('/')]).toEqual({
      rawValue: 'Before',
      renderedValue: 'After',
    })
    expect(issues.find((i) => i.type === 'content-only-rendered')?.details?.[u('/')]).toEqual({
      rawWords: 10,
      renderedWords: 300,
    })
  })

  it('every check has both languages', () => {
    for (const check of renderedChecks) {
      expect(check.title.pt && check.title.en && check.description.pt && check.description.en).toBeTruthy()
      expect(check.title.pt).not.toBe(check.title.en)
    }
  })
})
