// Every email is written to the outbox table first and delivered by a job, so a sign-up never waits on
// a mail server and a failed send is retried. Delivery: SMTP when SMTP_URL is set; otherwise (the
// embedded default) a readable .eml file under <data>/mail, with the path logged.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Job, JobResult, PgBoss } from 'pg-boss'
import type { Db } from '../db/database.ts'
import { emailOutbox, type OutboxAttachment } from '../db/schema.ts'
import { backstopPollSeconds, createQueue } from '../jobs/queue.ts'
import type { Logger } from '../log.ts'
import type { EmailContent } from './templates.ts'

export const emailQueue = 'email.send'
/**
 * Account emails (verification, password reset…) have their own queue and worker, so a backlog of
 * contact or report emails never delays a person waiting at a sign-up or reset screen.
 */
export const accountEmailQueue = 'email.account'
const accountKinds = new Set(['verification', 'reset-password', 'existing-account', 'password-changed'])
const retryLimit = 5

/** The queue a message goes on. Pure. */
export function queueFor(kind: string): string {
  return accountKinds.has(kind) ? accountEmailQueue : emailQueue
}

/**
 * Worker settings per queue. Messages are fetched in batches and sent several at a time
 * (one message per job poll drained ~0.5 emails/s); a full batch fetches the next one at once. Several
 * batches run at once, so a batch stuck at a slow SMTP server does not stop the queue behind it (messages
 * arriving one by one each make a batch of one).
 */
const workerOptions = {
  bulk: {
    batchSize: 20,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: backstopPollSeconds,
    burstWhenBatchFull: true,
    localConcurrency: 3,
  },
  account: {
    batchSize: 5,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: backstopPollSeconds,
    burstWhenBatchFull: true,
    localConcurrency: 2,
  },
}

export interface MailSettings {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  /** The bytes of an attachment named in a message (a stored report), null when it is gone. */
  readAttachment?: (attachment: OutboxAttachment) => Promise<Uint8Array | null>
}

export interface Outbox {
  /** Records the message and schedules its delivery; resolves once it is safely stored. */
  queue(to: string, kind: string, content: EmailContent, attachments?: OutboxAttachment[]): Promise<string>
}

export async function createOutbox(db: Db, boss: PgBoss): Promise<Outbox> {
  const options = { retryLimit, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 }
  await createQueue(boss, emailQueue, options)
  await createQueue(boss, accountEmailQueue, options)
  return {
    async queue(to, kind, content, attachments = []) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ to, kind, ...content, attachments })
        .returning({ id: emailOutbox.id })
      await boss.send(queueFor(kind), { id: row!.id })
      return row!.id
    },
  }
}

/** The worker side: delivers queued messages. Runs wherever workers run. */
export async function startEmailWorker(db: Db, boss: PgBoss, settings: MailSettings, log: Logger) {
  // Each queue has its own SMTP connections: account emails never wait for a busy contact batch.
  const deliveries = { account: createDelivery(settings), bulk: createDelivery(settings) }

  /** One batch: one read, messages sent in parallel, the sent ones marked in one write. */
  async function sendBatch(
    jobs: Job<{ id: string }>[],
    deliver: (m: OutboxRow) => Promise<{ filePath: string | null }>,
  ): Promise<JobResult[]> {
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          jobs.map((j) => j.data.id),
        ),
      )
    const byId = new Map(rows.map((r) => [r.id, r]))
    const outcomes = await mapLimited(jobs, parallelSends, async (job) => {
      const message = byId.get(job.data.id)
      if (!message || message.status === 'sent' || message.status === 'written')
        return { job, message: null, filePath: null, error: null }
      try {
        const { filePath } = await deliver(message)
        return { job, message, filePath, error: null }
      } catch (error) {
        return {
          job,
          message,
          filePath: null,
          error: error instanceof Error ? error.message : String(error),
        }
      }
    })
    const sent = outcomes.filter((o) => o.message && !o.error && !o.filePath).map((o) => o.message!)
    if (sent.length) {
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
        .where(
          inArray(
            emailOutbox.id,
            sent.map((m) => m.id),
          ),
        )
      for (const m of sent) log.info({ to: m.to, kind: m.kind }, 'email sent')
    }
    const results: JobResult[] = []
    for (const { job, message, filePath, error } of outcomes) {
      if (message && filePath) {
        await db
          .update(emailOutbox)
          .set({ status: 'written', sentAt: new Date(), filePath, attempts: message.attempts + 1 })
          .where(eq(emailOutbox.id, message.id))
        log.info({ to: message.to, file: filePath }, 'email written to the local outbox (no SMTP_URL)')
      }
      if (message && error) {
        const final = job.retryCount >= retryLimit
        await db
          .update(emailOutbox)
          .set({ attempts: message.attempts + 1, lastError: error, status: final ? 'failed' : 'queued' })
          .where(eq(emailOutbox.id, message.id))
        log.warn({ to: message.to, err: error, attempt: job.retryCount + 1, final }, 'email delivery failed')
        // Only this message is retried; the rest of its batch is settled as sent.
        results.push({ id: job.id, status: 'failed', output: { message: error } })
      } else results.push({ id: job.id, status: 'completed' })
    }
    return results
  }

  await boss.work<{ id: string }>(
    accountEmailQueue,
    { ...workerOptions.account, perJobResults: true },
    (jobs) => sendBatch(jobs, deliveries.account),
  )
  await boss.work<{ id: string }>(emailQueue, { ...workerOptions.bulk, perJobResults: true }, (jobs) =>
    sendBatch(jobs, deliveries.bulk),
  )
}

type OutboxRow = typeof emailOutbox.$inferSelect

function createDelivery(settings: MailSettings): (m: OutboxRow) => Promise<{ filePath: string | null }> {
  const mail = async (m: OutboxRow) => ({
    from: settings.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: await attachmentsOf(m, settings),
  })
  if (settings.smtpUrl) {
    // One connection per message, closed after it (a pool would keep idle connections open after the
    // queue is stopped); a batch is sent a few messages at a time (sendBatch).
    const transport = nodemailer.createTransport(settings.smtpUrl)
    return async (m) => {
      await transport.sendMail(await mail(m))
      return { filePath: null }
    }
  }
  const dir = path.join(settings.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (m) => {
    const info = await transport.sendMail(await mail(m))
    mkdirSync(dir, { recursive: true })
    const filePath = path.join(
      dir,
      `${m.createdAt.toISOString().replace(/[:.]/g, '-')}-${m.kind}-${m.id}.eml`,
    )
    writeFileSync(filePath, info.message as Buffer)
    return { filePath }
  }
}

/**
 * The message's attachments, read now. One that is gone (a report deleted since) is left out rather than
 * holding the mail back: its text still carries the report's link.
 */
async function attachmentsOf(m: OutboxRow, settings: MailSettings) {
  const out: { filename: string; contentType: string; content: Buffer }[] = []
  for (const a of m.attachments ?? []) {
    const bytes = settings.readAttachment ? await settings.readAttachment(a) : null
    if (bytes) out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(bytes) })
  }
  return out
}

/** Messages of one batch in flight at once (SMTP connections per queue). */
const parallelSends = 10

/** `fn` over `items`, at most `limit` at a time, results in order. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return results
}
