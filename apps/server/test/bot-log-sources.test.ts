// A tracked site pointed at a log folder (only in its workspace's folder under FAROL_BOT_LOGS_ROOT, real
// paths) or an S3 prefix granted to the workspace (SigV4 against a loopback fake speaking S3's XML), read
// on a schedule: each line counted once; sources outside the workspace are refused and no longer read.
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
    let ws = ''
    let otherWs = ''
    let otherCookie = ''
    let otherSiteId = ''
    let root = ''
    let outside = ''
    const drops: (() => Promise<void>)[] = []
    const configs: Config[] = []

    const trackedSite = async (f: RunningFarol, email: string, url = SITE) => {
      const [u] = await f.database.db.select().from(users).where(eq(users.email, email))
      const [w] = await workspacesOf(f.database.db, { id: u!.id, name: u!.name })
      const [row] = await f.database.db
        .insert(trackedSites)
        .values({ userId: u!.id, workspaceId: w!.id, url })
        .returning()
      return { id: row!.id, workspaceId: w!.id }
    }

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), 'farol-logs-root-'))
      outside = mkdtempSync(path.join(tmpdir(), 'farol-logs-outside-'))
      // Before decision 037 a folder was relative to the root: `nginx` here was anyone's to read.
      mkdirSync(path.join(root, 'nginx'))
      writeFileSync(path.join(root, 'nginx', 'everyone.log'), lines(2000, 2010))
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
      otherCookie = await signedInUser(farol, `other.${backend}@exemplo.pt`)
      const mine = await trackedSite(farol, `src.${backend}@exemplo.pt`)
      siteId = mine.id
      ws = mine.workspaceId
      const theirs = await trackedSite(farol, `other.${backend}@exemplo.pt`)
      otherSiteId = theirs.id
      otherWs = theirs.workspaceId
      offSiteId = (await trackedSite(off, `off.${backend}@exemplo.pt`)).id
      // The operator made this workspace's folder; the other workspace's is made in a test below.
      mkdirSync(path.join(root, ws, 'nginx'), { recursive: true })
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

    it('refuses a folder outside the workspace: absolute, by .., through a symlink, another workspace; nothing is stored', async () => {
      // The other workspace has no folder yet: said so, for the operator to create.
      const missing = await put(farol, otherCookie, otherSiteId, { folder: 'secret' })
      expect(await errorOf(missing)).toMatchObject({
        code: 'BOT_LOGS_WORKSPACE_FOLDER_MISSING',
        message:
          'A pasta de registos deste espaço de trabalho ainda não existe no servidor. Peça ao administrador para a criar.',
      })
      mkdirSync(path.join(root, otherWs, 'secret'), { recursive: true })
      writeFileSync(path.join(root, otherWs, 'secret', 'other.log'), lines(3000, 3010))
      symlinkSync(outside, path.join(root, ws, 'escape'))
      symlinkSync(path.join(root, otherWs), path.join(root, ws, 'other'))
      for (const folder of [
        outside,
        '../',
        '..',
        `../${otherWs}`,
        `../${otherWs}/secret`,
        `nginx/../../${otherWs}`,
        `nginx/../../../${path.basename(outside)}`,
        'escape',
        'other',
        'other/secret',
        '/etc',
        path.join(root, ws, 'nginx'),
        path.join(root, otherWs, 'secret'),
      ]) {
        const res = await put(farol, cookie, siteId, { folder })
        expect(res.status, folder).toBe(400)
        expect(await errorOf(res), folder).toMatchObject({
          code: 'BOT_LOGS_FOLDER_OUTSIDE_WORKSPACE',
          message:
            'Essa pasta fica fora da pasta de registos deste espaço de trabalho. Indique um caminho relativo a ela, sem .. nem caminhos absolutos.',
        })
      }
      const en = await errorOf(await put(farol, cookie, siteId, { folder: 'escape' }, 'en'))
      expect(en.message).toBe(
        "That folder is outside this workspace's log folder. Give a path relative to it, without .. or absolute paths.",
      )
      expect((await errorOf(await put(farol, cookie, siteId, { folder: 'nao-existe' }))).code).toBe(
        'BOT_LOGS_FOLDER_MISSING',
      )
      expect(await farol.database.db.select().from(botLogSources)).toEqual([])
    })

    it('reads a folder on schedule: each file once, a growing file incrementally, no symlink out of the root', async () => {
      const access = path.join(root, ws, 'nginx', 'access.log')
      writeFileSync(access, lines(0, 20))
      writeFileSync(path.join(root, ws, 'nginx', 'access.log.2.gz'), gzipSync(lines(100, 130)))
      // Inside the folder, but leading out of the workspace's folder: never read.
      symlinkSync(path.join(outside, 'secret.log'), path.join(root, ws, 'nginx', 'secret.log'))
      symlinkSync(path.join(root, otherWs, 'secret', 'other.log'), path.join(root, ws, 'nginx', 'other.log'))
      const res = await put(farol, cookie, siteId, { folder: 'nginx/' })
      expect(res.status).toBe(200)
      const set = (await res.json()) as BotLogSourceView
      expect(set.folder).toEqual({ enabled: true, value: 'nginx' })
      expect(set.workspaceFolder).toBe(ws)
      const [stored] = await farol.database.db
        .select()
        .from(botLogSources)
        .where(eq(botLogSources.siteId, siteId))
      expect(stored?.folder).toBe(`${ws}/nginx`)

      const first = await readSiteLogs(deps(), siteId)
      expect(first).toMatchObject({ newLines: 50, error: null })
      const gptHits = async () => {
        const a = await latestAnalysis(farol.database.db, await ownerScope(), SITE)
        return a?.summary.bots.find((b) => b.token === 'GPTBot')?.hits ?? 0
      }
      const owner = async () =>
        (
          await farol.database.db
            .select()
            .from(users)
            .where(eq(users.email, `src.${backend}@exemplo.pt`))
        )[0]!
      const ownerScope = async () => ({ userId: (await owner()).id, workspaceId: ws })
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
      const [w] = await workspacesOf(farol.database.db, { id: u!.id, name: u!.name })
      const [other] = await farol.database.db
        .insert(trackedSites)
        .values({ userId: u!.id, workspaceId: w!.id, url: 'http://127.0.0.1:9/outro' })
        .returning()
      await farol.database.db.insert(botLogSources).values({ siteId: other!.id, folder: `${ws}/escape` })
      const outcome = await readSiteLogs(deps(), other!.id)
      expect(outcome).toMatchObject({ error: 'BOT_LOGS_FOLDER_OUTSIDE_WORKSPACE', newLines: 0 })
      const [row] = await farol.database.db
        .select()
        .from(botLogSources)
        .where(eq(botLogSources.siteId, other!.id))
      expect(row?.lastError).toBe('BOT_LOGS_FOLDER_OUTSIDE_WORKSPACE')
    })

    it("\".\" is the workspace's own folder: its logs only, never another workspace's or the root's", async () => {
      const dot = (await trackedSite(farol, `src.${backend}@exemplo.pt`, 'http://127.0.0.1:9/ponto')).id
      const res = await put(farol, cookie, dot, { folder: '.' })
      expect(res.status).toBe(200)
      expect(((await res.json()) as BotLogSourceView).folder.value).toBe('.')
      // nginx/access.log (25 lines) and nginx/access.log.2.gz (30); not the other workspace's 10 through
      // the `other` link or nginx/other.log, not the 10 outside, not the root's nginx/everyone.log.
      expect(await readSiteLogs(deps(), dot)).toMatchObject({ newLines: 55, error: null })
    })

    it('a source set before decision 037 outside its workspace is no longer read, and says so', async () => {
      const [u] = await farol.database.db
        .select()
        .from(users)
        .where(eq(users.email, `src.${backend}@exemplo.pt`))
      for (const [i, values] of [
        { folder: 'nginx' },
        { folder: '.' },
        { folder: `${otherWs}/secret` },
        { s3Url: 's3://logs-cdn/cf/' },
        { s3Url: `s3://logs-cdn/${otherWs}/` },
      ].entries()) {
        const [old] = await farol.database.db
          .insert(trackedSites)
          .values({ userId: u!.id, workspaceId: ws, url: `http://127.0.0.1:9/antigo-${i}` })
          .returning()
        await farol.database.db.insert(botLogSources).values({ siteId: old!.id, ...values })
        const view = (await (
          await fetch(`${farol.url}/api/sites/${old!.id}/bot-logs`, { headers: { cookie } })
        ).json()) as BotLogSourceView
        expect(view.lastError, JSON.stringify(values)).toMatchObject({
          code: 'BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE',
          message: expect.stringContaining('deixou de ser lida'),
        })
        expect(view.folder.value ?? view.s3.value).toBe(values.folder ?? values.s3Url)
        const outcome = await readSiteLogs(deps(), old!.id)
        expect(outcome, JSON.stringify(values)).toMatchObject({
          error: 'BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE',
          newLines: 0,
        })
      }
    })

    it('reads an S3 prefix page by page (continuation tokens), each object once', async () => {
      s3.pageSize = 2
      for (let i = 0; i < 5; i++)
        s3.objects.set(`logs-cdn/${ws}/cf/E2ABC.2026-11-20-${i}.gz`, gzipSync(lines(i * 10, i * 10 + 10)))
      s3.objects.set(`logs-cdn/${ws}/outro/ignorado.log`, Buffer.from(lines(0, 3)))
      s3.objects.set('logs-cdn/cf/de-todos.log', Buffer.from(lines(0, 3)))
      s3.objects.set(`logs-cdn/${otherWs}/cf/deles.log`, Buffer.from(lines(0, 3)))
      // Only prefixes under the workspace's id are granted to it.
      for (const s3Url of [
        's3://logs-cdn/cf/',
        's3://logs-cdn/',
        `s3://logs-cdn/${otherWs}/cf/`,
        `s3://logs-cdn/${ws}`,
        `s3://logs-cdn/${ws}/../${otherWs}/`,
      ]) {
        const refused = await put(farol, cookie, siteId, { folder: 'nginx', s3Url })
        expect(await errorOf(refused), s3Url).toMatchObject({
          code: 'BOT_LOGS_S3_NOT_GRANTED',
          message: expect.stringContaining('s3://bucket/<identificador>/'),
        })
      }
      const res = await put(farol, cookie, siteId, { folder: 'nginx', s3Url: `s3://logs-cdn/${ws}/cf/` })
      expect(res.status).toBe(200)
      const before = s3.log.length
      const outcome = await readSiteLogs(deps(), siteId)
      expect(outcome).toMatchObject({ newLines: 50, files: 5, error: null })
      const lists = s3.log.slice(before).filter((r) => r.path.includes('list-type=2'))
      expect(lists.map((r) => r.status)).toEqual([200, 200, 200])
      expect(lists.filter((r) => r.path.includes('continuation-token=')).length).toBe(2)
      expect(await readSiteLogs(deps(), siteId)).toMatchObject({ newLines: 0, error: null })
      s3.objects.set(`logs-cdn/${ws}/cf/E2ABC.2026-11-20-5.gz`, gzipSync(lines(50, 53)))
      expect(await readSiteLogs(deps(), siteId)).toMatchObject({ newLines: 3, files: 1 })
    })

    it('says when the bucket does not exist, is not allowed, or the signature is refused', async () => {
      const missing = await put(farol, cookie, siteId, { s3Url: `s3://vazio/${ws}/x/` })
      expect(await errorOf(missing)).toMatchObject({
        code: 'BOT_LOGS_S3_NO_BUCKET',
        message: 'Esse bucket não existe.',
      })
      const notAllowed = await put(farol, cookie, siteId, { s3Url: `s3://outro-bucket/${ws}/x/` })
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
    mkdirSync(path.join(root, ws!.id, 'site'), { recursive: true })
    const log = path.join(root, ws!.id, 'site', 'access.log')
    writeFileSync(log, lines(0, 30))
    // Set directly (no PUT, so no read queued at once): only the schedule can read it.
    await db.insert(botLogSources).values({ siteId: site!.id, folder: `${ws!.id}/site` })
    const hits = async () =>
      (await latestAnalysis(db, { userId: u!.id, workspaceId: site!.workspaceId }, SITE))?.summary.bots.find(
        (b) => b.token === 'GPTBot',
      )?.hits ?? 0
    await expect.poll(hits, { timeout: 90_000, interval: 1000 }).toBe(30)
    appendFileSync(log, lines(30, 42))
    await expect.poll(hits, { timeout: 90_000, interval: 1000 }).toBe(42)
    // 42, not 72: the second run did not count the first 30 lines again (a recount would pass 42 by).
    expect(await hits()).toBe(42)
  }, 300_000)
})
