import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import { runSeoChecks } from '../seo/index.ts'
import { buildArtifacts, gatherArtifacts, notFetched } from './index.ts'
import { artifactsFromHtml, htmlResource } from './testing.ts'

describe('buildArtifacts (pure)', () => {
  it('parses the HTML and marks side files as not fetched', () => {
    const a = buildArtifacts(htmlResource('<title>Olá</title>', { url: 'https://farol.example/a/b' }))
    expect(a.$('title').text()).toBe('Olá')
    expect(a.robotsTxt).toEqual(notFetched('https://farol.example/robots.txt'))
    expect(a.llmsTxt.url).toBe('https://farol.example/llms.txt')
    expect(a.renderedHtml).toBeNull()
    expect(a.sitemapXml).toBeUndefined()
  })
  it('artifactsFromHtml turns strings into fetched side files and null into a 404', () => {
    const a = artifactsFromHtml('', { robotsTxt: 'User-agent: *', sitemapXml: null })
    expect(a.robotsTxt).toEqual({
      url: 'https://farol.example/robots.txt',
      status: 200,
      content: 'User-agent: *',
    })
    expect(a.sitemapXml?.status).toBe(404)
  })
})

describe('gatherArtifacts (fixture server)', () => {
  let good: FixtureServer
  let shared: FixtureServer
  beforeAll(async () => {
    good = await startFixtureServer({ site: 'good' })
    shared = await startFixtureServer()
  })
  afterAll(async () => {
    await good?.close()
    await shared?.close()
  })

  it('fetches the page, robots.txt, llms.txt and sitemap.xml of the origin', async () => {
    const a = await gatherArtifacts(good.url('/'), { allowPrivate: true })
    expect(a.page.status).toBe(200)
    expect(a.$('h1').text()).toContain('Auditoria de SEO')
    expect(a.robotsTxt.status).toBe(200)
    expect(a.robotsTxt.content).toContain('Sitemap: https://farol.pt/sitemap.xml')
    expect(a.llmsTxt.content).toContain('# Farol')
    expect(a.sitemapXml?.content).toContain('<urlset')
    const { findings, summary } = runSeoChecks(a)
    const v = Object.fromEntries(findings.map((f) => [f.id, f.verdict]))
    expect(v).toMatchObject({
      'robots-txt': 'pass',
      'is-crawlable': 'pass',
      sitemap: 'pass',
      'document-title': 'pass',
    })
    // Served on http://127.0.0.1, so the canonical (https://farol.pt/) points elsewhere (valid for
    // Lighthouse; canonical-target tells where indexing goes) and HTTPS fails.
    expect(v.canonical).toBe('pass')
    expect(a.canonicalTarget?.url).toBe('https://farol.pt/')
    expect(summary.security.https).toBe(false)
  })

  it('fetches the hreflang alternates and reads whether each lists the page back', async () => {
    const fx = await startFixtureServer({ site: 'verdicts-hreflang' })
    try {
      const a = await gatherArtifacts(fx.url('/'), { allowPrivate: true, skipSitemap: true })
      expect(a.hreflangTargets).toEqual([
        { url: fx.url('/pt/'), status: 200, linksBack: true },
        { url: fx.url('/de/'), status: 200, linksBack: false },
      ])
      const f = runSeoChecks(a).findings.find((x) => x.id === 'hreflang-alternates')
      expect(f?.verdict).toBe('warn')
      expect(f?.description.en).toContain(`do not list this page back: ${fx.url('/de/')}`)
      expect(runSeoChecks(a).findings.find((x) => x.id === 'hreflang')?.verdict).toBe('pass')
    } finally {
      await fx.close()
    }
  })

  it('degrades side files: a missing robots.txt is a 404, not an exception', async () => {
    const a = await gatherArtifacts(shared.url('/poor/'), { allowPrivate: true, skipSitemap: true })
    expect(a.robotsTxt.status).toBe(404)
    expect(a.robotsTxt.content).toBeNull()
    expect(a.sitemapXml).toBeUndefined()
    expect(runSeoChecks(a).findings.find((f) => f.id === 'robots-txt')?.verdict).toBe('na')
  })

  it('records redirects and takes side files from the final origin', async () => {
    const a = await gatherArtifacts(shared.url('/redirect/chain/2'), { allowPrivate: true })
    expect(a.page.redirects).toHaveLength(2)
    expect(a.robotsTxt.url).toBe(`${shared.origin}/robots.txt`)
    expect(runSeoChecks(a).findings.find((f) => f.id === 'redirect-chain')?.verdict).toBe('warn')
  })

  it('keeps the rendered HTML when given', async () => {
    const a = await gatherArtifacts(shared.url('/js-only/'), {
      allowPrivate: true,
      renderedHtml: '<html><body><p>texto renderizado</p></body></html>',
    })
    expect(a.renderedHtml).toContain('renderizado')
    expect(runSeoChecks(a).summary.renderedWordCount).toBe(2)
  })

  it('throws the fetcher’s typed error when the page itself cannot be fetched', async () => {
    await expect(gatherArtifacts(shared.url('/pdf'), { allowPrivate: true })).rejects.toMatchObject({
      code: 'UNSUPPORTED_CONTENT_TYPE',
    })
  })
})
