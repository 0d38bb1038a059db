// Issue 25: a page with exactly one <h1>, served over http://, run through the audit with Lighthouse's
// saved answers (heading-order failed, is-on-https passed on loopback). Both devices must carry Farol's
// on-page facts, which is what the SEO page's device tabs and the PDF print.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audit } from '../audit.ts'
import { gatherArtifacts } from '../gather/index.ts'
import { startTestPage, type TestPage } from '../lighthouse/__fixtures__/page.ts'
import { mapLighthouseResult } from '../lighthouse/map.ts'
import type { LighthouseResult } from '../lighthouse/types.ts'
import { withOnPageFacts } from './one-verdict.ts'

const savedLhr = JSON.parse(
  readFileSync(new URL('../lighthouse/__fixtures__/lhr-mobile.json', import.meta.url), 'utf8'),
) as LighthouseResult

describe('one verdict per fact', () => {
  let page: TestPage
  beforeAll(async () => {
    page = await startTestPage()
  })
  afterAll(() => page?.close())

  it("Lighthouse's heading-order and loopback HTTPS answers give way to Farol's own checks on both devices", async () => {
    // What Lighthouse alone says of this page: no H1, several H1s, served securely.
    const lighthouseOnly = mapLighthouseResult(savedLhr)
    expect(lighthouseOnly.headingsStructure).toEqual({ hasH1: false, multipleH1: true, headingsOrder: false })
    expect(lighthouseOnly.security.https).toBe(true)

    const result = await audit(
      page.url('/'),
      { device: 'both', lang: 'pt', allowPrivate: true },
      {
        gather: gatherArtifacts,
        startProxy: async () => ({ url: 'http://127.0.0.1:1', port: 1, close: async () => {} }),
        runLighthouse: async (_url, opts) => ({
          device: opts.device,
          seo: mapLighthouseResult(savedLhr),
          lhr: savedLhr,
          durationMs: 1,
          childMaxRssBytes: null,
          timings: null,
        }),
      },
    )
    const facts = {
      headingsStructure: { hasH1: true, multipleH1: false, headingsOrder: false },
      security: { https: false, mixedContent: false },
    }
    expect(result.onPage.summary).toMatchObject(facts)
    expect(result.onPage.findings.find((f) => f.id === 'https')?.verdict).toBe('fail')
    expect(result.lighthouse.desktop).toMatchObject(facts)
    expect(result.lighthouse.mobile).toMatchObject(facts)
  })

  it('leaves a result alone when no on-page facts are known (an older stored result)', () => {
    const seo = mapLighthouseResult(savedLhr)
    expect(withOnPageFacts(seo, undefined)).toBe(seo)
  })
})
