// The retention periods the privacy policy promises are applied by the hourly job.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contactMessages, tasks, users } from '../src/db/schema.ts'
import { createLogger } from '../src/log.ts'
import { applyRetention } from '../src/retention/retention.ts'
import { startFarol } from '../src/server.ts'
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
      expect(result).toMatchObject({ anonymousTasks: 1, contactMessages: 1, emailFiles: 1 })
    } finally {
      await farol.stop()
    }
  }, 120_000)
})
