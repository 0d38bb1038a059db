// Lighthouse's guidance: never two collections at once on one machine (CPU contention makes scores noisy).
// A promise chain serialises runs in this process; a lock directory serialises them across processes
// of the same machine (test workers, a CLI next to a server worker).
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

let chain: Promise<unknown> = Promise.resolve()

/** Runs `task` after every task queued before it has settled. */
export function serialise<T>(task: () => Promise<T>): Promise<T> {
  const run = chain.then(task, task)
  chain = run.catch(() => undefined)
  return run
}

// Fixed when the module loads, so a later TMPDIR change (tests isolating profiles) keeps one lock.
const lockPath = process.env.FAROL_LIGHTHOUSE_LOCK ?? join(tmpdir(), 'farol-lighthouse.lock')
const lockDir = () => lockPath

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function isStale(dir: string): boolean {
  try {
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'))
    return !Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)
  } catch {
    // No pid file yet: either being created this instant, or its owner died in between.
    try {
      return Date.now() - statSync(dir).mtimeMs > 5_000
    } catch {
      return false
    }
  }
}

/** Takes the machine-wide Lighthouse lock; resolves to its release function. */
export async function acquireMachineLock(signal?: AbortSignal): Promise<() => void> {
  const dir = lockDir()
  for (;;) {
    signal?.throwIfAborted()
    try {
      mkdirSync(dir)
      writeFileSync(join(dir, 'pid'), String(process.pid))
      let released = false
      const release = () => {
        if (released) return
        released = true
        rmSync(dir, { recursive: true, force: true })
      }
      process.once('exit', release)
      return () => {
        process.off('exit', release)
        release()
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      if (isStale(dir)) {
        rmSync(dir, { recursive: true, force: true })
        continue
      }
      await sleep(250)
    }
  }
}
