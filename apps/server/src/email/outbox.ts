// Every email is written to the outbox table first and delivered by a job, so a sign-up never waits on
// a mail server and a failed send is retried. Delivery: SMTP when SMTP_URL is set; otherwise (the
// embedded default) a readable .eml file under <data>/mail, with the path logged.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { PgBoss } from 'pg-boss'
import type { Db } from '../db/database.ts'
import { emailOutbox } from '../db/schema.ts'
import type { Logger } from '../log.ts'
import type { EmailContent } from './templates.ts'

export const emailQueue = 'email.send'
const retryLimit = 5

export interface MailSettings {
  smtpUrl: string | undefined
  from: string
  dataDir: string
}

export interface Outbox {
  /** Records the message and schedules its delivery; resolves once it is safely stored. */
  queue(to: string, kind: string, content: EmailContent): Promise<string>
}

export async function createOutbox(db: Db, boss: PgBoss): Promise<Outbox> {
  await boss.createQueue(emailQueue, { retryLimit, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 })
  return {
    async queue(to, kind, content) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ to, kind, ...content })
        .returning({ id: emailOutbox.id })
      await boss.send(emailQueue, { id: row!.id })
      return row!.id
    },
  }
}

/** The worker side: delivers queued messages. Runs wherever workers run. */
export async function startEmailWorker(db: Db, boss: PgBoss, settings: MailSettings, log: Logger) {
  const deliver = createDelivery(settings)
  await boss.work<{ id: string }>(emailQueue, async ([job]) => {
    if (!job) return
    const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, job.data.id))
    if (!message || message.status === 'sent' || message.status === 'written') return
    try {
      const result = await deliver(message)
      await db
        .update(emailOutbox)
        .set({
          status: result.filePath ? 'written' : 'sent',
          sentAt: new Date(),
          filePath: result.filePath,
          attempts: message.attempts + 1,
        })
        .where(eq(emailOutbox.id, message.id))
      if (result.filePath)
        log.info({ to: message.to, file: result.filePath }, 'email written to the local outbox (no SMTP_URL)')
      else log.info({ to: message.to, kind: message.kind }, 'email sent')
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error)
      const final = job.retryCount >= retryLimit
      await db
        .update(emailOutbox)
        .set({ attempts: message.attempts + 1, lastError, status: final ? 'failed' : 'queued' })
        .where(eq(emailOutbox.id, message.id))
      log.warn(
        { to: message.to, err: lastError, attempt: job.retryCount + 1, final },
        'email delivery failed',
      )
      throw error
    }
  })
}

type OutboxRow = typeof emailOutbox.$inferSelect

function createDelivery(settings: MailSettings): (m: OutboxRow) => Promise<{ filePath: string | null }> {
  const mail = (m: OutboxRow) => ({
    from: settings.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
  })
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl)
    return async (m) => {
      await transport.sendMail(mail(m))
      return { filePath: null }
    }
  }
  const dir = path.join(settings.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (m) => {
    const info = await transport.sendMail(mail(m))
    mkdirSync(dir, { recursive: true })
    const filePath = path.join(
      dir,
      `${m.createdAt.toISOString().replace(/[:.]/g, '-')}-${m.kind}-${m.id}.eml`,
    )
    writeFileSync(filePath, info.message as Buffer)
    return { filePath }
  }
}
