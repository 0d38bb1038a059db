import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../src/db/schema.ts'
import { createLogger } from '../src/log.ts'
import { startFarol } from '../src/server.ts'
import { freePort, tempDataDir, testConfig } from './helpers.ts'

const cli = fileURLToPath(new URL('../src/admin/cli.ts', import.meta.url))
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

    // An erasure request: the account and everything it owns are gone.
    expect(admin(dataDir, 'delete', 'ines@example.pt').code).toBe(0)
    expect(admin(dataDir, 'grant', 'ines@example.pt').out).toContain('must sign up first')
  }, 300_000)
})
