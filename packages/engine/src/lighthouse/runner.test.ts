// Real Lighthouse runs on a loopback page. Each run takes 10-20 s on a small machine, so there are only
// a few, and the successful one is shared by several assertions. Timeouts are generous because runs are
// serialised machine-wide: a test may wait for other test files' runs before its own starts.
import { fork, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EngineError } from '../errors.ts'
import { startEgressProxy } from '../fetch/index.ts'
import { startTestPage, type TestPage } from './__fixtures__/page.ts'
import { findChrome, resolveChromePath } from './chrome.ts'
import { lighthouseNice } from './protocol.ts'
import { runLighthouse, sweepOrphanedRuns } from './runner.ts'
import type { LighthouseRun } from './types.ts'

const chrome = findChrome()
if (!chrome) console.warn('runner.test.ts skipped: no Chromium found (set CHROME_PATH or install chromium)')

/** Pids of live processes whose command line mentions `needle`. */
function processesMentioning(needle: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry))
    } catch {
      // Exited while we looked.
    }
  }
  return pids
}

async function rejection(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError)
    return e as EngineError
  }
  throw new Error('expected a rejection')
}

describe('resolveChromePath', () => {
  it('fails with CHROME_NOT_FOUND for a CHROME_PATH that is not there', () => {
    expect(() => resolveChromePath(undefined, { CHROME_PATH: '/nope/chromium', PATH: '/usr/bin' })).toThrow(
      expect.objectContaining({ code: 'CHROME_NOT_FOUND' }),
    )
    expect(() => resolveChromePath(undefined, { PATH: '/nonexistent-dir' })).toThrow(
      expect.objectContaining({ code: 'CHROME_NOT_FOUND' }),
    )
  })

  it('runLighthouse rejects CHROME_NOT_FOUND before starting anything', async () => {
    const e = await rejection(
      runLighthouse('http://127.0.0.1:9/', { device: 'desktop', chromePath: '/nope' }),
    )
    expect(e.code).toBe('CHROME_NOT_FOUND')
  })
})

describe('the Lighthouse child', () => {
  const forkWorker = (nice: string | undefined) => {
    const env = { ...process.env }
    if (nice === undefined) delete env.FAROL_LIGHTHOUSE_NICE
    else env.FAROL_LIGHTHOUSE_NICE = nice
    return fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), [], { stdio: 'ignore', env })
  }

  it('runs at a lower scheduling priority, which the Chromium it launches inherits', async () => {
    const child = forkWorker(undefined)
    try {
      await vi.waitFor(() => expect(getPriority(child.pid)).toBe(10), { timeout: 30_000, interval: 50 })
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('runs at the priority FAROL_LIGHTHOUSE_NICE gives, never above its parent’s', async () => {
    const child = forkWorker('15')
    try {
      await vi.waitFor(() => expect(getPriority(child.pid)).toBe(15), { timeout: 30_000, interval: 50 })
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('reads FAROL_LIGHTHOUSE_NICE as 10 when unset and refuses what is not 0-19', async () => {
    expect(lighthouseNice(undefined)).toBe(10)
    expect(lighthouseNice('')).toBe(10)
    expect(lighthouseNice('0')).toBe(0)
    expect(lighthouseNice('19')).toBe(19)
    for (const bad of ['-1', '20', '2.5', 'baixa']) {
      expect(() => lighthouseNice(bad)).toThrow(/FAROL_LIGHTHOUSE_NICE must be a whole number from 0 to 19/)
    }
    const before = process.env.FAROL_LIGHTHOUSE_NICE
    process.env.FAROL_LIGHTHOUSE_NICE = 'baixa'
    try {
      const e = await rejection(runLighthouse('http://127.0.0.1:9/', { device: 'desktop' }))
      expect(e.code).toBe('LIGHTHOUSE_FAILED')
      expect(e.detail).toMatch(/FAROL_LIGHTHOUSE_NICE/)
    } finally {
      if (before === undefined) delete process.env.FAROL_LIGHTHOUSE_NICE
      else process.env.FAROL_LIGHTHOUSE_NICE = before
    }
  })
})

describe('sweepOrphanedRuns', () => {
  it('kills the Chromium and removes the profile of a run whose owner died, and leaves live ones alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'farol-sweep-test-'))
    // A dead owner: a process that has already exited.
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((r) => gone.on('exit', r))
    // A stand-in for the orphaned Chromium: a detached process group leader, as chrome-launcher starts it.
    const orphan = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' })
    const orphanExit = new Promise((r) => orphan.on('exit', r))
    const dead = join(dir, 'farol-chrome-dead')
    const live = join(dir, 'farol-chrome-live')
    const unowned = join(dir, 'farol-chrome-unowned')
    for (const d of [dead, live, unowned]) mkdirSync(d)
    writeFileSync(join(dead, 'owner.pid'), String(gone.pid))
    writeFileSync(join(dead, 'chrome.pid'), String(orphan.pid))
    writeFileSync(join(live, 'owner.pid'), String(process.pid))
    try {
      expect(sweepOrphanedRuns(dir)).toBe(1)
      await orphanExit
      expect(readdirSync(dir).sort()).toEqual(['farol-chrome-live', 'farol-chrome-unowned'])
    } finally {
      if (orphan.exitCode === null && orphan.signalCode === null) orphan.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!chrome)('runLighthouse (real Chromium)', () => {
  let page: TestPage
  let run: LighthouseRun

  beforeAll(async () => {
    page = await startTestPage()
    run = await runLighthouse(page.url('/'), { device: 'desktop', timeoutMs: 120_000 })
  }, 600_000)
  afterAll(() => page?.close())

  it('runs the desktop config with every category, agentic browsing included', () => {
    expect(run.device).toBe('desktop')
    expect(run.lhr.configSettings.formFactor).toBe('desktop')
    expect(run.lhr.lighthouseVersion).toMatch(/^13\./)
    expect(Object.keys(run.lhr.categories).sort()).toEqual([
      'accessibility',
      'agentic-browsing',
      'best-practices',
      'performance',
      'seo',
    ])
    expect(run.lhr.finalDisplayedUrl).toBe(page.url('/'))
    // Farol shows no page screenshot: Lighthouse is asked not to capture one.
    expect(run.lhr.configSettings.disableFullPageScreenshot).toBe(true)
    expect((run.lhr as { fullPageScreenshot?: unknown }).fullPageScreenshot).toBeUndefined()
  })

  it('maps the run to the SEO result', () => {
    expect(run.seo.performanceScore).toBeGreaterThan(0)
    expect(run.seo.performanceScore).toBeLessThanOrEqual(100)
    expect(run.seo.fcp).toBeGreaterThan(0)
    expect(run.seo.mobileFriendly).toBe(true)
    expect(run.seo.categories.seo).not.toBeNull()
    expect(run.seo.categories.agenticBrowsing).not.toBeNull()
    expect(run.seo.recommendations.map((r) => r.id)).toContain('render-blocking-insight')
    expect(run.childMaxRssBytes).toBeGreaterThan(10_000_000)
  })

  it("keeps the LHR in the run's language and gives its texts in both languages", () => {
    expect(run.lhr.configSettings.locale).toBe('en-US')
    expect(run.lhr.audits['render-blocking-insight']?.title).toBe('Render-blocking requests')
    expect(run.texts?.['render-blocking-insight']?.title).toEqual({
      pt: 'Pedidos de bloqueio de renderização',
      en: 'Render-blocking requests',
    })
    const blocking = run.seo.recommendations.find((r) => r.id === 'render-blocking-insight')
    expect(blocking?.title.pt).toBe('Pedidos de bloqueio de renderização')
    expect(blocking?.displayValue?.pt).toMatch(/^Poupança estimada de /)
  })

  it('a page that does not load is LIGHTHOUSE_REFUSED (definitive) with Lighthouse’s reason, not a crash', async () => {
    const e = await rejection(runLighthouse(page.url('/missing'), { device: 'desktop', timeoutMs: 60_000 }))
    expect(e.code).toBe('LIGHTHOUSE_REFUSED')
    expect(e.detail).toContain('ERRORED_DOCUMENT_REQUEST')
  }, 300_000)

  it('Chromium’s requests go through the egress proxy: one that refuses loopback stops the page', async () => {
    const refused: string[] = []
    const proxy = await startEgressProxy({ allowPrivate: false, onRefused: (target) => refused.push(target) })
    try {
      const e = await rejection(
        runLighthouse(page.url('/'), { device: 'desktop', proxyUrl: proxy.url, timeoutMs: 60_000 }),
      )
      // Chromium's document request was refused: the page itself never loaded, which no retry changes.
      expect(e.code).toBe('LIGHTHOUSE_REFUSED')
      expect(refused.some((t) => t.includes(page.origin.replace('http://', '')))).toBe(true)
    } finally {
      await proxy.close()
    }
  }, 300_000)

  it('a tiny timeout is LIGHTHOUSE_TIMEOUT and leaves no Chromium or profile behind', async () => {
    // A private TMPDIR marks this run's Chromium profile, so we can look for its processes afterwards.
    const marker = mkdtempSync(join(tmpdir(), 'farol-timeout-test-'))
    const previous = process.env.TMPDIR
    process.env.TMPDIR = marker
    try {
      const e = await rejection(runLighthouse(page.url('/hang'), { device: 'desktop', timeoutMs: 4_000 }))
      expect(e.code).toBe('LIGHTHOUSE_TIMEOUT')
      expect(e.detail).toBe('no result after 4000 ms')
      expect(processesMentioning(marker)).toEqual([])
      expect(readdirSync(marker)).toEqual([])
    } finally {
      if (previous === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previous
      rmSync(marker, { recursive: true, force: true })
    }
  }, 300_000)

  it('queues concurrent calls instead of running them at once', async () => {
    // Two calls that both fail fast (CHROME_NOT_FOUND is checked before queueing, so use a refused port).
    const order: string[] = []
    const a = runLighthouse('http://127.0.0.1:9/', { device: 'desktop', timeoutMs: 2_000 })
      .catch(() => undefined)
      .finally(() => order.push('a'))
    const b = runLighthouse('http://127.0.0.1:9/', { device: 'desktop', timeoutMs: 2_000 })
      .catch(() => undefined)
      .finally(() => order.push('b'))
    await Promise.all([a, b])
    expect(order).toEqual(['a', 'b'])
  }, 300_000)
})
