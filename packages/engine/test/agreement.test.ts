// Agreement with Lighthouse: for the verdicts both make, Farol's on-page checks (raw HTML, no browser)
// and Lighthouse 13 (a real Chromium, desktop config, through the egress proxy as in production) must say
// the same thing about the fixture pages `good` and `poor`.
//
// Verdicts compared: Lighthouse score 1 → pass, 0 → fail, null / notApplicable / manual → na.
// Farol: pass → pass, warn → pass (Lighthouse has no middle level: a warn is "present but improvable",
// e.g. a title of 70 characters, which Lighthouse passes), fail → fail, na / info → na. When Farol emits
// several findings with one id, the worst counts.
//
// `viewport`: Lighthouse 13 removed the `viewport` SEO audit; its successor is the `viewport-insight`
// performance insight (is the page mobile-optimised by a <meta name=viewport>), which is compared instead.
// That insight cannot judge a desktop run: there it passes even the poor page, which has no viewport
// meta (a desktop frame is not held to mobile optimisation; seen with Lighthouse 13.5 / Chromium 156). It is therefore read from a mobile run of each page
// (one extra Lighthouse run per page); every other verdict comes from the desktop run.
//
// Skipped only when no Chromium is found (CI installs Debian's chromium).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EgressProxy, startEgressProxy } from '../src/fetch/index.ts'
import { gatherArtifacts } from '../src/gather/index.ts'
import { findChrome } from '../src/lighthouse/chrome.ts'
import { runLighthouse } from '../src/lighthouse/runner.ts'
import type { LighthouseResult } from '../src/lighthouse/types.ts'
import { runSeoChecks } from '../src/seo/index.ts'
import type { Finding } from '../src/types.ts'
import { type FixtureServer, startFixtureServer } from './fixtures/server.ts'

type Verdict = 'pass' | 'fail' | 'na'

/** Farol id → Lighthouse audit id (the same except viewport, see above). */
const fromMobileRun = new Set(['viewport'])
const compared: Record<string, string> = {
  'document-title': 'document-title',
  'meta-description': 'meta-description',
  'http-status-code': 'http-status-code',
  'is-crawlable': 'is-crawlable',
  canonical: 'canonical',
  hreflang: 'hreflang',
  'image-alt': 'image-alt',
  'link-text': 'link-text',
  'crawlable-anchors': 'crawlable-anchors',
  viewport: 'viewport-insight',
  'robots-txt': 'robots-txt',
}

function lighthouseVerdict(lhr: LighthouseResult, id: string): Verdict {
  const audit = lhr.audits[id]
  if (
    !audit ||
    audit.score === null ||
    ['notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode)
  ) {
    return 'na'
  }
  return audit.score === 1 ? 'pass' : 'fail'
}

const rank: Record<Verdict, number> = { fail: 0, pass: 1, na: 2 }

function farolVerdict(findings: Finding[], id: string): Verdict {
  const verdicts = findings
    .filter((f) => f.id === id)
    .map(
      (f): Verdict =>
        f.verdict === 'fail' ? 'fail' : f.verdict === 'pass' || f.verdict === 'warn' ? 'pass' : 'na',
    )
  if (!verdicts.length) return 'na'
  return verdicts.sort((a, b) => rank[a] - rank[b])[0]!
}

const chrome = findChrome()
if (!chrome) {
  console.warn('agreement.test.ts skipped: no Chromium found (install chromium or set CHROME_PATH)')
}

interface SiteVerdicts {
  lighthouse: Record<string, Verdict>
  farol: Record<string, Verdict>
}

describe.skipIf(!chrome)('Farol agrees with Lighthouse on the verdicts both make', () => {
  const sites = ['good', 'poor'] as const
  const verdicts: Partial<Record<(typeof sites)[number], SiteVerdicts>> = {}
  const servers: FixtureServer[] = []
  let proxy: EgressProxy

  beforeAll(async () => {
    proxy = await startEgressProxy({ allowPrivate: true })
    for (const site of sites) {
      // One server per site: robots.txt lives at the origin root.
      const server = await startFixtureServer({ site })
      servers.push(server)
      const url = server.url('/')
      const artifacts = await gatherArtifacts(url)
      const { findings } = runSeoChecks(artifacts)
      const desktop = await runLighthouse(url, { device: 'desktop', proxyUrl: proxy.url, timeoutMs: 120_000 })
      const mobile = await runLighthouse(url, { device: 'mobile', proxyUrl: proxy.url, timeoutMs: 120_000 })
      const v: SiteVerdicts = { lighthouse: {}, farol: {} }
      for (const [farolId, lighthouseId] of Object.entries(compared)) {
        const run = fromMobileRun.has(farolId) ? mobile : desktop
        v.lighthouse[farolId] = lighthouseVerdict(run.lhr, lighthouseId)
        v.farol[farolId] = farolVerdict(findings, farolId)
      }
      verdicts[site] = v
    }
  }, 900_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await proxy?.close()
  })

  for (const site of sites) {
    for (const id of Object.keys(compared)) {
      it(`${site}: ${id}`, () => {
        const v = verdicts[site]!
        expect({ id, farol: v.farol[id] }).toEqual({ id, farol: v.lighthouse[id] })
      })
    }
  }

  it('the fixtures exercise both verdicts (the good page passes, the poor page fails most checks)', () => {
    const good = Object.values(verdicts.good!.lighthouse)
    const poor = Object.values(verdicts.poor!.lighthouse)
    expect(good.filter((v) => v === 'fail')).toEqual([])
    expect(poor.filter((v) => v === 'fail').length).toBeGreaterThanOrEqual(5)
  })
})
