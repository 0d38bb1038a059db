// /api/bots (issue 32): a gzipped log streamed to the server becomes stored aggregates (no line, no IP),
// joined with the user's latest crawl; pages paged, CSV exported; bad input is a translated 4xx; a gzip
// bomb is refused as it decompresses, and a third upload at once is refused (issue 40).
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { constants, gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import type { BotLogView } from '../src/features/bot-logs/routes.ts'
import { botLogAnalyses, botLogPages, tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import { freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CLAUDE = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
const line = (ip: string, path: string, status: number, ua: string) =>
  `${ip} - - [20/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 100 "-" "${ua}"`
const log = [
  line('20.171.206.5', '/', 200, GPT),
  line('198.51.100.1', '/antigo', 404, CLAUDE),
  line('198.51.100.1', '/antigo', 404, CLAUDE),
  line('192.0.2.77', '/', 200, 'Firefox'),
  'not a line',
].join('\n')

for (const backend of ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])]) {
  describe(`/api/bots on ${backend}`, () => {
    let farol: RunningFarol
    let cookie = ''
    let drop: (() => Promise<void>) | undefined
    beforeAll(async () => {
      const pg = backend === 'postgres' ? await freshPostgres() : null
      drop = pg?.drop
      farol = await startFarol(
        testConfig({
          port: await freePort(),
          ...(pg ? { databaseUrl: pg.url } : {}),
          env: { FAROL_LOG_DNS: 'off', FAROL_LOG_UPLOAD_MAX_MB: '1', FAROL_ALLOW_PRIVATE_TARGETS: '1' },
        }),
        createLogger('silent'),
      )
      cookie = await signedInUser(farol, `bots.${backend}@example.pt`)
      const [u] = await farol.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `bots.${backend}@example.pt`))
      // The user's latest crawl of the site, made in their personal workspace (its first request makes
      // it): /antigo answers 404.
      await fetch(`${farol.url}/api/workspaces`, { headers: { cookie } })
      await farol.database.db.insert(tasks).values({
        kind: 'site_crawl',
        url: 'https://exemplo.pt/',
        userId: u!.id,
        workspaceId: personalWorkspaceId(u!.id),
        status: 'success',
        finishedAt: new Date(),
        results: {
          issues: [],
          pages: [
            {
              url: 'https://exemplo.pt/',
              status: 200,
              redirectTo: null,
              indexable: true,
              inlinks: 1,
              linkScore: 100,
            },
            {
              url: 'https://exemplo.pt/antigo',
              status: 404,
              redirectTo: null,
              indexable: false,
              inlinks: 1,
              linkScore: null,
            },
            {
              url: 'https://exemplo.pt/precos',
              status: 200,
              redirectTo: null,
              indexable: true,
              inlinks: 1,
              linkScore: 80,
            },
          ],
        },
      })
    }, 180_000)
    afterAll(async () => {
      await farol?.stop()
      await drop?.()
    })

    const upload = (
      body: Uint8Array | string,
      query = 'site=https://exemplo.pt&name=access.log.gz',
      lang = 'pt',
    ) =>
      fetch(`${farol.url}/api/bots/uploads?${query}&lang=${lang}`, {
        method: 'POST',
        headers: { cookie, origin: farol.url, 'content-type': 'application/octet-stream' },
        body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
      })

    it('reads a gzipped upload into stored aggregates only, and joins it with the crawl', async () => {
      const res = await upload(gzipSync(log))
      expect(res.status).toBe(201)
      expect(await res.json()).toMatchObject({ lines: 5, malformed: 1 })
      const view = (await (
        await fetch(`${farol.url}/api/bots/latest?site=exemplo.pt`, { headers: { cookie } })
      ).json()) as Required<{ [K in keyof BotLogView]: NonNullable<BotLogView[K]> }>
      expect(
        view.analysis.summary.bots.map((b: { token: string; hits: number }) => [b.token, b.hits]),
      ).toEqual([
        ['ClaudeBot', 2],
        ['GPTBot', 1],
      ])
      expect(view.analysis.summary.bots[1]).toMatchObject({ verified: 1 })
      expect(view.joins.crawl?.broken).toEqual([
        expect.objectContaining({ path: '/antigo', status: 404, hits: 2 }),
      ])
      expect(view.joins.crawl?.unfetched.map((p: { path: string }) => p.path)).toEqual(['/precos'])
      expect(view.joins.presence).toBeNull()
      // The same, as findings for the dashboard's recommendations and the PDF.
      const { findings } = (await (
        await fetch(`${farol.url}/api/bots/summary?url=${encodeURIComponent('https://exemplo.pt/precos')}`, {
          headers: { cookie },
        })
      ).json()) as {
        findings: { url: string; issues: { type: string; count: number; examples: string[] }[] }
      }
      expect(findings.url).toBe('https://exemplo.pt')
      expect(findings.issues.map((i) => [i.type, i.count, i.examples])).toEqual([
        ['bots-broken-pages', 1, ['/antigo (404)']],
        ['bots-unfetched', 1, ['/precos']],
      ])
      const none = await fetch(`${farol.url}/api/bots/summary?url=outro.pt`, { headers: { cookie } })
      expect(await none.json()).toEqual({ findings: null })
      expect((await fetch(`${farol.url}/api/bots/summary?url=exemplo.pt`)).status).toBe(401)
      // Nothing personal stored: no address anywhere in the rows.
      const rows = JSON.stringify([
        await farol.database.db.select().from(botLogAnalyses),
        await farol.database.db.select().from(botLogPages),
      ])
      expect(rows).not.toContain('198.51.100.1')
      expect(rows).not.toContain('20.171.206.5')
      expect(rows).not.toContain('192.0.2.77')
    })

    it('pages are paged and filtered by bot; CSV exports quote and neutralise formulas', async () => {
      const view = (await (
        await fetch(`${farol.url}/api/bots/latest?site=exemplo.pt`, { headers: { cookie } })
      ).json()) as Required<{ [K in keyof BotLogView]: NonNullable<BotLogView[K]> }>
      const id = view.analysis.id
      const page = (await (
        await fetch(`${farol.url}/api/bots/analyses/${id}/pages?limit=1&bot=GPTBot`, { headers: { cookie } })
      ).json()) as { total: number; rows: { path: string }[] }
      expect(page).toMatchObject({ total: 1, rows: [{ path: '/' }] })
      const all = (await (
        await fetch(`${farol.url}/api/bots/analyses/${id}/pages?limit=1`, { headers: { cookie } })
      ).json()) as { total: number; rows: { path: string }[] }
      expect(all.total).toBe(2)
      const exported = async (query: string) =>
        (await fetch(`${farol.url}/api/bots/analyses/${id}/export?${query}`, { headers: { cookie } })).text()
      // Codes only when asked for (issue 41 item 4).
      const csv = await exported('table=pages&codes=1')
      expect(csv.split('\r\n')[0]).toBe('"path","bot","hits","first_fetch","last_fetch","last_status"')
      expect(csv).toContain('"/antigo","ClaudeBot","2"')
      expect((await exported('table=pages&lang=pt')).split('\r\n')[0]).toBe(
        '"Página","Robô","Pedidos","Primeira visita","Última visita","Último estado"',
      )
      // The bot table: the page's shown columns in its language, the column outside an old list included.
      const bots = (await exported('table=bots&lang=pt&columns=bot,purpose,hits,outsideList')).split('\r\n')
      expect(bots[0]).toBe('"Robô","Operador","Finalidade","Pedidos","Fora da lista (antiga)"')
      expect(bots).toContain('"ClaudeBot","Anthropic","Treino de modelos","2","2"')
      const english = (await exported('table=bots&lang=en&columns=bot,purpose')).split('\r\n')
      expect(english[0]).toBe('"Bot","Operator","Purpose"')
      expect(english).toContain('"GPTBot","OpenAI","Model training"')
      const codes = (await exported('table=bots&lang=pt&columns=bot&codes=1')).split('\r\n')
      expect(codes[0]).toMatch(
        /^"bot","operator","kind","purpose","hits","verified","unverified","outside_list",/,
      )
      expect(codes.find((l) => l.startsWith('"ClaudeBot"'))).toMatch(
        /^"ClaudeBot","Anthropic","ai","training",/,
      )
    })

    it("reads the site's robots.txt and counts hits on the paths it disallows for each bot", async () => {
      const site = createServer((req, res) => {
        if (req.url === '/robots.txt') res.end('User-agent: ClaudeBot\nDisallow: /antigo\n')
        else res.writeHead(404).end()
      })
      await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
      const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
      try {
        const res = await upload(gzipSync(log), `site=${encodeURIComponent(origin)}&name=a.gz`)
        expect(res.status).toBe(201)
        const view = (await (
          await fetch(`${farol.url}/api/bots/latest?site=${encodeURIComponent(origin)}`, {
            headers: { cookie },
          })
        ).json()) as BotLogView
        const byToken = Object.fromEntries(
          (view.analysis?.summary.bots ?? []).map((b) => [b.token, b.disallowedHits]),
        )
        expect(byToken).toEqual({ ClaudeBot: 2, GPTBot: 0 })
      } finally {
        site.close()
      }
    })

    it('a gzip bomb (1 MB holding 1 GiB) is refused fast, as it decompresses, and stores nothing', async () => {
      const before = (await farol.database.db.select().from(botLogAnalyses)).length
      // 16 gzip members of 64 MiB of zeros, one after the other (gunzip reads them as one stream): 1 GiB.
      const member = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: constants.Z_BEST_COMPRESSION })
      const bomb = Buffer.concat(Array.from({ length: 16 }, () => member))
      expect(bomb.length).toBeLessThan(1024 * 1024)
      const started = performance.now()
      // A site whose robots.txt is answered at once (nothing listens): the time is the decompression's.
      const res = await upload(bomb, 'site=http://127.0.0.1:9&name=bomba.gz', 'en')
      const took = performance.now() - started
      console.log(`gzip bomb refused in ${Math.round(took)} ms`)
      expect(res.status).toBe(413)
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: 'LOG_UPLOAD_UNPACKED_TOO_LARGE',
        message:
          'Decompressed, this log file is too large (or compresses far more than a log does). Split it into smaller files.',
      })
      // Unpacked in full it took 76 s of CPU (issue 40); stopped at the cap it takes well under a second
      // idle. The bound only tells the two apart, with room for a loaded machine.
      expect(took).toBeLessThan(30_000)
      expect((await farol.database.db.select().from(botLogAnalyses)).length).toBe(before)
      // In Portuguese too (the absolute cap is tested on its own in features/bot-logs/upload-limits.test.ts).
      const pt = await upload(bomb, 'site=http://127.0.0.1:9&name=bomba.gz')
      expect(((await pt.json()) as { error: { message: string } }).error.message).toContain(
        'Descomprimido, este ficheiro de registo é demasiado grande',
      )
    }, 60_000)

    it('a user has at most two uploads in progress: the third is refused at once', async () => {
      // Each on its own connection (node:http, no pooling), with a Content-Length (a chunked body is streamed
      // too, bot-log-streaming.test.ts): two whose bodies stay open until released, then a third.
      const body = `${log}\n`
      const post = (name: string) => {
        const req = request(`${farol.url}/api/bots/uploads?site=https://exemplo.pt&name=${name}&lang=en`, {
          method: 'POST',
          agent: false,
          headers: {
            cookie,
            origin: farol.url,
            'content-type': 'application/octet-stream',
            'content-length': String(Buffer.byteLength(body)),
          },
        })
        const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
          req.on('response', (res) => {
            let body = ''
            res.on('data', (c) => {
              body += c
            })
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          })
          req.on('error', reject)
        })
        return { req, answer }
      }
      const held = [post('a.log'), post('b.log')]
      for (const h of held) h.req.write(body.slice(0, 100))
      // Wait until the server holds both (their first bytes read).
      await new Promise((r) => setTimeout(r, 1000))
      const third = post('c.log')
      third.req.end(body)
      const refused = await third.answer
      expect(refused.status).toBe(429)
      expect((JSON.parse(refused.body) as { error: { code: string; message: string } }).error).toEqual({
        code: 'LOG_UPLOADS_BUSY',
        message:
          'You already have the maximum number of log uploads in progress. Wait for one to finish and try again.',
      })
      for (const h of held) h.req.end(body.slice(100))
      expect((await Promise.all(held.map((h) => h.answer))).map((a) => a.status)).toEqual([201, 201])
      // Both finished: an upload is taken again.
      expect((await upload(gzipSync(log))).status).toBe(201)
    }, 60_000)

    it('bad input is a translated 4xx and stores nothing', async () => {
      const before = (await farol.database.db.select().from(botLogAnalyses)).length
      const notLog = await upload('hello\nworld\n', 'site=https://exemplo.pt', 'en')
      expect(notLog.status).toBe(400)
      expect(((await notLog.json()) as { error: { message: string } }).error.message).toContain(
        'log file format was not recognised',
      )
      const big = await upload(new Uint8Array(2 * 1024 * 1024))
      expect(big.status).toBe(413)
      const noSite = await upload(gzipSync(log), 'name=x')
      expect(noSite.status).toBe(400)
      const anon = await fetch(`${farol.url}/api/bots/latest?site=exemplo.pt`)
      expect(anon.status).toBe(401)
      const other = await fetch(`${farol.url}/api/bots/analyses/00000000-0000-4000-8000-000000000000/pages`, {
        headers: { cookie },
      })
      expect(other.status).toBe(404)
      expect((await farol.database.db.select().from(botLogAnalyses)).length).toBe(before)
    })
  })
}
