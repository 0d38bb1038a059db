// Agreement with Lighthouse: for every verdict both make, Farol's audit (the production `audit()`: raw
// HTML, then the rendered DOM facts of its own Lighthouse run) and Lighthouse 13 (a real Chromium, desktop
// config, through the egress proxy as in production) must say the same thing about the fixture pages,
// or Farol's finding must say that it deliberately differs, why, and its source (issue #20).
//
// Fixture sites (test/fixtures/sites, one origin each, since robots.txt and llms.txt live at the root):
//   good, poor          the pages of the first agreement test (most checks pass / fail)
//   verdicts-advice     length advice beside passing title and description, German "Start" links on an
//                       English page, hreflang " x-default", a canonical to a 404, llms.txt without links
//   verdicts-rendered   a click listener added by script to an <a> without href, a "click here" link
//                       and an image without alt added by script, an invalid llms.txt (no H1, too short)
//   verdicts-hreflang   a valid hreflang set whose German alternate does not link back (advice only)
//   verdicts-403        a document answering 403 with an error body (no title, noindex, generic link)
//
// Verdicts compared: Lighthouse pass (score ≥ 0.9, its report's pass threshold) / fail (below) / na
// (null score, notApplicable, manual, error). Farol: pass and warn → pass (Lighthouse has no middle level),
// fail → fail, na and info → na; when Farol emits several findings with one id, the worst counts.
// A page Lighthouse refuses (runtime error ERRORED_DOCUMENT_REQUEST: the document answered 4xx/5xx) is
// Lighthouse's "unsuccessful status" answer: http-status-code fail, and no content verdict, which Farol
// must match (not audited). Farol still judges the site's robots.txt and llms.txt there; Lighthouse makes
// no verdict on them for a refused page, so they are not shared verdicts and are not compared.
//
// `viewport`: Lighthouse 13 removed the `viewport` SEO audit; its successor is the `viewport-insight`
// performance insight, which cannot judge a desktop run (there it passes even a page without a viewport
// meta; seen with Lighthouse 13.5 / Chromium 156). It is read from a mobile run of good and poor.
//
// The agreement figure (verdicts that agree / verdicts compared) is printed; every disagreement must be
// declared by the Farol finding's `differsFromLighthouse`. Skipped only when no Chromium is found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuditResult, audit } from '../src/audit.ts'
import { type EgressProxy, startEgressProxy } from '../src/fetch/index.ts'
import { findChrome } from '../src/lighthouse/chrome.ts'
import { runLighthouse } from '../src/lighthouse/runner.ts'
import type { LighthouseResult } from '../src/lighthouse/types.ts'
import type { Finding } from '../src/types.ts'
import { type FixtureServer, startFixtureServer } from './fixtures/server.ts'

type Verdict = 'pass' | 'fail' | 'na'

/** Farol's on-page id → Lighthouse's audit id (the same except viewport, see above). */
const onPageCompared: Record<string, string> = {
  'document-title': 'document-title',
  'meta-description': 'meta-description',
  'http-status-code': 'http-status-code',
  'is-crawlable': 'is-crawlable',
  canonical: 'canonical',
  hreflang: 'hreflang',
  'image-alt': 'image-alt',
  'link-text': 'link-text',
  'crawlable-anchors': 'crawlable-anchors',
  'robots-txt': 'robots-txt',
}
const LIGHTHOUSE_PASS = 0.9
/** Verdicts on the site's files, not the document: Lighthouse makes none on a page it refuses. */
const SITE_LEVEL = new Set(['robots-txt', 'aio-llms-txt'])

const sites = [
  'good',
  'poor',
  'verdicts-advice',
  'verdicts-rendered',
  'verdicts-hreflang',
  'verdicts-403',
] as const
type Site = (typeof sites)[number]
const withMobileRun = new Set<Site>(['good', 'poor'])

/** The LHR, or the reason Lighthouse refused the page. */
type LighthouseOutcome = { lhr: LighthouseResult } | { refused: string }

function lighthouseVerdict(outcome: LighthouseOutcome, id: string): Verdict {
  if ('refused' in outcome) {
    return id === 'http-status-code' && outcome.refused.includes('ERRORED_DOCUMENT_REQUEST') ? 'fail' : 'na'
  }
  const a = outcome.lhr.audits[id]
  if (!a || a.score === null || ['notApplicable', 'manual', 'error'].includes(a.scoreDisplayMode)) return 'na'
  return a.score >= LIGHTHOUSE_PASS ? 'pass' : 'fail'
}

const rank: Record<Verdict, number> = { fail: 0, pass: 1, na: 2 }

function farolVerdict(findings: readonly Finding[], id: string): Verdict {
  const verdicts = findings
    .filter((f) => f.id === id)
    .map(
      (f): Verdict =>
        f.verdict === 'fail' ? 'fail' : f.verdict === 'pass' || f.verdict === 'warn' ? 'pass' : 'na',
    )
  if (!verdicts.length) return 'na'
  return verdicts.sort((a, b) => rank[a] - rank[b])[0] as Verdict
}

interface Comparison {
  site: Site
  farolId: string
  lighthouseId: string
  farol: Verdict
  lighthouse: Verdict
  declared: Finding['differsFromLighthouse']
}

const chrome = findChrome()
if (!chrome) {
  console.warn('agreement.test.ts skipped: no Chromium found (install chromium or set CHROME_PATH)')
}

describe.skipIf(!chrome)('Farol agrees with Lighthouse on the verdicts both make', () => {
  const results: Partial<Record<Site, AuditResult>> = {}
  const comparisons: Comparison[] = []
  const servers: FixtureServer[] = []
  let proxy: EgressProxy

  beforeAll(async () => {
    proxy = await startEgressProxy({ allowPrivate: true })
    for (const site of sites) {
      const server = await startFixtureServer({ site })
      servers.push(server)
      const url = server.url('/')
      // The production path: on-page checks, one desktop Lighthouse run, then the checks again with the
      // rendered DOM's facts that run gathered.
      const result = await audit(url, {
        device: 'desktop',
        lang: 'en',
        allowPrivate: true,
        keepRawLighthouse: true,
        lighthouseTimeoutMs: 120_000,
      })
      results[site] = result
      const lhr = result.lighthouse.raw?.desktop
      const error = result.lighthouse.errors.desktop
      const outcome: LighthouseOutcome = lhr
        ? { lhr }
        : { refused: `${error?.code ?? 'no result'} ${error?.detail ?? ''}` }
      const findings = [...result.onPage.findings, ...result.aio.findings]
      const compare = (farolId: string, lighthouseId: string, from: LighthouseOutcome = outcome) => {
        if ('refused' in from && SITE_LEVEL.has(farolId)) return
        comparisons.push({
          site,
          farolId,
          lighthouseId,
          farol: farolVerdict(findings, farolId),
          lighthouse: lighthouseVerdict(from, lighthouseId),
          declared: findings.find((f) => f.id === farolId && f.differsFromLighthouse)?.differsFromLighthouse,
        })
      }
      for (const [farolId, lighthouseId] of Object.entries(onPageCompared)) compare(farolId, lighthouseId)
      compare('aio-llms-txt', 'llms-txt')
      // Every other audit of Lighthouse's agentic-browsing category Farol reports as aio-agentic-<id>.
      const agentic = lhr?.categories['agentic-browsing']?.auditRefs.map((r) => r.id) ?? []
      for (const id of agentic.filter((x) => x !== 'llms-txt')) compare(`aio-agentic-${id}`, id)
      if (withMobileRun.has(site)) {
        const mobile = await runLighthouse(result.finalUrl, {
          device: 'mobile',
          proxyUrl: proxy.url,
          timeoutMs: 120_000,
        })
        compare('viewport', 'viewport-insight', { lhr: mobile.lhr })
      }
    }
    const agreed = comparisons.filter((c) => c.farol === c.lighthouse).length
    const differ = comparisons.filter((c) => c.farol !== c.lighthouse)
    console.info(
      `Agreement with Lighthouse: ${agreed}/${comparisons.length} shared verdicts (${Math.round(
        (100 * agreed) / comparisons.length,
      )}%)${differ.length ? `; declared differences: ${differ.map((c) => `${c.site} ${c.farolId} (Farol ${c.farol}, Lighthouse ${c.lighthouse})`).join('; ')}` : ''}`,
    )
  }, 1_200_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await proxy?.close()
  })

  it('compares every shared verdict on every fixture site', () => {
    for (const site of sites) {
      const ids = comparisons.filter((c) => c.site === site).map((c) => c.farolId)
      const shared = [...Object.keys(onPageCompared), 'aio-llms-txt'].filter(
        (id) => site !== 'verdicts-403' || !SITE_LEVEL.has(id),
      )
      expect(ids).toEqual(expect.arrayContaining(shared))
    }
    // The agentic audits were compared where Lighthouse ran.
    expect(comparisons.some((c) => c.farolId.startsWith('aio-agentic-'))).toBe(true)
  })

  it('agrees on every shared verdict, or the finding says why it differs and cites its source', () => {
    const undeclared = comparisons
      .filter((c) => c.farol !== c.lighthouse && !(c.declared?.note.en && c.declared.source))
      .map((c) => `${c.site} ${c.farolId}: Farol ${c.farol}, Lighthouse ${c.lighthouse}`)
    expect(undeclared).toEqual([])
  })

  it('the fixtures exercise both verdicts (good passes; poor fails most checks)', () => {
    const good = comparisons.filter((c) => c.site === 'good' && c.farolId in onPageCompared)
    const poor = comparisons.filter((c) => c.site === 'poor' && c.farolId in onPageCompared)
    expect(good.filter((c) => c.lighthouse === 'fail')).toEqual([])
    expect(poor.filter((c) => c.lighthouse === 'fail').length).toBeGreaterThanOrEqual(5)
  })

  const find = (site: Site, id: string): Finding | undefined =>
    [...(results[site]?.onPage.findings ?? []), ...(results[site]?.aio.findings ?? [])].find(
      (f) => f.id === id,
    )
  const verdictOf = (site: Site, id: string) =>
    comparisons.find((c) => c.site === site && c.farolId === id) ?? {
      farol: undefined,
      lighthouse: undefined,
    }

  it('length is advice: title and description pass, their length findings warn', () => {
    expect(verdictOf('verdicts-advice', 'document-title')).toMatchObject({
      farol: 'pass',
      lighthouse: 'pass',
    })
    expect(verdictOf('verdicts-advice', 'meta-description')).toMatchObject({
      farol: 'pass',
      lighthouse: 'pass',
    })
    expect(find('verdicts-advice', 'title-length')?.verdict).toBe('warn')
    expect(find('verdicts-advice', 'meta-description-length')?.verdict).toBe('warn')
  })

  it('link text in its own language, hreflang as written, the canonical target fetched', () => {
    expect(verdictOf('verdicts-advice', 'link-text')).toMatchObject({ farol: 'pass', lighthouse: 'pass' })
    expect(verdictOf('verdicts-advice', 'hreflang')).toMatchObject({ farol: 'fail', lighthouse: 'fail' })
    expect(find('verdicts-advice', 'hreflang-alternates')?.verdict).toBe('warn')
    // Lighthouse passes the canonical (valid markup); Farol's own check opened it and found a 404.
    expect(verdictOf('verdicts-advice', 'canonical')).toMatchObject({ farol: 'pass', lighthouse: 'pass' })
    expect(find('verdicts-advice', 'canonical-target')).toMatchObject({ verdict: 'fail' })
    expect(find('verdicts-advice', 'canonical-target')?.description.en).toContain('answers 404')
  })

  it('reciprocal hreflang is advice: the set is valid (both pass), the one-way pair is named', () => {
    expect(verdictOf('verdicts-hreflang', 'hreflang')).toMatchObject({ farol: 'pass', lighthouse: 'pass' })
    expect(find('verdicts-hreflang', 'hreflang-alternates')?.verdict).toBe('warn')
    expect(find('verdicts-hreflang', 'hreflang-alternates')?.description.en).toContain('/de/')
  })

  it('llms.txt: valid without links passes (declared difference); no H1 and too short fails', () => {
    expect(verdictOf('verdicts-advice', 'aio-llms-txt')).toMatchObject({ farol: 'pass', lighthouse: 'fail' })
    expect(find('verdicts-advice', 'aio-llms-txt')?.differsFromLighthouse?.source).toBe(
      'https://llmstxt.org/',
    )
    expect(verdictOf('verdicts-rendered', 'aio-llms-txt')).toMatchObject({
      farol: 'fail',
      lighthouse: 'fail',
    })
  })

  it('the rendered page feeds the checks: a script-added listener and link are seen, and said so', () => {
    expect(verdictOf('verdicts-rendered', 'crawlable-anchors')).toMatchObject({
      farol: 'fail',
      lighthouse: 'fail',
    })
    expect(verdictOf('verdicts-rendered', 'link-text')).toMatchObject({ farol: 'fail', lighthouse: 'fail' })
    expect(find('verdicts-rendered', 'crawlable-anchors')?.measuredOn).toBe('rendered')
    expect(find('verdicts-rendered', 'link-text')?.measuredOn).toBe('rendered')
    expect(verdictOf('verdicts-rendered', 'image-alt')).toMatchObject({ farol: 'fail', lighthouse: 'fail' })
    expect(find('verdicts-rendered', 'image-alt')?.measuredOn).toBe('rendered')
    expect(find('verdicts-rendered', 'document-title')?.measuredOn).toBe('raw')
  })

  it('a 403 document: its status finding, no content verdicts, Lighthouse refuses it', () => {
    const r = results['verdicts-403']
    expect(r?.lighthouse.errors.desktop).toBeDefined()
    expect(verdictOf('verdicts-403', 'http-status-code')).toMatchObject({ farol: 'fail', lighthouse: 'fail' })
    expect(find('verdicts-403', 'document-title')).toMatchObject({ verdict: 'na' })
    expect(find('verdicts-403', 'is-crawlable')?.notAudited?.en).toContain('HTTP status 403')
    expect(r?.onPage.summary.notAudited).toBeDefined()
    expect(r?.aio.notAudited).toBeDefined()
  })
})
