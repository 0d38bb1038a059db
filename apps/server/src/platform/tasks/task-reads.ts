// Reads of task rows for the status endpoint and the event stream. Clients poll a running task, and on
// the embedded database every read is a query run on the main thread: at a few hundred polls a second the
// queries alone filled the event loop. A row read is shared by the requests that arrive while it runs and
// reused for a short while; the in-process worker says when it wrote a task, so its changes show at once
// (a separate worker process's changes show within `ttlMs`).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { tasks } from '../db/schema.ts'

type TaskRow = typeof tasks.$inferSelect

const writeListeners = new Set<(taskId: string) => void>()

/** Called by the worker after each write to a task's row. */
export function taskWritten(taskId: string): void {
  for (const listener of writeListeners) listener(taskId)
}

/** Resolves at the next write to the task's row by this process's worker (or never): a waiter wakes at
 *  once instead of at its next poll. Call the returned `cancel` when done waiting. */
export function nextTaskWrite(taskId: string): { written: Promise<void>; cancel: () => void } {
  let listener: (id: string) => void = () => {}
  const written = new Promise<void>((resolve) => {
    listener = (id) => {
      if (id !== taskId) return
      writeListeners.delete(listener)
      resolve()
    }
    writeListeners.add(listener)
  })
  return { written, cancel: () => writeListeners.delete(listener) }
}

export interface TaskReader {
  /** The task row, whoever asks: the caller decides who may see it (tenancy/access.ts's taskReadable). */
  row(taskId: string): Promise<TaskRow | null>
}

export function taskReader(db: Db, options: { ttlMs: number; capacity?: number }): TaskReader {
  const capacity = options.capacity ?? 10_000
  const rows = new Map<string, { row: TaskRow | null; at: number }>()
  const reading = new Map<string, Promise<TaskRow | null>>()
  // Counts writes, so a read that was under way during one is not kept: it may hold the older row.
  let writes = 0
  const forget = (taskId: string) => {
    writes++
    rows.delete(taskId)
    // Requests from now on must see the write, not join a read that started before it.
    reading.delete(taskId)
  }
  writeListeners.add(forget)

  const read = (taskId: string): Promise<TaskRow | null> => {
    const cached = rows.get(taskId)
    if (cached && performance.now() - cached.at < options.ttlMs) return Promise.resolve(cached.row)
    let pending = reading.get(taskId)
    if (!pending) {
      const writesBefore = writes
      const read = db
        .select()
        .from(tasks)
        .where(eq(tasks.id, taskId))
        .then(([row]) => {
          if (writes === writesBefore) {
            rows.delete(taskId)
            rows.set(taskId, { row: row ?? null, at: performance.now() })
            if (rows.size > capacity) rows.delete(rows.keys().next().value!)
          }
          return row ?? null
        })
        .finally(() => {
          if (reading.get(taskId) === read) reading.delete(taskId)
        })
      pending = read
      reading.set(taskId, read)
    }
    return pending
  }

  return {
    async row(taskId) {
      if (!/^[0-9a-f-]{36}$/i.test(taskId)) return null
      return read(taskId.toLowerCase())
    },
  }
}
