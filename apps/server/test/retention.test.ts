// The retention periods the privacy policy promises are applied by the hourly job.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { startFarol } from '../src/composition/server.ts'
import { applyRetention } from '../src/features/retention/retention.ts'
import { contactMessages, tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, tempDataDir, testConfig } from './helpers.ts'

const day = 24 * 3600_000

describe('data retention', () => {
  it('forgets anonymous analyses after 90 days and client addresses after 24 hours, keeps account data', async () => {
    const dataDir = tempDataDir()
    const port = await freePort()
    const farol = await startFarol(
      testConfig({ dataDir, port, env: { FAROL_WORKERS: '0' } }),
      createLogger('silent'),
    )
    try {
      const db = farol.database.db
      await signedInUser(farol, 'keep@example.pt')
      const [user] = await db.select().from(users).where(eq(users.email, 'keep@example.pt'))
      const userId = user!.id
      const now = Date.now()
      const [anonOld] = await db
        .insert(tasks)
        .values({
          kind: 'ai_optimization',
          url: 'https://a.pt/',
          clientIp: '203.0.113.9',
          createdAt: new Date(now - 91 * day),
        })
        .returning()
      const [anonRecent] = await db
        .insert(tasks)
        .values({
          kind: 'ai_optimization',
          url: 'https://b.pt/',
          clientIp: '203.0.113.9',
          createdAt: new Date(now - 2 * day),
        })
        .returning()
      const [userOld] = await db
        .insert(tasks)
        .values({
          kind: 'ai_optimization',
          url: 'https://c.pt/',
          userId,
          clientIp: '203.0.113.9',
          createdAt: new Date(now - 400 * day),
        })
        .returning()
      const [fresh] = await db
        .insert(tasks)
        .values({ kind: 'ai_optimization', url: 'https://d.pt/', clientIp: '203.0.113.9' })
        .returning()
      await db.insert(contactMessages).values({
        name: 'x',
        email: 'x@x.pt',
        message: 'old',
        clientIp: '203.0.113.9',
        createdAt: new Date(now - 800 * day),
      })
      await db.insert(contactMessages).values({
        name: 'y',
        email: 'y@y.pt',
        message: 'recent',
        clientIp: '203.0.113.9',
        createdAt: new Date(now - 3 * day),
      })
      // Site crawls: an old anonymous task's (its page store goes with it), an account's (kept), and one
      // whose task was just made (no task row yet in this test, but too recent to be taken for an orphan).
      const crawlOf = async (id: string, createdAt: Date) => {
        await db.execute(sql`INSERT INTO site_crawls (id, user_id, start_url, max_pages, created_at)
          VALUES (${id}::uuid, null, 'https://a.pt/', 10, ${createdAt.toISOString()}::timestamptz)`)
        await db.execute(sql`INSERT INTO site_crawl_urls (crawl_id, url, depth, source, state)
          VALUES (${id}::uuid, 'https://a.pt/', 0, 'start', 'done')`)
        await db.execute(sql`INSERT INTO site_crawl_links (crawl_id, source, target, anchor, nofollow, followed, internal)
          VALUES (${id}::uuid, 'https://a.pt/', 'https://a.pt/b', 'b', false, true, true)`)
      }
      const youngOrphan = '6f1c2a4e-0000-4000-8000-000000000001'
      await crawlOf(anonOld!.id, new Date(now - 91 * day))
      await crawlOf(userOld!.id, new Date(now - 400 * day))
      await crawlOf(youngOrphan, new Date(now - 3600_000))
      // Rows of a crawl whose row is gone (its account erased while it still ran).
      const stray = '6f1c2a4e-0000-4000-8000-000000000002'
      await db.execute(sql`INSERT INTO site_crawl_links (crawl_id, source, target, anchor, nofollow, followed, internal)
        VALUES (${stray}::uuid, 'https://z.pt/', 'https://z.pt/b', 'b', false, true, true)`)
      await db.execute(sql`INSERT INTO site_crawl_issues (crawl_id, type, severity, url)
        VALUES (${stray}::uuid, 'broken-link', 'error', 'https://z.pt/b')`)
      mkdirSync(path.join(dataDir, 'mail'), { recursive: true })
      const oldMail = path.join(dataDir, 'mail', 'old.eml')
      writeFileSync(oldMail, 'x')
      utimesSync(oldMail, new Date(now - 100 * day), new Date(now - 100 * day))

      const result = await applyRetention(db, dataDir, now)

      const ids = (await db.select({ id: tasks.id, ip: tasks.clientIp }).from(tasks)).map((t) => t.id)
      expect(ids).not.toContain(anonOld!.id)
      expect(ids).toEqual(expect.arrayContaining([anonRecent!.id, userOld!.id, fresh!.id]))
      const [recent] = await db.select().from(tasks).where(eq(tasks.id, anonRecent!.id))
      expect(recent!.clientIp).toBeNull()
      const [current] = await db.select().from(tasks).where(eq(tasks.id, fresh!.id))
      expect(current!.clientIp).toBe('203.0.113.9')
      const messages = await db.select().from(contactMessages)
      expect(messages.map((m) => m.message)).toEqual(['recent'])
      expect(messages[0]!.clientIp).toBe('')
      expect(existsSync(oldMail)).toBe(false)
      expect(result).toMatchObject({
        anonymousTasks: 1,
        crawls: 1,
        strayCrawls: 1,
        contactMessages: 1,
        emailFiles: 1,
      })
      const crawlRows = async (table: string) =>
        (
          (await db.execute(sql.raw(`SELECT DISTINCT crawl_id::text AS id FROM ${table}`))) as unknown as {
            rows: { id: string }[]
          }
        ).rows
          .map((r) => r.id)
          .sort()
      const kept = [userOld!.id, youngOrphan].sort()
      expect(await crawlRows('site_crawl_urls')).toEqual(kept)
      expect(await crawlRows('site_crawl_links')).toEqual(kept)
      expect(await crawlRows('site_crawl_issues')).toEqual([])
    } finally {
      await farol.stop()
    }
  }, 120_000)
})
