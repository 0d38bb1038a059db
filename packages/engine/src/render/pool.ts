// The Chromium page pool of the rendered crawl: one Debian Chromium, N tabs in one browser context of the
// pool's own (nothing crosses to another crawl), reused from page to page. Every request
// Chromium makes (document, scripts, XHR, redirects) goes through the egress proxy and its SSRF guard, as
// Lighthouse's do (lighthouse/chrome.ts flags: `--proxy-server` with `<-loopback>`). Images, media and
// fonts are refused before they leave (the Fetch domain intercepts only those types), and the DOM is read
// once the page has loaded and the network has been quiet for `quietMs`, within a per-page time limit.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, freemem, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { type EgressProxy, startEgressProxy } from '../fetch/egress-proxy.ts'
import type { GuardOptions } from '../fetch/guard.ts'
import { chromeFlags, resolveChromePath } from '../lighthouse/chrome.ts'
import { CdpPipe } from './cdp.ts'

export interface RenderPoolOptions extends GuardOptions {
  /** Tabs rendering at once. Default: defaultRenderConcurrency(). */
  concurrency?: number
  /** Per-page time limit, ms (navigation, scripts and the quiet wait). Default 15,000. */
  timeoutMs?: number
  /** How long the network must stay idle after the load event before the DOM is read, ms. Default 250. */
  quietMs?: number
  userAgent?: string
  chromePath?: string
  /** Called for each request the egress proxy refuses (for logs and tests). */
  onRefused?: (target: string, reason: string) => void
}

/** A script or stylesheet the page loaded while rendering. */
export interface RenderResource {
  url: string
  type: 'script' | 'stylesheet'
}

export type RenderResult =
  | {
      ok: true
      /** The DOM after JavaScript, serialised. */
      html: string
      /** Uncaught exceptions and scripts that failed to load, at most MAX_ERRORS. */
      scriptErrors: string[]
      resources: RenderResource[]
      ms: number
    }
  | {
      ok: false
      /** RENDER_TIMEOUT, RENDER_FAILED (navigation refused or failed), RENDER_CRASHED. */
      error: 'RENDER_TIMEOUT' | 'RENDER_FAILED' | 'RENDER_CRASHED'
      detail: string
      scriptErrors: string[]
      resources: RenderResource[]
      ms: number
    }

export interface RenderPool {
  readonly concurrency: number
  render(url: string, signal?: AbortSignal): Promise<RenderResult>
  /** Pid of the browser (its renderers are in its process group), for memory figures. */
  readonly browserPid: number | undefined
  close(): Promise<void>
}

const MAX_ERRORS = 10
const MAX_RESOURCES = 50
/** About what one rendering tab of an ordinary page costs, for the default concurrency. */
const TAB_BYTES = 150 * 2 ** 20

/** N from the cores and free memory: three tabs a core (a tab spends much of its time waiting for the
 *  network to go quiet; bench:render on two cores: 4 tabs 9.4 pages/s, 6 tabs 12.2), at most one tab per
 *  150 MiB free, between 1 and 8. */
export function defaultRenderConcurrency(cores = availableParallelism(), freeBytes = freemem()): number {
  return Math.max(1, Math.min(8, cores * 3, Math.floor(freeBytes / TAB_BYTES)))
}

/** Flags of a rendering browser besides the audit's (no images decoded, no audio, no crash reporter). */
export const renderFlags = [
  '--blink-settings=imagesEnabled=false',
  '--mute-audio',
  '--hide-scrollbars',
  '--disable-breakpad',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-ipc-flooding-protection',
]

/** Besides the audit's: the back/forward cache would keep each tab's previous pages alive in memory. */
export const renderDisabledFeatures = ['BackForwardCache']

const BLOCKED_TYPES = ['Image', 'Media', 'Font']

interface Slot {
  targetId: string
  sessionId: string
  busy: boolean
  /** Set while a page renders: the handlers of its session's events. */
  job: Job | null
  /** The tab timed out or crashed: replace it before its next page. */
  stale: boolean
}

interface Job {
  url: string
  /** The document's answer as Chromium got it (a refusal by the egress proxy is a 403 here). */
  documentStatus: number | null
  loaderId: string | null
  inFlight: Map<string, string | undefined>
  loaded: boolean
  quietTimer: NodeJS.Timeout | null
  scriptErrors: string[]
  resources: RenderResource[]
  requestTypes: Map<string, string>
  done: (outcome: 'quiet' | 'crashed') => void
}

export async function startRenderPool(options: RenderPoolOptions = {}): Promise<RenderPool> {
  const concurrency = Math.max(1, options.concurrency ?? defaultRenderConcurrency())
  const timeoutMs = options.timeoutMs ?? 15_000
  const quietMs = options.quietMs ?? 250
  const chromePath = resolveChromePath(options.chromePath)
  // URLs the proxy refused lately, so a refused document is a failed render, not a page saying 403.
  const refused = new Map<string, string>()
  const proxy: EgressProxy = await startEgressProxy({
    ...(options.allowPrivate !== undefined ? { allowPrivate: options.allowPrivate } : {}),
    ...(options.resolver ? { resolver: options.resolver } : {}),
    ...(options.isBlocked ? { isBlocked: options.isBlocked } : {}),
    onRefused: (target, reason) => {
      if (refused.size > 1000) refused.clear()
      refused.set(target, reason)
      options.onRefused?.(target, reason)
    },
  })
  // The Lighthouse runner's profile naming (farol-chrome-*, owner.pid, chrome.pid): a profile left by a
  // process killed with kill -9 is swept, and its Chromium killed, by the next Lighthouse run's sweep.
  const profile = mkdtempSync(join(tmpdir(), 'farol-chrome-'))
  writeFileSync(join(profile, 'owner.pid'), String(process.pid))
  const chromeTmp = join(profile, 'tmp')
  mkdirSync(chromeTmp)

  let browser: ChildProcess | undefined
  let pipe: CdpPipe | undefined
  const sessions = new Map<string, Slot>()
  const slots: Slot[] = []
  const queue: (() => void)[] = []
  let closing = false
  // One browser context for every tab of the pool: the tabs crawl one site, and same-site tabs of one context
  // share renderer processes (measured on bench:render: a context per tab took 35% more memory and was 30%
  // slower on two cores). A crawl's cookies and storage stay in its own pool's context.
  let context: { pipe: CdpPipe; id: Promise<string> } | null = null

  const launch = async () => {
    browser = spawn(
      chromePath,
      [
        ...chromeFlags({ proxyUrl: proxy.url }).map((flag) =>
          // Chromium keeps only the last --disable-features: the render pool's go into the audit's list.
          flag.startsWith('--disable-features=') ? `${flag},${renderDisabledFeatures.join(',')}` : flag,
        ),
        ...renderFlags,
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      {
        stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
        // Its own process group: closing the pool kills the renderers along with it.
        detached: true,
        env: { ...process.env, TMPDIR: chromeTmp },
      },
    )
    browser.unref()
    if (browser.pid) writeFileSync(join(profile, 'chrome.pid'), String(browser.pid))
    const stdio = browser.stdio as unknown as [unknown, unknown, unknown, Writable, Readable]
    ;(stdio[3] as unknown as { unref?: () => void }).unref?.()
    ;(stdio[4] as unknown as { unref?: () => void }).unref?.()
    const p = new CdpPipe(stdio[3], stdio[4])
    pipe = p
    const failed = new Promise<never>((_, reject) => {
      browser!.once('error', reject)
      browser!.once('exit', (code) => reject(new Error(`chromium exited (${code})`)))
    })
    failed.catch(() => undefined)
    wireEvents(p)
    await Promise.race([p.send('Browser.getVersion'), failed])
    p.onClose = () => {
      // The browser died: every tab's job ends, and the next render launches a new one.
      for (const slot of slots) slot.job?.done('crashed')
      slots.length = 0
      sessions.clear()
      pipe = undefined
    }
  }

  const on = (
    p: CdpPipe,
    method: string,
    handler: (job: Job, params: Record<string, unknown>, slot: Slot) => void,
  ) =>
    p.on(method, (params, sessionId) => {
      const slot = sessionId ? sessions.get(sessionId) : undefined
      if (slot?.job) handler(slot.job, params, slot)
    })

  const settle = (job: Job) => {
    if (job.quietTimer) clearTimeout(job.quietTimer)
    job.quietTimer = null
    if (job.loaded && job.inFlight.size === 0) job.quietTimer = setTimeout(() => job.done('quiet'), quietMs)
  }

  const wireEvents = (p: CdpPipe) => {
    on(p, 'Network.requestWillBeSent', (job, params) => {
      const loaderId = params.loaderId as string | undefined
      if (job.loaderId && loaderId !== job.loaderId) return
      const id = params.requestId as string
      const type = params.type as string | undefined
      job.inFlight.set(id, loaderId)
      if (type) job.requestTypes.set(id, type)
      const url = (params.request as { url: string }).url
      if (
        (type === 'Script' || type === 'Stylesheet') &&
        job.resources.length < MAX_RESOURCES &&
        !params.redirectResponse
      )
        job.resources.push({ url, type: type === 'Script' ? 'script' : 'stylesheet' })
      settle(job)
    })
    on(p, 'Network.responseReceived', (job, params) => {
      const status = (params.response as { status: number; url: string }).status
      if (params.type === 'Document' && (!job.loaderId || params.loaderId === job.loaderId))
        job.documentStatus = status
      if (params.type === 'Script' && status >= 400 && job.scriptErrors.length < MAX_ERRORS)
        job.scriptErrors.push(`script ${(params.response as { url: string }).url} answered ${status}`)
    })
    on(p, 'Network.loadingFinished', (job, params) => {
      if (job.inFlight.delete(params.requestId as string)) settle(job)
    })
    on(p, 'Network.loadingFailed', (job, params) => {
      const id = params.requestId as string
      if (
        job.requestTypes.get(id) === 'Script' &&
        params.blockedReason === undefined &&
        !params.canceled &&
        job.scriptErrors.length < MAX_ERRORS
      )
        job.scriptErrors.push(`script failed to load: ${String(params.errorText)}`)
      if (job.inFlight.delete(id)) settle(job)
    })
    on(p, 'Page.loadEventFired', (job) => {
      job.loaded = true
      settle(job)
    })
    on(p, 'Runtime.exceptionThrown', (job, params) => {
      if (job.scriptErrors.length >= MAX_ERRORS) return
      const details = params.exceptionDetails as {
        text?: string
        url?: string
        lineNumber?: number
        exception?: { description?: string }
      }
      const text = (details.exception?.description ?? details.text ?? 'exception')
        .split('\n')[0]!
        .slice(0, 300)
      const where = details.url ? ` (${details.url}:${(details.lineNumber ?? 0) + 1})` : ''
      job.scriptErrors.push(`${text}${where}`)
    })
    on(p, 'Inspector.targetCrashed', (job, _params, slot) => {
      slot.stale = true
      job.done('crashed')
    })
    // Images, media and fonts: refused before they leave.
    p.on('Fetch.requestPaused', (params, sessionId) => {
      void p
        .send('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' }, sessionId)
        .catch(() => undefined)
    })
  }

  const openSlot = async (p: CdpPipe): Promise<Slot> => {
    if (!context || context.pipe !== p)
      context = {
        pipe: p,
        id: p
          .send('Target.createBrowserContext', { disposeOnDetach: true })
          .then((r) => r.browserContextId as string),
      }
    const browserContextId = await context.id
    const { targetId } = await p.send('Target.createTarget', { url: 'about:blank', browserContextId })
    const { sessionId } = await p.send('Target.attachToTarget', { targetId, flatten: true })
    const slot: Slot = {
      targetId: targetId as string,
      sessionId: sessionId as string,
      busy: false,
      job: null,
      stale: false,
    }
    sessions.set(slot.sessionId, slot)
    const sid = slot.sessionId
    await Promise.all([
      p.send('Page.enable', {}, sid),
      p.send('Network.enable', {}, sid),
      p.send('Runtime.enable', {}, sid),
      p.send('Inspector.enable', {}, sid),
      p.send('Fetch.enable', { patterns: BLOCKED_TYPES.map((resourceType) => ({ resourceType })) }, sid),
      p.send('Network.setCacheDisabled', { cacheDisabled: false }, sid),
      ...(options.userAgent
        ? [p.send('Network.setUserAgentOverride', { userAgent: options.userAgent }, sid)]
        : []),
    ])
    return slot
  }

  const replaceSlot = async (p: CdpPipe, slot: Slot): Promise<Slot> => {
    sessions.delete(slot.sessionId)
    await p.send('Target.closeTarget', { targetId: slot.targetId }).catch(() => undefined)
    const fresh = await openSlot(p)
    const at = slots.indexOf(slot)
    if (at >= 0) slots[at] = fresh
    else slots.push(fresh)
    return fresh
  }

  let starting: Promise<void> | null = null
  const ensureBrowser = async (): Promise<CdpPipe> => {
    if (pipe && !pipe.closed) return pipe
    if (!starting)
      starting = (async () => {
        killBrowser()
        await launch()
      })().finally(() => {
        starting = null
      })
    await starting
    return pipe!
  }

  const acquire = async (): Promise<Slot> => {
    for (;;) {
      if (closing) throw new Error('render pool closed')
      const p = await ensureBrowser()
      const free = slots.find((s) => !s.busy)
      if (free) {
        free.busy = true
        if (!free.stale) return free
        const fresh = await replaceSlot(p, free)
        fresh.busy = true
        return fresh
      }
      if (slots.length < concurrency) {
        const placeholder: Slot = { targetId: '', sessionId: '', busy: true, job: null, stale: false }
        slots.push(placeholder)
        try {
          const slot = await openSlot(p)
          slots[slots.indexOf(placeholder)] = slot
          slot.busy = true
          return slot
        } catch (error) {
          slots.splice(slots.indexOf(placeholder), 1)
          throw error
        }
      }
      await new Promise<void>((resolve) => queue.push(resolve))
    }
  }

  const release = (slot: Slot) => {
    slot.busy = false
    slot.job = null
    queue.shift()?.()
  }

  const render = async (url: string, signal?: AbortSignal): Promise<RenderResult> => {
    if (closing) throw new Error('render pool closed')
    const started = performance.now()
    const slot = await acquire()
    const p = pipe!
    const state: { outcome: 'quiet' | 'crashed' | 'timeout' | 'aborted' } = { outcome: 'timeout' }
    let finished: () => void = () => {}
    const ended = new Promise<void>((resolve) => {
      finished = resolve
    })
    const job: Job = {
      url,
      documentStatus: null,
      loaderId: null,
      inFlight: new Map(),
      loaded: false,
      quietTimer: null,
      scriptErrors: [],
      resources: [],
      requestTypes: new Map(),
      done: (o) => {
        if (state.outcome === 'timeout') state.outcome = o
        finished()
      },
    }
    const timer = setTimeout(finished, timeoutMs)
    const onAbort = () => {
      state.outcome = 'aborted'
      finished()
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const ms = () => Math.round(performance.now() - started)
    const fail = (
      error: 'RENDER_TIMEOUT' | 'RENDER_FAILED' | 'RENDER_CRASHED',
      detail: string,
    ): RenderResult => ({
      ok: false,
      error,
      detail,
      scriptErrors: job.scriptErrors,
      resources: job.resources,
      ms: ms(),
    })
    try {
      slot.job = job
      const navigated = p.send('Page.navigate', { url }, slot.sessionId)
      const first = await Promise.race([navigated.then((r) => ({ r })), ended.then(() => null)])
      if (!first) {
        navigated.catch(() => undefined)
        slot.stale = true
        if (state.outcome === 'aborted') throw signal?.reason ?? new Error('aborted')
        return state.outcome === 'crashed'
          ? fail('RENDER_CRASHED', 'the tab crashed')
          : fail('RENDER_TIMEOUT', `no answer after ${timeoutMs} ms`)
      }
      const { r } = first
      if (r.errorText) return fail('RENDER_FAILED', String(r.errorText))
      job.loaderId = (r.loaderId as string | undefined) ?? null
      // Requests of the previous page that finished late are not this page's.
      for (const [id, loader] of job.inFlight) if (loader !== job.loaderId) job.inFlight.delete(id)
      settle(job)
      await ended
      if (state.outcome === 'aborted') throw signal?.reason ?? new Error('aborted')
      if (state.outcome === 'crashed') return fail('RENDER_CRASHED', 'the tab crashed')
      if (state.outcome === 'timeout') {
        slot.stale = true
        return fail('RENDER_TIMEOUT', `the network was still busy after ${timeoutMs} ms`)
      }
      const read = await Promise.race([
        p.send(
          'Runtime.evaluate',
          {
            expression: 'document.documentElement ? document.documentElement.outerHTML : ""',
            returnByValue: true,
          },
          slot.sessionId,
        ),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1000, timeoutMs / 3))),
      ])
      if (!read) {
        slot.stale = true
        return fail('RENDER_TIMEOUT', 'the page did not answer when its DOM was read')
      }
      const refusal = refused.get(url)
      if (job.documentStatus === 403 && refusal) return fail('RENDER_FAILED', refusal)
      const value = (read.result as { value?: unknown } | undefined)?.value
      return {
        ok: true,
        html: typeof value === 'string' ? value : '',
        scriptErrors: job.scriptErrors,
        resources: job.resources,
        ms: ms(),
      }
    } catch (error) {
      if (state.outcome === 'aborted') throw error
      slot.stale = true
      return fail('RENDER_CRASHED', error instanceof Error ? error.message : String(error))
    } finally {
      clearTimeout(timer)
      if (job.quietTimer) clearTimeout(job.quietTimer)
      signal?.removeEventListener('abort', onAbort)
      release(slot)
    }
  }

  const killBrowser = () => {
    const pid = browser?.pid
    if (!pid || browser?.exitCode !== null || browser?.signalCode !== null) {
      if (!pid) return
    }
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      try {
        browser?.kill('SIGKILL')
      } catch {
        // Already gone.
      }
    }
  }

  await ensureBrowser()

  return {
    concurrency,
    get browserPid() {
      return browser?.pid
    },
    render,
    async close() {
      if (closing) return
      closing = true
      const b = browser
      if (b && b.exitCode === null && b.signalCode === null) {
        const exited = new Promise((resolve) => b.once('exit', resolve))
        killBrowser()
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))])
      }
      pipe?.close()
      await proxy.close()
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
      for (const wake of queue.splice(0)) wake()
    },
  }
}
