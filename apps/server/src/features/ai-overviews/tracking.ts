// Google's AI answers over time (issue 43 item 3). A tracked site whose workspace confirmed what a check
// costs has its keywords checked at each of its scheduled runs (the monitor calls `checkTrackedSite`): a run
// like one confirmed on the page, tied to the site. When that run's task finishes (`afterOverviewsTask`),
// its answers are compared with the site's previous check: a citation lost or gained is kept on the run, is
// the site's `citation.changed` webhook event, and is mailed to the site's owner. A check that would cost
// more than was confirmed (keywords added since) is not made; the run says why.
import { citationsOf } from '@farol/engine/overviews/index.ts'
import { eq } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { users } from '../../platform/db/schema.ts'
import type { Outbox } from '../../platform/email/outbox.ts'
import { type EmailContent, escapeHtml } from '../../platform/email/templates.ts'
import type { Lang } from '../../platform/errors.ts'
import type { Logger } from '../../platform/log.ts'
import { createTask } from '../../platform/tasks/service.ts'
import { emitSiteEvent, siteKeywordsOf, type TrackedSiteRef, trackedSiteOf } from '../sites/public.ts'
import { type Call, callKey, callsOf, parseRunRequest, type RunRequest, utcDay } from './request.ts'
import {
  cachedAnswers,
  estimateFor,
  insertRun,
  previousSiteRun,
  runById,
  type StoredAnswer,
  setRunChanges,
  setRunTask,
  trackingOf,
} from './store.ts'

export interface CitationChange extends Call {
  kind: 'lost' | 'gained'
  /** Whether Google showed an answer at all in the later check (a lost citation may be a vanished answer). */
  shown: boolean
  /** The site's URLs cited: the earlier check's for a loss, the later one's for a gain. */
  urls: string[]
}

/** Pure: the citations of `site` lost and gained between two checks, call by call (calls in both only). */
export function citationChanges(
  site: string,
  before: StoredAnswer[],
  after: StoredAnswer[],
): CitationChange[] {
  const earlier = new Map(before.map((s) => [callKey(s), s]))
  const changes: CitationChange[] = []
  for (const now of after) {
    const then = earlier.get(callKey(now))
    if (!then) continue
    const a = citationsOf(then.answer, site)
    const b = citationsOf(now.answer, site)
    if (a.cited === b.cited) continue
    const call: Call = {
      surface: now.surface,
      keyword: now.keyword,
      locationCode: now.locationCode,
      languageCode: now.languageCode,
      device: now.device,
    }
    changes.push({
      ...call,
      kind: a.cited ? 'lost' : 'gained',
      shown: b.shown,
      urls: (a.cited ? a.site : b.site).map((s) => s.url),
    })
  }
  return changes
}

const PLACE: Record<number, { pt: string; en: string }> = {
  2620: { pt: 'Portugal', en: 'Portugal' },
  2076: { pt: 'Brasil', en: 'Brazil' },
}
const SURFACE = {
  ai_overview: { pt: 'AI Overview', en: 'AI Overview' },
  ai_mode: { pt: 'AI Mode', en: 'AI Mode' },
}
const DEVICE = { desktop: { pt: 'computador', en: 'desktop' }, mobile: { pt: 'telemóvel', en: 'mobile' } }

/** One line per change, in the reader's language (email, webhook, the page). */
export function describeChange(c: CitationChange, lang: Lang): string {
  const place = PLACE[c.locationCode]?.[lang] ?? String(c.locationCode)
  const where = `${SURFACE[c.surface][lang]}, ${place}, ${DEVICE[c.device][lang]}`
  if (lang === 'pt') {
    if (c.kind === 'gained') return `«${c.keyword}»: a Google passou a citar o site (${where}).`
    return c.shown
      ? `«${c.keyword}»: a Google deixou de citar o site (${where}).`
      : `«${c.keyword}»: a resposta da Google que citava o site deixou de aparecer (${where}).`
  }
  if (c.kind === 'gained') return `“${c.keyword}”: Google now cites the site (${where}).`
  return c.shown
    ? `“${c.keyword}”: Google no longer cites the site (${where}).`
    : `“${c.keyword}”: Google's answer that cited the site no longer appears (${where}).`
}

interface Deps {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
}

/** The request a tracked site's check makes: its keywords, with the places, devices and surfaces chosen. */
export function trackedRequest(
  site: { url: string },
  keywords: string[],
  settings: { competitors?: unknown; locations?: unknown; devices?: unknown; surfaces?: unknown },
): RunRequest {
  return parseRunRequest({
    site: site.url,
    keywords,
    competitors: settings.competitors,
    locations: settings.locations,
    devices: settings.devices,
    surfaces: settings.surfaces,
  })
}

/**
 * At a tracked site's scheduled run: its keywords checked when the workspace asked for it. Returns the run
 * made (null when nothing was asked: no tracking, no DataForSEO, no keywords). Never spends more than the
 * cost confirmed: a dearer check is recorded as failed with OVERVIEWS_ESTIMATE_CHANGED, and nothing is asked.
 */
export async function checkTrackedSite(
  deps: Deps,
  site: Pick<TrackedSiteRef, 'id' | 'url' | 'userId' | 'workspaceId'>,
  lang: Lang,
): Promise<{ runId: string; taskId: string | null } | null> {
  const tracking = await trackingOf(deps.db, site.id)
  if (!tracking || tracking.workspaceId !== site.workspaceId) return null
  if (!deps.config.keywords.dataforseo) return null
  const keywords = await siteKeywordsOf(deps.db, site.id)
  if (keywords.length === 0) return null
  const request = trackedRequest(site, keywords, tracking)
  const day = utcDay()
  const estimate = await estimateFor(deps.db, site.workspaceId, request, day)
  const base = { workspaceId: site.workspaceId, userId: site.userId, request, estimate, day, siteId: site.id }
  if (estimate.cost > tracking.maxCost + 1e-9) {
    const run = await insertRun(deps.db, {
      ...base,
      status: 'failed',
      errorCode: 'OVERVIEWS_ESTIMATE_CHANGED',
    })
    deps.log.info(
      { siteId: site.id, cost: estimate.cost, max: tracking.maxCost },
      'AI answers check too dear',
    )
    return { runId: run.id, taskId: null }
  }
  const run = await insertRun(deps.db, base)
  const who = { userId: site.userId, clientIp: 'monitor', workspaceId: site.workspaceId }
  const { taskId } = await createTask(
    deps,
    { kind: 'ai_overviews', url: '', platform: null, lang, input: { runId: run.id } },
    who,
    lang,
  )
  await setRunTask(deps.db, run.id, taskId)
  return { runId: run.id, taskId }
}

/**
 * After an `ai_overviews` task: a tracked site's check compared with the one before it. The changes are
 * kept on the run (none: an empty list; the first check: `baseline`), then the webhook event and the
 * owner's email. Never throws (the task is done).
 */
export async function afterOverviewsTask(
  deps: Deps & { outbox: Outbox },
  task: { kind: string },
  results: unknown,
): Promise<CitationChange[]> {
  if (task.kind !== 'ai_overviews') return []
  try {
    const runId = (results as { runId?: string } | null)?.runId
    const run = runId ? await runById(deps.db, runId) : null
    if (!run?.siteId || run.status !== 'success') return []
    const previous = await previousSiteRun(deps.db, run)
    if (!previous) {
      await setRunChanges(deps.db, run.id, { baseline: true, lost: [], gained: [] })
      return []
    }
    const request = run.request as RunRequest
    const read = async (r: typeof run) => [
      ...(await cachedAnswers(deps.db, r.workspaceId, r.day, callsOf(r.request as RunRequest))).values(),
    ]
    const changes = citationChanges(request.site, await read(previous), await read(run))
    const lost = changes.filter((c) => c.kind === 'lost')
    const gained = changes.filter((c) => c.kind === 'gained')
    await setRunChanges(deps.db, run.id, { baseline: false, since: previous.id, lost, gained })
    if (changes.length === 0) return changes
    const site = await trackedSiteOf(deps.db, run.workspaceId, run.siteId)
    if (!site) return changes
    const [owner] = await deps.db.select().from(users).where(eq(users.id, site.userId))
    const lang: Lang = owner?.lang === 'en' ? 'en' : 'pt'
    await emitSiteEvent(deps, site, 'citation.changed', {
      runId: run.id,
      lost,
      gained,
      alerts: changes.map((c) => ({ kind: `citation-${c.kind}`, text: describeChange(c, lang) })),
    })
    if (owner?.emailNotifications)
      await deps.outbox.queue(
        owner.email,
        'ai-citation-alert',
        citationEmail(deps.config.publicUrl, site.url, changes, lang),
      )
    return changes
  } catch (error) {
    deps.log.warn({ err: error }, 'AI answers comparison failed')
    return []
  }
}

function citationEmail(
  publicUrl: string,
  siteUrl: string,
  changes: CitationChange[],
  lang: Lang,
): EmailContent {
  const lines = changes.map((c) => describeChange(c, lang))
  const page = new URL('/suite/google-ai', publicUrl).href
  const settings = new URL('/suite/settings', publicUrl).href
  const lost = changes.filter((c) => c.kind === 'lost').length
  const gained = changes.length - lost
  const subject =
    lang === 'pt'
      ? `Farol: ${siteUrl} nas respostas de IA da Google — ${lost} citação(ões) perdida(s), ${gained} ganha(s)`
      : `Farol: ${siteUrl} in Google's AI answers — ${lost} citation(s) lost, ${gained} gained`
  const intro =
    lang === 'pt'
      ? `A última verificação agendada das palavras-chave de ${siteUrl} nos AI Overviews e no AI Mode da Google encontrou:`
      : `The latest scheduled check of ${siteUrl}'s keywords in Google's AI Overviews and AI Mode found:`
  const see = lang === 'pt' ? 'Ver as respostas' : 'See the answers'
  const stop =
    lang === 'pt'
      ? 'Para deixar de receber estes emails, desligue as notificações por email em'
      : 'To stop these emails, turn off email notifications in'
  return {
    subject,
    text: `${intro}\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\n${see}: ${page}\n\n${stop} ${settings}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(page)}">${escapeHtml(see)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(stop)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  }
}
