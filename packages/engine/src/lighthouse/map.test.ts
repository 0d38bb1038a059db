import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { lighthouseTexts } from './localize.ts'
import { impactOf, mapLighthouseResult } from './map.ts'
import type { LighthouseResult } from './types.ts'

// A real Lighthouse 13.5 mobile run of __fixtures__/page.ts, trimmed by __fixtures__/capture.ts.
const saved = JSON.parse(
  readFileSync(new URL('./__fixtures__/lhr-mobile.json', import.meta.url), 'utf8'),
) as LighthouseResult

/** A deep copy with some audits replaced, to test one rule at a time. */
function withAudits(patch: Record<string, Partial<LighthouseResult['audits'][string]> | undefined>) {
  const lhr = structuredClone(saved)
  for (const [id, audit] of Object.entries(patch)) {
    if (audit === undefined) delete lhr.audits[id]
    else lhr.audits[id] = { ...lhr.audits[id]!, id, ...audit }
  }
  return lhr
}

describe('mapLighthouseResult on a saved Lighthouse 13 result', () => {
  const seo = mapLighthouseResult(saved, { title: 'Farol test page', description: 'Olá, ação' })

  it('converts metrics: fcp, lcp, speed index, tti in seconds; tbt, fid, cls raw; performance × 100', () => {
    const ms = (id: string) => saved.audits[id]!.numericValue!
    expect(seo.fcp).toBeCloseTo(ms('first-contentful-paint') / 1000, 3)
    expect(seo.lcp).toBeCloseTo(ms('largest-contentful-paint') / 1000, 3)
    expect(seo.speedIndex).toBeCloseTo(ms('speed-index') / 1000, 3)
    expect(seo.tti).toBeCloseTo(ms('interactive') / 1000, 3)
    expect(seo.tbt).toBe(ms('total-blocking-time'))
    expect(seo.fid).toBe(ms('max-potential-fid'))
    expect(seo.cls).toBe(ms('cumulative-layout-shift'))
    expect(seo.performanceScore).toBe(Math.round(saved.categories.performance!.score! * 100))
    // Sanity: the values really are seconds for a page that paints in about 1-3 s on slow 4G.
    expect(seo.fcp).toBeGreaterThan(0.1)
    expect(seo.fcp).toBeLessThan(30)
  })

  it('reports every category 0-100, agentic browsing included', () => {
    expect(seo.categories).toEqual({
      performance: 96,
      seo: 83,
      accessibility: 79,
      bestPractices: 96,
      agenticBrowsing: 100,
    })
  })

  it('lists the agentic-browsing audits with null for the ones that did not apply', () => {
    expect(seo.agenticAudits.map((a) => a.id)).toEqual(
      saved.categories['agentic-browsing']!.auditRefs.map((r) => r.id),
    )
    expect(seo.agenticAudits.find((a) => a.id === 'agent-accessibility-tree')?.score).toBe(1)
    expect(seo.agenticAudits.find((a) => a.id === 'llms-txt')?.score).toBeNull()
  })

  it('keeps only opportunity and insight audits scoring below 1, worst first', () => {
    const ids = seo.recommendations.map((r) => r.id)
    expect(ids).toContain('render-blocking-insight')
    expect(ids).toContain('unminified-javascript')
    // Passing insights and non-opportunity failures (meta-description, heading-order) are not recommendations.
    expect(ids).not.toContain('viewport-insight')
    expect(ids).not.toContain('meta-description')
    expect(ids).not.toContain('heading-order')
    for (const r of seo.recommendations) {
      const audit = saved.audits[r.id]!
      expect(audit.score).toBeLessThan(1)
      expect(audit.details?.type === 'opportunity' || r.id.endsWith('-insight')).toBe(true)
      expect(r.category).toBe('performance')
      // Without the worker's texts, the run's own (English) texts stand for both languages.
      expect(r.title).toEqual({ pt: audit.title, en: audit.title })
    }
    const scores = seo.recommendations.map((r) => r.score ?? 0)
    expect(scores).toEqual([...scores].sort((a, b) => a - b))
  })

  it("takes titles, descriptions and savings in both languages from Lighthouse's own translations", async () => {
    const texts = await lighthouseTexts(saved)
    const recs = mapLighthouseResult(saved, undefined, texts).recommendations
    const blocking = recs.find((r) => r.id === 'render-blocking-insight')
    expect(blocking?.title).toEqual({
      pt: 'Pedidos de bloqueio de renderização',
      en: 'Render-blocking requests',
    })
    // Lighthouse's Markdown links stay as they are, in both languages.
    expect(blocking?.description.pt).toContain(
      '[Adiar ou colocar inline](https://developer.chrome.com/docs/performance/insights/render-blocking)',
    )
    expect(blocking?.description.en).toBe(saved.audits['render-blocking-insight']!.description)
    expect(blocking?.displayValue?.pt).toMatch(/^Poupança estimada de [\d\s,.]+\sms$/)
    expect(blocking?.displayValue?.en).toBe(saved.audits['render-blocking-insight']!.displayValue)
    const agentic = mapLighthouseResult(saved, undefined, texts).agenticAudits
    expect(agentic.find((a) => a.id === 'agent-accessibility-tree')?.title).toEqual({
      pt: 'A árvore de acessibilidade está bem formada',
      en: 'Accessibility tree is well-formed',
    })
  })

  it('reads a run made in Portuguese the same way', async () => {
    const { swapLocale } = await import('lighthouse/shared/localization/swap-locale.js')
    const pt = swapLocale(saved as never, 'pt-PT').lhr as unknown as LighthouseResult
    expect(pt.audits['render-blocking-insight']!.title).toBe('Pedidos de bloqueio de renderização')
    const fromPt = mapLighthouseResult(pt, undefined, await lighthouseTexts(pt)).recommendations
    const fromEn = mapLighthouseResult(saved, undefined, await lighthouseTexts(saved)).recommendations
    expect(fromPt).toEqual(fromEn)
  })

  it('grades impact: high below 0.5, medium below 0.9, low otherwise', () => {
    expect(impactOf(0)).toBe('high')
    expect(impactOf(0.49)).toBe('high')
    expect(impactOf(0.5)).toBe('medium')
    expect(impactOf(0.89)).toBe('medium')
    expect(impactOf(0.9)).toBe('low')
    const lhr = withAudits({
      'unused-javascript': {
        score: 0.7,
        scoreDisplayMode: 'metricSavings',
        details: { type: 'opportunity' } as never,
      },
      'unused-css-rules': {
        score: 0.95,
        scoreDisplayMode: 'metricSavings',
        details: { type: 'opportunity' } as never,
      },
      'lcp-discovery-insight': { score: 0, scoreDisplayMode: 'notApplicable' },
    })
    const recs = mapLighthouseResult(lhr).recommendations
    expect(recs.find((r) => r.id === 'unused-javascript')?.impact).toBe('medium')
    expect(recs.find((r) => r.id === 'unused-css-rules')?.impact).toBe('low')
    expect(recs.find((r) => r.id === 'lcp-discovery-insight')).toBeUndefined()
  })

  it('mobileFriendly follows the viewport audit (Lighthouse 13: the viewport insight)', () => {
    expect(seo.mobileFriendly).toBe(true)
    expect(mapLighthouseResult(withAudits({ 'viewport-insight': { score: 0 } })).mobileFriendly).toBe(false)
    // An older LHR with the `viewport` audit uses that one.
    expect(
      mapLighthouseResult(withAudits({ viewport: { score: 0, scoreDisplayMode: 'binary' } })).mobileFriendly,
    ).toBe(false)
  })

  it('https from is-on-https; mixedContent is its negation', () => {
    expect(seo.security).toEqual({ https: true, mixedContent: false })
    expect(mapLighthouseResult(withAudits({ 'is-on-https': { score: 0 } })).security).toEqual({
      https: false,
      mixedContent: true,
    })
  })

  it('heading flags all follow heading-order (multipleH1 negated); no headings → all false', () => {
    // The saved page skips from h1 to h3, so heading-order fails.
    expect(saved.audits['heading-order']!.score).toBe(0)
    expect(seo.headingsStructure).toEqual({ hasH1: false, multipleH1: true, headingsOrder: false })
    expect(mapLighthouseResult(withAudits({ 'heading-order': { score: 1 } })).headingsStructure).toEqual({
      hasH1: true,
      multipleH1: false,
      headingsOrder: true,
    })
    const none = { hasH1: false, multipleH1: false, headingsOrder: false }
    expect(
      mapLighthouseResult(withAudits({ 'heading-order': { score: null, scoreDisplayMode: 'notApplicable' } }))
        .headingsStructure,
    ).toEqual(none)
    expect(mapLighthouseResult(withAudits({ 'heading-order': undefined })).headingsStructure).toEqual(none)
  })

  it('meta tags come from the page texts, lengths in characters (not bytes)', () => {
    expect(seo.metaTags).toEqual({
      title: 'Farol test page',
      description: 'Olá, ação',
      titleLength: 15,
      descriptionLength: 9,
    })
    expect(mapLighthouseResult(saved).metaTags).toEqual({
      title: '',
      description: '',
      titleLength: 0,
      descriptionLength: 0,
    })
  })

  it('missing metrics and categories are null, not zero', () => {
    const lhr = withAudits({
      'first-contentful-paint': undefined,
      'max-potential-fid': { numericValue: undefined },
    })
    lhr.categories.performance!.score = null
    delete lhr.categories['agentic-browsing']
    const out = mapLighthouseResult(lhr)
    expect(out.fcp).toBeNull()
    expect(out.fid).toBeNull()
    expect(out.performanceScore).toBeNull()
    expect(out.categories.agenticBrowsing).toBeNull()
    expect(out.agenticAudits).toEqual([])
  })
})
