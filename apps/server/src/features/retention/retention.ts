// Data retention promised by the privacy policy (apps/web/app/features/legal/data.ts), enforced by an
// hourly job: anonymous analyses 90 days, client IP addresses 24 hours, expired sessions, contact
// messages 2 years, sent-email copies 90 days. Accounts' own data lives as long as the account. A site
// crawl's page store (pages, links, issues) lives as long as its task.
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { and, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Db } from '../../platform/db/database.ts'
import { contactMessages, emailOutbox, rateLimits, sessions, tasks } from '../../platform/db/schema.ts'
import { createQueue } from '../../platform/jobs/queue.ts'
import type { Logger } from '../../platform/log.ts'
import { deleteCrawls, sweepStrayCrawlRows } from '../site-audit/public.ts'

const retentionQueue = 'maintenance.retention'

const hour = 3600_000
const day = 24 * hour
const retention = {
  anonymousTasks: 90 * day,
  clientIps: day,
  contactMessages: 730 * day,
  sentEmails: 90 * day,
  /** A crawl whose task is gone is removed once it is this old (a crawl's row follows its task's). */
  orphanCrawls: day,
} as const

export interface RetentionResult {
  anonymousTasks: number
  /** Site crawls (with their pages, links and issues) whose task is gone. */
  crawls: number
  /** Crawls whose rows outlived their crawl's row (written after it was deleted). */
  strayCrawls: number
  taskIps: number
  contactIps: number
  rateLimits: number
  sessions: number
  contactMessages: number
  emails: number
  emailFiles: number
}

export async function applyRetention(db: Db, dataDir: string, now = Date.now()): Promise<RetentionResult> {
  const before = (ms: number) => new Date(now - ms)
  const anonymousTasks = await db
    .delete(tasks)
    .where(and(isNull(tasks.userId), lt(tasks.createdAt, before(retention.anonymousTasks))))
    .returning({ id: tasks.id })
  // A crawl's id is its task's: with the task gone (the anonymous ones above, any other), its page store
  // goes too, with its rows in the other crawl tables.
  const crawls = await deleteCrawls(
    db,
    sql`created_at < ${before(retention.orphanCrawls).toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = site_crawls.id)`,
  )
  // And rows a crawl job wrote after its crawl was deleted (an account erased during its own crawl).
  const strayCrawls = await sweepStrayCrawlRows(db)
  const taskIps = await db
    .update(tasks)
    .set({ clientIp: null })
    .where(and(isNotNull(tasks.clientIp), lt(tasks.createdAt, before(retention.clientIps))))
    .returning({ id: tasks.id })
  const contactIps = await db
    .update(contactMessages)
    .set({ clientIp: '' })
    .where(and(ne(contactMessages.clientIp, ''), lt(contactMessages.createdAt, before(retention.clientIps))))
    .returning({ id: contactMessages.id })
  // Rate-limit keys carry the client address; their windows are minutes long.
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now - retention.clientIps))
    .returning({ id: rateLimits.id })
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now)))
    .returning({ id: sessions.id })
  const messages = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, before(retention.contactMessages)))
    .returning({ id: contactMessages.id })
  const emails = await db
    .delete(emailOutbox)
    .where(lt(emailOutbox.createdAt, before(retention.sentEmails)))
    .returning({ id: emailOutbox.id })
  return {
    anonymousTasks: anonymousTasks.length,
    crawls: crawls.length,
    strayCrawls: strayCrawls.length,
    taskIps: taskIps.length,
    contactIps: contactIps.length,
    rateLimits: limits.length,
    sessions: expiredSessions.length,
    contactMessages: messages.length,
    emails: emails.length,
    emailFiles: removeOldFiles(path.join(dataDir, 'mail'), now - retention.sentEmails),
  }
}

function removeOldFiles(dir: string, olderThan: number): number {
  let removed = 0
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return 0
  }
  for (const name of names) {
    const file = path.join(dir, name)
    if (statSync(file).mtimeMs < olderThan) {
      rmSync(file)
      removed++
    }
  }
  return removed
}

export async function startRetention(db: Db, boss: PgBoss, dataDir: string, log: Logger): Promise<void> {
  await createQueue(boss, retentionQueue)
  await boss.schedule(retentionQueue, '0 * * * *')
  await boss.work(retentionQueue, async () => {
    const result = await applyRetention(db, dataDir)
    log.info({ ...result }, 'retention applied')
  })
}
