// Reports with the S3-compatible store configured (issue 7): the build job renders the PDF and puts it in
// a fake S3 that verifies every SigV4 signature; the owner downloads the same bytes through the server,
// anyone else gets 404; an S3 outage fails the report with a reason after the job's retries; deleting
// the account removes the object. Lighthouse is left out (the engine runs without a device) so the
// test is about storage, not about audits. The renderer reads the shared web build: run it under the
// e2e lock (flock /tmp/e2e.lock npx vitest run apps/server/test/reports-s3.test.ts).
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, tempDataDir, testConfig, withoutLighthouse } from './helpers.ts'
import { type FakeS3, startFakeS3 } from './reports-fake-s3.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const builtWeb = path.join(root, 'apps/web/build/server/index.js')
const cli = fileURLToPath(new URL('../src/composition/admin/cli.ts', import.meta.url))
const log = createLogger(process.env.TEST_LOG ? 'debug' : 'silent')
const keys = { accessKeyId: 'FAROLS3TEST', secretAccessKey: 'sEcReT/for+the+fake/s3' }
const bucket = 'farol-reports'
const prefix = 'relatorios/'

interface ReportView {
  id: string
  status: string
  file_url: string | null
  message: string | null
}

describe('reports stored in an S3-compatible bucket', () => {
  let farol: RunningFarol
  let fixture: FixtureServer
  let s3: FakeS3
  let ana = ''
  let rui = ''
  const dataDir = tempDataDir()
  let env: Record<string, string>

  const call = (p: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
    fetch(`${farol.url}${p}`, {
      ...init,
      headers: {
        origin: farol.url,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    })

  async function generate(cookie: string, timeoutMs: number): Promise<ReportView> {
    const created = await call('/api/reports', { method: 'POST', cookie, json: { url: fixture.url('/pt/') } })
    expect(created.status).toBe(201)
    let report = (await created.json()) as ReportView
    const deadline = Date.now() + timeoutMs
    while (report.status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500))
      const list = (await (await call('/api/reports', { cookie })).json()) as { reports: ReportView[] }
      report = list.reports.find((r) => r.id === report.id)!
    }
    return report
  }

  beforeAll(async () => {
    if (!existsSync(builtWeb)) throw new Error('the web app is not built: npm run build (under the e2e lock)')
    fixture = await startFixtureServer()
    s3 = await startFakeS3(keys)
    env = {
      FAROL_ALLOW_PRIVATE_TARGETS: '1',
      FAROL_REPORTS_S3_ENDPOINT: s3.url,
      FAROL_REPORTS_S3_BUCKET: bucket,
      FAROL_REPORTS_S3_ACCESS_KEY_ID: keys.accessKeyId,
      FAROL_REPORTS_S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      FAROL_REPORTS_S3_PREFIX: prefix,
    }
    const port = await freePort()
    farol = await startFarol(testConfig({ port, dataDir, env }), log, { runAudit: withoutLighthouse })
    ana = await signedInUser(farol, 'ana.s3@example.pt')
    rui = await signedInUser(farol, 'rui.s3@example.pt')
  }, 120_000)

  afterAll(async () => {
    await farol?.stop()
    await fixture?.close()
    await s3?.close()
  })

  it('puts the PDF in the bucket and streams the same bytes to the owner only', async () => {
    const report = await generate(ana, 180_000)
    expect(report.status, report.message ?? 'still pending').toBe('success')

    const stored = [...s3.objects.entries()]
    expect(stored).toHaveLength(1)
    const [key, object] = stored[0]!
    // Path-style, under the prefix, with a random name that says nothing about the report or its owner.
    expect(key).toMatch(new RegExp(`^${bucket}/${prefix}[A-Za-z0-9_-]{32}\\.pdf$`))
    expect(key).not.toContain(report.id)
    expect(object.subarray(0, 5).toString()).toBe('%PDF-')
    // Nothing landed on the local disk instead.
    expect(existsSync(path.join(dataDir, 'reports'))).toBe(false)
    // Every request the fake answered was correctly signed.
    expect(s3.log.filter((r) => r.status === 403)).toEqual([])

    const file = await call(report.file_url!, { cookie: ana })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-length')).toBe(String(object.length))
    expect(Buffer.from(await file.arrayBuffer()).equals(object)).toBe(true)

    const foreign = await call(report.file_url!, { cookie: rui })
    expect(foreign.status).toBe(404)
    expect((await foreign.json()).error.code).toBe('REPORT_NOT_FOUND')
    expect((await call(report.file_url!)).status).toBe(404)
    // The bucket was asked only for the owner's download.
    expect(s3.log.filter((r) => r.method === 'GET')).toHaveLength(1)
  }, 200_000)

  it('answers a clean error, and keeps serving, when the bucket fails a download', async () => {
    const list = (await (await call('/api/reports', { cookie: ana })).json()) as { reports: ReportView[] }
    const ready = list.reports.find((r) => r.status === 'success')!
    s3.failNext('GET', 500)
    const failed = await call(ready.file_url!, { cookie: ana })
    expect(failed.status).toBe(500)
    expect((await failed.json()).error.code).toBe('INTERNAL')
    expect((await call(ready.file_url!, { cookie: ana })).status).toBe(200)
  })

  it('fails the report with a storage reason when the bucket keeps refusing, after the retries', async () => {
    // The first try and both retries of the build job (retryLimit 2) meet an S3 outage.
    s3.failNext('PUT', 500, 3)
    const objectsBefore = s3.objects.size
    const report = await generate(rui, 180_000)
    expect(report.status).toBe('failed')
    expect(report.message).toBe('Não foi possível guardar o ficheiro do relatório.')
    expect(report.file_url).toBeNull()
    expect(s3.log.filter((r) => r.method === 'PUT' && r.status === 500)).toHaveLength(3)
    expect(s3.objects.size).toBe(objectsBefore)
    // The server is still up and answering.
    expect((await call('/api/health')).status).toBe(200)
    const file = await call(`/api/reports/${report.id}/file`, { cookie: rui })
    expect((await file.json()).error.code).toBe('REPORT_FILE_MISSING')
  }, 200_000)

  it('recovers when the bucket fails once: the retry stores the report', async () => {
    s3.failNext('PUT', 503, 1)
    const report = await generate(rui, 180_000)
    expect(report.status, report.message ?? 'still pending').toBe('success')
    const file = await call(report.file_url!, { cookie: rui })
    expect(file.status).toBe(200)
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000)
  }, 200_000)

  it("removes the account's objects from the bucket when the account is deleted", async () => {
    await farol.stop()
    const anaKeys = () => [...s3.objects.keys()]
    const before = anaKeys().length
    expect(before).toBe(2)
    // Async on purpose: the fake S3 answers from this process while the CLI runs.
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'delete', 'ana.s3@example.pt'], {
      env: { ...process.env, ...env, FAROL_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    })
    expect(stdout).toContain('were deleted')
    expect(anaKeys()).toHaveLength(1)
    expect(s3.log.filter((r) => r.method === 'DELETE')).toEqual([expect.objectContaining({ status: 204 })])
  }, 60_000)
})
