// Monitoring with field data: a tracked site re-audited on a short schedule stores each run's real-user
// Core Web Vitals (from the loopback CrUX fake, through the tasks' field data), and when the phone LCP p75
// crosses Google's "good" threshold between two runs the run carries the alert, the history says it in
// the owner's language and the owner gets an email. Lighthouse is left out (device none): the field data
// comes from CrUX, not the lab.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeCrux, fakeCruxKey, startFakeCrux } from '../../../packages/engine/test/fakes/crux.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import type { RunSnapshot } from '../src/features/sites/alerts.ts'
import { cruxCache, emailOutbox, siteRuns } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

const page = `<!doctype html><html lang="pt"><head><title>Padaria Sol — pão de fermentação lenta em Faro</title>
<meta name="description" content="Padaria Sol: pão de fermentação lenta, bolos e encomendas em Faro, com entregas ao domicílio todos os dias.">
</head><body><main><h1>Padaria Sol</h1><p>Pão e bolos em Faro.</p></main></body></html>`

describe('tracked sites with real-user data', () => {
  let site: Server
  let siteUrl: string
  let crux: FakeCrux
  let farol: RunningFarol
  let ana: string
  beforeAll(async () => {
    site = createServer((req, res) => {
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(req.url === '/' ? page : 'não encontrado')
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    crux = await startFakeCrux()
    crux.records.set(fakeCruxKey('PHONE', { url: siteUrl }), {
      p75: { lcp: 2200, inp: 150, cls: 0.04, fcp: 1400, ttfb: 600 },
    })
    crux.records.set(fakeCruxKey('DESKTOP', { origin: new URL(siteUrl).origin }), {
      p75: { lcp: 1500, inp: 80, cls: 0.02 },
    })
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_MONITOR_EVERY_S: '5',
          FAROL_TASK_REUSE_SECONDS: '0',
          CRUX_API_KEY: crux.apiKey,
          FAROL_CRUX_URL: crux.origin,
        },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    ana = await signedInUser(farol, 'ana.cwv@exemplo.pt')
    // Opening the database and running migrations is slow on a loaded 2-core machine.
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
    await crux?.close()
    site?.close()
  })

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}/api${path}`, {
      ...init,
      headers: { cookie: ana, 'content-type': 'application/json', origin: farol.url },
    })
  async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 150_000): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const v = await what()
      if (ok(v)) return v
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  it('stores the field p75s with each run and alerts when LCP leaves "good"', async () => {
    const created = await api('/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    expect(created.status).toBe(201)
    const { id } = await created.json()
    const runs = () =>
      farol.database.db.select().from(siteRuns).where(eq(siteRuns.siteId, id)).orderBy(siteRuns.startedAt)

    const first = await until(runs, (rs) => rs.some((r) => r.status === 'success'))
    const done = first.find((r) => r.status === 'success')!
    expect((done.snapshot as RunSnapshot).field).toEqual({
      mobile: { lcp: 2200, inp: 150, cls: 0.04 },
      desktop: { lcp: 1500, inp: 80, cls: 0.02 },
    })
    expect(done.alerts).toEqual([])

    // The next day CrUX's window has moved: real users now wait 4.6 s for the phone LCP.
    crux.records.get(fakeCruxKey('PHONE', { url: siteUrl }))!.p75.lcp = 4600
    await farol.database.db.delete(cruxCache)
    const later = await until(runs, (rs) => rs.some((r) => ((r.alerts as unknown[]) ?? []).length > 0))
    const alerted = later.find((r) => ((r.alerts as unknown[]) ?? []).length > 0)!
    expect(alerted.alerts).toEqual([
      {
        kind: 'cwv-crossed',
        device: 'mobile',
        metric: 'lcp',
        from: 2200,
        to: 4600,
        fromRating: 'good',
        toRating: 'poor',
      },
    ])
    const history = (await (await api(`/sites/${id}/history?lang=pt`)).json()) as {
      runs: { alerts: { kind: string; text: string }[] }[]
    }
    expect(history.runs.flatMap((r) => r.alerts.map((a) => a.text))).toContain(
      'LCP dos utilizadores reais (telemóvel) passou de bom (2,2 s) para fraco (4,6 s).',
    )
    const mails = await until(
      () =>
        farol.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, 'ana.cwv@exemplo.pt'), eq(emailOutbox.kind, 'site-alert'))),
      (ms) => ms.length > 0,
      30_000,
    )
    expect(mails[0]!.text).toContain('LCP dos utilizadores reais')
    expect((await api(`/sites/${id}`, { method: 'DELETE' })).status).toBe(204)
  }, 300_000)
})
