// A pool of long-lived worker threads that run the engine's audit. On the main thread the audit's
// synchronous stretches (HTML parsing, 23 on-page checks, AIO analysis, the Lighthouse result arriving
// from its child process and being mapped) held the event loop for up to hundreds of milliseconds, and
// the status endpoint's p99 with it. A thread per concurrent job keeps the loop free for HTTP.
import { Worker } from 'node:worker_threads'
import type { AuditResult, LighthouseDevice } from '@farol/engine'
import {
  reviveError,
  type ThreadAuditOptions,
  type ThreadProgress,
  type ThreadReply,
  type ThreadRequest,
} from './audit-protocol.ts'

export interface PoolAuditOutcome {
  result: AuditResult
  /** Each Lighthouse run's full result, encoded for the database (lighthouse-store.ts). */
  lhr: Partial<Record<LighthouseDevice, string>>
}

export interface AuditPool {
  run(
    url: string,
    opts: ThreadAuditOptions & { onProgress?: (event: ThreadProgress) => void; signal?: AbortSignal },
  ): Promise<PoolAuditOutcome>
  /** Threads started so far, replacements included (a terminated thread is replaced by a new one). */
  readonly threadsStarted: number
  close(): Promise<void>
}

export interface AuditPoolOptions {
  size: number
  /** A module exporting `audit` with the engine's signature, in place of the engine (tests). */
  auditModule?: string
  /**
   * After an abort, how long a thread has to stop on its own (the engine cancels its fetch and kills
   * Lighthouse, which also releases the machine-wide Lighthouse lock) before it is terminated.
   */
  abortGraceMs?: number
}

interface Slot {
  worker: Worker
  busy: boolean
}

interface Pending {
  slot: Slot
  onProgress: ((event: ThreadProgress) => void) | undefined
  resolve: (outcome: PoolAuditOutcome) => void
  reject: (error: unknown) => void
}

const threadEntry = new URL('./audit-thread.ts', import.meta.url)

export function createAuditPool(options: AuditPoolOptions): AuditPool {
  const abortGraceMs = options.abortGraceMs ?? 10_000
  const slots: Slot[] = []
  const waiting: Array<{ resolve: (slot: Slot) => void; reject: (error: Error) => void }> = []
  const pending = new Map<number, Pending>()
  // Settles when a run's thread has answered (or was lost), whatever the answer.
  const answered = new Set<Promise<unknown>>()
  let nextId = 1
  let started = 0
  let closed = false

  const spawn = (): Slot => {
    started++
    const worker = new Worker(threadEntry, {
      workerData: { auditModule: options.auditModule },
      // The audit needs no flags of the parent's (test runners, profilers).
      execArgv: [],
    })
    // An idle pool must not keep the process alive; a running audit holds a reference (see acquire).
    worker.unref()
    const slot: Slot = { worker, busy: false }
    slots.push(slot)
    worker.on('message', (message: ThreadReply) => {
      if (message.type === 'ready') {
        if (started === 1) warmTheRest()
        return
      }
      const job = pending.get(message.id)
      if (!job) return
      if (message.type === 'progress') {
        try {
          job.onProgress?.(message.event)
        } catch {
          // A faulty listener must not break the audit (as in the engine).
        }
        return
      }
      pending.delete(message.id)
      if (message.type === 'done') job.resolve({ result: message.result, lhr: message.lhr })
      else job.reject(reviveError(message.error))
    })
    // A thread that crashed (uncaught error, out of memory) or was terminated fails its audit with a
    // plain error (retried like any unexpected failure). A replacement starts when work needs one, not
    // here: a thread that cannot even load must not respawn in a loop.
    const lost = (reason: Error) => {
      const index = slots.indexOf(slot)
      if (index === -1) return
      slots.splice(index, 1)
      for (const [id, job] of [...pending]) {
        if (job.slot !== slot) continue
        pending.delete(id)
        job.reject(reason)
      }
      if (!closed && waiting.length) take(spawn(), waiting.shift()!.resolve)
    }
    worker.on('error', (error) => lost(error))
    worker.on('exit', (code) => lost(new Error(`audit thread exited (${code})`)))
    return slot
  }

  const take = (slot: Slot, to: (slot: Slot) => void) => {
    slot.busy = true
    slot.worker.ref()
    to(slot)
  }

  const release = (slot: Slot) => {
    slot.busy = false
    slot.worker.unref()
    const next = waiting.shift()
    if (next) take(slot, next.resolve)
  }

  const acquire = (): Promise<Slot> =>
    new Promise((resolve, reject) => {
      const free = slots.find((s) => !s.busy) ?? (slots.length < options.size ? spawn() : undefined)
      if (free) take(free, resolve)
      else waiting.push({ resolve, reject })
    })

  // Started at once, so the first audit does not wait for a thread to load the engine; the others once
  // the first is ready, as all of them loading together on a small machine made the first one late.
  const warmTheRest = () => {
    while (!closed && slots.length < options.size) spawn()
  }
  spawn()

  return {
    get threadsStarted() {
      return started
    },

    async run(url, { onProgress, signal, ...opts }) {
      if (closed) throw new Error('audit pool closed')
      signal?.throwIfAborted()
      const slot = await acquire()
      const id = nextId++
      let graceTimer: NodeJS.Timeout | undefined
      const outcome = new Promise<PoolAuditOutcome>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        const onAbort = () => {
          // Ask the thread to stop first: terminating it mid-run could leave Chromium and the
          // machine-wide Lighthouse lock behind.
          slot.worker.postMessage({ type: 'abort', id } satisfies ThreadRequest)
          graceTimer = setTimeout(() => void slot.worker.terminate(), abortGraceMs)
        }
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            signal?.removeEventListener('abort', onAbort)
            // Whatever the thread answers after an abort, the caller sees the abort, as in-process.
            if (signal?.aborted) reject(signal.reason)
            else fn(value)
          }
        pending.set(id, { slot, onProgress, resolve: settle(resolve), reject: settle(reject) })
        signal?.addEventListener('abort', onAbort, { once: true })
        slot.worker.postMessage({ type: 'run', id, url, opts } satisfies ThreadRequest)
      })
      const settled = outcome.catch(() => {})
      answered.add(settled)
      try {
        return await outcome
      } finally {
        answered.delete(settled)
        clearTimeout(graceTimer)
        // A lost slot is gone from the pool; its replacement is started when needed.
        if (slots.includes(slot)) release(slot)
      }
    },

    async close() {
      closed = true
      for (const w of waiting.splice(0)) w.reject(new Error('audit pool closed'))
      // Running audits are asked to stop and given the grace to do it: a thread terminated while the
      // engine cleans up would leave Chromium and the machine-wide Lighthouse lock behind, and every
      // later Lighthouse run on the machine would wait for a lock whose owner (this process) lives on.
      for (const [id, job] of pending)
        job.slot.worker.postMessage({ type: 'abort', id } satisfies ThreadRequest)
      let grace: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.all(answered),
        new Promise((resolve) => {
          grace = setTimeout(resolve, abortGraceMs)
        }),
      ])
      clearTimeout(grace)
      const workers = slots.splice(0).map((s) => s.worker)
      for (const [id, job] of [...pending]) {
        pending.delete(id)
        job.reject(new Error('audit pool closed'))
      }
      await Promise.all(workers.map((w) => w.terminate()))
    },
  }
}
