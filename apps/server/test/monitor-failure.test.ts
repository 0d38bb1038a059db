// A scheduled run whose analyses all failed measured nothing: it is stored as failed (with why), its null
// scores never become the comparison point, and the owner gets an email saying monitoring failed and why.
import { and, desc, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { runFailure } from '../src/features/sites/monitor.ts'
import { emailOutbox, siteRuns } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

describe('a monitoring run with no successful analysis', () => {
  let farol: RunningFarol
  let cookie: string
  const email = 'ines.monitor@exemplo.pt'
  beforeAll(async () => {
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_MONITOR_EVERY_S: '5', FAROL_TASK_REUSE_SECONDS: '0' },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    cookie = await signedInUser(farol, email)
    // Opening the embedded database takes over a minute on a loaded 2-core machine.
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
  })

  it('names the first failed analysis as the reason, and none when one succeeded', () => {
    expect(runFailure([{ status: 'failed', errorCode: 'CONNECTION_REFUSED' }])).toBe('CONNECTION_REFUSED')
    expect(runFailure([{ status: 'failed', errorCode: null }])).toBe('INTERNAL')
    expect(
      runFailure([
        { status: 'failed', errorCode: 'TOTAL_TIMEOUT' },
        { status: 'success', errorCode: null },
      ]),
    ).toBeNull()
  })

  it('is failed, keeps the last real scores as the comparison point, and tells the owner why', async () => {
    // Nothing listens on this port: every analysis fails with "connection refused".
    const deadUrl = `http://127.0.0.1:${await freePort()}/`
    const created = await fetch(`${farol.url}/api/sites`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ url: deadUrl }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const db = farol.database.db
    // An earlier run that measured the site.
    const scores = {
      seoScore: 81,
      seoMobileScore: 77,
      aioScore: 64,
      llmScore: null,
      directoryScore: null,
      totalScore: 74,
    }
    const [earlier] = await db
      .insert(siteRuns)
      .values({
        siteId: id,
        status: 'success',
        scores,
        snapshot: { scores, failing: [], mentionedBy: null },
        startedAt: new Date(Date.now() - 60_000),
        finishedAt: new Date(Date.now() - 50_000),
      })
      .returning()

    const deadline = Date.now() + 150_000
    let run: typeof siteRuns.$inferSelect | undefined
    for (;;) {
      ;[run] = await db
        .select()
        .from(siteRuns)
        .where(and(eq(siteRuns.siteId, id), ne(siteRuns.id, earlier!.id), ne(siteRuns.status, 'running')))
      if (run) break
      if (Date.now() > deadline) throw new Error('no monitoring run finished')
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(run.status).toBe('failed')
    expect(run.errorCode).toBe('CONNECTION_REFUSED')
    expect(run.scores).toBeNull()
    const [lastSuccess] = await db
      .select()
      .from(siteRuns)
      .where(and(eq(siteRuns.siteId, id), eq(siteRuns.status, 'success')))
      .orderBy(desc(siteRuns.startedAt))
    expect(lastSuccess?.scores).toEqual(scores)

    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'site-monitor-failed')))
    expect(mail?.subject).toContain('falhou')
    expect(mail?.text).toContain(deadUrl)
    expect(mail?.text).toMatch(/Motivo: .+/)

    // The history says so too.
    const history = (await (
      await fetch(`${farol.url}/api/sites/${id}/history?lang=en`, { headers: { cookie } })
    ).json()) as { runs: { status: string; errorCode: string | null }[] }
    expect(history.runs.find((r) => r.status === 'failed')?.errorCode).toBe('CONNECTION_REFUSED')
  }, 200_000)
})
