// Reports API and get-report-data: who may create, list, download and read what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')

describe('reports API', () => {
  let farol: RunningFarol
  let ana = ''
  let rui = ''
  beforeAll(async () => {
    const port = await freePort()
    // No workers: these tests are about the API's rules, not about building the PDF.
    farol = await startFarol(testConfig({ port, env: { FAROL_WORKERS: '0' } }), log)
    ana = await signedInUser(farol, 'ana@example.pt')
    rui = await signedInUser(farol, 'rui@example.pt')
  })
  afterAll(() => farol?.stop())

  const call = (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
    fetch(`${farol.url}${path}`, {
      ...init,
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        origin: farol.url,
        ...(init.headers as Record<string, string>),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    })

  it('refuses anonymous report generation with the specification message', async () => {
    const res = await call('/api/reports', {
      method: 'POST',
      json: { url: 'exemplo.pt' },
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error.message).toBe('You must be logged in to generate reports')
  })

  it('creates a pending report with its three analyses, lists it newest first, keeps it private', async () => {
    const created = await call('/api/reports', { method: 'POST', json: { url: 'exemplo.pt' }, cookie: ana })
    expect(created.status).toBe(201)
    const report = await created.json()
    expect(report).toMatchObject({
      url: 'https://exemplo.pt/',
      status: 'pending',
      file_url: null,
      language: 'pt',
    })
    expect(report.desktopTaskId).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set([report.desktopTaskId, report.mobileTaskId, report.aiOptimizationTaskId]).size).toBe(3)

    const second = await (
      await call('/api/reports', { method: 'POST', json: { url: 'outro.pt' }, cookie: ana })
    ).json()
    const list = await (await call('/api/reports', { cookie: ana })).json()
    expect(list.reports.map((r: { id: string }) => r.id)).toEqual([second.id, report.id])
    expect((await (await call('/api/reports', { cookie: rui })).json()).reports).toEqual([])

    const missing = await call(`/api/reports/${report.id}/file`, { cookie: ana })
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.message).toBe('Este relatório não está disponível para download')
    const foreign = await call(`/api/reports/${report.id}/file`, { cookie: rui })
    expect(foreign.status).toBe(404)
    expect((await foreign.json()).error.code).toBe('REPORT_NOT_FOUND')

    const ids = {
      desktopTaskId: report.desktopTaskId,
      mobileTaskId: report.mobileTaskId,
      aiOptimizationTaskId: report.aiOptimizationTaskId,
    }
    const own = await call('/api/get-report-data', { method: 'POST', json: ids, cookie: ana })
    expect(own.status).toBe(200)
    expect(await own.json()).toEqual({
      siteUrl: 'https://exemplo.pt/',
      desktop: { data: null },
      mobile: { data: null },
      aiOptimization: { data: null },
      // Ana has no site crawl of exemplo.pt (site-audit/summary.test.ts covers one that exists), and no
      // access-log analysis of it (bot-logs.test.ts).
      siteAudit: null,
      botLogs: null,
      // No run of Google's AI answers for the site in Ana's workspace (ai-overviews-tracking.test.ts).
      googleAi: null,
    })
    const other = await call('/api/get-report-data', { method: 'POST', json: ids, cookie: rui })
    expect(other.status).toBe(404)
    expect((await other.json()).error).toBe('Failed to retrieve report data')
  })

  it('answers get-report-data without all three ids with the specification message', async () => {
    const res = await call('/api/get-report-data', { method: 'POST', json: { desktopTaskId: 'x' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Missing one or more required task IDs', details: [] })
  })

  it('refuses an empty address', async () => {
    const res = await call('/api/reports', { method: 'POST', json: { url: ' ' }, cookie: ana })
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('URL_REQUIRED')
  })
})
