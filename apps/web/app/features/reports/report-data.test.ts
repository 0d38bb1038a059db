import { describe, expect, it } from 'vitest'
import {
  fetchReportData,
  parseReportAnswer,
  pdfReportPath,
  readReportIds,
  reportErrorText,
  slimSection,
} from './report-data.ts'
import type { FullSectionData } from './types.ts'

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key
const ids = { desktopTaskId: 'd', mobileTaskId: 'm', aiOptimizationTaskId: 'a' }
const query = new URLSearchParams(ids)

describe('report data', () => {
  it('needs all three ids, blank counts as missing', () => {
    expect(readReportIds(query)).toEqual({ ids, complete: true })
    expect(readReportIds(new URLSearchParams({ ...ids, mobileTaskId: ' ' }))).toEqual({
      ids: { desktopTaskId: 'd', aiOptimizationTaskId: 'a' },
      complete: false,
    })
    expect(pdfReportPath(ids)).toBe('/suite/pdf-report?desktopTaskId=d&mobileTaskId=m&aiOptimizationTaskId=a')
  })

  it('does not call the server without the three ids', async () => {
    let called = false
    const load = await fetchReportData(
      async () => {
        called = true
        return Response.json({})
      },
      new URLSearchParams({ desktopTaskId: 'd' }),
    )
    expect(called).toBe(false)
    expect(load).toMatchObject({ state: 'error', error: { kind: 'missing-ids' } })
    expect(reportErrorText({ kind: 'missing-ids' }, t)).toBe('pdf.errors.missingIds')
  })

  it('reads the data, or the error with its details joined with commas', async () => {
    const data = {
      siteUrl: 'https://a.pt/',
      desktop: { data: null },
      mobile: { data: null },
      aiOptimization: { data: null },
      siteAudit: null,
    }
    expect(parseReportAnswer(true, data)).toEqual({ data })
    // A crawl summary passes through; an answer without one reads as none.
    const siteAudit = { url: 'https://a.pt/', crawledAt: '2026-05-01T10:00:00.000Z', pages: 3, issues: [] }
    expect(parseReportAnswer(true, { ...data, siteAudit })).toEqual({ data: { ...data, siteAudit } })
    const { siteAudit: _none, ...older } = data
    expect(parseReportAnswer(true, older)).toEqual({ data })
    const failed = await fetchReportData(
      async () =>
        Response.json(
          { error: 'Failed to retrieve report data', details: ['Task x not found', 'Task y not found'] },
          { status: 404 },
        ),
      query,
    )
    expect(failed.state).toBe('error')
    if (failed.state !== 'error') return
    expect(reportErrorText(failed.error, t)).toBe(
      'pdf.errors.retrieve: pdf.errors.taskNotFound{"id":"x"}, pdf.errors.taskNotFound{"id":"y"}',
    )
    // Unknown server messages are shown as they are; a string detail counts as one detail.
    expect(reportErrorText({ kind: 'server', error: 'Boom', details: [] }, t)).toBe('Boom')
    const parsed = parseReportAnswer(false, { details: 'only this' })
    expect('error' in parsed && reportErrorText(parsed.error, t)).toBe('only this')
    expect(reportErrorText({ kind: 'server', error: null, details: [] }, t)).toBe('pdf.errors.retrieve')
  })

  it('tells a failed call from an unexpected error', async () => {
    const network = await fetchReportData(async () => {
      throw new TypeError('fetch failed')
    }, query)
    expect(network).toMatchObject({ error: { kind: 'network' } })
    expect(reportErrorText({ kind: 'network' }, t)).toBe('pdf.errors.fetch')
    const odd = await fetchReportData(async () => {
      throw 'nope'
    }, query)
    expect(odd).toMatchObject({ error: { kind: 'unexpected' } })
    expect(reportErrorText({ kind: 'unexpected' }, t)).toBe('pdf.errors.unexpected')
  })

  it('keeps only what the page prints of a task', () => {
    const finding = (id: string, verdict: string) => ({ id, verdict, evidence: [] })
    const full = {
      url: 'https://a.pt/',
      fetchedAt: '2026-01-02T03:04:05Z',
      onPage: { score: 70, summary: {}, findings: [finding('a', 'pass'), finding('b', 'fail')] },
      aio: {
        scores: { overall: 50 },
        strengths: [{ title: 's' }],
        weaknesses: [],
        recommendations: [],
        findings: [finding('c', 'warn'), finding('d', 'info')],
        signals: { big: 'x'.repeat(1000), robots: { status: 'ok' }, llmsTxt: { grade: 'missing' } },
        components: {},
      },
      lighthouse: {
        desktop: { performanceScore: 90, agenticAudits: [{ id: 'x' }] },
        mobile: null,
        errors: {},
      },
      lighthouseResult: { lighthouseVersion: '13.5.0', categories: {} },
    } as unknown as FullSectionData
    const slim = slimSection(full)!
    expect(slim.onPage.findings.map((f) => f.id)).toEqual(['b'])
    // Information-only findings and the AI crawler facts are printed too (issue 12); the rest of the
    // signals is not.
    expect(slim.aio.findings.map((f) => f.id)).toEqual(['c', 'd'])
    expect(slim.aio.signals).toEqual({ robots: { status: 'ok' }, llmsTxt: { grade: 'missing' } })
    expect(slim.lighthouse.desktop).toEqual({ performanceScore: 90 })
    expect(slim.lighthouseResult).toEqual({ lighthouseVersion: '13.5.0' })
    expect(slimSection(null)).toBeNull()
    expect(slim.field).toBeUndefined()
    // Real users' field data is printed as it was computed (issue 33).
    const field = { status: 'no-data', formFactor: 'DESKTOP' } as const
    expect(slimSection({ ...full, field } as FullSectionData)!.field).toEqual(field)
  })
})
