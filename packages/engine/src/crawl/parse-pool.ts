// Page parsing beside the crawler's thread. A fast crawl (--concurrency above 2) on a near server is
// limited by the crawler's one thread: a page costs ~45 µs of CPU to fetch and ~60 µs to parse. Parsing
// threads let the crawler fetch the next pages meanwhile (bench:crawl: +20% URLs/s on the 2-core machine,
// same CPU per page). A polite crawl (2 pages/s) parses inline: a thread would add nothing.
// The threads are shared by every crawl of the process and stay warm: a new thread per crawl ran its first
// thousand pages before the JIT had compiled the parser, at about twice the CPU. Idle, they do not keep
// the process alive. Pages go to a thread in batches (whatever arrived while it was busy).
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { inScope, type ScopeOptions } from './normalize.ts'
import { type PageFacts, pageFacts } from './page-facts.ts'

export interface ParseRequest {
  id: number
  url: string
  html: string
  headers: Record<string, string>
  /** The crawl's scope, for each link's `internal`. */
  host: string
  includeSubdomains: boolean
}
export type ParseReply = { id: number; facts: PageFacts } | { id: number; error: string }

/** Page facts for one crawl. */
export type PageParser = (url: string, html: string, headers: Record<string, string>) => Promise<PageFacts>

/** Threads for a crawl at this concurrency: none for a polite crawl, else one per core but the crawler's. */
export function parseThreadsFor(concurrency: number): number {
  if (concurrency <= 2) return 0
  return Math.max(1, Math.min(4, availableParallelism() - 1))
}

/** One request's facts on the calling thread (the inline parser, a lost thread's pages, the threads). */
export const parseHere = (request: ParseRequest): PageFacts =>
  pageFacts(request.url, request.html, request.headers, (url) =>
    inScope(url, request.host, { includeSubdomains: request.includeSubdomains }),
  )

/** A crawl's parser: on `threads` shared threads (0: on the calling thread). */
export function pageParser(threads: number, host: string, scope: ScopeOptions): PageParser {
  const includeSubdomains = scope.includeSubdomains ?? false
  if (threads <= 0) {
    return async (url, html, headers) => parseHere({ id: 0, url, html, headers, host, includeSubdomains })
  }
  const pool = sharedPool(threads)
  return (url, html, headers) => pool.parse({ id: 0, url, html, headers, host, includeSubdomains })
}

interface Thread {
  worker: Worker
  /** Pages waiting for this thread to be free; sent as one batch. */
  queued: ParseRequest[]
  /** The batch it is parsing. */
  sent: ParseRequest[]
}

interface Pending {
  resolve: (facts: PageFacts) => void
  reject: (error: Error) => void
}

const threadEntry = new URL('./parse-thread.ts', import.meta.url)
// The process's parsing threads, started by the first fast crawl; a crawl asking for more adds them, and
// replaces lost ones.
const threads: Thread[] = []
const pending = new Map<number, Pending>()
let nextId = 1

/** Parsing threads alive in this process (0 before the first fast crawl). */
export const parseThreadsAlive = (): number => threads.length

const sharedPool = (size: number) => {
  while (threads.length < size) startThread()
  return { parse }
}

function send(thread: Thread): void {
  if (thread.sent.length > 0 || thread.queued.length === 0) return
  thread.sent = thread.queued
  thread.queued = []
  // A thread with work keeps the process alive (a crawl awaits it); an idle one does not.
  thread.worker.ref()
  thread.worker.postMessage(thread.sent)
}

// A thread that fails (it could not load, or crashed) takes no more pages, and its pages are parsed
// here: the crawl slows down but loses nothing.
function lose(thread: Thread): void {
  const index = threads.indexOf(thread)
  if (index === -1) return
  threads.splice(index, 1)
  for (const request of [...thread.sent, ...thread.queued]) {
    const job = pending.get(request.id)
    if (!job) continue
    pending.delete(request.id)
    try {
      job.resolve(parseHere(request))
    } catch (error) {
      job.reject(error as Error)
    }
  }
}

function startThread(): void {
  // The parse needs none of the parent's flags (test runners, profilers).
  const worker = new Worker(threadEntry, { execArgv: [] })
  worker.unref()
  const thread: Thread = { worker, queued: [], sent: [] }
  threads.push(thread)
  worker.on('message', (replies: ParseReply[]) => {
    thread.sent = []
    for (const reply of replies) {
      const job = pending.get(reply.id)
      if (!job) continue
      pending.delete(reply.id)
      if ('facts' in reply) job.resolve(reply.facts)
      else job.reject(new Error(reply.error))
    }
    send(thread)
    if (thread.sent.length === 0) thread.worker.unref()
  })
  worker.on('error', () => lose(thread))
  worker.on('exit', () => lose(thread))
}

function parse(request: ParseRequest): Promise<PageFacts> {
  if (threads.length === 0) return Promise.resolve().then(() => parseHere(request))
  const numbered = { ...request, id: nextId++ }
  return new Promise<PageFacts>((resolve, reject) => {
    pending.set(numbered.id, { resolve, reject })
    // The thread with the least work; ties go to the first.
    let best = threads[0]!
    for (const t of threads) {
      if (t.sent.length + t.queued.length < best.sent.length + best.queued.length) best = t
    }
    best.queued.push(numbered)
    send(best)
  })
}
