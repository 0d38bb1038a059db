// GET /api/site-audit/summary?url=…: the signed-in user's latest finished crawl of that address's host,
// summarised for the dashboard's recommendations ({ siteAudit: null } without one).
// GET /api/site-audit/crawls/:id/{issues,pages,sources,export.csv}: one crawl's tables, paged, sorted and
// filtered in the database (issue #28); who may read a crawl is workspaces/access.ts's crawlFor (its
// starter, or whoever sees the tracked site it was made for); anyone else gets 404.
// GET /api/sites/:id/crawls: a tracked site's crawls, for whoever may see the site.
// GET /api/site-audit/verification: the signed-in user's token to publish on their own site for a faster
// crawl of it (owner.ts), with the meta tag and the file path that carry it.

import { VERIFICATION_META, VERIFICATION_PATH } from '@farol/engine/crawl/index.ts'
import { type Context, Hono } from 'hono'
import { stream } from 'hono/streaming'
import type { Db } from '../../platform/db/database.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { hostOf } from '../../platform/host.ts'
import { crawlFor, resolveAccess, siteCrawlsOf, siteFor, visibleSiteHosts } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { currentUser } from '../../tenancy/session.ts'
import { issuesCsvWords } from './export-columns.ts'
import {
  duplicateGroups,
  GROUP_TYPES,
  inventoryCsv,
  inventoryFacets,
  inventoryQuerySchema,
  inventoryXlsx,
  listInventory,
  pageDetail,
} from './inventory.ts'
import { ownerToken } from './owner.ts'
import { issuesCsv, listIssues, listPages, listSources, type PageSort } from './store.ts'
import { latestSiteAudit } from './summary.ts'

const int = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number.parseInt(v, 10) || 0)

export function siteAuditRoutes(deps: { db: Db; auth: Auth; ownerMax: number }): Hono {
  const api = new Hono()
  api.get('/site-audit/summary', async (c) => {
    const access = await resolveAccess(deps, c)
    const url = c.req.query('url')?.trim() ?? ''
    if (!url) throw new AppError('URL_REQUIRED')
    c.header('Cache-Control', 'no-store')
    // The active workspace's crawls only (a client's: none unless the host is a site shared with them),
    // and only the host of `url` is used: nothing is fetched.
    const hosts = access.role === 'client' ? await visibleSiteHosts(deps.db, access) : null
    if (hosts && !hosts.has(hostOf(url) ?? '')) return c.json({ siteAudit: null })
    return c.json({ siteAudit: await latestSiteAudit(deps.db, { workspaceId: access.workspace.id }, url) })
  })

  /** The crawl id of the request when the access may read it (workspaces/access.ts); else the request fails. */
  const ownCrawl = async (c: Context) =>
    crawlFor(deps.db, await resolveAccess(deps, c), c.req.param('id') ?? '')

  // The crawls of a tracked site the request may see (a workspace's members and the clients it is shared
  // with read them; their tables through the routes below).
  api.get('/sites/:id/crawls', async (c) => {
    const site = await siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id'), 'read')
    c.header('Cache-Control', 'no-store')
    return c.json({
      crawls: (await siteCrawlsOf(deps.db, site)).map((r) => ({
        id: r.id,
        startUrl: r.startUrl,
        maxPages: r.maxPages,
        pages: r.donePages,
        createdAt: r.createdAt.toISOString(),
        finishedAt: r.finishedAt?.toISOString() ?? null,
      })),
    })
  })
  const paging = (q: (name: string) => string | undefined) => ({
    offset: int(q('offset')),
    limit: int(q('limit')),
    ...(q('q') ? { search: q('q')!.slice(0, 500) } : {}),
    desc: q('dir') === 'asc' ? false : q('dir') === 'desc' ? true : undefined,
  })

  api.get('/site-audit/crawls/:id/issues', async (c) => {
    const id = await ownCrawl(c)
    const type = c.req.query('type') || undefined
    c.header('Cache-Control', 'no-store')
    return c.json(
      await listIssues(deps.db, id, { ...paging((n) => c.req.query(n)), ...(type ? { type } : {}) }),
    )
  })
  api.get('/site-audit/crawls/:id/pages', async (c) => {
    const id = await ownCrawl(c)
    const sort = c.req.query('sort') as PageSort | undefined
    c.header('Cache-Control', 'no-store')
    return c.json(
      await listPages(deps.db, id, { ...paging((n) => c.req.query(n)), ...(sort ? { sort } : {}) }),
    )
  })
  api.get('/site-audit/crawls/:id/sources', async (c) => {
    const id = await ownCrawl(c)
    const url = c.req.query('url')?.trim() ?? ''
    if (!url) throw new AppError('URL_REQUIRED')
    c.header('Cache-Control', 'no-store')
    return c.json(
      await listSources(
        deps.db,
        id,
        url,
        paging((n) => c.req.query(n)),
      ),
    )
  })
  // The whole list, streamed from the database in chunks (a 200,000-page crawl's CSV never sits in memory).
  api.get('/site-audit/crawls/:id/export.csv', async (c) => {
    const id = await ownCrawl(c)
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    const codes = c.req.query('codes') === '1'
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="farol-crawl-${id}.csv"`)
    c.header('Cache-Control', 'no-store')
    return stream(c, async (out) => {
      for await (const chunk of issuesCsv(deps.db, id, 1000, issuesCsvWords(lang, codes)))
        await out.write(chunk)
    })
  })

  // An export writes the page's shown columns in the reader's language; `codes=1` every column, as codes.
  const exportOf = (c: { req: { query(name: string): string | undefined } }, lang: 'pt' | 'en') => ({
    lang,
    columns: c.req.query('columns')?.split(',').filter(Boolean),
    codes: c.req.query('codes') === '1',
  })

  // The inventory (issue #29): every crawled URL, filtered, sorted and paged in the database.
  const inventoryQuery = (c: { req: { query(): Record<string, string> } }) => {
    const parsed = inventoryQuerySchema.safeParse(c.req.query())
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    return parsed.data
  }
  api.get('/site-audit/crawls/:id/inventory', async (c) => {
    const id = await ownCrawl(c)
    const q = inventoryQuery(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await listInventory(deps.db, id, q))
  })
  api.get('/site-audit/crawls/:id/inventory/facets', async (c) => {
    const id = await ownCrawl(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await inventoryFacets(deps.db, id))
  })
  // Exactly the rows the filters leave, in their order, streamed in chunks.
  api.get('/site-audit/crawls/:id/inventory.csv', async (c) => {
    const id = await ownCrawl(c)
    const q = inventoryQuery(c)
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="farol-inventory-${id}.csv"`)
    c.header('Cache-Control', 'no-store')
    return stream(c, async (out) => {
      for await (const chunk of inventoryCsv(deps.db, id, q, exportOf(c, lang))) await out.write(chunk)
    })
  })
  api.get('/site-audit/crawls/:id/inventory.xlsx', async (c) => {
    const id = await ownCrawl(c)
    const q = inventoryQuery(c)
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    c.header('Content-Disposition', `attachment; filename="farol-inventory-${id}.xlsx"`)
    c.header('Cache-Control', 'no-store')
    return stream(c, async (out) => {
      for await (const chunk of inventoryXlsx(deps.db, id, q, exportOf(c, lang))) await out.write(chunk)
    })
  })
  api.get('/site-audit/crawls/:id/page', async (c) => {
    const id = await ownCrawl(c)
    const url = c.req.query('url')?.trim() ?? ''
    if (!url || url.length > 4000) throw new AppError('URL_REQUIRED')
    const detail = await pageDetail(deps.db, id, url)
    if (!detail) throw new AppError('NOT_FOUND')
    c.header('Cache-Control', 'no-store')
    return c.json(detail)
  })
  api.get('/site-audit/crawls/:id/groups', async (c) => {
    const id = await ownCrawl(c)
    const type = c.req.query('type') ?? ''
    if (!(GROUP_TYPES as readonly string[]).includes(type)) throw new AppError('VALIDATION', 'type')
    const { offset, limit } = paging((n) => c.req.query(n))
    c.header('Cache-Control', 'no-store')
    return c.json(
      await duplicateGroups(
        deps.db,
        id,
        type as (typeof GROUP_TYPES)[number],
        Math.max(0, offset ?? 0),
        Math.min(100, Math.max(1, limit ?? 20)),
      ),
    )
  })

  api.get('/site-audit/verification', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('UNAUTHENTICATED')
    const token = ownerToken(user.id)
    c.header('Cache-Control', 'no-store')
    return c.json({
      token,
      meta: `<meta name="${VERIFICATION_META}" content="${token}">`,
      path: VERIFICATION_PATH,
      ownerMax: deps.ownerMax,
    })
  })
  return api
}
