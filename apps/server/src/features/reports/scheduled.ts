// Scheduled reports: a weekly or monthly email to chosen recipients with a tracked site's own report of the
// period that just ended: a PDF (in the workspace's brand) with the period's changes (score trend, new and
// fixed issues, AI-presence trend) on its first page, attached, and the same changes in the mail's text.
//
// Three steps, each done once whatever the number of workers and restarts (decision 034):
// 1. claim: the row (schedule, period) in report_schedule_sends (its primary key) when the period is due;
// 2. make: a report of the site carrying the period's changes, its tasks those of the period's last
//    finished monitoring run (no new Lighthouse runs), or fresh ones when the period had none; the row
//    takes its id only while it has none (a losing worker drops its own report);
// 3. mail: when that report is finished (the build job's end, or the next tick after a restart), the row's
//    mailed_at is set while still empty, and only the worker that set it queues the mails.
// The hourly tick does all three for every open row, so a period claimed before a crash is finished after.
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import {
  reportScheduleSends,
  reportSchedules,
  reports,
  siteRuns,
  trackedSites,
  users,
} from '../../platform/db/schema.ts'
import type { Outbox } from '../../platform/email/outbox.ts'
import { renderEmail } from '../../platform/email/templates.ts'
import type { Lang } from '../../platform/errors.ts'
import { createQueue } from '../../platform/jobs/queue.ts'
import type { Logger } from '../../platform/log.ts'
import { createTask } from '../../platform/tasks/service.ts'
import { brandOf } from '../../tenancy/brand.ts'
import type { RunSnapshot } from '../sites/public.ts'
import { createReportLink } from './links.ts'
import {
  type Period,
  type PeriodRun,
  periodChanges,
  periodFromKey,
  periodLines,
  previousPeriod,
  type ReportFrequency,
} from './period.ts'
import { expireStaleReports, reportQueue } from './service.ts'

const scheduledReportQueue = 'report.scheduled'
/** A larger PDF goes by its link only (mail servers commonly refuse messages over 10–25 MB). */
const attachmentMaxBytes = 8 * 1024 * 1024

/** Pure: the attached file's name: the site's host and the period, e.g. `loja.pt-2026-W47.pdf`. */
export function attachmentName(siteUrl: string, period: string): string {
  let host = 'site'
  try {
    host = new URL(siteUrl).hostname
  } catch {}
  return `${host.replace(/[^a-z0-9.-]/gi, '-')}-${period}.pdf`
}

export { previousPeriod } from './period.ts'

/** The old summary call: the lines of a period's changes from its runs (oldest first). */
export function periodSummary(runs: { snapshot: RunSnapshot | null }[], lang: Lang): string[] {
  const at = new Date(0)
  return periodLines(
    periodChanges(
      { key: '', start: at, end: at },
      runs.map((r) => ({ startedAt: at, snapshot: r.snapshot })),
    ),
    lang,
  )
}

export interface ScheduledDeps {
  db: Db
  config: Config
  outbox: Outbox
  log: Logger
  boss: PgBoss
}

type ScheduleRow = typeof reportSchedules.$inferSelect
type SiteRow = typeof trackedSites.$inferSelect
type ReportRow = typeof reports.$inferSelect

/**
 * One tick: claims every schedule's last period not claimed yet, makes the report of every claimed period
 * that has none, mails every one whose report is finished. Returns how many mails were queued.
 */
export async function sendDueScheduledReports(deps: ScheduledDeps, now = new Date()): Promise<number> {
  const schedules = await deps.db.select().from(reportSchedules)
  for (const schedule of schedules) {
    const period = previousPeriod(now, schedule.frequency as ReportFrequency)
    // A period that ended before the schedule existed is not mailed.
    if (period.end <= schedule.createdAt) continue
    await deps.db
      .insert(reportScheduleSends)
      .values({ scheduleId: schedule.id, period: period.key })
      .onConflictDoNothing()
  }
  // A crashed build leaves its report pending: past the deadline it is failed, and its period mailed
  // without the PDF rather than never.
  await expireStaleReports(deps.db)
  const open = await deps.db
    .select({ send: reportScheduleSends, schedule: reportSchedules, site: trackedSites })
    .from(reportScheduleSends)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportScheduleSends.scheduleId))
    .innerJoin(trackedSites, eq(trackedSites.id, reportSchedules.siteId))
    .where(isNull(reportScheduleSends.mailedAt))
  let sent = 0
  for (const { send, schedule, site } of open) {
    const period = periodFromKey(send.period)
    if (!period) continue
    const reportId = send.reportId ?? (await makePeriodReport(deps, schedule, site, period))
    if (reportId) sent += await mailPeriodReport(deps, reportId)
  }
  return sent
}

/**
 * Makes the period's report and records it on the claimed row; returns the row's report id (this one, or
 * the one another worker recorded first), or null when the row is gone.
 */
async function makePeriodReport(
  deps: ScheduledDeps,
  schedule: ScheduleRow,
  site: SiteRow,
  period: Period,
): Promise<string | null> {
  const { db } = deps
  const runs = await db
    .select({ startedAt: siteRuns.startedAt, snapshot: siteRuns.snapshot, taskIds: siteRuns.taskIds })
    .from(siteRuns)
    .where(
      and(
        eq(siteRuns.siteId, site.id),
        eq(siteRuns.status, 'success'),
        gte(siteRuns.startedAt, period.start),
        lt(siteRuns.startedAt, period.end),
      ),
    )
    .orderBy(asc(siteRuns.startedAt))
  const changes = periodChanges(period, runs as PeriodRun[])
  const lang: Lang = schedule.language === 'en' ? 'en' : 'pt'
  const ids = reusableTasks(runs)
  const [made] = await db
    .insert(reports)
    .values({
      url: site.url,
      // The site's follower: its monitoring runs' analyses are theirs (decision 030).
      userId: site.userId,
      workspaceId: site.workspaceId,
      language: lang,
      period: changes,
      ...(ids ?? {}),
    })
    .returning()
  const [won] = await db
    .update(reportScheduleSends)
    .set({ reportId: made!.id })
    .where(
      and(
        eq(reportScheduleSends.scheduleId, schedule.id),
        eq(reportScheduleSends.period, period.key),
        isNull(reportScheduleSends.reportId),
      ),
    )
    .returning()
  if (!won) {
    await db.delete(reports).where(eq(reports.id, made!.id))
    const [row] = await db
      .select({ reportId: reportScheduleSends.reportId })
      .from(reportScheduleSends)
      .where(and(eq(reportScheduleSends.scheduleId, schedule.id), eq(reportScheduleSends.period, period.key)))
    return row?.reportId ?? null
  }
  if (!ids) {
    // No finished run in the period had the three analyses: the report runs them now, for the follower.
    const who = { userId: site.userId, clientIp: 'scheduled-report', workspaceId: site.workspaceId }
    const task = async (kind: 'seo_analysis' | 'ai_optimization', platform: 'desktop' | 'mobile' | null) =>
      (await createTask(deps, { kind, url: site.url, platform, lang }, who, lang)).taskId
    await db
      .update(reports)
      .set({
        desktopTaskId: await task('seo_analysis', 'desktop'),
        mobileTaskId: await task('seo_analysis', 'mobile'),
        aiOptimizationTaskId: await task('ai_optimization', null),
      })
      .where(eq(reports.id, made!.id))
  }
  await deps.boss.send(reportQueue, { reportId: made!.id })
  deps.log.info({ scheduleId: schedule.id, period: period.key, reportId: made!.id }, 'period report started')
  return made!.id
}

/** Pure: the analyses of the period's last run that has all three (desktop, mobile, AIO), or null. */
export function reusableTasks(
  runs: { taskIds: Record<string, string> | null }[],
): { desktopTaskId: string; mobileTaskId: string; aiOptimizationTaskId: string } | null {
  for (const run of [...runs].reverse()) {
    const t = run.taskIds ?? {}
    if (t.desktop && t.mobile && t.aio)
      return { desktopTaskId: t.desktop, mobileTaskId: t.mobile, aiOptimizationTaskId: t.aio }
  }
  return null
}

/**
 * Mails a period's report once it is finished (the PDF attached and linked when it was made, the changes
 * in the text either way); returns how many mails were queued (0 when not finished, not a period's report,
 * or mailed already).
 */
export async function mailPeriodReport(deps: Omit<ScheduledDeps, 'boss'>, reportId: string): Promise<number> {
  const { db } = deps
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId))
  if (!report?.period || (report.status !== 'success' && report.status !== 'failed')) return 0
  const [row] = await db
    .select({ send: reportScheduleSends, schedule: reportSchedules, site: trackedSites })
    .from(reportScheduleSends)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportScheduleSends.scheduleId))
    .innerJoin(trackedSites, eq(trackedSites.id, reportSchedules.siteId))
    .where(eq(reportScheduleSends.reportId, reportId))
  if (!row || row.send.mailedAt) return 0
  const [claimed] = await db
    .update(reportScheduleSends)
    .set({ mailedAt: new Date() })
    .where(
      and(
        eq(reportScheduleSends.scheduleId, row.send.scheduleId),
        eq(reportScheduleSends.period, row.send.period),
        isNull(reportScheduleSends.mailedAt),
      ),
    )
    .returning()
  if (!claimed) return 0
  const { schedule, site } = row
  const lang: Lang = schedule.language === 'en' ? 'en' : 'pt'
  const content = await periodMail(deps, schedule, site, report, lang)
  const attached =
    report.status === 'success' && report.fileName && (report.fileBytes ?? 0) <= attachmentMaxBytes
      ? {
          filename: attachmentName(site.url, row.send.period),
          contentType: 'application/pdf',
          report: report.fileName,
        }
      : null
  for (const to of schedule.recipients)
    await deps.outbox.queue(to, 'scheduled-report', content(Boolean(attached)), attached ? [attached] : [])
  deps.log.info(
    { scheduleId: schedule.id, period: row.send.period, reportId, recipients: schedule.recipients.length },
    'scheduled report sent',
  )
  return schedule.recipients.length
}

async function periodMail(
  deps: Pick<ScheduledDeps, 'db' | 'config'>,
  schedule: ScheduleRow,
  site: SiteRow,
  report: ReportRow,
  lang: Lang,
) {
  const brand = await brandOf(deps.db, site.workspaceId)
  // A read-only link to the period's PDF, valid for 30 days (reports/links.ts), made by the schedule's
  // author while they still exist, else by the report's owner.
  const [author] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, schedule.createdBy))
  const pdf =
    report.status === 'success' && report.fileName
      ? await createReportLink(deps.db, deps.config, report.id, author?.id ?? report.userId, 30)
      : null
  return (attached: boolean) =>
    renderEmail(
      {
        kind: 'scheduled-report',
        name: '',
        url: `${deps.config.publicUrl}/dashboard/client`,
        site: `${site.url} · ${report.period!.key}${brand ? ` · ${brand.name}` : ''}`,
        lines: [
          ...periodLines(report.period!, lang),
          ...(pdf ? ['', `${lang === 'pt' ? 'Relatório PDF' : 'PDF report'}: ${pdf.url}`] : []),
          ...(attached
            ? [lang === 'pt' ? 'O relatório PDF segue em anexo.' : 'The PDF report is attached.']
            : []),
          ...(report.status === 'failed'
            ? [
                '',
                lang === 'pt'
                  ? 'Desta vez não foi possível gerar o relatório PDF.'
                  : 'The PDF report could not be made this time.',
              ]
            : []),
        ],
      },
      lang,
    )
}

/** Every hour (FAROL_REPORT_SCHEDULE_CRON to change it), on every worker: the claim row keeps it once. */
export async function startScheduledReports(deps: ScheduledDeps): Promise<void> {
  await createQueue(deps.boss, scheduledReportQueue)
  await deps.boss.schedule(scheduledReportQueue, '0 * * * *')
  await deps.boss.work(scheduledReportQueue, async () => {
    await sendDueScheduledReports(deps)
  })
}
