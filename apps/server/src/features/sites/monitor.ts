// The scheduled re-audit of a tracked site. pg-boss owns the schedule (one per site, key = site id; cron
// for daily/weekly/monthly, or FAROL_MONITOR_EVERY_S seconds for tests and demos), so schedules survive
// restarts and each occurrence is one job that one worker runs. A run starts the audit's tasks (SEO
// desktop and mobile, AIO) like a user would; AI presence when a provider is configured; local directories
// and a site crawl when the owner has run them for this site before (with the same form and page limit);
// waits for them; stores the scores and failing findings; compares with the previous run; emails the changes.

import { and, desc, eq, ne } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { siteRuns, tasks, trackedSites, users } from '../../platform/db/schema.ts'
import type { Outbox } from '../../platform/email/outbox.ts'
import { type EmailContent, escapeHtml } from '../../platform/email/templates.ts'
import type { Lang } from '../../platform/errors.ts'
import { backstopPollSeconds, createQueue } from '../../platform/jobs/queue.ts'
import { llmConfigOf } from '../../platform/llm/registry.ts'
import type { Logger } from '../../platform/log.ts'
import { isCapabilityKind, loadCapability } from '../../platform/tasks/capability.ts'
import type { TaskRequest } from '../../platform/tasks/contract.ts'
import { createTask, errorMessage } from '../../platform/tasks/service.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { handOverSites } from '../../tenancy/followers.ts'
import { overallWithPresence, presenceParts } from '../analysis/public.ts'
import { latestCrawl } from '../site-audit/public.ts'
import { type Alert, compareRuns, describeAlert, type RunScores, type RunSnapshot } from './alerts.ts'
import { type FieldLike, fieldSnapshot } from './field-alerts.ts'
import { submitSitemapChanges } from './indexnow/service.ts'
import { recordPositions } from './keywords.ts'
import { emitSiteEvent } from './webhooks/service.ts'

export const monitorQueue = 'site.monitor'

export type Frequency = 'daily' | 'weekly' | 'monthly'

/** When a site re-audits: an rrule every N seconds when overridden, else a cron at 06:00 UTC. */
export function scheduleFor(frequency: Frequency, everySeconds: number | undefined): string {
  if (everySeconds) return `FREQ=SECONDLY;INTERVAL=${everySeconds}`
  if (frequency === 'daily') return '0 6 * * *'
  if (frequency === 'monthly') return '0 6 1 * *'
  return '0 6 * * 1'
}

export async function ensureMonitorQueue(boss: PgBoss): Promise<void> {
  // A run waits for Lighthouse twice (one at a time per worker): give it room.
  await createQueue(boss, monitorQueue, {
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 1800,
    heartbeatSeconds: 60,
  })
}

export async function scheduleSite(
  boss: PgBoss,
  site: { id: string; frequency: string },
  config: Config,
): Promise<void> {
  const cron = scheduleFor(site.frequency as Frequency, config.sites.everySeconds)
  await boss.schedule(monitorQueue, cron, { siteId: site.id }, { key: site.id, tz: 'UTC' })
}

/** A newly tracked site's first run, at once: its alerts need a baseline to compare with. */
export async function baselineRun(boss: PgBoss, siteId: string): Promise<void> {
  await boss.send(monitorQueue, { siteId }, { singletonKey: `baseline-${siteId}` })
}

/**
 * Every tracked site's schedule as the configuration says now: a changed FAROL_MONITOR_EVERY_S (set,
 * changed or removed) applies to the sites tracked before it, not only to new ones.
 */
async function rescheduleAll(deps: Pick<MonitorDeps, 'db' | 'boss' | 'config'>): Promise<number> {
  const sites = await deps.db
    .select({ id: trackedSites.id, frequency: trackedSites.frequency })
    .from(trackedSites)
  const existing = new Map((await deps.boss.getSchedules(monitorQueue)).map((s) => [s.key, s.cron]))
  const stale = schedulesToWrite(sites, existing, deps.config.sites.everySeconds)
  for (const site of stale) await scheduleSite(deps.boss, site, deps.config)
  return stale.length
}

/** Pure: the sites whose schedule is missing or differs from what the configuration says now (one write
 *  each at start, not one per tracked site). */
export function schedulesToWrite<T extends { id: string; frequency: string }>(
  sites: readonly T[],
  existing: ReadonlyMap<string, string>,
  everySeconds: number | undefined,
): T[] {
  return sites.filter(
    (site) => existing.get(site.id) !== scheduleFor(site.frequency as Frequency, everySeconds),
  )
}

export async function unscheduleSite(boss: PgBoss, siteId: string): Promise<void> {
  await boss.unschedule(monitorQueue, siteId)
}

export interface MonitorDeps {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
  outbox: Outbox
  /** Keyword positions refresh the owner's Search Console token through Better Auth. */
  auth: Auth
  /**
   * What other features do at each scheduled run of a site (the composition root hands it in: Google's AI
   * answers check the site's keywords, issue 43). Its failure never fails the run.
   */
  afterRun?: (site: typeof trackedSites.$inferSelect, lang: Lang) => Promise<void>
}

export async function startMonitorWorker(deps: MonitorDeps): Promise<void> {
  await rescheduleAll(deps)
  await deps.boss.work<{ siteId: string }>(
    monitorQueue,
    {
      localConcurrency: 2,
      batchSize: 1,
      pollingIntervalSeconds: 2,
      notifyPollingIntervalSeconds: backstopPollSeconds,
    },
    async ([job]) => {
      if (job) await runMonitor(deps, job)
    },
  )
}

const POLL_MS = 1000
const AUDIT_WAIT_MS = 25 * 60 * 1000

export async function runMonitor(deps: MonitorDeps, job: Pick<Job<{ siteId: string }>, 'data' | 'signal'>) {
  const { db, log } = deps
  const [found] = await db.select().from(trackedSites).where(eq(trackedSites.id, job.data.siteId))
  if (!found) return // deleted since: its schedule goes with it
  // The safety net for every way a follower can leave: the run is for, and mails, someone who still
  // belongs to the site's workspace (workspaces/followers.ts).
  const handed = await handOverSites(db, found.workspaceId)
  const [site] = handed.some((h) => h.siteId === found.id)
    ? await db.select().from(trackedSites).where(eq(trackedSites.id, found.id))
    : [found]
  if (!site) return
  const [owner] = await db.select().from(users).where(eq(users.id, site.userId))
  if (!owner) return
  const lang: Lang = owner.lang === 'en' ? 'en' : 'pt'
  const [run] = await db.insert(siteRuns).values({ siteId: site.id }).returning()
  const who = { userId: site.userId, clientIp: 'monitor', workspaceId: site.workspaceId }
  try {
    const requests: [string, TaskRequest][] = [
      ['desktop', { kind: 'seo_analysis', url: site.url, platform: 'desktop', lang }],
      ['mobile', { kind: 'seo_analysis', url: site.url, platform: 'mobile', lang }],
      ['aio', { kind: 'ai_optimization', url: site.url, platform: null, lang }],
    ]
    if (llmConfigOf(deps.config).providers.length > 0 && isCapabilityKind('llm_presence')) {
      const capability = await loadCapability('llm_presence')
      const parsed = await capability.parse(
        { url: site.url },
        { allowPrivate: deps.config.allowPrivateTargets, config: deps.config, userId: site.userId },
      )
      requests.push([
        'llm',
        { kind: 'llm_presence', url: parsed.url, platform: null, lang, input: parsed.input },
      ])
    }
    // The owner's own earlier runs say what "configured" means for these two: their directory form for
    // this site, and their crawl of its host with its page limit; else the site's own last runs' (a site
    // handed over from a follower who left keeps the crawl and the directory search they set up).
    const crawl =
      (await latestCrawl(db, { workspaceId: site.workspaceId }, site.url)) ??
      (await lastRunTask(db, site.id, 'crawl'))
    if (crawl)
      requests.push([
        'crawl',
        { kind: 'site_crawl', url: crawl.url, platform: null, lang, input: crawl.input },
      ])
    const directories =
      (await latestDirectorySearch(db, site.userId, site.url)) ??
      (await lastRunTask(db, site.id, 'directories'))
    if (directories)
      requests.push([
        'directories',
        { kind: 'directory_search', url: directories.url, platform: null, lang, input: directories.input },
      ])
    const taskIds: Record<string, string> = {}
    for (const [slot, request] of requests) {
      taskIds[slot] = (await createTask(deps, request, who, lang)).taskId
    }
    await db.update(siteRuns).set({ taskIds }).where(eq(siteRuns.id, run!.id))

    const finished = await waitForTasks(db, Object.values(taskIds), job.signal)
    // No analysis finished: nothing was measured. The run is a failure (never a comparison point with
    // null scores, so the next run compares with the last real one) and the owner hears why.
    const failure = runFailure(finished)
    if (failure) {
      await failRun(deps, run!.id, site.url, owner, failure, lang)
      return
    }
    const byId = new Map(finished.map((t) => [t.id, t]))
    const results = (slot: string) => {
      const t = taskIds[slot] ? byId.get(taskIds[slot]!) : undefined
      return t?.status === 'success' ? (t.results as AuditLike) : null
    }
    const snapshot = snapshotOf(
      results('desktop'),
      results('mobile'),
      results('aio'),
      results('llm') as LlmLike,
      results('crawl') as CrawlLike,
      results('directories') as DirectoriesLike,
    )
    // The overall as the analysis is read everywhere (decision 045): with the AI-presence part that applies
    // to the run's desktop analysis (its own presence run, when it has one), so alerts, webhooks and period
    // reports give the suite's number.
    const presence = taskIds.desktop
      ? (await presenceParts(db, [taskIds.desktop])).get(taskIds.desktop)
      : undefined
    if (presence !== undefined && snapshot.scores.totalScore !== null) {
      snapshot.scores.totalScore = overallWithPresence(
        { seo: snapshot.scores.seoScore, aio: snapshot.scores.aioScore, overall: snapshot.scores.totalScore },
        presence,
      )
      snapshot.presenceInTotal = true
    }
    const [previous] = await db
      .select({ snapshot: siteRuns.snapshot })
      .from(siteRuns)
      .where(and(eq(siteRuns.siteId, site.id), eq(siteRuns.status, 'success'), ne(siteRuns.id, run!.id)))
      .orderBy(desc(siteRuns.startedAt))
      .limit(1)
    const alerts = compareRuns((previous?.snapshot as RunSnapshot | undefined) ?? null, snapshot)
    await db
      .update(siteRuns)
      .set({ status: 'success', scores: snapshot.scores, snapshot, alerts, finishedAt: new Date() })
      .where(eq(siteRuns.id, run!.id))
    // Keyword positions: a separate step whose failure (a provider down) never fails the run.
    await recordPositions(deps, site, run!.id, lang, job.signal).catch((err) =>
      log.warn({ siteId: site.id, err }, 'keyword positions failed'),
    )
    // IndexNow: a crawl in this run submitted its own changes when it finished; without one, the
    // sitemaps' new and re-dated pages are what changed.
    if (!taskIds.crawl) await submitSitemapChanges(deps, site)
    await emitSiteEvent(deps, site, 'audit.finished', { runId: run!.id, scores: snapshot.scores })
    await deps
      .afterRun?.(site, lang)
      .catch((err) => log.warn({ siteId: site.id, err }, 'after-run step failed'))
    if (alerts.length > 0)
      await emitSiteEvent(deps, site, 'alert', {
        runId: run!.id,
        alerts: alerts.map((a) => ({ kind: a.kind, text: describeAlert(a, lang) })),
      })
    if (alerts.length > 0 && owner.emailNotifications) {
      const email = alertEmail(deps.config.publicUrl, site.url, alerts, lang)
      await deps.outbox.queue(owner.email, 'site-alert', email)
    }
    log.info({ siteId: site.id, alerts: alerts.length }, 'site monitored')
  } catch (error) {
    log.warn({ siteId: site.id, err: error }, 'site monitoring failed')
    const code = (error as { code?: string }).code ?? 'INTERNAL'
    await failRun(deps, run!.id, site.url, owner, code, lang)
  }
}

/** Pure: why a run measured nothing (the first failed analysis's code), or null when one succeeded. */
export function runFailure(finished: { status: string; errorCode: string | null }[]): string | null {
  if (finished.some((t) => t.status === 'success')) return null
  return finished.find((t) => t.errorCode)?.errorCode ?? 'INTERNAL'
}

async function failRun(
  deps: MonitorDeps,
  runId: string,
  siteUrl: string,
  owner: { email: string; emailNotifications: boolean },
  code: string,
  lang: Lang,
) {
  await deps.db
    .update(siteRuns)
    .set({ status: 'failed', errorCode: code, finishedAt: new Date() })
    .where(eq(siteRuns.id, runId))
  if (owner.emailNotifications)
    await deps.outbox.queue(
      owner.email,
      'site-monitor-failed',
      monitorFailedEmail(deps.config.publicUrl, siteUrl, errorMessage(code, lang), lang),
    )
}

/** The owner's email when a scheduled run measured nothing: that it failed, why, and what happens next. */
function monitorFailedEmail(publicUrl: string, siteUrl: string, reason: string, lang: Lang): EmailContent {
  const settings = new URL('/suite/settings', publicUrl).href
  const sitesPage = new URL(`/suite/sites?url=${encodeURIComponent(siteUrl)}`, publicUrl).href
  const subject =
    lang === 'pt' ? `Farol: a monitorização de ${siteUrl} falhou` : `Farol: monitoring of ${siteUrl} failed`
  const intro =
    lang === 'pt'
      ? `A análise agendada de ${siteUrl} não conseguiu analisar o site, por isso não há pontuações novas. Motivo: ${reason}`
      : `The scheduled analysis of ${siteUrl} could not analyse the site, so there are no new scores. Reason: ${reason}`
  const next =
    lang === 'pt'
      ? 'A próxima análise será comparada com a última que teve sucesso.'
      : 'The next analysis will be compared with the last one that succeeded.'
  const stop =
    lang === 'pt'
      ? 'Para deixar de receber estes emails, desligue as notificações por email em'
      : 'To stop these emails, turn off email notifications in'
  const see = lang === 'pt' ? 'Ver o histórico' : 'See the history'
  return {
    subject,
    text: `${intro}\n\n${next}\n\n${see}: ${sitesPage}\n\n${stop} ${settings}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(sitesPage)}">${escapeHtml(see)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(stop)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  }
}

async function waitForTasks(db: Db, ids: string[], signal: AbortSignal) {
  const deadline = Date.now() + AUDIT_WAIT_MS
  for (;;) {
    const rows = await Promise.all(
      ids.map(async (id) => (await db.select().from(tasks).where(eq(tasks.id, id)))[0]!),
    )
    if (rows.every((r) => r.status === 'success' || r.status === 'failed')) return rows
    if (signal.aborted || Date.now() > deadline)
      throw Object.assign(new Error('audits did not finish'), { code: 'TIMEOUT' })
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
}

interface FindingLike {
  id: string
  verdict: string
  impact: string
  title: { pt: string; en: string }
}
interface AuditLike {
  scores?: { seo?: number; aio?: number; overall?: { score?: number } }
  onPage?: { findings?: FindingLike[] }
  aio?: { findings?: FindingLike[] }
  field?: FieldLike
}
interface CrawlLike {
  issues?: { type: string; severity?: string; title?: { pt: string; en: string } }[]
  /** Issue #28: per issue type, URLs new since the owner's previous crawl of the site. */
  comparison?: {
    issues?: { type: string; severity?: string; new: number; still?: number; fixed?: number }[]
  } | null
}
interface DirectoriesLike {
  directoryScore?: number | null
}

/** The address and input of the task in `slot` of the site's latest run that had one (10 runs back). */
async function lastRunTask(db: Db, siteId: string, slot: 'crawl' | 'directories') {
  const runs = await db
    .select({ taskIds: siteRuns.taskIds })
    .from(siteRuns)
    .where(eq(siteRuns.siteId, siteId))
    .orderBy(desc(siteRuns.startedAt))
    .limit(10)
  const taskId = runs.find((r) => r.taskIds?.[slot])?.taskIds[slot]
  if (!taskId) return null
  const [task] = await db
    .select({ url: tasks.url, input: tasks.input })
    .from(tasks)
    .where(eq(tasks.id, taskId))
  return task ?? null
}

/** The owner's latest successful directory search whose site has this site's host (its form is reused). */
async function latestDirectorySearch(db: Db, userId: string, url: string) {
  const host = new URL(url).host
  const rows = await db
    .select({ url: tasks.url, input: tasks.input })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.kind, 'directory_search'), eq(tasks.status, 'success')))
    .orderBy(desc(tasks.createdAt))
    .limit(50)
  return (
    rows.find((r) => {
      const siteUrl = (r.input as { siteUrl?: string | null } | null)?.siteUrl
      try {
        return siteUrl ? new URL(siteUrl).host === host : false
      } catch {
        return false
      }
    }) ?? null
  )
}

interface LlmLike {
  report?: { score?: number | null; models?: { label?: string; name?: string; mention?: { k?: number } }[] }
}

/** The scores and failing findings a run is compared by (what the previous run is compared against). */
export function snapshotOf(
  desktop: AuditLike | null,
  mobile: AuditLike | null,
  aio: AuditLike | null,
  llm: LlmLike | null,
  crawl: CrawlLike | null = null,
  directories: DirectoriesLike | null = null,
): RunSnapshot {
  const scores: RunScores = {
    seoScore: desktop?.scores?.seo ?? null,
    seoMobileScore: mobile?.scores?.seo ?? null,
    aioScore: aio?.scores?.aio ?? desktop?.scores?.aio ?? null,
    llmScore: llm?.report?.score ?? null,
    directoryScore: directories?.directoryScore ?? null,
    totalScore: desktop?.scores?.overall?.score ?? null,
  }
  const failing = new Map<string, RunSnapshot['failing'][number]>()
  for (const f of [...(desktop?.onPage?.findings ?? []), ...(aio?.aio?.findings ?? [])]) {
    if (f.verdict === 'fail' && !failing.has(f.id))
      failing.set(f.id, { id: f.id, title: f.title, impact: f.impact })
  }
  // Site-wide issues of the crawl: an error-level one (broken internal links, redirect loops, canonicals to
  // errors…) is high impact, so a new one is an alert.
  for (const issue of crawl?.issues ?? []) {
    const id = `crawl:${issue.type}`
    if (!failing.has(id) && issue.title)
      failing.set(id, {
        id,
        title: issue.title,
        impact: issue.severity === 'error' ? 'high' : issue.severity === 'warning' ? 'medium' : 'low',
      })
  }
  // New URLs of an error-level type since the previous crawl (a new broken link where some already
  // were): an alert of its own, though the type was failing before. A type the previous crawl did not
  // have at all is already the `crawl:` alert above: one alert per fact.
  for (const change of crawl?.comparison?.issues ?? []) {
    const title = crawl?.issues?.find((i) => i.type === change.type)?.title
    const typeWasThere = (change.still ?? 0) + (change.fixed ?? 0) > 0
    if (change.severity !== 'error' || change.new <= 0 || !typeWasThere || !title) continue
    failing.set(`crawl-new:${change.type}`, {
      id: `crawl-new:${change.type}`,
      title: {
        pt: `${title.pt}: ${change.new} novos desde o rastreio anterior`,
        en: `${title.en}: ${change.new} new since the previous crawl`,
      },
      impact: 'high',
    })
  }
  const mentionedBy = llm?.report?.models
    ? llm.report.models.filter((m) => (m.mention?.k ?? 0) > 0).map((m) => m.label ?? m.name ?? '?')
    : null
  return {
    scores,
    failing: [...failing.values()],
    mentionedBy,
    field: fieldSnapshot(desktop, mobile),
  }
}

/** One email per run with the changes, in the owner's language, with the way to stop them. */
function alertEmail(publicUrl: string, siteUrl: string, alerts: Alert[], lang: Lang): EmailContent {
  const lines = alerts.map((a) => describeAlert(a, lang))
  const settings = new URL('/suite/settings', publicUrl).href
  const sitesPage = new URL(`/suite/sites?url=${encodeURIComponent(siteUrl)}`, publicUrl).href
  const subject =
    lang === 'pt'
      ? `Farol: ${alerts.length} alteração(ões) em ${siteUrl}`
      : `Farol: ${alerts.length} change(s) on ${siteUrl}`
  const intro =
    lang === 'pt'
      ? `A última análise agendada de ${siteUrl} encontrou:`
      : `The latest scheduled analysis of ${siteUrl} found:`
  const stop =
    lang === 'pt'
      ? 'Para deixar de receber estes emails, desligue as notificações por email em'
      : 'To stop these emails, turn off email notifications in'
  const see = lang === 'pt' ? 'Ver o histórico' : 'See the history'
  return {
    subject,
    text: `${intro}\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\n${see}: ${sitesPage}\n\n${stop} ${settings}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(sitesPage)}">${escapeHtml(see)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(stop)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  }
}
