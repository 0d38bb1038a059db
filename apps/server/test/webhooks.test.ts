// Webhooks of tracked sites against a loopback receiver: a finished crawl of the site's host is posted
// signed (X-Farol-Signature verified with the webhook's secret), a 500 is retried on the job queue until
// delivered, the delivery log shows it, Slack's format carries text and blocks, only subscribed events
// are sent, and a private address is refused (at creation, and at connect time by the guard).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { checkWebhookUrl, deliver, emitSiteEvent } from '../src/features/sites/webhooks/service.ts'
import { verifySignature } from '../src/features/sites/webhooks/signature.ts'
import { siteWebhooks, webhookDeliveries } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
  answered: number
}

describe('webhooks', () => {
  let site: Server
  let siteUrl: string
  let receiver: Server
  let receiverUrl: string
  const received: Received[] = []
  const failedOnce = new Set<string>()
  let farol: RunningFarol
  let cookie: string
  const env = {
    FAROL_ALLOW_PRIVATE_TARGETS: '1',
    FAROL_CRAWL_CONCURRENCY: '4',
    FAROL_WEBHOOK_RETRIES: '3',
    FAROL_WEBHOOK_RETRY_DELAY_S: '1',
  }
  const config = () => testConfig({ port: 0, env })

  beforeAll(async () => {
    site = createServer((req, res) => {
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html><head><title>Loja</title></head><body><a href="/desaparecida">x</a></body></html>',
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    // The JSON hook's first attempt of each delivery answers 500; every other request 200.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const delivery = String(req.headers['x-farol-delivery'])
        const fail = req.url === '/json' && !failedOnce.has(delivery)
        if (fail) failedOnce.add(delivery)
        const answered = fail ? 500 : 200
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered,
        })
        res.writeHead(answered).end()
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    // Webhooks, not Lighthouse, are under test: the site's runs audit without it (the Lighthouse queue is
    // shared with every other test file).
    farol = await startFarol(testConfig({ port: await freePort(), env }), createLogger('silent'), {
      runAudit: withoutLighthouse,
    })
    cookie = await signedInUser(farol, 'ana.webhooks@exemplo.pt')
  }, 180_000) // starting Farol on a loaded machine (as main's field tests)
  afterAll(async () => {
    await farol?.stop()
    site?.close()
    receiver?.close()
  })

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}/api${path}`, {
      ...init,
      headers: { cookie, origin: farol.url, 'content-type': 'application/json', ...(init.headers ?? {}) },
    })
  async function until<T>(what: () => Promise<T> | T, ok: (v: T) => boolean, ms = 90_000): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const v = await what()
      if (ok(v)) return v
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`)
      await new Promise((r) => setTimeout(r, 300))
    }
  }

  it('posts signed events, retries a 500 on the queue, logs deliveries and speaks Slack', async () => {
    const { id: siteId } = await (
      await api('/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    ).json()
    // A newly tracked site gets its baseline run at once: let it end before the hooks exist, so the only
    // events they receive are the ones this test causes.
    await until(
      async () => (await (await api(`/sites/${siteId}/history`)).json()).runs as { status: string }[],
      (runs) => runs.length > 0 && runs.every((r) => r.status !== 'running'),
      240_000,
    )
    const json = await api(`/sites/${siteId}/webhooks`, {
      method: 'POST',
      body: JSON.stringify({ url: `${receiverUrl}/json`, events: ['crawl.finished'] }),
    })
    expect(json.status).toBe(201)
    const jsonHook = await json.json()
    expect(jsonHook.secret).toMatch(/^whsec_/)
    const slackHook = await (
      await api(`/sites/${siteId}/webhooks`, {
        method: 'POST',
        body: JSON.stringify({
          url: `${receiverUrl}/slack`,
          events: ['crawl.finished', 'alert'],
          format: 'slack',
        }),
      })
    ).json()
    // The list never shows secrets again.
    const listed = await (await api(`/sites/${siteId}/webhooks`)).json()
    expect(JSON.stringify(listed)).not.toContain(jsonHook.secret)

    const crawl = await api('/seo-task-manager/create', {
      method: 'POST',
      body: JSON.stringify({ task_name: 'site_crawl', requested_data: { url: siteUrl, maxPages: 5 } }),
    })
    const { taskId } = await crawl.json()

    const jsonPosts = await until(
      () => received.filter((r) => r.path === '/json'),
      (list) => list.some((r) => r.answered === 200),
    )
    expect(jsonPosts.map((r) => r.answered)).toEqual([500, 200])
    const delivered = jsonPosts[1]!
    expect(delivered.headers['x-farol-delivery']).toBe(jsonPosts[0]!.headers['x-farol-delivery'])
    const signature = String(delivered.headers['x-farol-signature'])
    expect(verifySignature(jsonHook.secret, signature, delivered.body)).toBe(true)
    expect(verifySignature(jsonHook.secret, signature, `${delivered.body} `)).toBe(false)
    expect(verifySignature(slackHook.secret, signature, delivered.body)).toBe(false)
    const event = JSON.parse(delivered.body)
    expect(event.event).toBe('crawl.finished')
    expect(event.site).toEqual({ id: siteId, url: siteUrl })
    expect(event.data.crawlId).toBe(taskId)
    expect(event.data.pages).toBe(2)
    expect(event.data.issues.map((i: { type: string }) => i.type)).toContain('broken-link')

    const slack = await until(
      () => received.find((r) => r.path === '/slack'),
      (r) => Boolean(r),
    )
    const message = JSON.parse(slack!.body)
    expect(message.text).toMatch(/crawled — 2 pages/)
    expect(message.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: message.text } })

    const log = await until(
      async () => (await (await api(`/sites/${siteId}/webhooks`)).json()).deliveries,
      (d: { webhookId: string; status: string }[]) =>
        d.some((x) => x.webhookId === jsonHook.id && x.status === 'delivered'),
    )
    const jsonDelivery = log.find((d: { webhookId: string }) => d.webhookId === jsonHook.id)
    expect(jsonDelivery).toMatchObject({
      event: 'crawl.finished',
      attempts: 2,
      responseStatus: 200,
      error: null,
    })

    // Only subscribed events: an alert goes to the Slack hook, not the JSON one.
    const before = received.length
    await emitSiteEvent(
      { db: farol.database.db, boss: undefined as never, config: config(), log: createLogger('silent') },
      { id: siteId, url: siteUrl },
      'alert',
      { alerts: [{ kind: 'new-failure', text: 'Novo problema: título em falta' }] },
    ).catch(() => {})
    const [queued] = await farol.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'alert'))
    // boss is not given here, so nothing is sent; the row shows which hook the event was meant for.
    expect(queued?.webhookId).toBe(slackHook.id)
    expect(received.length).toBe(before)
  }, 300_000) // the baseline run audits the site first (Lighthouse included)

  it('refuses private addresses: at creation, and at connect time when delivering', async () => {
    await expect(checkWebhookUrl('http://10.0.0.7/hook', false)).rejects.toThrow()
    await expect(checkWebhookUrl('https://169.254.169.254/latest', false)).rejects.toThrow()
    await expect(checkWebhookUrl('https://[::1]/hook', false)).rejects.toThrow()
    await expect(checkWebhookUrl('ftp://example.com/hook', true)).rejects.toThrow()
    const publicName = async () => [{ address: '93.184.215.14', family: 4 as const }]
    await expect(
      checkWebhookUrl('https://hooks.slack.com/services/T0/B0/x', false, publicName),
    ).resolves.toBe('https://hooks.slack.com/services/T0/B0/x')

    const { id: siteId } = await (
      await api('/sites', { method: 'POST', body: JSON.stringify({ url: 'https://example.com/' }) })
    ).json()
    const bad = await api(`/sites/${siteId}/webhooks?lang=en`, {
      method: 'POST',
      body: JSON.stringify({ url: 'ftp://example.com/', events: ['alert'] }),
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.message).toMatch(/public https address/)

    // A hook stored while private targets were allowed, delivered by a worker that does not allow them:
    // the guard refuses the loopback connection and the receiver never hears of it.
    const [hook] = await farol.database.db
      .insert(siteWebhooks)
      .values({ siteId, url: `${receiverUrl}/private`, events: ['alert'], secret: 'whsec_test' })
      .returning()
    const [delivery] = await farol.database.db
      .insert(webhookDeliveries)
      .values({ webhookId: hook!.id, event: 'alert', payload: { event: 'alert', data: {} } })
      .returning()
    const strict = { ...config(), allowPrivateTargets: false, webhooks: { retries: 0, retryDelaySeconds: 1 } }
    await deliver({ db: farol.database.db, config: strict, log: createLogger('silent') }, delivery!.id)
    const [after] = await farol.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery!.id))
    expect(after).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null })
    expect(after!.error).toMatch(/BLOCKED_ADDRESS|blocked|private/i)
    expect(received.some((r) => r.path === '/private')).toBe(false)
  })
})
