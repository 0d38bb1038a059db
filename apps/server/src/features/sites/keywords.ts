// Keyword positions of a tracked site: the keywords it follows (API under /api/sites/:id/keywords) and,
// at each monitoring run, their positions from Google Search Console when the owner connected it
// (a Google account linked with the webmasters.readonly scope) or else DataForSEO's SERP API when the
// operator configured it. With neither, nothing is stored and the API says which connection is needed.
// The Search Console token lasts an hour: Better Auth refreshes it with the refresh token Google gave at
// link time (offline access); a refused refresh means the user must connect again (decision 016).
import {
  type KeywordStanding,
  searchAnalytics,
  serpPositions,
  standings,
} from '@farol/engine/keywords/positions/index.ts'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { accounts, keywordPositions, siteKeywords, type trackedSites } from '../../platform/db/schema.ts'
import { AppError, errorBody, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import type { Logger } from '../../platform/log.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { requireUser } from '../../tenancy/session.ts'

export const gscScope = 'https://www.googleapis.com/auth/webmasters.readonly'
const KEYWORDS_PER_SITE = 50

/**
 * Search Console for one user: 'unavailable' without Google sign-in configured, 'not-connected' until
 * the user links Google with the webmasters.readonly scope, 'reconnect' when the grant no longer works
 * (revoked, expired, or linked without offline access), else connected.
 */
type SearchConsoleState = 'unavailable' | 'not-connected' | 'connected' | 'reconnect'

export type PositionSource =
  | { kind: 'search-console'; accessToken: string }
  | {
      kind: 'dataforseo'
      login: string
      password: string
      url: string | undefined
      searchConsole: Exclude<SearchConsoleState, 'connected'>
    }
  | {
      kind: 'none'
      needs: ('search-console' | 'dataforseo')[]
      searchConsole: Exclude<SearchConsoleState, 'connected'>
    }

export interface SourceDeps {
  db: Db
  config: Config
  auth: Auth
}

/** Where the positions of this user's sites come from: Search Console first (their own data, free). */
export async function positionSource(deps: SourceDeps, userId: string): Promise<PositionSource> {
  const gsc = await searchConsoleToken(deps, userId)
  if (typeof gsc === 'object') return { kind: 'search-console', accessToken: gsc.accessToken }
  const dfs = deps.config.keywords?.dataforseo
  if (dfs) return { kind: 'dataforseo', ...dfs, searchConsole: gsc }
  return {
    kind: 'none',
    needs: deps.config.google ? ['search-console', 'dataforseo'] : ['dataforseo'],
    searchConsole: gsc,
  }
}

/**
 * A valid Search Console access token of the user, through Better Auth's getAccessToken: it refreshes an
 * expired token with the stored refresh token at Google (FAROL_GOOGLE_TOKEN_URL) and stores the new one.
 */
async function searchConsoleToken(
  deps: SourceDeps,
  userId: string,
): Promise<{ accessToken: string } | Exclude<SearchConsoleState, 'connected'>> {
  if (!deps.config.google) return 'unavailable'
  const rows = await deps.db
    .select({ id: accounts.id, scope: accounts.scope })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'google')))
  const linked = rows.find((r) => hasScope(r.scope, gscScope))
  if (!linked) return 'not-connected'
  let token: { accessToken?: string; accessTokenExpiresAt?: Date | string }
  try {
    token = await deps.auth.api.getAccessToken({ body: { accountId: linked.id, userId } })
  } catch {
    // Google refused the refresh (invalid_grant: the user revoked access or the grant expired) or could
    // not be reached; auth.ts logs which. Either way only a new link gives a working token for sure.
    return 'reconnect'
  }
  // Without a refresh token Better Auth hands back the stored token even when it has expired.
  const expiresAt = token.accessTokenExpiresAt ? new Date(token.accessTokenExpiresAt).getTime() : Infinity
  if (!token.accessToken || expiresAt <= Date.now()) return 'reconnect'
  return { accessToken: token.accessToken }
}

/** Better Auth stores granted scopes comma-separated (OAuth answers say them space-separated). */
function hasScope(stored: string | null, scope: string): boolean {
  return (stored ?? '').split(/[\s,]+/).includes(scope)
}

const day = (d: Date) => d.toISOString().slice(0, 10)

/** The positions of the site's keywords now, from the source (I/O at this edge only). */
async function fetchPositions(
  source: PositionSource,
  siteUrl: string,
  keywords: string[],
  config: Config,
  lang: 'pt' | 'en',
  signal?: AbortSignal,
): Promise<KeywordStanding[]> {
  if (source.kind === 'search-console') {
    // Search Console's data lags ~2 days: the last 7 complete days. Domain property first, then the
    // URL-prefix property of the site's origin.
    const end = new Date(Date.now() - 2 * 86_400_000)
    const range = { startDate: day(new Date(end.getTime() - 6 * 86_400_000)), endDate: day(end) }
    const options = { accessToken: source.accessToken, baseUrl: config.sites.gscUrl }
    const host = new URL(siteUrl).hostname.replace(/^www\./, '')
    let rows: Awaited<ReturnType<typeof searchAnalytics>>
    try {
      rows = await searchAnalytics(`sc-domain:${host}`, range, options, signal)
    } catch (error) {
      if ((error as { code?: string }).code !== 'KEYWORDS_PROVIDER_AUTH') throw error
      rows = await searchAnalytics(`${new URL(siteUrl).origin}/`, range, options, signal)
    }
    return standings(rows, keywords)
  }
  if (source.kind === 'dataforseo') {
    const market = { country: lang === 'en' ? 'US' : 'PT', lang } as const
    const found = await serpPositions(
      siteUrl,
      keywords,
      market,
      { login: source.login, password: source.password, baseUrl: source.url },
      signal,
    )
    return found.map((f) => ({
      keyword: f.keyword,
      position: f.position,
      clicks: 0,
      impressions: 0,
      ctr: null,
      page: f.url,
    }))
  }
  return []
}

/** Called by the monitor after a run: store this run's positions of the site's keywords. */
export async function recordPositions(
  deps: SourceDeps & { log: Logger },
  site: { id: string; url: string; userId: string },
  runId: string,
  lang: 'pt' | 'en',
  signal?: AbortSignal,
): Promise<void> {
  const tracked = await deps.db.select().from(siteKeywords).where(eq(siteKeywords.siteId, site.id))
  if (tracked.length === 0) return
  const source = await positionSource(deps, site.userId)
  if (source.kind !== 'search-console' && source.searchConsole === 'reconnect')
    deps.log.warn({ siteId: site.id }, 'keyword positions: Search Console needs reconnecting')
  if (source.kind === 'none') return
  const found = await fetchPositions(
    source,
    site.url,
    tracked.map((k) => k.keyword),
    deps.config,
    lang,
    signal,
  )
  const byKeyword = new Map(found.map((f) => [f.keyword, f]))
  await deps.db.insert(keywordPositions).values(
    tracked.map((k) => {
      const f = byKeyword.get(k.keyword)
      const gsc = source.kind === 'search-console'
      return {
        keywordId: k.id,
        runId,
        source: source.kind,
        position: f?.position ?? null,
        clicks: gsc ? (f?.clicks ?? 0) : null,
        impressions: gsc ? (f?.impressions ?? 0) : null,
        ctr: gsc ? (f?.ctr ?? null) : null,
        url: f?.page ?? null,
      }
    }),
  )
}

const keywordInput = z.object({ keyword: z.string().trim().min(1).max(120) })

/** GET/POST /sites/:id/keywords, DELETE /sites/:id/keywords/:keywordId (on the sites router). */
export function keywordRoutes(
  api: Hono,
  deps: { db: Db; auth: Auth; config: Config },
  own: (c: Context, id: string, action?: 'read' | 'write') => Promise<typeof trackedSites.$inferSelect>,
): void {
  api.get('/sites/:id/keywords', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await own(c, c.req.param('id'))
    const source = await positionSource(deps, user.id)
    const searchConsole = source.kind === 'search-console' ? 'connected' : source.searchConsole
    const rows = await deps.db
      .select()
      .from(siteKeywords)
      .where(eq(siteKeywords.siteId, site.id))
      .orderBy(asc(siteKeywords.createdAt))
    const points = rows.length
      ? await deps.db
          .select()
          .from(keywordPositions)
          .where(
            inArray(
              keywordPositions.keywordId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(keywordPositions.at))
      : []
    c.header('Cache-Control', 'no-store')
    return c.json({
      source: source.kind,
      needs: source.kind === 'none' ? source.needs : [],
      googleConfigured: Boolean(deps.config.google),
      searchConsole,
      // Said in the request's language from the error catalogue: the panel shows it with a reconnect button.
      notice:
        searchConsole === 'reconnect'
          ? errorBody(
              'SEARCH_CONSOLE_RECONNECT',
              requestLang(c.req.query('lang'), c.req.header('accept-language')),
            ).error
          : null,
      keywords: rows.map((r) => {
        const history = points
          .filter((p) => p.keywordId === r.id)
          .map((p) => ({
            at: p.at.toISOString(),
            source: p.source,
            position: p.position,
            clicks: p.clicks,
            impressions: p.impressions,
            ctr: p.ctr,
            url: p.url,
          }))
        return { id: r.id, keyword: r.keyword, latest: history.at(-1) ?? null, history }
      }),
    })
  })

  api.post('/sites/:id/keywords', async (c) => {
    const site = await own(c, c.req.param('id'), 'write')
    const parsed = keywordInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', 'keyword')
    const keyword = parsed.data.keyword.replace(/\s+/g, ' ').toLowerCase()
    const [existing] = await deps.db
      .select()
      .from(siteKeywords)
      .where(and(eq(siteKeywords.siteId, site.id), eq(siteKeywords.keyword, keyword)))
    if (existing) return c.json({ id: existing.id, keyword }, 200)
    const [used] = await deps.db
      .select({ n: count() })
      .from(siteKeywords)
      .where(eq(siteKeywords.siteId, site.id))
    if ((used?.n ?? 0) >= KEYWORDS_PER_SITE) throw new AppError('VALIDATION', 'too many keywords')
    const [row] = await deps.db.insert(siteKeywords).values({ siteId: site.id, keyword }).returning()
    return c.json({ id: row!.id, keyword }, 201)
  })

  api.delete('/sites/:id/keywords/:keywordId', async (c) => {
    const site = await own(c, c.req.param('id'), 'write')
    const keywordId = c.req.param('keywordId')
    if (!z.uuid().safeParse(keywordId).success) throw new AppError('NOT_FOUND')
    const gone = await deps.db
      .delete(siteKeywords)
      .where(and(eq(siteKeywords.id, keywordId), eq(siteKeywords.siteId, site.id)))
      .returning()
    if (gone.length === 0) throw new AppError('NOT_FOUND')
    return c.body(null, 204)
  })
}
