// The one place that decides which workspace a request acts in, with which role, and which tracked sites
// that role may see. Every route that touches workspace data asks here (never re-implements it).
//
// Membership is read from the database on every request: a removed member loses access at once, whatever
// their session says (the session's active workspace is only a preference, checked against `members`).
import { createHash } from 'node:crypto'
import { type AnyColumn, and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { z } from 'zod'
import type { Db } from '../platform/db/database.ts'
import {
  members,
  organizations,
  reports,
  siteCrawls,
  siteRuns,
  siteShares,
  tasks,
  trackedSites,
} from '../platform/db/schema.ts'
import { AppError } from '../platform/errors.ts'
import { hostOf } from '../platform/host.ts'
import type { Auth } from './auth.ts'
import { can, isPersonal, roleOf, type WorkspaceAction, type WorkspaceRole } from './roles.ts'
import { requireUser, type SessionUser } from './session.ts'

export interface Workspace {
  id: string
  name: string
  slug: string
  logo: string | null
  personal: boolean
  role: WorkspaceRole
}

export interface WorkspaceAccess {
  user: SessionUser
  workspace: Workspace
  role: WorkspaceRole
}

/** The id of an account's personal workspace (the migration's backfill uses the same formula). */
export function personalWorkspaceId(userId: string): string {
  return createHash('md5').update(`personal:${userId}`).digest('hex')
}

/** Every workspace the user belongs to, their personal one first (created here when missing). */
export async function workspacesOf(db: Db, user: Pick<SessionUser, 'id' | 'name'>): Promise<Workspace[]> {
  const read = () =>
    db
      .select({ org: organizations, role: members.role })
      .from(members)
      .innerJoin(organizations, eq(organizations.id, members.organizationId))
      .where(eq(members.userId, user.id))
      .orderBy(organizations.createdAt)
  let rows = await read()
  const personalId = personalWorkspaceId(user.id)
  if (!rows.some((r) => r.org.id === personalId)) {
    // Accounts created after the migration get their personal workspace on their first request (lazily,
    // idempotent: two requests at once insert one row each at most, the second does nothing).
    await db
      .insert(organizations)
      .values({
        id: personalId,
        name: user.name || 'Personal',
        slug: `personal-${user.id}`,
        metadata: '{"personal":true}',
      })
      .onConflictDoNothing()
    await db
      .insert(members)
      .values({
        id: createHash('md5').update(`owner:${user.id}`).digest('hex'),
        organizationId: personalId,
        userId: user.id,
        role: 'owner',
      })
      .onConflictDoNothing()
    rows = await read()
  }
  const list = rows.flatMap(({ org, role }) => {
    const r = roleOf(role)
    if (!r) return []
    return [
      {
        id: org.id,
        name: org.name,
        slug: org.slug,
        logo: org.logo,
        personal: isPersonal(org.metadata),
        role: r,
      },
    ]
  })
  return [...list.filter((w) => w.id === personalId), ...list.filter((w) => w.id !== personalId)]
}

/** Pure: the workspace a request acts in: the session's choice when still a member, else the personal one. */
export function pickActive(
  list: Workspace[],
  activeId: string | null | undefined,
  personalId: string,
): Workspace {
  const chosen = activeId ? list.find((w) => w.id === activeId) : undefined
  const fallback = list.find((w) => w.id === personalId) ?? list[0]
  if (!chosen && !fallback) throw new AppError('FORBIDDEN')
  return (chosen ?? fallback)!
}

/** The signed-in user, the workspace they act in and their role there; 401 when signed out. */
export async function resolveAccess(deps: { db: Db; auth: Auth }, c: Context): Promise<WorkspaceAccess> {
  const user = await requireUser(deps.auth, c)
  return accessFor(deps.db, user)
}

export async function accessFor(db: Db, user: SessionUser): Promise<WorkspaceAccess> {
  const list = await workspacesOf(db, user)
  const workspace = pickActive(list, user.activeWorkspaceId, personalWorkspaceId(user.id))
  return { user, workspace, role: workspace.role }
}

/** 403 unless the role may do this in its workspace. */
export function requireAction(access: WorkspaceAccess, action: WorkspaceAction): void {
  if (!can(access.role, action)) throw new AppError('FORBIDDEN')
}

/**
 * The tracked sites this access may see: all of the workspace's for its owners, admins and members; for a
 * client only those shared with them. Use it in every query over tracked_sites.
 */
export function visibleSites(access: WorkspaceAccess): SQL {
  const inWorkspace = eq(trackedSites.workspaceId, access.workspace.id)
  if (access.role !== 'client') return inWorkspace
  return and(
    inWorkspace,
    sql`exists (select 1 from ${siteShares} where ${siteShares.siteId} = ${trackedSites.id} and ${siteShares.userId} = ${access.user.id})`,
  ) as SQL
}

/** One site this access may act on (404 when it may not see it, 403 when it sees it but may not act). */
export async function siteFor(
  db: Db,
  access: WorkspaceAccess,
  id: string,
  action: WorkspaceAction,
): Promise<typeof trackedSites.$inferSelect> {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
  const [site] = await db
    .select()
    .from(trackedSites)
    .where(and(eq(trackedSites.id, id), visibleSites(access)))
  if (!site) throw new AppError('NOT_FOUND')
  requireAction(access, action)
  return site
}

/** Pure: the report's page lies under one of the sites (same origin, the site's path a prefix of the page's). */
export function reportOfSites(reportUrl: string, siteUrls: string[]): boolean {
  const parse = (u: string) => {
    try {
      return new URL(u)
    } catch {
      return null
    }
  }
  const page = parse(reportUrl)
  if (!page) return false
  return siteUrls.some((s) => {
    const site = parse(s)
    return site !== null && site.origin === page.origin && page.pathname.startsWith(site.pathname)
  })
}

/**
 * The reports this access may see, newest first (at most `limit`): for owners, admins and members every
 * report made in the workspace (in a personal workspace also the user's own made before workspaces, which
 * name none); for a client only the finished reports of a site shared with them.
 */
export async function visibleReports(
  db: Db,
  access: WorkspaceAccess,
  options: { limit?: number; id?: string } = {},
): Promise<(typeof reports.$inferSelect)[]> {
  const inWorkspace = eq(reports.workspaceId, access.workspace.id)
  const where =
    access.role === 'client'
      ? and(inWorkspace, eq(reports.status, 'success'))
      : access.workspace.personal
        ? or(inWorkspace, and(isNull(reports.workspaceId), eq(reports.userId, access.user.id)))
        : inWorkspace
  const rows = await db
    .select()
    .from(reports)
    .where(options.id ? and(where, eq(reports.id, options.id)) : where)
    .orderBy(desc(reports.createdAt))
    .limit(options.limit ?? 100)
  if (access.role !== 'client') return rows
  const sites = await db.select({ url: trackedSites.url }).from(trackedSites).where(visibleSites(access))
  const urls = sites.map((s) => s.url)
  return rows.filter((r) => reportOfSites(r.url, urls))
}

/** One report this access may see (REPORT_NOT_FOUND otherwise, malformed ids included). */
export async function reportFor(
  db: Db,
  access: WorkspaceAccess,
  id: string,
): Promise<typeof reports.$inferSelect> {
  if (!z.uuid().safeParse(id).success) throw new AppError('REPORT_NOT_FOUND')
  const [row] = await visibleReports(db, access, { id, limit: 1 })
  if (!row) throw new AppError('REPORT_NOT_FOUND')
  return row
}

/** Pure: the same host (a crawl of a site's host concerns that site, whatever the start page). */
function sameHost(a: string, b: string): boolean {
  const host = hostOf(a)
  return host !== null && host === hostOf(b)
}

/**
 * Pure: the workspace a row (task, analysis; a crawl through its task) belongs to: its own; a signed-in user's row from before
 * migration 0034 whose account had no personal workspace yet is that account's personal one; an anonymous
 * row belongs to none.
 */
function workspaceOfRow(row: { workspaceId: string | null; userId: string | null }): string | null {
  return row.workspaceId ?? (row.userId ? personalWorkspaceId(row.userId) : null)
}

/** SQL: the rows of the access's workspace, by their workspace column (and maker, for rows before 0034). */
export function inWorkspace(
  access: WorkspaceAccess,
  columns: { workspaceId: AnyColumn; userId: AnyColumn },
): SQL {
  return inWorkspaceOf({ workspaceId: access.workspace.id, userId: access.user.id }, columns)
}

/**
 * SQL: the rows of a workspace (a task's, for a worker without a request), by their workspace column; in
 * the user's personal workspace also that user's rows from before their table carried one (null).
 */
export function inWorkspaceOf(
  scope: { workspaceId: string; userId: string | null },
  columns: { workspaceId: AnyColumn; userId: AnyColumn },
): SQL {
  const own = eq(columns.workspaceId, scope.workspaceId)
  if (!scope.userId || scope.workspaceId !== personalWorkspaceId(scope.userId)) return own
  return or(own, and(isNull(columns.workspaceId), eq(columns.userId, scope.userId))) as SQL
}

/** A task's workspace scope: its own, or its maker's personal one (a row from before 0034); null: anonymous. */
export function scopeOfTask(task: {
  workspaceId: string | null
  userId: string | null
}): { workspaceId: string; userId: string | null } | null {
  const workspaceId = workspaceOfRow(task)
  return workspaceId ? { workspaceId, userId: task.userId } : null
}

/** The hosts of the tracked sites this access sees (a client: those shared with them). */
export async function visibleSiteHosts(db: Db, access: WorkspaceAccess): Promise<Set<string>> {
  const sites = await db.select({ url: trackedSites.url }).from(trackedSites).where(visibleSites(access))
  return new Set(sites.flatMap((s) => hostOf(s.url) ?? []))
}

/** Whether one of the tracked sites this access sees had this task (or crawl) made by a monitoring run. */
async function madeByVisibleRun(db: Db, access: WorkspaceAccess, id: string): Promise<boolean> {
  const [ofRun] = await db
    .select({ id: siteRuns.id })
    .from(siteRuns)
    .innerJoin(trackedSites, eq(trackedSites.id, siteRuns.siteId))
    .where(
      and(
        visibleSites(access),
        sql`exists (select 1 from jsonb_each_text(${siteRuns.taskIds}) as t(slot, id) where t.id = ${id})`,
      ),
    )
    .limit(1)
  return Boolean(ofRun)
}

/** A crawl row with its task's workspace (a crawl's id is its task's; the task carries the workspace). */
const crawlWithWorkspace = {
  crawl: siteCrawls,
  workspaceId: tasks.workspaceId,
  taskUserId: tasks.userId,
}

/**
 * The crawls of a tracked site: its workspace's crawls of the site's host (whoever started them there) and
 * its monitoring runs' crawls, newest first. Never a crawl of another workspace, whoever follows the site.
 */
export async function siteCrawlsOf(db: Db, site: typeof trackedSites.$inferSelect, limit = 50) {
  const rows = await db
    .select({ crawl: siteCrawls })
    .from(siteCrawls)
    .innerJoin(tasks, eq(tasks.id, siteCrawls.id))
    .where(eq(tasks.workspaceId, site.workspaceId))
    .orderBy(desc(siteCrawls.createdAt))
    // The workspace's newest crawls of any host: enough to find this host's latest ones.
    .limit(limit * 20)
  const runs = await db
    .select({ taskIds: siteRuns.taskIds })
    .from(siteRuns)
    .where(eq(siteRuns.siteId, site.id))
    .orderBy(desc(siteRuns.startedAt))
    .limit(limit)
  const runCrawlIds = runs.flatMap((r) => (r.taskIds?.crawl ? [r.taskIds.crawl] : []))
  const ofRuns = runCrawlIds.length
    ? await db
        .select({ crawl: siteCrawls })
        .from(siteCrawls)
        .innerJoin(tasks, eq(tasks.id, siteCrawls.id))
        .where(and(inArray(siteCrawls.id, runCrawlIds), eq(tasks.workspaceId, site.workspaceId)))
    : []
  const byId = new Map(
    [...rows.filter((r) => sameHost(r.crawl.startUrl, site.url)), ...ofRuns].map((r) => [
      r.crawl.id,
      r.crawl,
    ]),
  )
  return [...byId.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit)
}

/**
 * A crawl this access may read: one of its workspace's (its task's), and either the user's own or a
 * crawl of a tracked site the access sees (its host, or one of its runs). Anything else, malformed ids and
 * crawls without a task included, is TASK_NOT_FOUND.
 */
export async function crawlFor(db: Db, access: WorkspaceAccess, crawlId: string): Promise<string> {
  if (!z.uuid().safeParse(crawlId).success) throw new AppError('TASK_NOT_FOUND')
  const [row] = await db
    .select(crawlWithWorkspace)
    .from(siteCrawls)
    .innerJoin(tasks, eq(tasks.id, siteCrawls.id))
    .where(eq(siteCrawls.id, crawlId))
  const crawl = row?.crawl
  if (!row || !crawl?.userId) throw new AppError('TASK_NOT_FOUND')
  if (workspaceOfRow({ workspaceId: row.workspaceId, userId: row.taskUserId }) !== access.workspace.id)
    throw new AppError('TASK_NOT_FOUND')
  if (crawl.userId === access.user.id) return crawl.id
  if ((await visibleSiteHosts(db, access)).has(hostOf(crawl.startUrl) ?? '')) return crawl.id
  if (await madeByVisibleRun(db, access, crawl.id)) return crawl.id
  throw new AppError('TASK_NOT_FOUND')
}

/**
 * The kinds of analysis a tracked site's monitoring runs: a task of one of these kinds, of a tracked site's
 * host, made in the site's workspace, is that site's (the Site Audit, AI-presence and dashboard pages open
 * on it). The other kinds (keyword research, writing…) are personal tools: their tasks stay their starter's,
 * in the workspace they were made in.
 */
const siteTaskKinds: readonly string[] = [
  'seo_analysis',
  'ai_optimization',
  'llm_presence',
  'site_crawl',
  'directory_search',
]

type TaskRow = typeof tasks.$inferSelect

/** Kinds whose task is about one page (the address must match), not the whole site (its host must). */
const pageTaskKinds: readonly string[] = ['seo_analysis', 'ai_optimization', 'llm_presence']

/**
 * The newest task of a kind this access may open, optionally of one address (and platform), in its
 * workspace only: the user's own, or, for the site kinds, one of a tracked site's host this access sees
 * (a member opens the workspace's latest crawl or AI-presence run; a client only a shared site's). With an
 * address, a page analysis must be of that address, a crawl or directory search of its host.
 */
export async function latestTaskFor(
  db: Db,
  access: WorkspaceAccess,
  query: { kind: string; url: string | null; platform?: string | null },
): Promise<TaskRow | null> {
  const platform =
    query.platform === undefined
      ? undefined
      : query.platform === null
        ? isNull(tasks.platform)
        : eq(tasks.platform, query.platform)
  const here = inWorkspace(access, tasks)
  const [own] = await db
    .select()
    .from(tasks)
    .where(
      and(
        here,
        eq(tasks.userId, access.user.id),
        eq(tasks.kind, query.kind),
        query.url === null ? undefined : eq(tasks.url, query.url),
        platform,
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1)
  if (!siteTaskKinds.includes(query.kind)) return own ?? null
  const hosts = await visibleSiteHosts(db, access)
  if (hosts.size === 0) return own ?? null
  const page = pageTaskKinds.includes(query.kind)
  const wantedHost = query.url === null ? null : hostOf(query.url)
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(
        here,
        eq(tasks.kind, query.kind),
        query.url !== null && page ? eq(tasks.url, query.url) : undefined,
        platform,
        own ? gt(tasks.createdAt, own.createdAt) : undefined,
      ),
    )
    .orderBy(desc(tasks.createdAt))
    // The workspace's newest tasks of that kind, of any host: enough to find these hosts' latest.
    .limit(200)
  const shared = rows.find((t) => {
    const host = hostOf(t.url) ?? ''
    return hosts.has(host) && (wantedHost === null || host === wantedHost)
  })
  return shared ?? own ?? null
}

/**
 * Whether this access may read a task row: an anonymous one by its id (the id is its secret); else only
 * in its workspace, the user's own, or a site kind's task of a tracked site this access sees (its host, or
 * one of its monitoring runs made it).
 */
export async function taskReadable(db: Db, access: WorkspaceAccess | null, row: TaskRow): Promise<boolean> {
  if (!row.userId) return true
  if (!access || workspaceOfRow(row) !== access.workspace.id) return false
  if (row.userId === access.user.id) return true
  if (!siteTaskKinds.includes(row.kind)) return false
  if ((await visibleSiteHosts(db, access)).has(hostOf(row.url) ?? '')) return true
  return madeByVisibleRun(db, access, row.id)
}

/** A task this access may read, by id (taskReadable); else null. */
export async function taskFor(db: Db, access: WorkspaceAccess, taskId: string): Promise<TaskRow | null> {
  if (!z.uuid().safeParse(taskId).success) return null
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId.toLowerCase()))
  if (!row) return null
  return (await taskReadable(db, access, row)) ? row : null
}
