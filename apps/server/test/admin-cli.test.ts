import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { startFarol } from '../src/composition/server.ts'
import { users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, tempDataDir, testConfig } from './helpers.ts'

const cli = fileURLToPath(new URL('../src/composition/admin/cli.ts', import.meta.url))
const log = createLogger('silent')

function admin(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, FAROL_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  })
  return { code: r.status, out: r.stdout + r.stderr }
}

describe('npm run admin', () => {
  it('grants and revokes the admin role, refusing while the server holds the embedded database', async () => {
    const dataDir = tempDataDir()
    const port = await freePort()
    const farol = await startFarol(testConfig({ dataDir, port }), log)
    await fetch(`${farol.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ name: 'Inês', email: 'ines@example.pt', password: 'Farol#Seguro2026' }),
    })
    const busy = admin(dataDir, 'grant', 'ines@example.pt')
    expect(busy.code).toBe(1)
    expect(busy.out).toContain('in use by another Farol process')
    await farol.stop()

    expect(admin(dataDir).code).toBe(64)
    const unknown = admin(dataDir, 'grant', 'nobody@example.pt')
    expect(unknown.code).toBe(1)
    expect(unknown.out).toContain('must sign up first')

    const granted = admin(dataDir, 'grant', 'INES@example.pt')
    expect(granted.code).toBe(0)
    expect(admin(dataDir, 'list').out).toContain('ines@example.pt')

    const again = await startFarol(testConfig({ dataDir, port }), log)
    try {
      const [row] = await again.database.db.select().from(users).where(eq(users.email, 'ines@example.pt'))
      expect(row!.role).toBe('admin')
    } finally {
      await again.stop()
    }
    expect(admin(dataDir, 'revoke', 'ines@example.pt').code).toBe(0)

    // A crawl of theirs, with its page store.
    const crawlId = '6f1c2a4e-0000-4000-8000-0000000000c1'
    const withCrawl = await startFarol(testConfig({ dataDir, port }), log)
    try {
      const db = withCrawl.database.db
      const [ines] = await db.select().from(users).where(eq(users.email, 'ines@example.pt'))
      await db.execute(sql`INSERT INTO site_crawls (id, user_id, start_url, max_pages)
        VALUES (${crawlId}::uuid, ${ines!.id}, 'https://ines.pt/', 10)`)
      await db.execute(sql`INSERT INTO site_crawl_urls (crawl_id, url, depth, source)
        VALUES (${crawlId}::uuid, 'https://ines.pt/', 0, 'start')`)
    } finally {
      await withCrawl.stop()
    }

    // An erasure request: the account and everything it owns are gone.
    expect(admin(dataDir, 'delete', 'ines@example.pt').code).toBe(0)
    expect(admin(dataDir, 'grant', 'ines@example.pt').out).toContain('must sign up first')
    const after = await startFarol(testConfig({ dataDir, port }), log)
    try {
      const count = async (table: string) =>
        (
          (await after.database.db.execute(
            sql.raw(
              `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'site_crawls' ? 'id' : 'crawl_id'} = '${crawlId}'`,
            ),
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n
      expect(await count('site_crawls')).toBe(0)
      expect(await count('site_crawl_urls')).toBe(0)
    } finally {
      await after.stop()
    }
  }, 300_000)
})
