// audit_page's answer (issue 41 item 8): besides the scores and the failing checks, the page's own facts an
// agent needs to propose a fix (title, description, H1, canonical, words), read from a real loopback page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import { audit } from '../audit.ts'
import type { CrawlReport } from '../crawl/report.ts'
import { auditSummary, crawlSummary } from './engine-tools.ts'

describe('auditSummary', () => {
  let fx: FixtureServer
  beforeAll(async () => {
    fx = await startFixtureServer()
  })
  afterAll(() => fx?.close())

  it("answers the page's title, description, H1, canonical and word count", async () => {
    const result = await audit(fx.url('/good/'), { device: 'none', lang: 'en', allowPrivate: true })
    const { summary, data } = auditSummary(result, 'en')
    expect(data.page).toMatchObject({
      statusCode: 200,
      title: 'Farol — auditoria de SEO e IA para o seu site',
      description:
        'O Farol analisa o seu site e explica, com provas, o que melhorar para aparecer no Google e nas respostas de assistentes de IA.',
      h1: ['Auditoria de SEO e otimização para IA, explicada'],
      canonical: 'https://farol.pt/',
      lang: 'pt-PT',
      https: false,
    })
    // The same count the on-page "little text" check and the AIO page's crawler view give.
    expect(data.page.wordCount).toBe(result.onPage.summary.wordCount)
    expect(data.page.wordCount).toBeGreaterThan(100)
    expect(data.page.titleLength).toBe(result.onPage.summary.metaTags.titleLength)
    expect(summary).toContain('Title "Farol — auditoria de SEO e IA para o seu site"')
    expect(summary).toContain('H1 "Auditoria de SEO e otimização para IA, explicada"')
    expect(summary).toContain(`${data.page.wordCount} words`)
  })

  it('says the H1 is unknown for a result stored before its texts were kept', async () => {
    const result = await audit(fx.url('/good/'), { device: 'none', lang: 'en', allowPrivate: true })
    const { h1: _dropped, ...older } = result.onPage.summary
    const { summary, data } = auditSummary({ ...result, onPage: { ...result.onPage, summary: older } }, 'en')
    expect(data.page.h1).toBeNull()
    expect(summary).toContain('H1 unknown')
  })
})

describe('crawlSummary', () => {
  it('says "1 page crawled" in the singular', async () => {
    const report = { stats: { pages: 1, seconds: 0.4 }, issues: [] } as unknown as CrawlReport
    expect((await crawlSummary(report, 'https://app.pt/', 'en')).summary).toMatch(
      /^https:\/\/app\.pt\/: 1 page crawled in 0\.4 s\./,
    )
    const two = { stats: { pages: 2, seconds: 1 }, issues: [] } as unknown as CrawlReport
    expect((await crawlSummary(two, 'https://app.pt/', 'en')).summary).toContain('2 pages crawled')
  })
})
