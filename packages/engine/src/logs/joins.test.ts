// A fixture site crawled for real on loopback, and a log of bot visits to it: each join fires on the
// page planted for it and on no other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crawl } from '../crawl/crawler.ts'
import { buildCrawlReport } from '../crawl/report.ts'
import { type SiteServer, startSiteServer } from '../crawl/testing/site-server.ts'
import { analyzeLogs } from './analyze.ts'
import { type CrawlFacts, joinWithCrawl, joinWithPresence } from './joins.ts'

const html = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="pt"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${'Texto da página. '.repeat(30)}</p>${body}</main></body></html>`
const page = (body: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
})

let site: SiteServer
let facts: CrawlFacts
beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((path) => {
    switch (path) {
      case '/':
        return page(
          html(
            'Início',
            '<a href="/bom">Bom</a> <a href="/precos">Preços</a> <a href="/antigo">Antigo</a> <a href="/mudou">Mudou</a> <a href="/privado">Privado</a>',
          ),
        )
      case '/bom':
        return page(html('Bom', '<a href="/precos">Preços</a> <a href="/">Início</a>'))
      case '/precos':
        return page(html('Preços', '<a href="/bom">Bom</a> <a href="/">Início</a>'))
      case '/privado':
        return page(html('Privado', '<a href="/">Início</a>', '<meta name="robots" content="noindex">'))
      case '/mudou':
        return { status: 301, headers: { location: `${origin}/bom` } }
      case '/orfa':
        return page(html('Órfã', '<a href="/">Início</a>'))
      case '/robots.txt':
        return {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`,
        }
      case '/sitemap.xml':
        return {
          status: 200,
          headers: { 'content-type': 'application/xml' },
          body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/orfa</loc></url></urlset>`,
        }
      default:
        return undefined // /antigo: 404
    }
  })
  origin = site.origin
  const run = await crawl(site.url, { allowPrivate: true, concurrency: 4, maxPages: 50 })
  const report = buildCrawlReport(run)
  facts = {
    startUrl: site.url,
    crawledAt: '2026-11-25T00:00:00.000Z',
    pages: report.pages.map((p) => ({
      url: p.url,
      status: p.status,
      redirectTo: p.redirectTo,
      indexable: p.indexable,
      inlinks: p.inlinks,
      linkScore: p.linkScore,
    })),
  }
}, 30_000)
afterAll(() => site.close())

const UA = {
  claude: 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  gpt: 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  perplexity: 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  chatgptUser: 'Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)',
}
const hit = (day: string, path: string, status: number, ua: string) =>
  `198.51.100.7 - - [${day}:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 100 "-" "${ua}"`
const log = [
  hit('20/Nov/2026', '/antigo', 404, UA.claude),
  hit('20/Nov/2026', '/antigo', 404, UA.claude),
  hit('20/Nov/2026', '/mudou', 301, UA.claude),
  hit('20/Nov/2026', '/privado', 200, UA.claude),
  hit('20/Nov/2026', '/orfa', 200, UA.claude),
  hit('19/Nov/2026', '/', 200, UA.gpt),
  hit('01/Oct/2026', '/precos', 200, UA.perplexity),
  hit('22/Nov/2026', '/bom', 200, UA.chatgptUser),
].join('\n')

async function pages() {
  async function* once() {
    yield Buffer.from(log)
  }
  return (await analyzeLogs([{ name: 'a', stream: once() }], { verifier: { resolver: null } })).pages
}

describe('joins with the crawl', () => {
  it('each finding lists exactly its planted page', async () => {
    const j = joinWithCrawl(await pages(), facts)
    expect(j.broken.map((r) => r.path)).toEqual(['/antigo'])
    expect(j.broken[0]).toMatchObject({ status: 404, hits: 2, bots: [{ token: 'ClaudeBot', hits: 2 }] })
    expect(j.redirected.map((r) => r.path)).toEqual(['/mudou'])
    expect(j.nonIndexable.map((r) => r.path)).toEqual(['/privado'])
    expect(j.orphan.map((r) => r.path)).toEqual(['/orfa'])
    // /bom is well linked and only a user-triggered agent fetched it: no AI crawler did.
    expect(j.unfetched.map((r) => r.path)).toEqual(['/bom'])
  })
})

describe('joins with AI-presence answers', () => {
  it('a citation whose crawler last came over 30 days before is stale; a fresh one is not; other hosts ignored', async () => {
    const j = joinWithPresence(
      await pages(),
      [
        {
          url: `${site.origin}/precos`,
          date: '2026-11-20T12:00:00.000Z',
          operator: 'Perplexity',
          assistant: 'Perplexity (sonar)',
        },
        {
          url: `${site.origin}/`,
          date: '2026-11-20T12:00:00.000Z',
          operator: 'OpenAI',
          assistant: 'ChatGPT (gpt-5-mini)',
        },
        {
          url: `${site.origin}/bom`,
          date: '2026-11-20T12:00:00.000Z',
          operator: 'Anthropic',
          assistant: 'Claude',
        },
        {
          url: 'https://elsewhere.example/precos',
          date: '2026-11-20T12:00:00.000Z',
          operator: 'OpenAI',
          assistant: 'ChatGPT (gpt-5-mini)',
        },
      ],
      site.url,
    )
    expect(j.cited).toEqual([
      expect.objectContaining({
        path: '/precos',
        bot: 'PerplexityBot',
        lastFetch: '2026-10-01T10:00:00.000Z',
        stale: true,
      }),
      expect.objectContaining({ path: '/', bot: 'GPTBot', stale: false }),
      expect.objectContaining({ path: '/bom', bot: null, lastFetch: null, stale: true }),
    ])
    expect(j.userFetches).toEqual([
      { path: '/bom', hits: 1, bots: [expect.objectContaining({ token: 'ChatGPT-User', hits: 1 })] },
    ])
  })
})
