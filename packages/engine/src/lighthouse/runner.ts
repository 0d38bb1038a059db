// Runs Lighthouse in a child process with a hard timeout, one run at a time per machine.
import { type ChildProcess, fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EngineError } from '../errors.ts'
import { chromeFlags, resolveChromePath } from './chrome.ts'
import { acquireMachineLock, pidAlive, serialise } from './lock.ts'
import { mapLighthouseResult } from './map.ts'
import { lighthouseCategories, lighthouseNice, type RunRequest, type WorkerMessage } from './protocol.ts'
import type { LighthouseRun, RunLighthouseOptions } from './types.ts'

export const defaultLighthouseTimeoutMs = 90_000
const workerPath = new URL('./worker.ts', import.meta.url)

/**
 * Runs one Lighthouse collection of `url` and maps it to the spec's SEO result. Rejects with EngineError:
 * CHROME_NOT_FOUND, LIGHTHOUSE_TIMEOUT (child and Chromium killed), LIGHTHOUSE_FAILED (page did not load,
 * Chromium crashed, Lighthouse error; the detail says which).
 */
export function runLighthouse(url: string, opts: RunLighthouseOptions): Promise<LighthouseRun> {
  // Resolve Chromium first so a missing browser fails at once rather than after the queue.
  let chromePath: string
  try {
    chromePath = resolveChromePath(opts.chromePath)
    lighthouseNice(process.env.FAROL_LIGHTHOUSE_NICE)
  } catch (e) {
    return Promise.reject(
      e instanceof EngineError
        ? e
        : new EngineError('LIGHTHOUSE_FAILED', e instanceof Error ? e.message : String(e)),
    )
  }
  return serialise(async () => {
    const release = await acquireMachineLock(opts.signal)
    try {
      sweepOrphanedRuns()
      return await runInChild(url, opts, chromePath)
    } finally {
      release()
    }
  })
}

function killGroup(pid: number | undefined): void {
  if (!pid) return
  try {
    // chrome-launcher starts Chromium as a process-group leader: this takes its renderers along.
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

/**
 * Last resort on Linux: kill every process whose command line names this run's profile directory. Covers
 * a Chromium that was spawned but not yet reported (the timeout fired mid-launch).
 */
function killByProfile(userDataDir: string): void {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`--user-data-dir=${userDataDir}`)) {
        process.kill(Number(entry), 'SIGKILL')
      }
    } catch {
      // Exited meanwhile, or not ours to read.
    }
  }
}

function readChromePid(userDataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(userDataDir, 'chrome.pid'), 'utf8'))
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

const profilePrefix = 'farol-chrome-'

/**
 * Removes what a run whose owner died without cleaning up (killed with SIGKILL along with its worker) left
 * behind: its Chromium, which chrome-launcher starts in its own process group and so outlives them, and its
 * profile. Only profiles whose owner.pid names a dead process are touched.
 */
export function sweepOrphanedRuns(dir: string = tmpdir()): number {
  let swept = 0
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return 0
  }
  for (const entry of entries) {
    if (!entry.startsWith(profilePrefix)) continue
    const profile = join(dir, entry)
    let owner: number
    try {
      owner = Number(readFileSync(join(profile, 'owner.pid'), 'utf8'))
    } catch {
      continue
    }
    if (!Number.isInteger(owner) || owner <= 0 || pidAlive(owner)) continue
    killGroup(readChromePid(profile))
    killByProfile(profile)
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 })
    } catch {
      // Try again next time.
    }
    swept++
  }
  return swept
}

function runInChild(url: string, opts: RunLighthouseOptions, chromePath: string): Promise<LighthouseRun> {
  const timeoutMs = opts.timeoutMs ?? defaultLighthouseTimeoutMs
  const started = performance.now()
  // Fresh profile per run: no cache, cookies or service workers carried between audits.
  const userDataDir = mkdtempSync(join(tmpdir(), profilePrefix))
  // Lets a later run recognise this profile as orphaned if this process dies without cleaning up.
  writeFileSync(join(userDataDir, 'owner.pid'), String(process.pid))
  // Chromium's own temporary files go inside it too, so removing one directory removes everything, even
  // after Chromium was killed mid-run.
  const chromeTmpDir = join(userDataDir, 'tmp')
  mkdirSync(chromeTmpDir)
  const request: RunRequest = {
    type: 'run',
    url,
    device: opts.device,
    chromePath,
    chromeFlags: chromeFlags({ proxyUrl: opts.proxyUrl }),
    userDataDir,
    chromeTmpDir,
    locale: opts.locale,
    // Leave Lighthouse time to audit after the load wait, so its own limit fires before ours.
    maxWaitForLoad: Math.max(5_000, Math.min(45_000, timeoutMs - 20_000)),
    onlyCategories: lighthouseCategories,
  }

  return new Promise<LighthouseRun>((resolve, reject) => {
    let chromePid: number | undefined
    let settled = false
    const child: ChildProcess = fork(workerPath, [], {
      execPath: process.execPath,
      // Do not inherit the caller's flags (test runners, inspectors); Node 24 runs the .ts worker as is.
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 8_000) stderr += chunk.toString()
    })

    const cleanup = () => {
      clearTimeout(timer)
      opts.signal?.removeEventListener('abort', onAbort)
      killGroup(chromePid ?? readChromePid(userDataDir))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    // Settle only once the child has exited, so the next queued run never overlaps this one.
    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      cleanup()
      const done = () => {
        killByProfile(userDataDir)
        try {
          rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 })
        } catch {
          // A leftover temporary directory is not worth failing the audit for.
        }
        outcome()
      }
      if (child.exitCode !== null || child.signalCode !== null) done()
      else child.once('exit', done)
    }
    const fail = (e: EngineError) => finish(() => reject(e))

    const timer = setTimeout(
      () => fail(new EngineError('LIGHTHOUSE_TIMEOUT', `no result after ${timeoutMs} ms`)),
      timeoutMs,
    )
    const onAbort = () => fail(new EngineError('LIGHTHOUSE_FAILED', 'aborted'))
    opts.signal?.addEventListener('abort', onAbort, { once: true })

    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'chrome') {
        chromePid = message.pid
      } else if (message.type === 'error') {
        fail(new EngineError('LIGHTHOUSE_FAILED', message.message))
      } else if (message.type === 'result') {
        const { lhr, texts, rendered } = message
        if (lhr.runtimeError) {
          // The page did not load (DNS, refused, HTTP error status, blocked by the proxy, …). Lighthouse's
          // refusal of the document is definitive (a retry gets the same 404); its code stays in the detail
          // so the reader is told why.
          const { code, message: reason } = lhr.runtimeError
          fail(new EngineError(lighthouseErrorCode(code), `${code}: ${reason}`))
          return
        }
        let seo: LighthouseRun['seo']
        try {
          seo = mapLighthouseResult(lhr, undefined, texts)
        } catch (e) {
          fail(new EngineError('LIGHTHOUSE_FAILED', `unreadable result: ${(e as Error).message}`))
          return
        }
        finish(() =>
          resolve({
            device: opts.device,
            seo,
            lhr,
            ...(texts ? { texts } : {}),
            ...(rendered ? { rendered } : {}),
            durationMs: Math.round(performance.now() - started),
            childMaxRssBytes: message.maxRssBytes,
            timings: message.timings,
          }),
        )
      }
    })
    child.on('error', (e) => fail(new EngineError('LIGHTHOUSE_FAILED', `worker: ${e.message}`)))
    // 'close', not 'exit': it comes after the IPC channel is drained, so a result sent just before the
    // worker exited is never mistaken for a crash.
    child.on('close', (code, signal) => {
      if (!settled) {
        const tail = stderr.trim().split('\n').slice(-3).join(' | ')
        fail(new EngineError('LIGHTHOUSE_FAILED', `worker exited (${signal ?? code}) ${tail}`.trim()))
      }
    })
    child.send(request)
  })
}

/** Lighthouse runtime errors about the page itself: the same answer on every retry. */
const refusedDocumentCodes = new Set([
  'ERRORED_DOCUMENT_REQUEST',
  'FAILED_DOCUMENT_REQUEST',
  'NOT_HTML',
  'DNS_FAILURE',
  'INSECURE_DOCUMENT_REQUEST',
  'CHROME_INTERSTITIAL_ERROR',
])

/** LIGHTHOUSE_REFUSED (definitive, the page's fault) or LIGHTHOUSE_FAILED (may pass on a retry). */
export function lighthouseErrorCode(
  runtimeCode: string | undefined,
): 'LIGHTHOUSE_REFUSED' | 'LIGHTHOUSE_FAILED' {
  return runtimeCode && refusedDocumentCodes.has(runtimeCode) ? 'LIGHTHOUSE_REFUSED' : 'LIGHTHOUSE_FAILED'
}
