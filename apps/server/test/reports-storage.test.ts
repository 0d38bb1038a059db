// The report stores on their own: the local directory, the S3-compatible bucket against a fake S3 that
// checks every signature, and the configuration that chooses between them.
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/platform/config.ts'
import {
  createReportStore,
  localReportStore,
  type ReportStore,
  S3Error,
  s3ReportStore,
} from '../src/platform/storage/storage.ts'
import { type FakeS3, startFakeS3 } from './reports-fake-s3.ts'

const keys = { accessKeyId: 'FAROLTESTKEY', secretAccessKey: 'farol/test+secret/key' }
const pdf = Buffer.from('%PDF-1.7\nrelatório de teste\n%%EOF\n')

async function read(store: ReportStore, name: string): Promise<Buffer | null> {
  const stored = await store.get(name)
  return stored ? Buffer.from(await new Response(stored.body).arrayBuffer()) : null
}

describe('local report store', () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'farol-store-')), 'reports')
  const store = localReportStore(dir)

  it('puts, reads back, and deletes a file', async () => {
    await store.put('abc_DEF-1.pdf', pdf)
    expect(readdirSync(dir)).toEqual(['abc_DEF-1.pdf'])
    expect(await read(store, 'abc_DEF-1.pdf')).toEqual(pdf)
    expect((await store.get('abc_DEF-1.pdf'))?.size).toBe(pdf.length)
    await store.delete('abc_DEF-1.pdf')
    expect(await store.get('abc_DEF-1.pdf')).toBeNull()
    await store.delete('abc_DEF-1.pdf')
  })

  it('refuses names that are not report file names', async () => {
    await expect(store.get('../secret.pdf')).rejects.toThrow('invalid report file name')
    await expect(store.put('a/b.pdf', pdf)).rejects.toThrow('invalid report file name')
  })
})

describe('S3-compatible report store', () => {
  let s3: FakeS3
  beforeAll(async () => {
    s3 = await startFakeS3({ ...keys, region: 'eu-west-3' })
  })
  afterAll(() => s3?.close())

  const settings = () => ({
    endpoint: s3.url,
    bucket: 'farol-reports',
    region: 'eu-west-3',
    prefix: 'farol/reports/',
    ...keys,
  })

  it('puts an object path-style under the prefix, reads it back, deletes it', async () => {
    const store = s3ReportStore(settings())
    await store.put('Xy_9-z.pdf', pdf)
    expect([...s3.objects.keys()]).toEqual(['farol-reports/farol/reports/Xy_9-z.pdf'])
    expect(s3.log.at(-1)).toEqual({
      method: 'PUT',
      path: '/farol-reports/farol/reports/Xy_9-z.pdf',
      status: 200,
    })
    expect(await read(store, 'Xy_9-z.pdf')).toEqual(pdf)
    expect((await store.get('Xy_9-z.pdf'))?.size).toBe(pdf.length)
    await store.delete('Xy_9-z.pdf')
    expect(s3.objects.size).toBe(0)
    expect(await store.get('Xy_9-z.pdf')).toBeNull()
  })

  it('is refused by the fake when signed with the wrong secret or region', async () => {
    const wrongSecret = s3ReportStore({ ...settings(), secretAccessKey: 'not-the-secret' })
    const refused = await wrongSecret.put('a.pdf', pdf).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(S3Error)
    expect(refused).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    const wrongRegion = s3ReportStore({ ...settings(), region: 'us-east-1' })
    await expect(wrongRegion.get('a.pdf')).rejects.toMatchObject({ status: 403 })
    expect(s3.objects.size).toBe(0)
  })

  it('turns S3 errors into S3Error, never into a missing file', async () => {
    const store = s3ReportStore(settings())
    s3.failNext('PUT', 500)
    await expect(store.put('b.pdf', pdf)).rejects.toMatchObject({ status: 500, code: 'InternalError' })
    s3.failNext('GET', 503)
    await expect(store.get('b.pdf')).rejects.toMatchObject({ status: 503 })
    s3.failNext('DELETE', 403)
    await expect(store.delete('b.pdf')).rejects.toMatchObject({ status: 403, code: 'AccessDenied' })
  })

  it('keeps working behind an endpoint with a path (a reverse proxy)', async () => {
    // The fake serves every path under its root, so the bucket becomes "proxy" here: the point is that
    // the path is kept and signed as sent.
    const store = s3ReportStore({ ...settings(), endpoint: `${s3.url}/proxy/`, prefix: '' })
    await store.put('c.pdf', pdf)
    expect(s3.objects.has('proxy/farol-reports/c.pdf')).toBe(true)
  })
})

describe('report store configuration', () => {
  const s3Env = {
    FAROL_REPORTS_S3_ENDPOINT: 'https://s3.example.com',
    FAROL_REPORTS_S3_BUCKET: 'farol',
    FAROL_REPORTS_S3_ACCESS_KEY_ID: 'AK',
    FAROL_REPORTS_S3_SECRET_ACCESS_KEY: 'SK',
  }

  it('stores under the data dir by default', () => {
    const config = loadConfig({ FAROL_DATA_DIR: '/tmp/farol-data' })
    expect(config.reportsS3).toBeNull()
    expect(createReportStore(config).location).toBe('/tmp/farol-data/reports')
  })

  it('uses the bucket when configured, with us-east-1 and no prefix by default', () => {
    const config = loadConfig(s3Env)
    expect(config.reportsS3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'farol',
      region: 'us-east-1',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      prefix: '',
    })
    expect(createReportStore(config).location).toBe('https://s3.example.com/farol/')
    const withPrefix = loadConfig({
      ...s3Env,
      FAROL_REPORTS_S3_PREFIX: '/farol/pdf',
      FAROL_REPORTS_S3_REGION: 'auto',
    })
    expect(withPrefix.reportsS3).toMatchObject({ prefix: 'farol/pdf/', region: 'auto' })
  })

  it('refuses half a configuration, naming each missing variable', () => {
    const attempt = () =>
      loadConfig({ FAROL_REPORTS_S3_ENDPOINT: 'https://s3.example.com', FAROL_REPORTS_S3_BUCKET: 'farol' })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(/FAROL_REPORTS_S3_ACCESS_KEY_ID: missing/)
    expect(attempt).toThrow(/FAROL_REPORTS_S3_SECRET_ACCESS_KEY: missing/)
    expect(attempt).not.toThrow(/FAROL_REPORTS_S3_BUCKET: missing/)
    // Only a prefix, but no bucket: still a mistake to point out.
    expect(() => loadConfig({ FAROL_REPORTS_S3_PREFIX: 'farol/' })).toThrow(
      /FAROL_REPORTS_S3_ENDPOINT: missing/,
    )
    // Empty values count as unset.
    expect(loadConfig({ FAROL_REPORTS_S3_ENDPOINT: '', FAROL_REPORTS_S3_BUCKET: '' }).reportsS3).toBeNull()
  })

  it('refuses a bad endpoint, bucket or prefix without echoing the secret', () => {
    expect(() => loadConfig({ ...s3Env, FAROL_REPORTS_S3_ENDPOINT: 'ftp://x' })).toThrow(
      /FAROL_REPORTS_S3_ENDPOINT/,
    )
    expect(() => loadConfig({ ...s3Env, FAROL_REPORTS_S3_BUCKET: 'a/b' })).toThrow(/FAROL_REPORTS_S3_BUCKET/)
    expect(() => loadConfig({ ...s3Env, FAROL_REPORTS_S3_PREFIX: 'a/../b' })).toThrow(
      /FAROL_REPORTS_S3_PREFIX/,
    )
    const error = (() => {
      try {
        loadConfig({
          ...s3Env,
          FAROL_REPORTS_S3_SECRET_ACCESS_KEY: 'top-secret',
          FAROL_REPORTS_S3_BUCKET: '',
        })
      } catch (e) {
        return e as Error
      }
    })()
    expect(error?.message).toContain('FAROL_REPORTS_S3_BUCKET: missing')
    expect(error?.message).not.toContain('top-secret')
  })
})
