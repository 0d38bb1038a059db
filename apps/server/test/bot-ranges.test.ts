// Issue 42 item 3: the operators' IP lists refreshed by a scheduled job (from a fake list server on
// loopback, FAROL_BOT_RANGES_BASE_URL). While only the shipped lists (older than 30 days) are there, 30
// GPTBot requests from an address outside OpenAI's list are "outside the list", with its date, counted
// apart from the unverifiable; once the job has stored a fresh list, the same requests are spoofed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RANGE_SOURCES } from '@farol/engine/logs/bots-table.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import type { BotLogView } from '../src/features/bot-logs/routes.ts'
import { loadConfig } from '../src/platform/config.ts'
import { botIpLists } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const PERPLEXITY = 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)'
const line = (ip: string, ua: string) =>
  `${ip} - - [20/Nov/2026:10:00:00 +0000] "GET /precos HTTP/1.1" 200 100 "-" "${ua}"`
const log = [
  ...Array.from({ length: 30 }, () => line('198.51.100.9', GPT)),
  line('20.171.206.5', GPT),
  // PerplexityBot's list is not served by the fake: it stays the shipped copy, and outside it.
  line('198.51.100.10', PERPLEXITY),
].join('\n')

describe('the operators IP lists, refreshed by the scheduled job', () => {
  let lists: Server
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const asked: string[] = []
  let farol: RunningFarol
  let cookie = ''
  beforeAll(async () => {
    // The fake operators: OpenAI's lists answer (once released), every other list is missing.
    lists = createServer(async (req, res) => {
      asked.push(req.url ?? '')
      await held
      if (req.url === '/lists/gptbot.json') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ creationTime: 'now', prefixes: [{ ipv4Prefix: '20.171.206.0/24' }] }))
      } else {
        res.writeHead(404)
        res.end()
      }
    })
    await new Promise<void>((resolve) => lists.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(lists.address() as AddressInfo).port}/lists`
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_LOG_DNS: 'off',
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_BOT_RANGES_BASE_URL: base,
          FAROL_BOT_RANGES_EVERY_S: '3600',
        },
      }),
      createLogger('silent'),
    )
    cookie = await signedInUser(farol, 'ranges@example.pt')
  }, 180_000)
  afterAll(async () => {
    release()
    await farol?.stop()
    await new Promise((resolve) => lists.close(resolve))
  })

  const upload = async () => {
    const res = await fetch(`${farol.url}/api/bots/uploads?site=https://exemplo.pt&name=access.log&lang=pt`, {
      method: 'POST',
      headers: { cookie, origin: farol.url, 'content-type': 'application/octet-stream' },
      body: log,
    })
    expect(res.status).toBe(201)
    const view = (await (
      await fetch(`${farol.url}/api/bots/latest?site=exemplo.pt`, { headers: { cookie } })
    ).json()) as BotLogView
    return view
  }
  const bot = (view: BotLogView, token: string) => view.analysis!.summary.bots.find((b) => b.token === token)!

  it('before the refresh: outside the shipped (stale) list, with its date; not spoofed, not unverified', async () => {
    const view = await upload()
    expect(bot(view, 'GPTBot')).toMatchObject({
      verified: 1,
      outsideList: 30,
      unverified: 0,
      spoofed: 0,
      list: { name: 'gptbot', retrieved: '2026-05-04', fresh: false },
    })
    expect(view.analysis!.summary.totals.spoofedHits).toBe(0)
    const gptbot = view.lists.lists.find((l) => l.name === 'gptbot')!
    expect(gptbot).toMatchObject({
      operator: 'OpenAI',
      retrieved: '2026-05-04',
      fresh: false,
      source: 'shipped',
    })
    expect(view.lists.refresh).toMatchObject({ on: true, everySeconds: 3600 })
    // Every list the job fetches is shown, one with no copy at all as such (DuckAssistBot's: none shipped),
    // so the failures the page counts are among the lists it shows.
    expect(view.lists.lists.map((l) => l.name).sort()).toEqual(Object.keys(RANGE_SOURCES).sort())
    expect(view.lists.lists.find((l) => l.name === 'duckassistbot')).toMatchObject({
      operator: 'DuckDuckGo',
      source: 'none',
      retrieved: null,
      fresh: false,
    })
  })

  it('the job (sent at start: never refreshed) fetches every list from the base URL and stores the good ones', async () => {
    // The job started at boot and is waiting on the fake server, for every list at once.
    const names = Object.keys(RANGE_SOURCES).length
    await expect.poll(() => asked.length, { timeout: 60_000 }).toBe(names)
    expect(asked).toContain('/lists/gptbot.json')
    expect(asked).toContain('/lists/perplexitybot.json')
    release()
    await expect
      .poll(async () => (await farol.database.db.select().from(botIpLists)).length, { timeout: 60_000 })
      .toBe(names)
    const rows = await farol.database.db.select().from(botIpLists)
    const gptbot = rows.find((r) => r.name === 'gptbot')!
    expect(gptbot).toMatchObject({ prefixes: 1, error: '' })
    expect(gptbot.retrievedAt).not.toBeNull()
    const perplexity = rows.find((r) => r.name === 'perplexitybot')!
    expect(perplexity).toMatchObject({ body: null, retrievedAt: null, error: 'HTTP 404' })
  }, 90_000)

  it('after the refresh: the same addresses are spoofed; the page shows the refreshed list and the failures', async () => {
    const view = await upload()
    expect(bot(view, 'GPTBot')).toMatchObject({ verified: 1, outsideList: 0, spoofed: 30 })
    expect(bot(view, 'GPTBot').list).toMatchObject({ name: 'gptbot', fresh: true })
    // A list the job could not fetch keeps its shipped copy and date.
    expect(bot(view, 'PerplexityBot')).toMatchObject({
      outsideList: 1,
      spoofed: 0,
      list: { name: 'perplexitybot', retrieved: '2026-05-04', fresh: false },
    })
    const today = new Date().toISOString().slice(0, 10)
    const gptbot = view.lists.lists.find((l) => l.name === 'gptbot')!
    expect(gptbot).toMatchObject({ source: 'refreshed', fresh: true, error: null })
    expect(gptbot.retrieved?.slice(0, 10)).toBe(today)
    expect(view.lists.lists.find((l) => l.name === 'perplexitybot')).toMatchObject({
      source: 'shipped',
      error: 'HTTP 404',
    })
    expect(view.lists.refresh.lastCheck?.slice(0, 10)).toBe(today)
    expect(view.lists.refresh.failed).toBe(asked.length - 1)
    // "10 not fetched" beside the 11 lists shown, each failure among them (issue 42: it said 11 beside 10).
    expect(view.lists.lists).toHaveLength(asked.length)
    expect(view.lists.lists.filter((l) => l.error !== null)).toHaveLength(view.lists.refresh.failed)
    expect(view.lists.lists.find((l) => l.name === 'duckassistbot')).toMatchObject({
      source: 'none',
      error: 'HTTP 404',
    })
  })
})

describe('test servers and the network', () => {
  it("a server started from a test's environment (main.ts, worker.ts spawned by tests) never fetches the lists", () => {
    // vitest.config.ts sets FAROL_BOT_RANGES_EVERY_S=0 for every test process and what it spawns with its
    // environment; a test that wants the job sets it (above) with a loopback fake as the base URL.
    expect(loadConfig(process.env).botLogs?.ranges).toMatchObject({ everySeconds: 0 })
  })
})
