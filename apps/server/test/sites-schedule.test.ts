// A tracked site's schedule (issue 25): a newly tracked site gets its baseline run at once, not a week
// later; and FAROL_MONITOR_EVERY_S set after sites were tracked applies to them on the next start.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { siteRuns } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, tempDataDir, testConfig, withoutLighthouse } from './helpers.ts'

describe('tracked site schedules', () => {
  let site: Server
  let siteUrl: string
  let farol: RunningFarol | null = null
  const dataDir = tempDataDir()

  const start = async (env: Record<string, string> = {}) =>
    startFarol(
      testConfig({
        dataDir,
        port: await freePort(),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_TASK_REUSE_SECONDS: '0', ...env },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html lang="pt"><head><title>Padaria Sol</title></head><body><h1>Padaria Sol</h1></body></html>',
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  async function runsOf(f: RunningFarol, siteId: string) {
    return f.database.db.select().from(siteRuns).where(eq(siteRuns.siteId, siteId))
  }
  async function until(what: () => Promise<number>, atLeast: number, ms = 120_000): Promise<number> {
    const deadline = Date.now() + ms
    for (;;) {
      const n = await what()
      if (n >= atLeast) return n
      if (Date.now() > deadline) throw new Error(`only ${n} runs`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  it('runs a newly tracked weekly site at once, then follows a short interval set later', async () => {
    farol = await start()
    const cookie = await signedInUser(farol, 'ana.schedule@exemplo.pt')
    const created = await fetch(`${farol.url}/api/sites`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ url: siteUrl, frequency: 'weekly' }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const running = farol
    // The baseline: one run now, not in a week.
    await until(async () => (await runsOf(running, id)).filter((r) => r.status === 'success').length, 1)
    await new Promise((r) => setTimeout(r, 8_000))
    expect(await runsOf(running, id)).toHaveLength(1)
    await farol.stop()

    // The operator sets a 5-second interval: the site tracked before follows it after the restart.
    farol = await start({ FAROL_MONITOR_EVERY_S: '5' })
    const restarted = farol
    await until(async () => (await runsOf(restarted, id)).length, 3)
  }, 300_000)
})
