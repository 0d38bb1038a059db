// Entry of an audit thread (see audit-pool.ts): runs the engine's audit off the main event loop, so
// fetching, HTML parsing, on-page and AIO analysis and the Lighthouse orchestration (receiving and mapping
// a ~1 MB result from the Lighthouse child) never delay the HTTP server.
import { enableCompileCache } from 'node:module'
import { getPriority, setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { AuditDeps, AuditProgress, LighthouseDevice } from '@farol/engine'
import { serializeError, type ThreadReply, type ThreadRequest } from './audit-protocol.ts'
import { encodeLighthouseResult } from './lighthouse-store.ts'
import type { AuditFn } from './worker.ts'

// Loading the engine (a hundred TypeScript modules) takes each new thread 0.3-1.5 s; V8's code cache on
// disk (in the directory the process chose, else Node's default) makes that of every thread after the
// first cheaper. The engine is imported after this, dynamically, so the cache applies to it.
enableCompileCache()
// On Linux a thread has its own nice value: this thread's parsing and analysis yield the cores to the
// HTTP server's thread when both want them.
try {
  setPriority(Math.max(getPriority(), 10))
} catch {
  // Not permitted here: run at the normal priority.
}
const { gatherArtifacts, runLighthouse, startEgressProxy } = await import('@farol/engine')

const port = parentPort
if (!port) throw new Error('audit-thread.ts runs in a worker thread only')

// Tests point a pool at a module of their own to make failures and hangs happen on purpose.
const auditModule = (workerData as { auditModule?: string } | null)?.auditModule ?? '@farol/engine'
const auditFn: AuditFn = (await import(auditModule)).audit
const running = new Map<number, AbortController>()

const reply = (message: ThreadReply) => port.postMessage(message)

port.on('message', (message: ThreadRequest) => {
  if (message.type === 'abort') {
    running.get(message.id)?.abort(new Error('audit aborted'))
    return
  }
  void run(message)
})
reply({ type: 'ready' })

async function run(request: Extract<ThreadRequest, { type: 'run' }>): Promise<void> {
  const { id } = request
  const controller = new AbortController()
  running.set(id, controller)
  // Encoded here (lighthouse-store.ts), it crosses the thread as one string and goes into the database as
  // is: the main thread never walks the large object.
  const lhr: Partial<Record<LighthouseDevice, string>> = {}
  const deps: AuditDeps = {
    gather: gatherArtifacts,
    runLighthouse: async (url, opts) => {
      const run = await runLighthouse(url, opts)
      lhr[opts.device] = encodeLighthouseResult(run.lhr)
      return run
    },
    startProxy: (opts) => startEgressProxy(opts),
  }
  // Only what the main thread uses: the onpage-done event's results would be copied for nothing.
  const onProgress = (event: AuditProgress) =>
    reply({
      type: 'progress',
      id,
      event: { type: event.type, ...('device' in event ? { device: event.device } : {}) },
    })
  try {
    const result = await auditFn(
      request.url,
      { ...request.opts, onProgress, signal: controller.signal },
      deps,
    )
    reply({ type: 'done', id, result, lhr })
  } catch (error) {
    reply({ type: 'failed', id, error: serializeError(error) })
  } finally {
    running.delete(id)
  }
}
