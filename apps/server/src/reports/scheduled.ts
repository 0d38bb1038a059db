// Scheduled reports: a weekly or monthly email to chosen recipients with a tracked site's changes over the
// period that just ended (score trend, new and fixed issues, AI-presence trend), in the schedule's
// language, under the workspace's brand name when it has one. A tick (pg-boss cron, every worker) mails
// every schedule whose last period has not been mailed; the row in report_schedule_sends, inserted before
// the mail is queued, makes each period go out once, across restarts and several workers. The newest
// report of the site goes with it as an attached PDF and a read-only link.
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import { reportScheduleSends, reportSchedules, reports, siteRuns, trackedSites } from '../db/schema.ts'
import type { Outbox } from '../email/outbox.ts'
import { renderEmail } from '../email/templates.ts'
import type { Lang } from '../errors.ts'
import type { Logger } from '../log.ts'
import type { RunSnapshot } from '../sites/alerts.ts'
import { brandOf } from '../workspaces/brand.ts'
import { createReportLink } from './links.ts'
import { reportOfSites } from './workspace-reports.ts'

export const scheduledReportQueue = 'report.scheduled'
/** A larger PDF goes by its link only (mail servers commonly refuse messages over 10–25 MB). */
export const attachmentMaxBytes = 8 * 1024 * 1024

/** Pure: the attached file's name: the site's host and the period, e.g. `loja.pt-2026-W47.pdf`. */
export function attachmentName(siteUrl: string, period: string): string {
  let host = 'site'
  try {
    host = new URL(siteUrl).hostname
  } catch {}
  return `${host.replace(/[^a-z0-9.-]/gi, '-')}-${period}.pdf`
}
export type ReportFrequency = 'weekly' | 'monthly'

export interface Period {
  key: string
  start: Date
  end: Date
}

/** Pure: the period (UTC ISO week starting Monday, or calendar month) that ended last before `now`. */
export function previousPeriod(now: Date, frequency: ReportFrequency): Period {
  if (frequency === 'monthly') {
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1))
    return {
      key: `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`,
      start,
      end,
    }
  }
  const day = (now.getUTCDay() + 6) % 7 // Monday 0
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day))
  const start = new Date(end.getTime() - 7 * 86_400_000)
  return { key: isoWeekKey(start), start, end }
}

/** Pure: ISO 8601 week of a Monday: the week's Thursday decides the year, and its day of year the week. */
function isoWeekKey(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * 86_400_000)
  const year = thursday.getUTCFullYear()
  const dayOfYear = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000)
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, '0')}`
}

interface SummaryRun {
  scores: RunSnapshot['scores'] | null
  snapshot: RunSnapshot | null
}

const words = {
  pt: {
    total: 'Pontuação total',
    llm: 'Presença em IA',
    none: 'Sem auditorias concluídas neste período.',
    newIssues: 'Novos problemas',
    fixedIssues: 'Problemas resolvidos',
    noChange: 'sem dados',
  },
  en: {
    total: 'Total score',
    llm: 'AI presence',
    none: 'No finished audits in this period.',
    newIssues: 'New issues',
    fixedIssues: 'Fixed issues',
    noChange: 'no data',
  },
} as const

/** Pure: the lines of a period's summary from its finished runs, oldest first. */
export function periodSummary(runs: SummaryRun[], lang: Lang): string[] {
  const w = words[lang]
  const done = runs.filter((r) => r.snapshot)
  if (done.length === 0) return [w.none]
  const first = done[0]!.snapshot!
  const last = done.at(-1)!.snapshot!
  const trend = (label: string, key: 'totalScore' | 'llmScore') => {
    const from = first.scores[key]
    const to = last.scores[key]
    if (from === null || to === null) return `${label}: ${to ?? w.noChange}`
    const diff = to - from
    return `${label}: ${from} → ${to} (${diff > 0 ? '+' : ''}${diff})`
  }
  const before = new Map(first.failing.map((f) => [f.id, f]))
  const after = new Map(last.failing.map((f) => [f.id, f]))
  const added = [...after.values()].filter((f) => !before.has(f.id))
  const fixed = [...before.values()].filter((f) => !after.has(f.id))
  const list = (items: typeof added) => items.slice(0, 10).map((f) => `  - ${f.title[lang]}`)
  return [
    trend(w.total, 'totalScore'),
    trend(w.llm, 'llmScore'),
    `${w.newIssues}: ${added.length}`,
    ...list(added),
    `${w.fixedIssues}: ${fixed.length}`,
    ...list(fixed),
  ]
}

export interface ScheduledDeps {
  db: Db
  config: Config
  outbox: Outbox
  log: Logger
}

/** Mails every schedule's last period not mailed yet; returns how many mails were queued. */
export async function sendDueScheduledReports(deps: ScheduledDeps, now = new Date()): Promise<number> {
  const schedules = await deps.db
    .select({ schedule: reportSchedules, site: trackedSites })
    .from(reportSchedules)
    .innerJoin(trackedSites, eq(trackedSites.id, reportSchedules.siteId))
  let sent = 0
  for (const { schedule, site } of schedules) {
    const period = previousPeriod(now, schedule.frequency as ReportFrequency)
    // A period that ended before the schedule existed is not mailed.
    if (period.end <= schedule.createdAt) continue
    const claimed = await deps.db
      .insert(reportScheduleSends)
      .values({ scheduleId: schedule.id, period: period.key })
      .onConflictDoNothing()
      .returning()
    if (claimed.length === 0) continue
    const runs = await deps.db
      .select({ scores: siteRuns.scores, snapshot: siteRuns.snapshot })
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
    const lang: Lang = schedule.language === 'en' ? 'en' : 'pt'
    const brand = await brandOf(deps.db, site.workspaceId)
    // The newest finished report of the site made in its workspace (in the workspace's brand) goes with
    // the summary: its PDF attached (read from the report store when the mail is sent, up to
    // attachmentMaxBytes) and a read-only link to it, valid for 30 days (reports/links.ts).
    const made = await deps.db
      .select()
      .from(reports)
      .where(and(eq(reports.workspaceId, site.workspaceId), eq(reports.status, 'success')))
      .orderBy(desc(reports.createdAt))
    const latest = made.find((r) => r.fileName && reportOfSites(r.url, [site.url]))
    const pdf = latest
      ? await createReportLink(deps.db, deps.config, latest.id, schedule.createdBy, 30)
      : null
    const attached =
      latest?.fileName && (latest.fileBytes ?? 0) <= attachmentMaxBytes
        ? {
            filename: attachmentName(site.url, period.key),
            contentType: 'application/pdf',
            report: latest.fileName,
          }
        : null
    const content = renderEmail(
      {
        kind: 'scheduled-report',
        name: '',
        url: `${deps.config.publicUrl}/dashboard/client`,
        site: `${site.url} · ${period.key}${brand ? ` · ${brand.name}` : ''}`,
        lines: [
          ...periodSummary(runs as SummaryRun[], lang),
          ...(pdf ? ['', `${lang === 'pt' ? 'Relatório PDF' : 'PDF report'}: ${pdf.url}`] : []),
          ...(attached
            ? [lang === 'pt' ? 'O relatório PDF segue em anexo.' : 'The PDF report is attached.']
            : []),
        ],
      },
      lang,
    )
    for (const to of schedule.recipients)
      await deps.outbox.queue(to, 'scheduled-report', content, attached ? [attached] : [])
    deps.log.info(
      { scheduleId: schedule.id, period: period.key, recipients: schedule.recipients.length },
      'scheduled report sent',
    )
    sent += schedule.recipients.length
  }
  return sent
}

/** Every hour (FAROL_REPORT_SCHEDULE_CRON to change it), on every worker: the claim row keeps it once. */
export async function startScheduledReports(deps: ScheduledDeps & { boss: PgBoss }): Promise<void> {
  await deps.boss.createQueue(scheduledReportQueue)
  await deps.boss.schedule(scheduledReportQueue, '0 * * * *')
  await deps.boss.work(scheduledReportQueue, async () => {
    await sendDueScheduledReports(deps)
  })
}
