// A tracked site pointed at a log folder (only under FAROL_BOT_LOGS_ROOT, real paths) or an S3 prefix
// (SigV4 against a loopback fake speaking S3's XML), read on a schedule: each line counted once.
import { appendFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { readSiteLogs } from '../src/features/bot-logs/scheduled.ts'
import type { BotLogSourceView } from '../src/features/bot-logs/source-routes.ts'
import { latestAnalysis } from '../src/features/bot-logs/store.ts'
import type { Config } from '../src/platform/config.ts'
import { botLogSources, trackedSites, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { workspacesOf } from '../src/tenancy/access.ts'
import { freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'
import { type FakeS3, startFakeS3 } from './reports-fake-s3.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const line = (n: number) =>
  `20.171.206.${n % 250} - - [20/Nov/2026:10:00:${String(n % 60).padStart(2, '0')} +0000] "GET /p${n % 7} HTTP/1.1" 200 10 "-" "${GPT}"\n`
const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => line(from + i)).join('')
const credentials = { accessKeyId: 'AKIAFAROLTEST', secretAccessKey: 'segredo/de/teste', region: 'eu-west-1' }
// Nothing listens there: robots.txt is unknown, quickly.
const SITE = 'http://127.0.0.1:9/'

for (const backend of ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])]) {
  describe(`log sources of a tracked site on ${backend}`, () => {
    let farol: RunningFarol
    let off: RunningFarol
    let s3: FakeS3
    let cookie = ''
    let offCookie = ''
    let siteId = ''
    let offSiteId = ''
    let root = ''
    let outside = ''
    const drops: (() => Promise<void>)[] = []
    const configs: Config[] = []

    const trackedSite = async (f: RunningFarol, email: string) => {
      const [u] = await f.database.db.select().from(users).where(eq(users.email, email))
      const [ws] = await workspacesOf(f.database.db, { id: u!.id, name: u!.name })
      const [row] = await f.database.db
        .insert(trackedSites)
        .values({ userId: u!.id, workspaceId: ws!.id, url: SITE })
        .returning()
      return row!.id
    }

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), 'farol-logs-root-'))
      outside = mkdtempSync(path.join(tmpdir(), 'farol-logs-outside-'))
      mkdirSync(path.join(root, 'nginx'))
      writeFileSync(path.join(outside, 'secret.log'), lines(1000, 1010))
      s3 = await startFakeS3(credentials)
      const start = async (env: Record<string, string>) => {
        const pg = backend === 'postgres' ? await freshPostgres() : null
        if (pg) drops.push(pg.drop)
        const config = testConfig({
          port: await freePort(),
          ...(pg ? { databaseUrl: pg.url } : {}),
          env: { FAROL_WORKERS: '0', FAROL_LOG_DNS: 'off', FAROL_ALLOW_PRIVATE_TARGETS: '1', ...env },
        })
        configs.push(config)
        return startFarol(config, createLogger('silent'))
      }
      farol = await start({
        FAROL_BOT_LOGS_ROOT: root,
        FAROL_BOT_LOGS_S3_ENDPOINT: s3.url,
        FAROL_BOT_LOGS_S3_REGION: credentials.region,
        FAROL_BOT_LOGS_S3_ACCESS_KEY_ID: credentials.accessKeyId,
        FAROL_BOT_LOGS_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        FAROL_BOT_LOGS_S3_BUCKETS: 'logs-cdn,vazio',
      })
      off = await start({})
      cookie = await signedInUser(farol, `src.${backend}@exemplo.pt`)
      offCookie = await signedInUser(off, `off.${backend}@exemplo.pt`)
      siteId = await trackedSite(farol, `src.${backend}@exemplo.pt`)
      offSiteId = await trackedSite(off, `off.${backend}@exemplo.pt`)
    }, 240_000)
    afterAll(async () => {
      await farol?.stop()
      await off?.stop()
      await s3?.close()
      for (const drop of drops) await drop()
    })

    const put = (f: RunningFarol, c: string, id: string, body: unknown, lang = 'pt') =>
      fetch(`${f.url}/api/sites/${id}/bot-logs?lang=${lang}`, {
        method: 'PUT',
        headers: { cookie: c, origin: f.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const errorOf = async (res: Response) =>
      ((await res.json()) as { error: { code: string; message: string } }).error
    const deps = () => ({ db: farol.database.db, config: configs[0]!, log: createLogger('silent') })

    it('is off without FAROL_BOT_LOGS_ROOT: said in user words, the variable only to administrators', async () => {
      const view = (await (
        await fetch(`${off.url}/api/sites/${offSiteId}/bot-logs`, { headers: { cookie: offCookie } })
      ).json()) as BotLogSourceView
      expect(view.folder.enabled).toBe(false)
      expect(view.s3.enabled).toBe(false)
      expect(view.adminHint).toBeNull()
      const res = await put(off, offCookie, offSiteId, { folder: 'nginx' })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({
        code: 'BOT_LOGS_FOLDER_OFF',
        message: expect.stringContaining('Peça ao administrador'),
      })
      const en = await errorOf(await put(off, offCookie, offSiteId, { folder: 'nginx' }, 'en'))
      expect(en.message).toContain('Ask the administrator')
      await off.database.db
        .update(users)
        .set({ role: 'admin' })
        .where(eq(users.email, `off.${backend}@exemplo.pt`))
      const admin = (await (
        await fetch(`${off.url}/api/sites/${offSiteId}/bot-logs`, { headers: { cookie: offCookie } })
      ).json()) as BotLogSourceView
      expect(admin.adminHint?.folder).toBe('FAROL_BOT_LOGS_ROOT')
    })

    it('refuses a folder outside the root: absolute, by .., and through a symlink; nothing is stored', async () => {
      symlinkSync(outside, path.join(root, 'escape'))
      for (const folder of [outside, '../', `nginx/../../${path.basename(outside)}`, 'escape', '/etc']) {
        const res = await put(farol, cookie, siteId, { folder })
        expect(res.status, folder).toBe(400)
        expect(await errorOf(res)).toMatchObject({
          code: 'BOT_LOGS_FOLDER_OUTSIDE',
          message:
            'Essa pasta fica fora da pasta de registos autorizada pelo administrador. Indique uma pasta dentro dela.',
        })
      }
      const en = await errorOf(await put(farol, cookie, siteId, { folder: 'escape' }, 'en'))
      expect(en.message).toBe(
        'That folder is outside the log folder the administrator allows. Give a folder inside it.',
      )
      expect((await errorOf(await put(farol, cookie, siteId, { folder: 'nao-existe' }))).code).toBe(
        'BOT_LOGS_FOLDER_MISSING',
      )
      expect(await farol.database.db.select().from(botLogSources)).toEqual([])
    })

    it('reads a folder on schedule: each file once, a growing file incrementally, no symlink out of the root', async () => {
      const access = path.join(root, 'nginx', 'access.log')
      writeFileSync(access, lines(0, 20))
      writeFileSync(path.join(root, 'nginx', 'access.log.2.gz'), gzipSync(lines(100, 130)))
      // Inside the folder, but leading out of the root: never read.
      symlinkSync(path.join(outside, 'secret.log'), path.join(root, 'nginx', 'secret.log'))
      const res = await put(farol, cookie, siteId, { folder: `${root}/nginx/` })
      expect(res.status).toBe(200)
      expect(((await res.json()) as BotLogSourceView).folder).toEqual({ enabled: true, value: 'nginx' })

      const first = await readSiteLogs(deps(), siteId)
      expect(first).toMatchObject({ newLines: 50, error: null })
      const gptHits = async () => {
        const a = await latestAnalysis(farol.database.db, (await owner()).id, SITE)
        return a?.summary.bots.find((b) => b.token === 'GPTBot')?.hits ?? 0
      }
      const owner = async () =>
        (
          await farol.database.db
            .select()
            .from(users)
            .where(eq(users.email, `src.${backend}@exemplo.pt`))
        )[0]!
      expect(await gptHits()).toBe(50)

      // The next scheduled run: nothing new, nothing counted again.
      const second = await readSiteLogs(deps(), siteId)
      expect(second).toMatchObject({ newLines: 0, files: 0, error: null })
      expect(await gptHits()).toBe(50)

      // The file grows, its last line still being written: only the whole new lines count, then the rest.
      const more = lines(20, 25)
      appendFileSync(access, more.slice(0, -30))
      expect(await readSiteLogs(deps(), siteId)).toMatchObject({ newLines: 4 })
      appendFileSync(access, more.slice(-30))
      expect(await readSiteLogs(deps(), siteId)).toMatchObject({ newLines: 1 })
      expect(await gptHits()).toBe(55)

      const view = (await (
        await fetch(`${farol.url}/api/sites/${siteId}/bot-logs`, { headers: { cookie } })
      ).json()) as BotLogSourceView
      expect(view).toMatchObject({ lastError: null, lastNewLines: 1 })
      expect(view.lastReadAt).not.toBeNull()
    })

    it('a folder swapped for a symlink out of the root after it was set is refused at the next read', async () => {
      const [u] = await farol.database.db
        .select()
        .from(users)
        .where(eq(users.email, `src.${backend}@exemplo.pt`))
      const [ws] = await workspacesOf(farol.database.db, { id: u!.id, name: u!.name })
      const [other] = await farol.database.db
        .insert(trackedSites)
        .values({ userId: u!.id, workspaceId: ws!.id, url: 'http://127.0.0.1:9/outro' })
        .returning()
      await farol.database.db.insert(botLogSources).values({ siteId: other!.id, folder: 'escape' })
      const outcome = await readSiteLogs(deps(), other!.id)
      expect(outcome).toMatchObject({ error: 'BOT_LOGS_FOLDER_OUTSIDE', newLines: 0 })
      const [row] = await farol.database.db
        .select()
        .from(botLogSources)
        .where(eq(botLogSources.siteId, other!.id))
      expect(row?.lastError).toBe('BOT_LOGS_FOLDER_OUTSIDE')
    })

    it('reads an S3 prefix page by page (continuation tokens), each object once', async () => {
      s3.pageSize = 2
      for (let i = 0; i < 5; i++)
        s3.objects.set(`logs-cdn/cf/E2ABC.2026-11-20-${i}.gz`, gzipSync(lines(i * 10, i * 10 + 10)))
      s3.objects.set('logs-cdn/outro/ignorado.log', Buffer.from(lines(0, 3)))
      const res = await put(farol, cookie, siteId, { folder: 'nginx', s3Url: 's3://logs-cdn/cf/' })
      expect(res.status).toBe(200)
      const before = s3.log.length
      const outcome = await readSiteLogs(deps(), siteId)
      expect(outcome).toMatchObject({ newLines: 50, files: 5, error: null })
      const lists = s3.log.slice(before).filter((r) => r.path.includes('list-type=2'))
      expect(lists.map((r) => r.status)).toEqual([200, 200, 200])
      expect(lists.filter((r) => r.path.includes('continuation-token=')).length).toBe(2)
      expect(await readSiteLogs(deps(), siteId)).toMatchObject({ newLines: 0, error: null })
      s3.objects.set('logs-cdn/cf/E2ABC.2026-11-20-5.gz', gzipSync(lines(50, 53)))
      expect(await readSiteLogs(deps(), siteId)).toMatchObject({ newLines: 3, files: 1 })
    })

    it('says when the bucket does not exist, is not allowed, or the signature is refused', async () => {
      const missing = await put(farol, cookie, siteId, { s3Url: 's3://vazio/x/' })
      expect(await errorOf(missing)).toMatchObject({
        code: 'BOT_LOGS_S3_NO_BUCKET',
        message: 'Esse bucket não existe.',
      })
      const notAllowed = await put(farol, cookie, siteId, { s3Url: 's3://outro-bucket/x/' })
      expect((await errorOf(notAllowed)).code).toBe('BOT_LOGS_S3_BUCKET')
      expect((await errorOf(await put(farol, cookie, siteId, { s3Url: 'https://x' }))).code).toBe(
        'BOT_LOGS_S3_URL',
      )
      // The fake checks the signature with its own secret: a wrong one is S3's 403 SignatureDoesNotMatch.
      const { s3Client } = await import('../src/features/bot-logs/s3.ts')
      const wrong = s3Client({ ...configs[0]!.botLogs!.s3!, secretAccessKey: 'outro' })
      await expect(wrong.list({ bucket: 'logs-cdn', prefix: 'cf/' })).rejects.toMatchObject({
        code: 'BOT_LOGS_S3_DENIED',
        message: 'SignatureDoesNotMatch',
      })
      expect(s3.log.at(-1)?.status).toBe(403)
    })
  })
}

describe('the worker reads a log folder on its schedule', () => {
  let farol: RunningFarol
  const root = mkdtempSync(path.join(tmpdir(), 'farol-logs-tick-'))
  beforeAll(async () => {
    mkdirSync(path.join(root, 'site'))
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_LOG_DNS: 'off',
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_BOT_LOGS_ROOT: root,
          FAROL_BOT_LOGS_EVERY_S: '5',
        },
      }),
      createLogger('silent'),
    )
  }, 120_000)
  afterAll(async () => {
    await farol?.stop()
  })

  it('each scheduled run counts only the lines written since the last one', async () => {
    const db = farol.database.db
    const [u] = await db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: 'Eva', email: `eva-${Date.now()}@exemplo.pt` })
      .returning()
    const [ws] = await workspacesOf(db, { id: u!.id, name: u!.name })
    const [site] = await db
      .insert(trackedSites)
      .values({ userId: u!.id, workspaceId: ws!.id, url: SITE })
      .returning()
    const log = path.join(root, 'site', 'access.log')
    writeFileSync(log, lines(0, 30))
    // Set directly (no PUT, so no read queued at once): only the schedule can read it.
    await db.insert(botLogSources).values({ siteId: site!.id, folder: 'site' })
    const hits = async () =>
      (await latestAnalysis(db, u!.id, SITE))?.summary.bots.find((b) => b.token === 'GPTBot')?.hits ?? 0
    await expect.poll(hits, { timeout: 90_000, interval: 1000 }).toBe(30)
    appendFileSync(log, lines(30, 42))
    await expect.poll(hits, { timeout: 90_000, interval: 1000 }).toBe(42)
    // 42, not 72: the second run did not count the first 30 lines again (a recount would pass 42 by).
    expect(await hits()).toBe(42)
  }, 300_000)
})
