// Queues made by createQueue wake their workers through LISTEN/NOTIFY, on the embedded database and on
// PostgreSQL; idle workers then poll only every backstopPollSeconds (decision 051).
import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../../test/each-database.ts'
import { createLogger } from '../log.ts'
import { createQueue, startQueue } from './queue.ts'

describeOnEachDatabase('the job queue on %s', (database) => {
  let boss: PgBoss
  beforeAll(async () => {
    boss = await startQueue(database(), createLogger('silent'))
  }, 60_000)
  afterAll(async () => {
    await boss?.stop({ graceful: false })
  })

  it('a queue made by createQueue has NOTIFY on, and so has one made before without it', async () => {
    await createQueue(boss, 'test.notify-new', { retryLimit: 2 })
    expect((await boss.getQueue('test.notify-new'))?.notify).toBe(true)
    expect((await boss.getQueue('test.notify-new'))?.retryLimit).toBe(2)

    await boss.createQueue('test.notify-old')
    expect((await boss.getQueue('test.notify-old'))?.notify).toBeFalsy()
    await createQueue(boss, 'test.notify-old')
    expect((await boss.getQueue('test.notify-old'))?.notify).toBe(true)
  })

  it('a job sent wakes an idle worker at once, not at its next poll', async () => {
    await createQueue(boss, 'test.notify-wake')
    const done: string[] = []
    // Polls far apart, with or without NOTIFY: only the notification can deliver the jobs in time.
    await boss.work<{ n: string }>(
      'test.notify-wake',
      { pollingIntervalSeconds: 60, notifyPollingIntervalSeconds: 120 },
      async ([job]) => {
        if (job) done.push(job.data.n)
      },
    )
    // The worker fetches once as it starts, then sleeps until its next poll or a notification.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await boss.send('test.notify-wake', { n: 'first' })
    await expect.poll(() => done, { timeout: 30_000 }).toEqual(['first'])
    await boss.send('test.notify-wake', { n: 'second' })
    await expect.poll(() => done, { timeout: 30_000 }).toEqual(['first', 'second'])
  })
})
