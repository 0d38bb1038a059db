// Google's AI Overviews and AI Mode for a site's keywords (issue 43). Every route acts in the workspace
// tenancy/access.ts resolves and reads only that workspace's rows. Spending is two steps: the estimate
// (calls the day's cache lacks × published live price), then a run the user confirms with the cost they
// saw; a higher cost by then (the cache turned over at midnight) is refused, never silently spent.
import {
  defaultTargets,
  documentedRatePerMinute,
  estimateRun,
  livePrices,
} from '@farol/engine/overviews/index.ts'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { createTask } from '../../platform/tasks/service.ts'
import { requireAction, resolveAccess, type WorkspaceAccess } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { lastBotFetches } from '../bot-logs/public.ts'
import { researchKeywords, researchList } from '../keywords/public.ts'
import { crawledPagesOf } from '../site-audit/public.ts'
import { searchConsoleQueries, siteKeywordsOf, trackedSiteOf, trackedSitesOf } from '../sites/public.ts'
import { historyOf } from './history.ts'
import { type JoinedPage, pagesOfReport, pathOf } from './joins.ts'
import { reportOf } from './report.ts'
import {
  callKey,
  callsOf,
  maxKeywords,
  parseRunRequest,
  type RunRequest,
  tidyKeyword,
  utcDay,
} from './request.ts'
import {
  cachedAnswers,
  deleteTracking,
  estimateFor,
  insertRun,
  keywordHistory,
  runOf,
  runsOf,
  saveTracking,
  setRunTask,
  siteRuns,
  trackingsOf,
} from './store.ts'
import { type CitationChange, describeChange, trackedRequest } from './tracking.ts'

const trackingInput = z.looseObject({
  competitors: z.array(z.string()).optional(),
  locations: z.array(z.object({ locationCode: z.number(), languageCode: z.string() })).optional(),
  devices: z.array(z.string()).optional(),
  surfaces: z.array(z.string()).optional(),
})

const confirmation = z.looseObject({ confirm: z.literal(true), expectedCost: z.number().nonnegative() })

/** Runs are not tied to one shared site, so a client of the workspace sees none of them. */
function member(access: WorkspaceAccess, action: 'read' | 'write') {
  if (access.role === 'client') throw new AppError('FORBIDDEN')
  requireAction(access, action)
}

export function aiOverviewRoutes(deps: {
  db: Db
  boss: PgBoss
  auth: Auth
  config: Config
  clientAddress: (c: Context) => string
}): Hono {
  const api = new Hono()
  const lang = (c: Context) => requestLang(c.req.query('lang'), c.req.header('accept-language'))
  const configured = () => deps.config.keywords.dataforseo !== null
  /** The workspace's run named in the path, with its request and the answers it stored; 404 otherwise. */
  const runWithAnswers = async (c: Context) => {
    const access = await resolveAccess(deps, c)
    member(access, 'read')
    const id = c.req.param('id')
    if (!id || !z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
    const run = await runOf(deps.db, access.workspace.id, id)
    if (!run) throw new AppError('NOT_FOUND')
    const request = run.request as RunRequest
    const calls = callsOf(request)
    const stored = await cachedAnswers(deps.db, run.workspaceId, run.day, calls)
    return { access, run, request, calls, stored }
  }

  // GET /api/ai-overviews/status → whether DataForSEO is connected, the defaults and the published prices
  api.get('/ai-overviews/status', async (c) => {
    member(await resolveAccess(deps, c), 'read')
    c.header('Cache-Control', 'no-store')
    return c.json({
      configured: configured(),
      locations: defaultTargets,
      prices: livePrices,
      ratePerMinute: documentedRatePerMinute,
      maxKeywords,
    })
  })

  // POST /api/ai-overviews/estimate { site, keywords, competitors?, locations?, devices?, surfaces? }
  // → { calls, cost, bySurface, cached, seconds }: nothing is asked of DataForSEO here.
  api.post('/ai-overviews/estimate', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'write')
    const request = parseRunRequest(jsonOf(c))
    c.header('Cache-Control', 'no-store')
    return c.json({
      configured: configured(),
      request,
      estimate: await estimateFor(deps.db, access.workspace.id, request, utcDay()),
    })
  })

  // POST /api/ai-overviews/runs { …the estimate's body, confirm: true, expectedCost } → 201 { runId, taskId }
  api.post('/ai-overviews/runs', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'write')
    if (!configured()) throw new AppError('OVERVIEWS_NOT_CONFIGURED')
    const body = jsonOf(c)
    const confirmed = confirmation.safeParse(body)
    if (!confirmed.success) throw new AppError('OVERVIEWS_NOT_CONFIRMED')
    const request = parseRunRequest(body)
    const day = utcDay()
    const estimate = await estimateFor(deps.db, access.workspace.id, request, day)
    if (estimate.cost > confirmed.data.expectedCost + 1e-9) throw new AppError('OVERVIEWS_ESTIMATE_CHANGED')
    const run = await insertRun(deps.db, {
      workspaceId: access.workspace.id,
      userId: access.user.id,
      request,
      estimate,
      day,
    })
    // The workspace rides along for the task service's reads (tenancy/access.ts).
    const who = { userId: access.user.id, clientIp: deps.clientAddress(c), workspaceId: access.workspace.id }
    const { taskId } = await createTask(
      deps,
      { kind: 'ai_overviews', url: '', platform: null, lang: lang(c), input: { runId: run.id } },
      who,
      lang(c),
    )
    await setRunTask(deps.db, run.id, taskId)
    return c.json({ runId: run.id, taskId, estimate }, 201)
  })

  // GET /api/ai-overviews/runs → the workspace's latest runs
  api.get('/ai-overviews/runs', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'read')
    const rows = await runsOf(deps.db, access.workspace.id)
    c.header('Cache-Control', 'no-store')
    return c.json({
      runs: rows.map((r) => ({
        id: r.id,
        taskId: r.taskId,
        site: r.site,
        status: r.status,
        keywords: (r.request as RunRequest).keywords.length,
        estimate: r.estimate,
        spent: r.spent,
        calls: r.calls,
        errorCode: r.errorCode,
        createdAt: r.createdAt.toISOString(),
        finishedAt: r.finishedAt?.toISOString() ?? null,
      })),
    })
  })

  // GET /api/ai-overviews/runs/:id → the run and its report (shares, gaps, every answer marked)
  api.get('/ai-overviews/runs/:id', async (c) => {
    const { run, request, calls, stored } = await runWithAnswers(c)
    const ordered = calls.flatMap((call) => stored.get(callKey(call)) ?? [])
    c.header('Cache-Control', 'no-store')
    return c.json({
      run: {
        id: run.id,
        taskId: run.taskId,
        status: run.status,
        day: run.day,
        request,
        estimate: run.estimate,
        spent: run.spent,
        calls: run.calls,
        errorCode: run.errorCode,
        createdAt: run.createdAt.toISOString(),
      },
      report: reportOf(request, ordered, calls.length),
    })
  })

  // GET /api/ai-overviews/runs/:id/pages → each of the site's URLs cited (or expected but not cited) beside
  // its facts in the workspace's latest crawl of the site and Googlebot's last fetch in its logs
  api.get('/ai-overviews/runs/:id/pages', async (c) => {
    const { access, request, calls, stored } = await runWithAnswers(c)
    const report = reportOf(request, [...stored.values()], calls.length)
    const uses = pagesOfReport(report)
    const urls = uses.map((u) => u.url)
    // The site's crawl and logs are under its www. host or its bare one, whichever it was given as.
    const homes = [`https://www.${request.site}/`, `https://${request.site}/`]
    const paths = urls.map(pathOf).filter((p): p is string => p !== null)
    let crawl: Awaited<ReturnType<typeof crawledPagesOf>> = null
    let logs: Awaited<ReturnType<typeof lastBotFetches>> = null
    for (const home of homes) {
      crawl ??= await crawledPagesOf(deps.db, { workspaceId: access.workspace.id }, home, urls)
      logs ??= await lastBotFetches(
        deps.db,
        { userId: access.user.id, workspaceId: access.workspace.id },
        home,
        paths,
      )
    }
    const pages: JoinedPage[] = uses.map((u) => ({
      ...u,
      crawl: crawl?.pages.get(u.url) ?? null,
      googlebot: logs?.fetched.get(pathOf(u.url) ?? '') ?? null,
    }))
    c.header('Cache-Control', 'no-store')
    return c.json({
      crawl: crawl ? { id: crawl.crawlId, finishedAt: crawl.finishedAt } : null,
      logs: logs ? { analysedAt: logs.analysedAt } : null,
      pages,
    })
  })

  // GET /api/ai-overviews/history?keyword=&site=&competitors=a.pt,b.pt → the keyword's answers over the
  // days, read for the site: shown, cited and where, competitors cited, the citation gained or lost
  api.get('/ai-overviews/history', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'read')
    const keyword = tidyKeyword(c.req.query('keyword') ?? '')
    const competitors = (c.req.query('competitors') ?? '').split(',').filter(Boolean)
    const request = parseRunRequest({ site: c.req.query('site') ?? '', keywords: [keyword], competitors })
    const stored = await keywordHistory(deps.db, access.workspace.id, keyword)
    const report = reportOf({ ...request, surfaces: ['ai_overview', 'ai_mode'] }, stored, stored.length)
    c.header('Cache-Control', 'no-store')
    return c.json({
      keyword,
      site: request.site,
      competitors: request.competitors,
      history: historyOf(report.rows),
    })
  })

  // Keywords from elsewhere (issue 43 item 2): a tracked site's, a keyword research's, Search Console's.
  // GET /api/ai-overviews/keyword-sources → what can be picked in this workspace
  api.get('/ai-overviews/keyword-sources', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'read')
    const sites = []
    for (const site of await trackedSitesOf(deps.db, access.workspace.id))
      sites.push({
        siteId: site.id,
        url: site.url,
        keywords: (await siteKeywordsOf(deps.db, site.id)).length,
      })
    c.header('Cache-Control', 'no-store')
    return c.json({
      sites,
      research: await researchList(deps.db, access.workspace.id),
      searchConsole: deps.config.google !== null,
    })
  })

  // GET /api/ai-overviews/keywords?source=site|search-console&siteId= | ?source=research&taskId=
  // → { site, keywords }: the keywords to check (up to the run's maximum), and the site they are for
  api.get('/ai-overviews/keywords', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'read')
    const source = c.req.query('source')
    const id = c.req.query(source === 'research' ? 'taskId' : 'siteId') ?? ''
    if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
    c.header('Cache-Control', 'no-store')
    if (source === 'research') {
      const keywords = await researchKeywords(deps.db, access.workspace.id, id)
      if (!keywords) throw new AppError('NOT_FOUND')
      return c.json({ source, site: null, keywords: keywords.slice(0, maxKeywords) })
    }
    const site = await trackedSiteOf(deps.db, access.workspace.id, id)
    if (!site) throw new AppError('NOT_FOUND')
    if (source === 'site')
      return c.json({ source, site: site.url, keywords: await siteKeywordsOf(deps.db, site.id) })
    if (source === 'search-console') {
      const found = await searchConsoleQueries(deps, access.user.id, site.url, maxKeywords)
      if (found.state === 'reconnect') throw new AppError('SEARCH_CONSOLE_RECONNECT')
      if (found.state !== 'connected') throw new AppError('OVERVIEWS_SEARCH_CONSOLE')
      return c.json({ source, site: site.url, keywords: found.queries.map((q) => q.query) })
    }
    throw new AppError('VALIDATION', 'source')
  })

  // Tracking (issue 43 item 3): a tracked site's keywords checked at each of its scheduled runs.
  // The estimate is a check at full price (the cache of the day of a check cannot be known in advance).
  const trackingRequest = async (access: WorkspaceAccess, siteId: string, body: unknown) => {
    if (!z.uuid().safeParse(siteId).success) throw new AppError('NOT_FOUND')
    const site = await trackedSiteOf(deps.db, access.workspace.id, siteId)
    if (!site) throw new AppError('NOT_FOUND')
    const settings = trackingInput.safeParse(body ?? {})
    if (!settings.success) throw new AppError('VALIDATION', settings.error.message)
    const keywords = await siteKeywordsOf(deps.db, site.id)
    if (keywords.length === 0) throw new AppError('OVERVIEWS_INPUT')
    const request = trackedRequest(site, keywords, settings.data)
    return {
      site,
      request,
      estimate: estimateRun(
        callsOf(request).map((c) => c.surface),
        0,
      ),
    }
  }

  // GET /api/ai-overviews/tracking → the workspace's tracked sites, whether each is checked, its last checks
  api.get('/ai-overviews/tracking', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'read')
    const language = lang(c)
    const tracked = new Map((await trackingsOf(deps.db, access.workspace.id)).map((t) => [t.siteId, t]))
    const sites = []
    for (const site of await trackedSitesOf(deps.db, access.workspace.id)) {
      const t = tracked.get(site.id)
      const checks = t ? await siteRuns(deps.db, access.workspace.id, site.id, 5) : []
      sites.push({
        siteId: site.id,
        url: site.url,
        frequency: site.frequency,
        keywords: (await siteKeywordsOf(deps.db, site.id)).length,
        tracking: t
          ? {
              competitors: t.competitors,
              locations: t.locations,
              devices: t.devices,
              surfaces: t.surfaces,
              maxCost: t.maxCost,
              since: t.createdAt.toISOString(),
            }
          : null,
        checks: checks.map((r) => {
          const changes = r.changes as {
            baseline?: boolean
            lost?: CitationChange[]
            gained?: CitationChange[]
          } | null
          return {
            runId: r.id,
            status: r.status,
            errorCode: r.errorCode,
            day: r.day,
            spent: r.spent,
            createdAt: r.createdAt.toISOString(),
            baseline: changes?.baseline ?? null,
            changes: [...(changes?.lost ?? []), ...(changes?.gained ?? [])].map((ch) => ({
              ...ch,
              text: describeChange(ch, language),
            })),
          }
        }),
      })
    }
    c.header('Cache-Control', 'no-store')
    return c.json({ configured: configured(), sites })
  })

  // POST /api/ai-overviews/tracking/:siteId/estimate { competitors?, locations?, devices?, surfaces? }
  // → { keywords, estimate }: what one check of the site's keywords costs, asked of nobody
  api.post('/ai-overviews/tracking/:siteId/estimate', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'write')
    const { request, estimate } = await trackingRequest(access, c.req.param('siteId'), jsonOf(c))
    c.header('Cache-Control', 'no-store')
    return c.json({ configured: configured(), request, estimate })
  })

  // PUT /api/ai-overviews/tracking/:siteId { …, confirm: true, expectedCost } → the tracking, checked at
  // each of the site's scheduled runs for at most the cost confirmed
  api.put('/ai-overviews/tracking/:siteId', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'write')
    if (!configured()) throw new AppError('OVERVIEWS_NOT_CONFIGURED')
    const body = jsonOf(c)
    const confirmed = confirmation.safeParse(body)
    if (!confirmed.success) throw new AppError('OVERVIEWS_NOT_CONFIRMED')
    const { site, request, estimate } = await trackingRequest(access, c.req.param('siteId'), body)
    if (estimate.cost > confirmed.data.expectedCost + 1e-9) throw new AppError('OVERVIEWS_ESTIMATE_CHANGED')
    await saveTracking(deps.db, {
      siteId: site.id,
      workspaceId: access.workspace.id,
      userId: access.user.id,
      competitors: request.competitors,
      locations: request.locations,
      devices: request.devices,
      surfaces: request.surfaces,
      maxCost: confirmed.data.expectedCost,
    })
    return c.json({ siteId: site.id, request, estimate, maxCost: confirmed.data.expectedCost })
  })

  // DELETE /api/ai-overviews/tracking/:siteId → 204: the site's keywords are no longer checked
  api.delete('/ai-overviews/tracking/:siteId', async (c) => {
    const access = await resolveAccess(deps, c)
    member(access, 'write')
    const siteId = c.req.param('siteId')
    if (!z.uuid().safeParse(siteId).success) throw new AppError('NOT_FOUND')
    if (!(await deleteTracking(deps.db, access.workspace.id, siteId))) throw new AppError('NOT_FOUND')
    return c.body(null, 204)
  })

  return api
}
