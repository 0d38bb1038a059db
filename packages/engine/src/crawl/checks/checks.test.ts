// Table tests of the site-wide checks over hand-made rows: the edges the fixture site does not cover.
import { describe, expect, it } from 'vitest'
import { encodeSignature, minhash } from '../minhash.ts'
import type { CrawlPage, CrawlTables } from '../types.ts'
import { siteIssues, siteLinkScores } from './index.ts'

const u = (path: string) => `https://s.test${path}`

let seed = 11
const word = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return `w${seed % 5000}`
}
const article = Array.from({ length: 200 }, word).join(' ')
const oneWordChanged = article.replace(/ \S+ /, ' different ')
const otherArticle = Array.from({ length: 200 }, word).join(' ')
const sig = (text: string) => encodeSignature(minhash(text)!)

function row(path: string, over: Partial<CrawlPage> = {}): CrawlPage {
  return {
    url: u(path),
    depth: 1,
    source: 'link',
    status: 200,
    blockedByRobots: false,
    error: null,
    redirectTo: null,
    contentType: 'text/html',
    title: `Title ${path}`,
    description: `Description ${path}`,
    h1: null,
    canonical: null,
    noindex: false,
    nofollow: false,
    hreflang: [],
    links: [{ url: u('/'), text: 'home', nofollow: false, internal: true }],
    contentHash: `hash${path}`,
    minhash: null,
    wordCount: 100,
    bytes: 1000,
    firstByteMs: 1,
    totalMs: 2,
    indexable: true,
    fetchedAt: '2026-01-01T00:00:00Z',
    ...over,
  }
}

const tables = (pages: CrawlPage[], sitemapUrls: string[] = []): CrawlTables => ({
  startUrl: u('/'),
  pages: [
    row('/', {
      depth: 0,
      links: pages.map((p) => ({ url: p.url, text: 'x', nofollow: false, internal: true })),
    }),
    ...pages,
  ],
  sitemapUrls,
})
const types = (t: CrawlTables) => Object.fromEntries(siteIssues(t).map((i) => [i.type, i.urls]))

describe('site checks', () => {
  it.each<[string, CrawlPage[], string[], Record<string, string[]>]>([
    [
      'noindex and canonicalised pages are not duplicates',
      [row('/a', { title: 'T' }), row('/b', { title: 'T', indexable: false, noindex: true })],
      [],
      {},
    ],
    [
      'titles compare after trimming',
      [row('/a', { title: 'T ' }), row('/b', { title: 'T' })],
      [],
      { 'duplicate-title': [u('/a'), u('/b')] },
    ],
    [
      'an exact copy is duplicate-content, not also near-duplicate',
      [
        row('/a', { contentHash: 'h', minhash: sig(article) }),
        row('/b', { contentHash: 'h', minhash: sig(article) }),
      ],
      [],
      { 'duplicate-content': [u('/a'), u('/b')] },
    ],
    [
      'one word changed in 200 is a near duplicate; another text, or a noindex copy, is not',
      [
        row('/a', { minhash: sig(article) }),
        row('/b', { minhash: sig(oneWordChanged) }),
        row('/c', { minhash: sig(otherArticle) }),
        row('/d', { minhash: sig(article), indexable: false, noindex: true }),
      ],
      [],
      { 'near-duplicate': [u('/a'), u('/b')] },
    ],
    [
      'a blocked target is not broken',
      [row('/x', { status: null, blockedByRobots: true })],
      [],
      { 'blocked-by-robots': [u('/x')] },
    ],
    [
      'a network failure is broken',
      [row('/x', { status: null, error: 'TOTAL_TIMEOUT', contentHash: null })],
      [],
      { 'broken-link': [u('/x')] },
    ],
    [
      'a one-hop redirect is not a chain',
      [
        row('/r', { status: 301, redirectTo: u('/t'), contentHash: null, links: [] }),
        row('/t', { source: 'redirect' }),
      ],
      [],
      { 'internal-redirect': [u('/r')] },
    ],
    [
      'depth 4 is not deep, 5 is',
      [row('/d4', { depth: 4 }), row('/d5', { depth: 5 })],
      [],
      { 'deep-page': [u('/d5')] },
    ],
    ['a sitemap page linked from the site is not an orphan', [row('/a')], [u('/a')], {}],
    [
      'a redirect listed in the sitemap is reported',
      [row('/r', { status: 301, redirectTo: u('/'), contentHash: null, links: [] })],
      [u('/r')],
      { 'internal-redirect': [u('/r')], 'error-in-sitemap': [u('/r')] },
    ],
  ])('%s', (_name, pages, sitemap, expected) => {
    expect(types(tables(pages, sitemap))).toEqual(expected)
  })

  it('link score: a page linked from every page outranks one linked once, and scores span 0-100', () => {
    const pages = [
      row('/hub', { links: [{ url: u('/leaf'), text: 'l', nofollow: false, internal: true }] }),
      row('/leaf', { links: [{ url: u('/hub'), text: 'h', nofollow: false, internal: true }] }),
      row('/other', { links: [{ url: u('/hub'), text: 'h', nofollow: false, internal: true }] }),
    ]
    const scores = siteLinkScores(tables(pages))
    expect(scores.get(u('/hub'))!).toBeGreaterThan(scores.get(u('/other'))!)
    expect(Math.max(...scores.values())).toBe(100)
    expect(Math.min(...scores.values())).toBe(0)
  })
})
