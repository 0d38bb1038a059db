// Tracked sites end to end: follow a site, pg-boss re-audits it on a short schedule (FAROL_MONITOR_EVERY_S)
// with the real engine on a fixture site that changes between runs (Lighthouse left out: device none),
// and the change comes back as an alert in the history and an email in the outbox. Another user's site
// is a 404; the per-user limit holds; unfollowing stops the schedule.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIndexNow } from '../../../packages/engine/test/fakes/indexnow.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { verifySignature } from '../src/features/sites/webhooks/signature.ts'
import { emailOutbox, siteRuns, siteSitemapUrls, tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

const page = `<!doctype html><html lang="pt"><head><title>Oficina Ribeiro — reparações em Braga</title>
<meta name="description" content="Oficina Ribeiro: mecânica geral, travões, pneus e revisões em Braga, com orçamento grátis e marcação online.">
</head><body><main><h1>Oficina Ribeiro</h1><p>Reparação automóvel em Braga.</p></main></body></html>`

describe('tracked sites', () => {
  let site: Server
  let siteUrl: string
  let blocksAiSearch = false
  let linksToGonePage = false
  let farol: RunningFarol
  let ana: string
  let rui: string
  // A webhook receiver: monitoring's audit.finished and alert events arrive here, signed.
  let receiver: Server
  let receiverUrl: string
  const hooked: { headers: Record<string, unknown>; body: string }[] = []
  // IndexNow: monitoring runs without a crawl submit the sitemap's re-dated pages.
  let indexNow: Awaited<ReturnType<typeof startFakeIndexNow>>
  const indexNowKey = 'oficina-ribeiro-key'
  beforeAll(async () => {
    indexNow = await startFakeIndexNow()
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        hooked.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    site = createServer((req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' })
        res.end(
          blocksAiSearch
            ? 'User-agent: OAI-SearchBot\nDisallow: /\n\nUser-agent: PerplexityBot\nDisallow: /\n'
            : 'User-agent: *\nAllow: /\n',
        )
        return
      }
      if (req.url === `/${indexNowKey}.txt`) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(indexNowKey)
        return
      }
      if (req.url === '/sitemap.xml') {
        const lastmod = blocksAiSearch ? '2026-11-26' : '2026-11-01'
        res.writeHead(200, { 'content-type': 'application/xml' })
        res.end(
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${siteUrl}</loc><lastmod>${lastmod}</lastmod></url></urlset>`,
        )
        return
      }
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      const home = linksToGonePage
        ? page.replace('</main>', '<a href="/antiga">Página antiga</a></main>')
        : page
      res.end(req.url === '/' ? home : 'não encontrado')
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_MONITOR_EVERY_S: '5',
          FAROL_SITES_PER_USER: '2',
          FAROL_TASK_REUSE_SECONDS: '0',
          FAROL_INDEXNOW_URL: indexNow.url,
        },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    ana = await signedInUser(farol, 'ana.sites@exemplo.pt')
    rui = await signedInUser(farol, 'rui.sites@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    site?.close()
    receiver?.close()
    await indexNow?.close()
  })

  const api = (cookie: string, path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}/api${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', origin: farol.url, ...(init.headers ?? {}) },
    })
  async function history(id: string) {
    return (await (await api(ana, `/sites/${id}/history?lang=pt`)).json()) as {
      runs: { status: string; aioScore: number | null; alerts: { kind: string; text: string }[] }[]
    }
  }
  async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 150_000): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const v = await what()
      if (ok(v)) return v
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  it('re-audits on its schedule and alerts (history and email) when the site gets worse', async () => {
    const created = await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    expect(created.status).toBe(201)
    const { id, url } = await created.json()
    expect(url).toBe(siteUrl)
    const again = await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    expect(again.status).toBe(200)
    expect((await (await api(ana, '/sites')).json()).sites).toHaveLength(1)
    const hook = await api(ana, `/sites/${id}/webhooks`, {
      method: 'POST',
      body: JSON.stringify({ url: receiverUrl, events: ['audit.finished', 'alert'] }),
    })
    expect(hook.status).toBe(201)
    const { secret } = (await hook.json()) as { secret: string }
    const keyed = await api(ana, `/sites/${id}/indexnow`, {
      method: 'PUT',
      body: JSON.stringify({ key: indexNowKey }),
    })
    expect(keyed.status).toBe(200)

    const first = await until(
      () => history(id),
      (h) => h.runs.some((r) => r.status === 'success'),
    )
    const firstRun = first.runs.find((r) => r.status === 'success')!
    expect(firstRun.aioScore).toBeGreaterThan(0)
    expect(firstRun.alerts).toEqual([])

    // The sitemap was read once with the key (remembered) before the site changes.
    await until(
      () => farol.database.db.select().from(siteSitemapUrls).where(eq(siteSitemapUrls.siteId, id)),
      (rows) => rows.length === 1,
    )
    blocksAiSearch = true
    const later = await until(
      () => history(id),
      (h) => h.runs.some((r) => r.alerts.length > 0),
    )
    const alerted = later.runs.find((r) => r.alerts.length > 0)!
    expect(alerted.alerts.map((a) => a.kind)).toContain('new-failure')
    expect(alerted.alerts.map((a) => a.text).join(' ')).toMatch(/Novo problema/)

    // The run's row gets its alerts before the run's last steps (positions, IndexNow, webhooks, the mail).
    const mails = await until(
      () =>
        farol.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, 'ana.sites@exemplo.pt'), eq(emailOutbox.kind, 'site-alert'))),
      (rows) => rows.length >= 1,
    )
    expect(mails[0]!.text).toContain('Novo problema')
    expect(mails[0]!.text).toContain('/suite/settings')

    // The same runs reached the site's webhook (issue 31): every scheduled run as audit.finished with its
    // scores, and the one that got worse as alert with the history's words, each signed with the secret.
    const events = await until(
      async () => hooked.map((h) => ({ ...h, event: JSON.parse(h.body) })),
      (list) => list.some((h) => h.event.event === 'alert'),
    )
    for (const h of events)
      expect(verifySignature(secret, String(h.headers['x-farol-signature']), h.body)).toBe(true)
    const finished = events.filter((h) => h.event.event === 'audit.finished')
    expect(finished.length).toBeGreaterThanOrEqual(1)
    expect(finished[0]!.event.site).toEqual({ id, url: siteUrl })
    // A run whose AIO task failed under load has no AIO score; the others carry theirs.
    expect(finished.some((h) => h.event.data.scores.aioScore > 0)).toBe(true)
    const alert = events.find((h) => h.event.event === 'alert')!
    expect(alert.event.data.alerts.map((a: { kind: string }) => a.kind)).toContain('new-failure')
    expect(alert.event.data.alerts.map((a: { text: string }) => a.text).join(' ')).toMatch(/Novo problema/)

    // No crawl in these runs: the sitemap said what changed. The home page was re-dated, so it was
    // submitted to the IndexNow endpoint with the site's key.
    await until(
      async () => indexNow.requests.length,
      (n) => n >= 1,
    )
    // Overlapping runs (a slow one and the next) may each report the change; never another page.
    for (const request of indexNow.requests) {
      expect(request.body.urlList).toEqual([siteUrl])
      expect(request.body.key).toBe(indexNowKey)
    }

    // Unfollowing removes the schedule: no new run starts afterwards.
    expect((await api(ana, `/sites/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await api(ana, `/sites/${id}/history`)).status).toBe(404)
  }, 300_000)

  it('re-runs the owner’s site crawl and directory search, and alerts on a new broken internal link', async () => {
    const [owner] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'rui.sites@exemplo.pt'))
    const userId = owner!.id
    await api(rui, '/workspaces') // his personal workspace exists from his first request on
    // Rui ran both before for this site, in its workspace (his personal one): their form and page limit
    // are what the monitor repeats.
    await farol.database.db.insert(tasks).values([
      {
        kind: 'site_crawl',
        url: siteUrl,
        userId,
        workspaceId: personalWorkspaceId(userId),
        status: 'success',
        input: { url: siteUrl, maxPages: 20 },
        results: { issues: [], stats: { pages: 1 }, pages: [] },
        finishedAt: new Date(),
      },
      {
        kind: 'directory_search',
        url: siteUrl,
        userId,
        status: 'success',
        input: {
          form: {
            name: 'Oficina Ribeiro',
            address: 'Rua do Souto, 12',
            postalCode: '4700-329',
            city: 'Braga',
            phone: '',
          },
          siteUrl,
        },
        results: { directoryScore: null },
        finishedAt: new Date(),
      },
    ])
    const created = await api(rui, '/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    const { id } = await created.json()
    const runs = () =>
      farol.database.db.select().from(siteRuns).where(eq(siteRuns.siteId, id)).orderBy(siteRuns.startedAt)
    const first = await until(runs, (rs) => rs.some((r) => r.status === 'success'))
    const done = first.find((r) => r.status === 'success')!
    expect(Object.keys(done.taskIds as object).sort()).toEqual([
      'aio',
      'crawl',
      'desktop',
      'directories',
      'mobile',
    ])
    expect(done.alerts).toEqual([])

    linksToGonePage = true
    const later = await until(runs, (rs) => rs.some((r) => ((r.alerts as unknown[]) ?? []).length > 0))
    const alerted = later.find((r) => ((r.alerts as unknown[]) ?? []).length > 0)!
    expect(alerted.alerts).toEqual([
      {
        kind: 'new-failure',
        id: 'crawl:broken-link',
        title: { pt: 'Ligações internas quebradas', en: 'Broken internal links' },
      },
    ])
    expect((await api(rui, `/sites/${id}`, { method: 'DELETE' })).status).toBe(204)
  }, 300_000)

  it('hides another user’s site, refuses bad input and holds the per-user limit', async () => {
    const created = await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: `${siteUrl}a` }) })
    const { id } = await created.json()
    expect((await api(rui, `/sites/${id}/history`)).status).toBe(404)
    expect((await api(rui, `/sites/${id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await api(ana, '/sites/not-a-uuid/history')).status).toBe(404)
    expect((await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: '' }) })).status).toBe(400)
    expect(
      (await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: 'ftp://x.pt' }) })).status,
    ).toBe(400)
    await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: `${siteUrl}b` }) })
    const over = await api(ana, '/sites', { method: 'POST', body: JSON.stringify({ url: `${siteUrl}c` }) })
    expect(over.status).toBe(409)
    expect((await over.json()).error.code).toBe('SITES_LIMIT')
    expect((await fetch(`${farol.url}/api/sites`)).status).toBe(401)
  })
})
