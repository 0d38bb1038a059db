/**
 * Loading the printable report's data (spec §7 get-report-data) and the error texts of spec §8, shared by
 * the route loader (in-process API, server side) and the browser fallback. Errors stay structured so the
 * page can say them in its language.
 */
import type { Finding, OnPageSummary, SeoResult } from '@farol/engine'
import { analysisAudit, withOnPageFacts } from '@farol/engine/analysis/one-verdict.ts'
import {
  type AnalysisScores,
  type FullSectionData,
  type ReportData,
  type ReportIds,
  reportIdKeys,
  type SectionData,
} from './types.ts'

export type ReportLoadError =
  | { kind: 'missing-ids' }
  /** The server answered with an error: its `error` and `details` (array or string). */
  | { kind: 'server'; error: string | null; details: string[] }
  /** The call itself failed (network, unreadable answer). */
  | { kind: 'network' }
  | { kind: 'unexpected' }

export type ReportLoad =
  | { state: 'loaded'; ids: Partial<ReportIds>; data: ReportData }
  | {
      state: 'error'
      ids: Partial<ReportIds>
      error: ReportLoadError
      /** Opened without ids by a signed-in user: their latest finished analysis, to open instead. */
      latest?: { url: string; ids: ReportIds } | null
    }

/** The three ids from the query; `complete` only when none is missing or blank. */
export function readReportIds(params: URLSearchParams): { ids: Partial<ReportIds>; complete: boolean } {
  const ids: Partial<ReportIds> = {}
  for (const key of reportIdKeys) {
    const value = params.get(key)?.trim()
    if (value) ids[key] = value
  }
  return { ids, complete: reportIdKeys.every((key) => ids[key]) }
}

/** `/suite/pdf-report?desktopTaskId=…&mobileTaskId=…&aiOptimizationTaskId=…` */
export function pdfReportPath(ids: Partial<ReportIds>): string {
  const params = new URLSearchParams()
  for (const key of reportIdKeys) params.set(key, ids[key] ?? '')
  return `/suite/pdf-report?${params.toString()}`
}

function detailsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((d): d is string => typeof d === 'string' && d !== '')
  if (typeof value === 'string' && value) return [value]
  return []
}

function isReportData(body: unknown): body is FullReportData {
  if (!body || typeof body !== 'object') return false
  const b = body as Record<string, unknown>
  return (
    typeof b.siteUrl === 'string' &&
    ['desktop', 'mobile', 'aiOptimization'].every((k) => b[k] !== null && typeof b[k] === 'object')
  )
}

const problems = (findings: Finding[] | undefined) =>
  (findings ?? []).filter((f) => f.verdict === 'fail' || f.verdict === 'warn')

/** A device's result as printed: headings and HTTPS from Farol's on-page checks, as on the web page. */
function device(seo: SeoResult | null | undefined, onPage: OnPageSummary | undefined) {
  if (!seo) return null
  const { agenticAudits: _unused, ...shown } = withOnPageFacts(seo, onPage)
  return shown
}

/** Keeps what the printable page shows of one task's results (see SectionData). */
export function slimSection(full: FullSectionData): SectionData {
  if (!full) return null
  return {
    fetchedAt: full.fetchedAt,
    onPage: { score: full.onPage?.score ?? null, findings: problems(full.onPage?.findings) },
    aio: {
      scores: full.aio.scores,
      strengths: full.aio.strengths,
      weaknesses: full.aio.weaknesses,
      recommendations: full.aio.recommendations,
      // Problems, and the information-only findings the "Rastreadores de IA" part lists (issue 12).
      findings: (full.aio.findings ?? []).filter((f) => f.verdict !== 'pass' && f.verdict !== 'na'),
      ...(full.aio.signals
        ? { signals: { robots: full.aio.signals.robots, llmsTxt: full.aio.signals.llmsTxt } }
        : {}),
    },
    lighthouse: {
      desktop: device(full.lighthouse?.desktop, full.onPage?.summary),
      mobile: device(full.lighthouse?.mobile, full.onPage?.summary),
      errors: full.lighthouse?.errors ?? {},
    },
    lighthouseResult: full.lighthouseResult
      ? { lighthouseVersion: full.lighthouseResult.lighthouseVersion ?? null }
      : null,
    ...(full.field ? { field: full.field } : {}),
  }
}

/** The analysis's scores from the three parts, read as the suite reads them (analysisAudit). */
export function analysisScores(
  body: Pick<FullReportData, 'desktop' | 'mobile' | 'aiOptimization'>,
): AnalysisScores | null {
  const audit = analysisAudit({
    aio: body.aiOptimization.data,
    desktop: body.desktop.data,
    mobile: body.mobile.data,
  })
  if (!audit?.scores) return null
  const { seo, aio, overall, seoParts } = audit.scores
  return { overall: overall.score, seo, aio, seoParts }
}

interface FullReportData {
  siteUrl: string
  desktop: { data: FullSectionData }
  mobile: { data: FullSectionData }
  aiOptimization: { data: FullSectionData }
  siteAudit?: ReportData['siteAudit']
  botLogs?: ReportData['botLogs']
  googleAi?: ReportData['googleAi']
  brand?: ReportData['brand']
  period?: ReportData['period']
}

/** Reads one get-report-data answer: the data, or the server's error and details. */
export function parseReportAnswer(
  ok: boolean,
  body: unknown,
): { data: ReportData } | { error: ReportLoadError } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  if (ok && !('error' in b) && isReportData(body)) {
    return {
      data: {
        siteUrl: body.siteUrl,
        desktop: { data: slimSection(body.desktop.data) },
        mobile: { data: slimSection(body.mobile.data) },
        aiOptimization: { data: slimSection(body.aiOptimization.data) },
        // The suite's numbers, computed from the full results by the suite's own rule (issue 41).
        scores: analysisScores(body),
        // Already a summary (a few issue types with three example URLs each): kept as it is.
        siteAudit: body.siteAudit ?? null,
        // The report owner's access-log findings (issue 32), when they analysed the site's logs.
        ...(body.botLogs ? { botLogs: body.botLogs } : {}),
        // The workspace's latest run of Google's AI answers for the site (issue 43), when there is one.
        ...(body.googleAi ? { googleAi: body.googleAi } : {}),
        // The workspace's white label (issue 34), when the report was made in a branded workspace.
        ...(body.brand ? { brand: body.brand } : {}),
        // A scheduled report's period and its changes (issue 34).
        ...(body.period ? { period: body.period } : {}),
      },
    }
  }
  const error = typeof b.error === 'string' && b.error ? b.error : null
  return { error: { kind: 'server', error, details: detailsOf(b.details) } }
}

export type PostJson = (path: string, body: unknown) => Promise<Response>

/** Calls get-report-data with `post` (in-process on the server, `fetch` in the browser). */
export async function fetchReportData(post: PostJson, query: URLSearchParams): Promise<ReportLoad> {
  const { ids, complete } = readReportIds(query)
  if (!complete) return { state: 'error', ids, error: { kind: 'missing-ids' } }
  let response: Response
  let body: unknown
  try {
    response = await post('/api/get-report-data', ids)
    body = await response.json()
  } catch (e) {
    return { state: 'error', ids, error: e instanceof Error ? { kind: 'network' } : { kind: 'unexpected' } }
  }
  const answer = parseReportAnswer(response.ok, body)
  return 'data' in answer
    ? { state: 'loaded', ids, data: answer.data }
    : { state: 'error', ids, error: answer.error }
}

type T = (key: string, options?: Record<string, unknown>) => string

/** The server's English messages that the page knows how to say in Portuguese too. */
const knownErrors: Record<string, string> = {
  'Missing one or more required task IDs': 'pdf.errors.missingIds',
  'Failed to retrieve report data': 'pdf.errors.retrieve',
  'Error fetching report data': 'pdf.errors.fetch',
  'An unexpected error occurred': 'pdf.errors.unexpected',
}

function translateDetail(detail: string, t: T): string {
  const notFound = /^Task (\S+) not found$/.exec(detail)
  if (notFound) return t('pdf.errors.taskNotFound', { id: notFound[1] })
  return detail
}

/**
 * Spec §8 "Report page": the server's error, its details joined with commas, or the fallbacks
 * 'Failed to retrieve report data', 'Error fetching report data', 'An unexpected error occurred'.
 */
export function reportErrorText(error: ReportLoadError, t: T): string {
  switch (error.kind) {
    case 'missing-ids':
      return t('pdf.errors.missingIds')
    case 'network':
      return t('pdf.errors.fetch')
    case 'unexpected':
      return t('pdf.errors.unexpected')
    case 'server': {
      const details = error.details.map((d) => translateDetail(d, t)).join(', ')
      if (!error.error) return details || t('pdf.errors.retrieve')
      const message = knownErrors[error.error] ? t(knownErrors[error.error]!) : error.error
      return details ? `${message}: ${details}` : message
    }
  }
}

/**
 * The report ids of the latest analysis (of `url`, else the newest) when all three parts finished; null
 * otherwise. `answer` is GET /api/seo-task-manager/latest-analysis's JSON.
 */
export function latestReportIds(answer: {
  url: string | null
  parts: Partial<Record<'aio' | 'desktop' | 'mobile', { taskId: string; status: string } | null>>
}): { url: string; ids: ReportIds } | null {
  const { desktop, mobile, aio } = answer.parts
  const done = (p: { status: string } | null | undefined) => p?.status === 'success'
  if (!answer.url || !done(desktop) || !done(mobile) || !done(aio)) return null
  return {
    url: answer.url,
    ids: { desktopTaskId: desktop!.taskId, mobileTaskId: mobile!.taskId, aiOptimizationTaskId: aio!.taskId },
  }
}
