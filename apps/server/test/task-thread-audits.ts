// Audits for the audit-thread tests (task-threads.test.ts): loaded inside a worker thread in place of the
// engine, picked by the URL's path.
import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { type AuditDeps, type AuditOptions, type AuditResult, audit as engineAudit } from '@farol/engine'

export async function audit(url: string, opts: AuditOptions, deps: AuditDeps): Promise<AuditResult> {
  const path = new URL(url).pathname
  if (path === '/hang') {
    // Says it started, then keeps the thread's own loop busy: it cannot even read the abort message.
    opts.onProgress?.({ type: 'fetching', url })
    for (;;) {}
  }
  if (path === '/cleanup') {
    // Like the engine killing Lighthouse: after an abort, some cleanup that takes a moment, then a mark.
    opts.onProgress?.({ type: 'fetching', url })
    const signal = opts.signal!
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
    await sleep(300)
    writeFileSync(new URL(url).searchParams.get('mark')!, 'cleaned up')
    throw signal.reason
  }
  if (path === '/unexpected') throw Object.assign(new TypeError('not a function'), { retry: true })
  return engineAudit(url, opts, deps)
}
