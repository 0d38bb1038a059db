import { describe, expect, it } from 'vitest'
import type { Db } from '../db/database.ts'
import { nextTaskWrite, taskReader, taskWritten } from './task-reads.ts'

const id = '0b6f2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b'

/** A database whose task query is answered by hand, counting the queries. */
function fakeDb() {
  let row: Record<string, unknown> | undefined = { id, userId: null, status: 'running' }
  const queries: Array<() => void> = []
  const db = {
    select: () => ({
      from: () => ({
        where: () =>
          new Promise<unknown[]>((resolve) => {
            const snapshot = row && { ...row }
            queries.push(() => resolve(snapshot ? [snapshot] : []))
          }),
      }),
    }),
  } as unknown as Db
  return {
    db,
    queries,
    set(next: Record<string, unknown> | undefined) {
      row = next
    },
    answerAll({ newestFirst = false } = {}) {
      const answers = queries.splice(0)
      for (const answer of newestFirst ? answers.reverse() : answers) answer()
    },
  }
}

describe('task reads', () => {
  it('shares one query among the requests that arrive while it runs, and reuses its row', async () => {
    const fake = fakeDb()
    const reads = taskReader(fake.db, { ttlMs: 60_000 })
    const asked = [reads.row(id), reads.row(id), reads.row(id.toUpperCase())]
    expect(fake.queries).toHaveLength(1)
    fake.answerAll()
    expect((await Promise.all(asked)).map((r) => r?.status)).toEqual(['running', 'running', 'running'])
    expect((await reads.row(id))?.status).toBe('running')
    expect(fake.queries).toHaveLength(0)
  })

  it('reads again after the worker wrote the task, and never keeps a row read during the write', async () => {
    const fake = fakeDb()
    const reads = taskReader(fake.db, { ttlMs: 60_000 })
    const during = reads.row(id)
    fake.set({ id, userId: null, status: 'success' })
    taskWritten(id)
    // A request after the write does not join the read that started before it.
    const after = reads.row(id)
    expect(fake.queries).toHaveLength(2)
    // The older read finishing last must not overwrite the newer row.
    fake.answerAll({ newestFirst: true })
    expect((await after)?.status).toBe('success')
    expect((await during)?.status).toBe('running')
    const again = reads.row(id)
    expect(fake.queries).toHaveLength(0)
    expect((await again)?.status).toBe('success')
  })

  it('reads again once a row is older than the time to live', async () => {
    const fake = fakeDb()
    const reads = taskReader(fake.db, { ttlMs: 0 })
    const first = reads.row(id)
    fake.answerAll()
    await first
    void reads.row(id)
    expect(fake.queries).toHaveLength(1)
  })

  it('reads any task row (who may see it is tenancy/access.ts’s), and refuses malformed ids without a query', async () => {
    const fake = fakeDb()
    fake.set({ id, userId: 'ana', status: 'running' })
    const reads = taskReader(fake.db, { ttlMs: 60_000 })
    const own = reads.row(id)
    fake.answerAll()
    expect((await own)?.userId).toBe('ana')
    expect(await reads.row('not-a-task')).toBeNull()
    expect(fake.queries).toHaveLength(0)
  })
})

describe('nextTaskWrite', () => {
  it("wakes at the task's next write, not at another task's, and not after being cancelled", async () => {
    const other = '1b6f2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b'
    const next = nextTaskWrite(id)
    let woke = false
    void next.written.then(() => {
      woke = true
    })
    taskWritten(other)
    await Promise.resolve()
    expect(woke).toBe(false)
    taskWritten(id)
    await next.written
    expect(woke).toBe(true)

    const cancelled = nextTaskWrite(id)
    let late = false
    void cancelled.written.then(() => {
      late = true
    })
    cancelled.cancel()
    taskWritten(id)
    await new Promise((r) => setTimeout(r, 10))
    expect(late).toBe(false)
  })
})
