// Orchestration of the audit. The page, its parsing, the on-page checks and AIO are real (a loopback
// page); Lighthouse and the proxy are replaced by fakes in most tests so each stage's contract can be
// checked quickly. One test runs the real thing end to end (real proxy, real Chromium), gated on Chromium.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuditDeps, type AuditProgress, audit, auditScores, devicesFor } from './audit.ts'
import { EngineError, engineErrors } from './errors.ts'
import { startEgressProxy } from './fetch/index.ts'
import { gatherArtifacts } from './gather/index.ts'
import { startTestPage, type TestPage } from './lighthouse/__fixtures__/page.ts'
import { findChrome } from './lighthouse/chrome.ts'
import { mapLighthouseResult } from './lighthouse/map.ts'
import type { LighthouseResult, LighthouseRun, RunLighthouseOptions } from './lighthouse/types.ts'

const savedLhr = JSON.parse(
  readFileSync(new URL('./lighthouse/__fixtures__/lhr-mobile.json', import.meta.url), 'utf8'),
) as LighthouseResult

interface Recorder {
  deps: AuditDeps
  calls: { url: string; opts: RunLighthouseOptions; startedAt: number; endedAt: number }[]
  proxies: { started: number; closed: number }
}

/** Fake Lighthouse: desktop succeeds with the saved LHR, mobile fails as told; each run takes `ms`. */
function fakes(mobileError: EngineError | null, ms = 50): Recorder {
  const rec: Recorder = {
    calls: [],
    proxies: { started: 0, closed: 0 },
    deps: {
      gather: gatherArtifacts,
      startProxy: async () => {
        rec.proxies.started++
        return {
          url: 'http://127.0.0.1:1',
          port: 1,
          close: async () => {
            rec.proxies.closed++
          },
        }
      },
      runLighthouse: async (url, opts): Promise<LighthouseRun> => {
        const call = { url, opts, startedAt: performance.now(), endedAt: 0 }
        rec.calls.push(call)
        await new Promise((r) => setTimeout(r, ms))
        call.endedAt = performance.now()
        if (opts.device === 'mobile' && mobileError) throw mobileError
        return {
          device: opts.device,
          seo: mapLighthouseResult(savedLhr),
          lhr: savedLhr,
          durationMs: ms,
          childMaxRssBytes: null,
          timings: null,
        }
      },
    },
  }
  return rec
}

describe('audit orchestration', () => {
  let page: TestPage

  beforeAll(async () => {
    page = await startTestPage()
  })
  afterAll(() => page?.close())

  it('reports on-page results first, then Lighthouse desktop and mobile in turn through one proxy', async () => {
    const rec = fakes(new EngineError('LIGHTHOUSE_TIMEOUT', 'no result after 1 ms'))
    const events: AuditProgress[] = []
    const result = await audit(
      page.url('/'),
      { device: 'both', lang: 'en', allowPrivate: true, onProgress: (e) => events.push(e) },
      rec.deps,
    )

    expect(events.map((e) => e.type + ('device' in e ? `:${e.device}` : ''))).toEqual([
      'fetching',
      'onpage-done',
      'lighthouse-start:desktop',
      'lighthouse-done:desktop',
      'lighthouse-start:mobile',
      'lighthouse-done:mobile',
      'done',
    ])
    const onPageDone = events.find((e) => e.type === 'onpage-done')
    expect(onPageDone?.type === 'onpage-done' && onPageDone.onPage.findings.length).toBeGreaterThan(0)
    // The time is measured and reported (speed is bench:audit's figure, not an assertion here).
    expect(onPageDone?.type === 'onpage-done' && onPageDone.elapsedMs).toBeGreaterThan(0)

    // Sequential, never overlapping; one proxy for both runs, closed at the end.
    expect(rec.calls.map((c) => c.opts.device)).toEqual(['desktop', 'mobile'])
    expect(rec.calls[1]!.startedAt).toBeGreaterThanOrEqual(rec.calls[0]!.endedAt)
    expect(rec.calls.every((c) => c.opts.proxyUrl === 'http://127.0.0.1:1')).toBe(true)
    expect(rec.calls[0]!.opts.locale).toBe('en-US')
    expect(rec.proxies).toEqual({ started: 1, closed: 1 })

    // The desktop result carries the page's own title, which the LHR lacks.
    expect(result.lighthouse.desktop?.metaTags.title).toBe('Farol test page')
    expect(result.lighthouse.desktop?.metaTags.titleLength).toBe(15)
    // The mobile failure is recorded, and the rest of the audit is kept.
    expect(result.lighthouse.mobile).toBeNull()
    expect(result.lighthouse.errors.mobile).toEqual({
      code: 'LIGHTHOUSE_TIMEOUT',
      message: engineErrors.LIGHTHOUSE_TIMEOUT,
      detail: 'no result after 1 ms',
    })
    expect(result.onPage.findings.length).toBeGreaterThan(0)
    expect(result.aio.scores.overall).toBeGreaterThanOrEqual(0)
    expect(result.finalUrl).toBe(page.url('/'))
    expect(new Date(result.fetchedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('keeps the raw Lighthouse results only when asked', async () => {
    const without = await audit(
      page.url('/'),
      { device: 'desktop', lang: 'en', allowPrivate: true },
      fakes(null).deps,
    )
    expect(without.lighthouse.raw).toBeUndefined()
    const withRaw = await audit(
      page.url('/'),
      { device: 'both', lang: 'en', allowPrivate: true, keepRawLighthouse: true },
      fakes(null).deps,
    )
    expect(withRaw.lighthouse.raw?.desktop).toBe(savedLhr)
    expect(withRaw.lighthouse.raw?.mobile).toBe(savedLhr)
  })

  it("feeds the Lighthouse run's rendered DOM facts to the on-page checks, and says so", async () => {
    const rec = fakes(null)
    const run = rec.deps.runLighthouse
    rec.deps.runLighthouse = async (url, opts) => ({
      ...(await run(url, opts)),
      rendered: {
        // A script gave an <a> without href a click listener, and added a "click here" link.
        anchors: [
          {
            rel: '',
            href: '',
            rawHref: '',
            text: 'Menu',
            role: '',
            id: '',
            attributeNames: ['class'],
            listeners: [{ type: 'click' }],
          },
          {
            rel: '',
            href: page.url('/x'),
            rawHref: '/x',
            text: 'click here',
            textLang: 'en',
            role: '',
            id: '',
            attributeNames: ['href'],
            listeners: [],
          },
        ],
        html: `<!doctype html><html lang="en"><body><p>${'Rendered words only. '.repeat(30)}</p></body></html>`,
      },
    })
    const raw = await audit(page.url('/'), { device: 'none', lang: 'en', allowPrivate: true }, rec.deps)
    const rendered = await audit(
      page.url('/'),
      { device: 'desktop', lang: 'en', allowPrivate: true },
      rec.deps,
    )
    const find = (r: typeof raw, id: string) => r.onPage.findings.find((f) => f.id === id)
    expect(find(raw, 'crawlable-anchors')).toMatchObject({ verdict: 'pass', measuredOn: 'raw' })
    expect(find(raw, 'link-text')).toMatchObject({ verdict: 'pass', measuredOn: 'raw' })
    expect(find(rendered, 'crawlable-anchors')).toMatchObject({ verdict: 'fail', measuredOn: 'rendered' })
    expect(find(rendered, 'link-text')).toMatchObject({ verdict: 'fail', measuredOn: 'rendered' })
    // The rendered text feeds what people read, and the summary's rendered word count.
    expect(rendered.aio.signals.readabilityMeasuredOn).toBe('rendered')
    expect(rendered.onPage.summary.renderedWordCount).toBeGreaterThan(0)
    expect(raw.aio.signals.readabilityMeasuredOn).toBe('raw')
  })

  it('a document answering 404: its status finding, content not audited (with why), scores 0', async () => {
    const r = await audit(
      page.url('/missing'),
      { device: 'none', lang: 'en', allowPrivate: true },
      fakes(null).deps,
    )
    expect(r.onPage.findings.find((f) => f.id === 'http-status-code')?.verdict).toBe('fail')
    expect(r.onPage.findings.find((f) => f.id === 'document-title')).toMatchObject({ verdict: 'na' })
    expect(r.onPage.notAudited?.en).toContain('HTTP status 404')
    expect(r.aio.notAudited?.pt).toContain('404')
    expect(r.scores).toMatchObject({ seo: 0, aio: 0 })
  })

  it('device none runs no Lighthouse and starts no proxy', async () => {
    const rec = fakes(null)
    const result = await audit(page.url('/'), { device: 'none', lang: 'pt', allowPrivate: true }, rec.deps)
    expect(rec.calls).toEqual([])
    expect(rec.proxies.started).toBe(0)
    expect(result.lighthouse).toEqual({ desktop: null, mobile: null, errors: {} })
    expect(result.lang).toBe('pt')
  })

  it('a missing Chromium is recorded for every device without trying again', async () => {
    const rec = fakes(null)
    let tries = 0
    rec.deps.runLighthouse = async () => {
      tries++
      throw new EngineError('CHROME_NOT_FOUND')
    }
    const result = await audit(page.url('/'), { device: 'both', lang: 'pt', allowPrivate: true }, rec.deps)
    expect(tries).toBe(1)
    expect(result.lighthouse.errors.desktop?.code).toBe('CHROME_NOT_FOUND')
    expect(result.lighthouse.errors.mobile?.code).toBe('CHROME_NOT_FOUND')
    expect(rec.proxies.closed).toBe(1)
  })

  it('cancelling during Lighthouse stops the audit (no partial result), and still closes the proxy', async () => {
    const rec = fakes(null)
    const controller = new AbortController()
    const run = rec.deps.runLighthouse
    rec.deps.runLighthouse = async (url, opts) => {
      controller.abort(new Error('cancelled by the user'))
      await run(url, opts)
      throw new EngineError('LIGHTHOUSE_FAILED', 'aborted')
    }
    await expect(
      audit(
        page.url('/'),
        { device: 'both', lang: 'en', allowPrivate: true, signal: controller.signal },
        rec.deps,
      ),
    ).rejects.toThrow('cancelled by the user')
    expect(rec.calls.map((c) => c.opts.device)).toEqual(['desktop'])
    expect(rec.proxies).toEqual({ started: 1, closed: 1 })
  })

  it('a page that cannot be fetched throws the fetcher’s EngineError (could not audit)', async () => {
    const server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    await new Promise<void>((r) => server.close(() => r()))
    const rec = fakes(null)
    await expect(
      audit(`http://127.0.0.1:${port}/`, { device: 'both', lang: 'en', allowPrivate: true }, rec.deps),
    ).rejects.toBeInstanceOf(EngineError)
    expect(rec.calls).toEqual([])
    // The SSRF guard is on by default: loopback without allowPrivate is refused.
    await expect(
      audit(page.url('/'), { device: 'none', lang: 'en', allowPrivate: false }, rec.deps),
    ).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' })
  })
})

describe('audit scores', () => {
  const seo = mapLighthouseResult(savedLhr)

  it('SEO blends on-page (70%) and Lighthouse performance (30%); overall redistributes the LLM weight', () => {
    const s = auditScores(80, 60, {
      desktop: { ...seo, performanceScore: 90 },
      mobile: { ...seo, performanceScore: 50 },
      errors: {},
    })
    expect(s.seoParts).toEqual({ onPage: 80, performance: 70, weights: { onPage: 0.7, performance: 0.3 } })
    expect(s.seo).toBe(Math.round(0.7 * 80 + 0.3 * 70))
    expect(s.llm).toBeNull()
    expect(s.overall.redistributed).toBe(true)
    expect(s.overall.weights).toEqual({ seo: 0.625, aio: 0.375, llm: 0 })
    expect(s.overall.score).toBe(Math.round(0.625 * s.seo + 0.375 * 60))
  })

  it('without Lighthouse the SEO score is the on-page score', () => {
    const s = auditScores(64, 50, { desktop: null, mobile: null, errors: {} })
    expect(s.seo).toBe(64)
    expect(s.seoParts.weights).toEqual({ onPage: 1, performance: 0 })
  })

  it('devicesFor', () => {
    expect(devicesFor('both')).toEqual(['desktop', 'mobile'])
    expect(devicesFor('mobile')).toEqual(['mobile'])
    expect(devicesFor('none')).toEqual([])
  })
})

describe.skipIf(!findChrome())('audit end to end (real egress proxy and Chromium)', () => {
  it('audits a loopback page on desktop through the guard', async () => {
    const page = await startTestPage()
    let proxyUrl = ''
    try {
      const result = await audit(
        page.url('/'),
        { device: 'desktop', lang: 'pt', allowPrivate: true },
        {
          gather: gatherArtifacts,
          runLighthouse: (await import('./lighthouse/runner.ts')).runLighthouse,
          startProxy: async (opts) => {
            const proxy = await startEgressProxy(opts)
            proxyUrl = proxy.url
            return proxy
          },
        },
      )
      expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(result.lighthouse.errors).toEqual({})
      expect(result.lighthouse.desktop?.categories.performance).toBeGreaterThan(0)
      expect(result.lighthouse.desktop?.metaTags.title).toBe('Farol test page')
      expect(result.lighthouse.mobile).toBeNull()
      expect(result.scores.seoParts.performance).toBe(result.lighthouse.desktop?.performanceScore)
    } finally {
      await page.close()
    }
  }, 400_000)
})
