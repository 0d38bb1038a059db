// The /api/v1 contract: the OpenAPI document validates as OpenAPI 3.1, and every documented operation is
// called with a real token against real data (a crawl of a loopback site, an analysis, a tracked site, a
// stored report), each answer checked against the schema the document gives for its status.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { reports, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { createReportStore } from '../src/platform/storage/storage.ts'
import { freePort, signedInUser, tempDataDir, testConfig, withoutLighthouse } from './helpers.ts'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void

const pages: Record<string, string> = {
  '/': '<a href="/servicos">Serviços</a><a href="/contactos">Contactos</a><a href="/antiga">Antiga</a>',
  '/servicos': '<a href="/">Início</a>',
  '/contactos': '<a href="/">Início</a>',
}

type Json = Record<string, unknown>

describe('/api/v1 contract', () => {
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let token: string
  let doc: { paths: Record<string, Record<string, Json>> }
  const dataDir = tempDataDir()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const called = new Set<string>()

  beforeAll(async () => {
    site = createServer((req, res) => {
      const body = pages[req.url ?? '']
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        `<!doctype html><html lang="pt"><head><title>Oficina ${req.url}</title></head><body><h1>Oficina</h1>${body ?? ''}</body></html>`,
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    farol = await startFarol(
      testConfig({
        dataDir,
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_CRAWL_CONCURRENCY: '4',
          FAROL_TASK_REUSE_SECONDS: '0',
        },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    const cookie = await signedInUser(farol, 'ana.contract@exemplo.pt')
    const created = await fetch(`${farol.url}/api/account/tokens`, {
      method: 'POST',
      headers: { cookie, origin: farol.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'contract', scopes: ['read', 'audit', 'sites'] }),
    })
    token = (await created.json()).token
    doc = await (await fetch(`${farol.url}/api/v1/openapi.json`)).json()
  }, 180_000) // starting Farol on a loaded machine (as main's field tests)
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  /** Calls an operation and checks the answer against the document; returns the parsed JSON body. */
  async function call(
    method: string,
    template: string,
    params: Json = {},
    init: { body?: unknown; query?: string } = {},
  ) {
    const path = template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]))
    const res = await fetch(`${farol.url}/api/v1${path}${init.query ?? ''}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const op = doc.paths[template]?.[method.toLowerCase()] as
      | { operationId: string; responses: Record<string, { content?: Record<string, { schema: Json }> }> }
      | undefined
    expect(op, `${method} ${template} is documented`).toBeDefined()
    called.add(op!.operationId)
    const documented = op!.responses[String(res.status)]
    expect(documented, `${method} ${path} answered ${res.status}: ${await res.clone().text()}`).toBeDefined()
    const [mediaType, media] = Object.entries(documented!.content ?? {})[0] ?? []
    if (!mediaType) return null
    expect(res.headers.get('content-type') ?? '').toContain(mediaType)
    if (mediaType !== 'application/json') return res.text()
    const json = await res.json()
    const schema = mediaType === 'application/json' && media!.schema
    const validate = ajv.compile({ ...schema, components: (doc as unknown as Json).components })
    expect(validate(json), `${method} ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    return json
  }

  async function finished(taskId: string) {
    const deadline = Date.now() + 90_000
    for (;;) {
      const status = await call('GET', '/tasks/{id}', { id: taskId })
      if (status.status === 'success' || status.status === 'failed') return status
      if (Date.now() > deadline) throw new Error(`task ${taskId} did not finish`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  it('is a valid OpenAPI 3.1 document built from the zod schemas', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc) as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    // The request schema is the route's own: the task envelope's fields, the sites' frequencies.
    const task = doc.paths['/tasks']!.post!.requestBody as Json
    expect(JSON.stringify(task)).toContain('requested_data')
    expect(JSON.stringify(doc.paths['/sites/{id}']!.patch)).toContain('"monthly"')
  })

  it('answers every documented operation as documented', async () => {
    // Tasks: an analysis, its progress as server-sent events, its result.
    const created = await call(
      'POST',
      '/tasks',
      {},
      {
        body: { task_name: 'ai_optimization', requested_data: { url: siteUrl } },
      },
    )
    const events = (await call('GET', '/tasks/{id}/events', { id: created.taskId })) as string
    expect(events).toMatch(/event: done/)
    const done = await finished(created.taskId)
    expect(done.status).toBe('success')

    // A site crawl, then its issues and pages, paged and filtered.
    const crawl = await call(
      'POST',
      '/tasks',
      {},
      {
        body: { task_name: 'site_crawl', requested_data: { url: siteUrl, maxPages: 10 } },
      },
    )
    expect((await finished(crawl.taskId)).status).toBe('success')
    const issues = await call(
      'GET',
      '/crawls/{id}/issues',
      { id: crawl.taskId },
      { query: '?severity=error&lang=en' },
    )
    expect(issues.issues.map((i: { type: string }) => i.type)).toContain('broken-link')
    expect(issues.issues.every((i: { severity: string }) => i.severity === 'error')).toBe(true)
    const firstPage = await call('GET', '/crawls/{id}/pages', { id: crawl.taskId }, { query: '?pageSize=2' })
    expect(firstPage.total).toBe(4)
    expect(firstPage.pages).toHaveLength(2)
    const secondPage = await call(
      'GET',
      '/crawls/{id}/pages',
      { id: crawl.taskId },
      { query: '?pageSize=2&page=2' },
    )
    expect(secondPage.pages.map((p: { url: string }) => p.url)).not.toContain(firstPage.pages[0].url)
    // Bad paging is a translated 400, not a 5xx.
    await call('GET', '/crawls/{id}/pages', { id: crawl.taskId }, { query: '?pageSize=0' })

    // The first crawl has nothing to compare with; after the old page comes back, the broken link is fixed.
    const alone = await call('GET', '/crawls/{id}/comparison', { id: crawl.taskId })
    expect(alone.previous).toBeNull()
    pages['/antiga'] = '<a href="/">Início</a>'
    const again = await call(
      'POST',
      '/tasks',
      {},
      { body: { task_name: 'site_crawl', requested_data: { url: siteUrl, maxPages: 10 } } },
    )
    expect((await finished(again.taskId)).status).toBe('success')
    const compared = await call('GET', '/crawls/{id}/comparison', { id: again.taskId })
    expect(compared.previous.id).toBe(crawl.taskId)
    expect(compared.comparison.issues).toContainEqual(
      expect.objectContaining({ type: 'broken-link', fixed: 1, new: 0 }),
    )
    expect(compared.comparison.statusChangeCount).toBe(1)
    // A comparison with an unknown crawl is a 404; with itself, a 409.
    const unknown = await call(
      'GET',
      '/crawls/{id}/comparison',
      { id: again.taskId },
      { query: `?previous=${done.taskId}` },
    )
    expect(unknown.error.code).toBe('CRAWL_NOT_FOUND')
    const itself = await call(
      'GET',
      '/crawls/{id}/comparison',
      { id: again.taskId },
      { query: `?previous=${again.taskId}` },
    )
    expect(itself.error.code).toBe('CRAWL_NOT_COMPARABLE')
    delete pages['/antiga']

    // Tracked sites.
    const tracked = await call('POST', '/sites', {}, { body: { url: siteUrl, frequency: 'monthly' } })
    await call('PATCH', '/sites/{id}', { id: tracked.id }, { body: { frequency: 'weekly' } })
    const list = await call('GET', '/sites')
    expect(list.sites.map((s: { id: string }) => s.id)).toContain(tracked.id)
    await call('GET', '/sites/{id}/history', { id: tracked.id })
    await call('DELETE', '/sites/{id}', { id: tracked.id })

    // Reports: a stored one is listed and downloaded; creating one answers its pending row.
    const [owner] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.contract@exemplo.pt'))
    const store = createReportStore({ dataDir, reportsS3: null })
    const pdf = new TextEncoder().encode('%PDF-1.7\n%contract\n')
    await store.put('contract-report.pdf', pdf)
    const [stored] = await farol.database.db
      .insert(reports)
      .values({
        url: siteUrl,
        userId: owner!.id,
        status: 'success',
        fileName: 'contract-report.pdf',
        fileBytes: pdf.length,
        finishedAt: new Date(),
      })
      .returning()
    const listed = await call('GET', '/reports')
    expect(listed.reports.map((r: { id: string }) => r.id)).toContain(stored!.id)
    expect(await call('GET', '/reports/{id}/file', { id: stored!.id })).toContain('%PDF-1.7')
    // One case, no user's id, and the file's address one this token opens (issue 41, item 8).
    const listedReport = listed.reports.find((r: { id: string }) => r.id === stored!.id)
    expect(Object.keys(listedReport).filter((k) => k.includes('_'))).toEqual([])
    expect(listedReport.fileUrl).toBe(`${new URL(farol.url).origin}/api/v1/reports/${stored!.id}/file`)
    const byLink = await fetch(listedReport.fileUrl, { headers: { authorization: `Bearer ${token}` } })
    expect(byLink.status).toBe(200)
    expect(await byLink.text()).toContain('%PDF-1.7')
    const report = await call('POST', '/reports', {}, { body: { url: siteUrl } })
    expect(report.status).toBe('pending')

    // Google AI Overviews and AI Mode (issue 43): the estimate spends nothing; this Farol has no DataForSEO,
    // so a confirmed run is refused (409); the answered run is ai-overviews.test.ts's.
    const body = { site: siteUrl, keywords: ['pão em faro'], surfaces: ['ai_overview'] }
    const estimate = await call('POST', '/overviews/estimate', {}, { body })
    expect(estimate).toMatchObject({ configured: false, estimate: { calls: 2 } })
    const refused = await call(
      'POST',
      '/overviews/runs',
      {},
      { body: { ...body, confirm: true, expectedCost: 1 } },
    )
    expect(refused.error.code).toBe('OVERVIEWS_NOT_CONFIGURED')
    expect((await call('GET', '/overviews/runs')).runs).toEqual([])
    const absent = await call('GET', '/overviews/runs/{id}', { id: '00000000-0000-4000-8000-000000000000' })
    expect(absent.error.code).toBe('NOT_FOUND')
    const absentPages = await call('GET', '/overviews/runs/{id}/pages', {
      id: '00000000-0000-4000-8000-000000000000',
    })
    expect(absentPages.error.code).toBe('NOT_FOUND')
    // Tracking, keyword sources and history (the answered ones are ai-overviews-v1.test.ts's).
    const followed = await call('POST', '/sites', {}, { body: { url: siteUrl, frequency: 'monthly' } })
    const tracking = await call('GET', '/overviews/tracking')
    expect(tracking.sites).toEqual([expect.objectContaining({ siteId: followed.id, tracking: null })])
    const noKeywords = await call(
      'POST',
      '/overviews/tracking/{siteId}/estimate',
      { siteId: followed.id },
      { body: {} },
    )
    expect(noKeywords.error.code).toBe('OVERVIEWS_INPUT')
    const unconfigured = await call(
      'PUT',
      '/overviews/tracking/{siteId}',
      { siteId: followed.id },
      { body: { confirm: true, expectedCost: 1 } },
    )
    expect(unconfigured.error.code).toBe('OVERVIEWS_NOT_CONFIGURED')
    const untracked = await call('DELETE', '/overviews/tracking/{siteId}', { siteId: followed.id })
    expect(untracked.error.code).toBe('NOT_FOUND')
    const sources = await call('GET', '/overviews/keyword-sources')
    expect(sources.sites[0].keywordsUrl).toContain('/api/v1/overviews/keywords?source=site')
    const keywords = await call(
      'GET',
      '/overviews/keywords',
      {},
      { query: `?source=site&siteId=${followed.id}` },
    )
    expect(keywords.keywords).toEqual([])
    const history = await call(
      'GET',
      '/overviews/history',
      {},
      { query: '?site=exemplo.pt&keyword=p%C3%A3o' },
    )
    expect(history.history).toEqual([])

    const documented = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId as string),
    )
    expect([...called].sort()).toEqual(documented.sort())
  })
})
