/** The reports API's shapes (apps/server/src/features/reports/routes.ts), typed with the engine's result types. */
import type { AioResult, AuditResult, FieldResult, LighthouseResults, SeoResult } from '@farol/engine'
import type { SiteAuditSummary } from '@farol/engine/crawl/summary.ts'
import type { BotLogFindings } from '@farol/engine/logs/findings.ts'

/** Spec §4: pending, success or failed; any other value is shown as it is. */
export type ReportStatus = 'pending' | 'success' | 'failed' | (string & {})

export interface Report {
  id: string
  url: string
  status: ReportStatus
  created_at: string
  finished_at: string | null
  /** `/api/reports/{id}/file` once the PDF exists, else null. */
  file_url: string | null
  user_id: string
  language: string
  desktopTaskId: string | null
  mobileTaskId: string | null
  aiOptimizationTaskId: string | null
  /** Translated failure reason, or null. */
  message: string | null
}

export interface ReportIds {
  desktopTaskId: string
  mobileTaskId: string
  aiOptimizationTaskId: string
}

export const reportIdKeys = ['desktopTaskId', 'mobileTaskId', 'aiOptimizationTaskId'] as const

/** The compact Lighthouse summary get-report-data adds to the desktop and mobile results. */
interface LighthouseSummary {
  lighthouseVersion: string | null
  fetchTime: string | null
  finalDisplayedUrl: string | null
  categories: Record<string, { id: string; title: string; score: number | null }>
}

/** One task's results as get-report-data answers them; null when the task failed or has not finished. */
export type FullSectionData = (AuditResult & { lighthouseResult?: LighthouseSummary | null }) | null

/**
 * What the printable page shows of one task: the full result minus what it never prints (AIO signals
 * and score components, passed findings, agentic audits), so the server HTML does not carry it twice.
 */
export type ShownSeo = Omit<SeoResult, 'agenticAudits'>
export type ShownAio = Pick<
  AioResult,
  'scores' | 'strengths' | 'weaknesses' | 'recommendations' | 'findings'
> & {
  /** What robots.txt allows each AI crawler, and llms.txt (older stored results lack them). */
  signals?: Pick<AioResult['signals'], 'robots' | 'llmsTxt'>
}

export type SectionData = {
  fetchedAt: string
  onPage: { score: number | null; findings: AuditResult['onPage']['findings'] }
  aio: ShownAio
  lighthouse: {
    desktop: ShownSeo | null
    mobile: ShownSeo | null
    errors: LighthouseResults['errors']
  }
  lighthouseResult: { lighthouseVersion: string | null } | null
  /** Real users' Core Web Vitals for the task's device (CrUX), when the analysis has them. */
  field?: FieldResult
} | null

/** One analysis's scores under the suite's names (Pontuação global, SEO, AIO) and the SEO score's parts. */
export interface AnalysisScores {
  overall: number
  seo: number
  aio: number
  seoParts: AuditResult['scores']['seoParts']
}

/** Spec §3 "Report data response" (trimmed to what the page shows, see SectionData). */
export interface ReportData {
  siteUrl: string
  desktop: { data: SectionData }
  mobile: { data: SectionData }
  aiOptimization: { data: SectionData }
  /**
   * The analysis's scores as the suite shows them (analysis/one-verdict.ts analysisAudit): SEO blended with
   * performance, the AIO task's AIO, the overall score; null when no part finished.
   */
  scores?: AnalysisScores | null
  /** The report owner's latest crawl of the site (issue 18); null without one. */
  siteAudit: SiteAuditSummary | null
  /** The report owner's latest access-log analysis of the site, as findings (issue 32); null without one. */
  botLogs?: BotLogFindings | null
  /** The workspace's latest run of Google's AI Overviews and AI Mode for the site (issue 43). */
  googleAi?: GoogleAiReport | null
  /** The white label of the workspace the report was made in (issue 34); absent or null: Farol's look. */
  brand?: { name: string; color: string; logo: string | null; contact: string | null } | null
  /** A scheduled report's period and what changed in it (issue 34); absent for a report asked by hand. */
  period?: PeriodChanges | null
}

/** The server's PeriodChanges (reports/period.ts): the period, each run's scores, new and fixed issues. */
export interface PeriodChanges {
  key: string
  start: string
  end: string
  points: { at: string; total: number | null; llm: number | null }[]
  newIssues: { id: string; title: { pt: string; en: string }; impact: string }[]
  fixedIssues: { id: string; title: { pt: string; en: string }; impact: string }[]
}

interface GoogleAiShare {
  k: number
  n: number
  rate: number | null
  low: number | null
  high: number | null
}

/** The PDF's Google AI answers section (server features/ai-overviews/report-section.ts). */
export interface GoogleAiReport {
  site: string
  day: string
  keywords: number
  surfaces: {
    surface: 'ai_overview' | 'ai_mode'
    asked: number
    shown: GoogleAiShare
    site: GoogleAiShare
    domains: { domain: string; competitor: boolean; share: GoogleAiShare }[]
    gaps: { keyword: string; competitors: string[] }[]
    gapsTotal: number
  }[]
  changes: { day: string; items: { kind: 'lost' | 'gained'; text: { pt: string; en: string } }[] } | null
}
