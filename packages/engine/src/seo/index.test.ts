import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { artifactsFromHtml } from '../gather/testing.ts'
import type { Finding } from '../types.ts'
import { runSeoChecks, seoChecks } from './index.ts'

const site = (name: string, file = 'index.html'): string =>
  readFileSync(new URL(`../../test/fixtures/sites/${name}/${file}`, import.meta.url), 'utf8')

const byId = (findings: Finding[]) => Object.fromEntries(findings.map((f) => [f.id, f.verdict]))

describe('runSeoChecks on the fixture sites', () => {
  it('good: every check passes at its real address', () => {
    const { findings, summary } = runSeoChecks(
      artifactsFromHtml(site('good'), {
        url: 'https://farol.pt/',
        robotsTxt: site('good', 'robots.txt'),
        sitemapXml: site('good', 'sitemap.xml'),
      }),
    )
    const notPassing = findings.filter((f) => f.verdict !== 'pass').map((f) => `${f.id}:${f.verdict}`)
    expect(notPassing).toEqual([])
    expect(summary).toMatchObject({
      metaTags: { title: 'Farol — auditoria de SEO e IA para o seu site', titleLength: 45 },
      metaScore: { overall: 100 },
      headingsStructure: { hasH1: true, multipleH1: false, headingsOrder: true },
      headingScore: 100,
      security: { https: true, mixedContent: false },
      mobileFriendly: true,
      indexable: true,
      canonical: 'https://farol.pt/',
      language: { declared: 'pt-PT', detected: 'pt' },
      images: { total: 3, missingAlt: 0 },
      structuredDataTypes: ['Organization', 'WebSite'],
      score: 100,
    })
    expect(summary.metaTags.descriptionLength).toBeGreaterThanOrEqual(120)
    expect(summary.metaTags.descriptionLength).toBeLessThanOrEqual(160)
    expect(summary.wordCount).toBeGreaterThan(150)
  })

  it('poor: fails what it gets wrong', () => {
    const { findings, summary } = runSeoChecks(
      artifactsFromHtml(site('poor'), {
        url: 'https://loja.example/',
        robotsTxt: site('poor', 'robots.txt'),
      }),
    )
    expect(byId(findings)).toMatchObject({
      'is-crawlable': 'fail',
      'robots-txt': 'fail',
      'document-title': 'fail',
      'meta-description': 'fail',
      canonical: 'fail',
      hreflang: 'fail',
      viewport: 'fail',
      headings: 'warn',
      'image-alt': 'fail',
      'link-text': 'fail',
      'crawlable-anchors': 'fail',
      'structured-data': 'fail',
    })
    expect(summary).toMatchObject({
      headingsStructure: { hasH1: true, multipleH1: true, headingsOrder: false },
      headingScore: 40,
      mobileFriendly: false,
      indexable: false,
      images: { total: 2, missingAlt: 2 },
    })
    expect(summary.score).toBeLessThan(40)
  })

  it('pt and en articles: language detected and accented words counted', () => {
    const pt = runSeoChecks(artifactsFromHtml(site('pt'))).summary
    const en = runSeoChecks(artifactsFromHtml(site('en'))).summary
    expect(pt.language).toEqual({ declared: 'pt-PT', detected: 'pt' })
    expect(en.language).toEqual({ declared: 'en-GB', detected: 'en' })
    expect(pt.structuredDataTypes).toContain('BlogPosting')
    expect(pt.wordCount).toBeGreaterThan(200)
  })

  it('js-only: little text in the HTML, reported against the rendered count', () => {
    const rendered = site('js-only').replace(
      '<div id="app"></div>',
      `<div id="app"><h1>x</h1>${'<p>Este texto só existe depois de o navegador executar o script.</p>'.repeat(30)}</div>`,
    )
    const { findings, summary } = runSeoChecks(artifactsFromHtml(site('js-only'), { renderedHtml: rendered }))
    expect(summary.wordCount).toBe(0)
    expect(summary.renderedWordCount).toBeGreaterThan(150)
    expect(findings.find((f) => f.id === 'word-count')?.title.en).toContain('JavaScript')
    expect(summary.headingsStructure.hasH1).toBe(false)
  })

  it('hreflang: valid for Lighthouse, incomplete for Google', () => {
    const { findings } = runSeoChecks(artifactsFromHtml(site('hreflang'), { url: 'https://farol.pt/en/' }))
    expect(findings.find((x) => x.id === 'hreflang')?.verdict).toBe('pass')
    const f = findings.find((x) => x.id === 'hreflang-alternates')
    expect(f?.verdict).toBe('warn')
    expect(f?.description.en).toContain('x-default')
    expect(f?.description.en).toContain('different URLs')
  })

  it('a 4xx/5xx document gets its status finding and no content verdicts (not audited, with why)', () => {
    for (const status of [403, 404, 500, 503]) {
      const { findings, summary } = runSeoChecks(artifactsFromHtml(site('poor'), { status }))
      const byId = new Map(findings.map((f) => [f.id, f]))
      expect(byId.get('http-status-code')?.verdict).toBe('fail')
      for (const id of ['document-title', 'is-crawlable', 'meta-description', 'link-text', 'image-alt']) {
        const f = byId.get(id)
        expect(f).toMatchObject({ verdict: 'na', score: null, evidence: [] })
        expect(f?.notAudited?.en).toContain(`HTTP status ${status}`)
        expect(f?.title.pt).toMatch(/^Não auditado: /)
      }
      // Only site-level findings keep verdicts.
      const judged = findings.filter((f) => !f.notAudited).map((f) => f.id)
      expect(judged.sort()).toEqual(['http-status-code', 'https', 'redirect-chain', 'robots-txt', 'sitemap'])
      expect(summary).toMatchObject({ score: 0, indexable: false })
      expect(summary.notAudited?.pt).toContain(String(status))
    }
    const ok = runSeoChecks(artifactsFromHtml(site('poor')))
    expect(ok.findings.some((f) => f.notAudited)).toBe(false)
    expect(ok.summary.notAudited).toBeUndefined()
    expect(ok.findings.find((f) => f.id === 'document-title')?.measuredOn).toBe('raw')
    expect(ok.findings.find((f) => f.id === 'http-status-code')?.measuredOn).toBeUndefined()
  })

  it('every finding has PT and EN strings and one id per check', () => {
    const { findings } = runSeoChecks(artifactsFromHtml(site('poor')))
    expect(findings).toHaveLength(seoChecks.length)
    expect(new Set(findings.map((f) => f.id)).size).toBe(findings.length)
    for (const f of findings) {
      expect(f.title.pt && f.title.en && f.description.pt && f.description.en).toBeTruthy()
      expect(f.title.pt).not.toBe(f.title.en)
    }
  })

  // Speed is measured by `npm run bench:audit`, never asserted here; this checks a large page is handled.
  it('analyses a 200 KB page and counts all of its words', () => {
    const big = site('good').replace(
      '</main>',
      `${'<p>O Farol analisa páginas com <a href="/x">ligações descritivas</a> e texto.</p>'.repeat(2500)}</main>`,
    )
    expect(big.length).toBeGreaterThan(200_000)
    const { summary } = runSeoChecks(artifactsFromHtml(big))
    expect(summary.wordCount).toBeGreaterThan(2500 * 9)
  })
})
