// POST /api/get-report-data (spec §7): the three tasks of a report in one answer, for the printable page,
// plus the owner's latest site audit of the same host (issue 18), which the page prints as its own section.
import type { SiteAuditSummary } from '@farol/engine/crawl/index.ts'
import type { BotLogFindings } from '@farol/engine/logs/findings.ts'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { type PeriodChanges, reports, taskLighthouse, tasks } from '../../platform/db/schema.ts'
import { type Brand, brandOf } from '../../tenancy/brand.ts'
import { type GoogleAiReport, googleAiForReport } from '../ai-overviews/public.ts'
import { decodeLighthouseResult, withAnalysisPresence } from '../analysis/public.ts'
import { latestBotFindings } from '../bot-logs/public.ts'
import { crawlScopeOf, latestSiteAudit } from '../site-audit/public.ts'

type TaskRow = typeof tasks.$inferSelect

export interface ReportIds {
  desktopTaskId: string
  mobileTaskId: string
  aiOptimizationTaskId: string
}

export type ReportDataAnswer =
  | { status: 200; body: ReportData }
  | { status: 400 | 404; body: { error: string; details: string[] } }

interface ReportData {
  siteUrl: string
  desktop: { data: unknown }
  mobile: { data: unknown }
  aiOptimization: { data: unknown }
  /** The report owner's latest finished crawl of the site's host; null without one (or for anonymous tasks). */
  siteAudit: SiteAuditSummary | null
  /** The report owner's latest log analysis of the site (AI crawlers), as findings; null without one. */
  botLogs: BotLogFindings | null
  /** The workspace's latest run of Google's AI Overviews and AI Mode for the site (issue 43); null without one. */
  googleAi: GoogleAiReport | null
  /** The white label of the workspace the report was made in; absent: Farol's own look. */
  brand?: Brand
  /** A scheduled report's period and its changes (printed first); absent for a report asked by hand. */
  period?: PeriodChanges
}

const uuid = /^[0-9a-f-]{36}$/i

/**
 * `canRead(task)` decides visibility: owners, holders of an anonymous task's ids, and the PDF renderer's
 * grant. Unknown and invisible ids get the same answer, so ids of other users cannot be probed.
 */
export async function loadReportData(
  db: Db,
  ids: Partial<ReportIds>,
  canRead: (task: TaskRow) => boolean,
  /** The report being rendered (the renderer's grant names it): its workspace and period are printed. */
  reportId: string | null = null,
): Promise<ReportDataAnswer> {
  const wanted = [ids.desktopTaskId, ids.mobileTaskId, ids.aiOptimizationTaskId]
  if (wanted.some((id) => !id)) {
    return { status: 400, body: { error: 'Missing one or more required task IDs', details: [] } }
  }
  const valid = (wanted as string[]).filter((id) => uuid.test(id))
  const rows = valid.length ? await db.select().from(tasks).where(inArray(tasks.id, valid)) : []
  const byId = new Map(rows.filter(canRead).map((r) => [r.id, r]))
  const missing = (wanted as string[]).filter((id) => !byId.has(id))
  if (missing.length) {
    return {
      status: 404,
      body: { error: 'Failed to retrieve report data', details: missing.map((id) => `Task ${id} not found`) },
    }
  }
  const lighthouse = await db
    .select()
    .from(taskLighthouse)
    .where(inArray(taskLighthouse.taskId, [ids.desktopTaskId!, ids.mobileTaskId!]))
  const lhrOf = (taskId: string) => decodeLighthouseResult(lighthouse.find((l) => l.taskId === taskId)?.lhr)
  // Each part with the presence part in its overall (analysis/presence-part.ts), as the suite reads it.
  for (const [id, row] of byId) byId.set(id, await withAnalysisPresence(db, row))
  const desktop = byId.get(ids.desktopTaskId!)!
  // The crawl is the task owner's, whoever reads (the owner, or the PDF renderer's grant): a report never
  // shows another account's crawl, and an anonymous analysis has none.
  const siteAudit = desktop.userId
    ? await latestSiteAudit(
        db,
        crawlScopeOf({ workspaceId: desktop.workspaceId, userId: desktop.userId }),
        desktop.url,
      )
    : null
  const botLogs =
    desktop.userId && desktop.workspaceId
      ? await latestBotFindings(db, { userId: desktop.userId, workspaceId: desktop.workspaceId }, desktop.url)
      : null
  const googleAi = desktop.workspaceId ? await googleAiForReport(db, desktop.workspaceId, desktop.url) : null
  // The report these tasks belong to names its workspace, whose brand the page prints, and a scheduled
  // report its period. The renderer names its report; a reader opening the page names only the tasks.
  const [report] = await db
    .select({ workspaceId: reports.workspaceId, period: reports.period })
    .from(reports)
    .where(
      reportId && uuid.test(reportId)
        ? and(eq(reports.id, reportId), eq(reports.desktopTaskId, desktop.id))
        : eq(reports.desktopTaskId, desktop.id),
    )
    .orderBy(desc(reports.createdAt))
    .limit(1)
  const brand = report?.workspaceId ? await brandOf(db, report.workspaceId) : null
  return {
    status: 200,
    body: {
      siteUrl: desktop.url,
      desktop: { data: sectionData(desktop, lhrOf(desktop.id)) },
      mobile: { data: sectionData(byId.get(ids.mobileTaskId!)!, lhrOf(ids.mobileTaskId!)) },
      aiOptimization: { data: sectionData(byId.get(ids.aiOptimizationTaskId!)!, undefined) },
      siteAudit,
      botLogs,
      googleAi,
      ...(brand ? { brand } : {}),
      ...(report?.period ? { period: report.period } : {}),
    },
  }
}

/** A finished task's results plus a compact summary of its Lighthouse result (the raw one is ~1 MB). */
function sectionData(task: TaskRow, lhr: unknown): unknown {
  if (task.status !== 'success' || !task.results) return null
  return { ...(task.results as object), lighthouseResult: lhr ? lighthouseSummary(lhr) : null }
}

function lighthouseSummary(lhr: unknown) {
  const l = lhr as {
    lighthouseVersion?: string
    fetchTime?: string
    finalDisplayedUrl?: string
    categories?: Record<string, { id: string; title: string; score: number | null }>
  }
  return {
    lighthouseVersion: l.lighthouseVersion ?? null,
    fetchTime: l.fetchTime ?? null,
    finalDisplayedUrl: l.finalDisplayedUrl ?? null,
    categories: Object.fromEntries(
      Object.entries(l.categories ?? {}).map(([k, c]) => [k, { id: c.id, title: c.title, score: c.score }]),
    ),
  }
}
