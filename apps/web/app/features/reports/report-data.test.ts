import { overallScore } from '@farol/engine/scores/index.ts'
import { describe, expect, it } from 'vitest'
import { analysisResult } from '../analysis/run-storage.ts'
import {
  analysisScores,
  fetchReportData,
  latestReportIds,
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
      // No part finished: no analysis scores.
      scores: null,
    }
    expect(parseReportAnswer(true, data)).toEqual({ data })
    // A crawl summary and bot-log findings pass through; an answer without them reads as none.
    const siteAudit = { url: 'https://a.pt/', crawledAt: '2026-05-01T10:00:00.000Z', pages: 3, issues: [] }
    expect(parseReportAnswer(true, { ...data, siteAudit })).toEqual({ data: { ...data, siteAudit } })
    const botLogs = {
      url: 'https://a.pt',
      analysedAt: '2026-11-20',
      period: { from: null, to: null },
      issues: [],
    }
    expect(parseReportAnswer(true, { ...data, botLogs })).toEqual({ data: { ...data, botLogs } })
    expect(parseReportAnswer(true, { ...data, botLogs: null })).toEqual({ data })
    // The workspace's latest run of Google's AI answers for the site (issue 43) passes through too.
    const googleAi = { site: 'a.pt', day: '2026-11-28', keywords: 2, surfaces: [], changes: null }
    expect(parseReportAnswer(true, { ...data, googleAi })).toEqual({ data: { ...data, googleAi } })
    expect(parseReportAnswer(true, { ...data, googleAi: null })).toEqual({ data })
    const { siteAudit: _none, scores: _computed, ...older } = data
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

describe('the PDF prints the same verdicts as the web page (issue 25)', () => {
  it("headings and HTTPS come from Farol's on-page checks, on both devices, also for results stored before", () => {
    const lighthouse = {
      headingsStructure: { hasH1: false, multipleH1: true, headingsOrder: false },
      security: { https: true, mixedContent: false },
      agenticAudits: [],
    }
    const full = {
      fetchedAt: '2026-11-26T10:00:00Z',
      onPage: {
        score: 80,
        findings: [],
        summary: {
          headingsStructure: { hasH1: true, multipleH1: false, headingsOrder: true },
          security: { https: false, mixedContent: false },
        },
      },
      aio: { scores: { overall: 67 }, strengths: [], weaknesses: [], recommendations: [], findings: [] },
      lighthouse: { desktop: lighthouse, mobile: lighthouse, errors: {} },
    } as unknown as FullSectionData
    const shown = slimSection(full)
    for (const device of ['desktop', 'mobile'] as const) {
      expect(shown?.lighthouse[device]?.headingsStructure).toEqual({
        hasH1: true,
        multipleH1: false,
        headingsOrder: true,
      })
      expect(shown?.lighthouse[device]?.security.https).toBe(false)
    }
  })
})

describe('latestReportIds', () => {
  const part = (taskId: string, status = 'success') => ({ taskId, status })
  it('offers the latest analysis only when its three parts finished', () => {
    expect(
      latestReportIds({
        url: 'https://a.pt/',
        parts: { desktop: part('d'), mobile: part('m'), aio: part('a') },
      }),
    ).toEqual({
      url: 'https://a.pt/',
      ids: { desktopTaskId: 'd', mobileTaskId: 'm', aiOptimizationTaskId: 'a' },
    })
    expect(
      latestReportIds({ url: 'https://a.pt/', parts: { desktop: part('d'), aio: part('a') } }),
    ).toBeNull()
    expect(
      latestReportIds({
        url: 'https://a.pt/',
        parts: { desktop: part('d'), mobile: part('m', 'running'), aio: part('a') },
      }),
    ).toBeNull()
    expect(latestReportIds({ url: null, parts: {} })).toBeNull()
  })
})

describe('analysisScores (issue 41: one set of numbers)', () => {
  const part = (seo: number, aio: number, performance: number | null) =>
    ({
      aio: { scores: { overall: aio } },
      scores: {
        seo,
        aio,
        overall: { score: 0 },
        seoParts: { onPage: 89, performance, weights: { onPage: 0.5, performance: 0.5 } },
      },
    }) as unknown as FullSectionData

  it("gives the suite's numbers: the desktop part's SEO, the AIO part's AIO, the overall that follows", () => {
    const body = {
      desktop: { data: part(92, 70, 95) },
      mobile: { data: part(80, 71, 71) },
      aiOptimization: { data: part(89, 66, null) },
    }
    const scores = analysisScores(body)!
    expect(scores).toMatchObject({ seo: 92, aio: 66 })
    expect(scores.seoParts.performance).toBe(95)
    expect(scores.overall).toBe(overallScore({ seo: 92, aio: 66, llm: null }).score)
    // Exactly what the suite's pages read from the same three parts.
    const slot = (results: FullSectionData) => ({ status: 'success', results }) as never
    const suite = analysisResult({
      slots: {
        desktop: slot(body.desktop.data),
        mobile: slot(body.mobile.data),
        aio: slot(body.aiOptimization.data),
      },
    } as never)!
    expect({ seo: suite.scores.seo, aio: suite.scores.aio, overall: suite.scores.overall.score }).toEqual({
      seo: scores.seo,
      aio: scores.aio,
      overall: scores.overall,
    })
  })

  it('falls back to the mobile part, then to the AIO part alone', () => {
    expect(
      analysisScores({
        desktop: { data: null },
        mobile: { data: part(80, 71, 71) },
        aiOptimization: { data: null },
      }),
    ).toMatchObject({ seo: 80, aio: 71 })
    expect(
      analysisScores({
        desktop: { data: null },
        mobile: { data: null },
        aiOptimization: { data: part(89, 66, null) },
      }),
    ).toMatchObject({ seo: 89, aio: 66 })
  })
})
