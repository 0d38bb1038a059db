// Storage of log analyses: the per-bot summary in one row, pages in their own table (they grow with the
// site), read back with server-side paging. The read module other features use (dashboard, PDF).

import type { Aggregates, PageSummary } from '@farol/engine/logs/aggregate.ts'
import type { LogReport } from '@farol/engine/logs/analyze.ts'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { botLogAnalyses, botLogPages } from '../../platform/db/schema.ts'

type BotLogSummary = Omit<LogReport, 'pages' | 'files'>

/** Whose analyses: one account's, in the workspace it acts in (never its analyses of another workspace). */
export interface LogScope {
  userId: string
  workspaceId: string
}

const ofScope = (scope: LogScope) =>
  and(eq(botLogAnalyses.userId, scope.userId), eq(botLogAnalyses.workspaceId, scope.workspaceId))
type BotLogFile = LogReport['files'][number]

export interface StoredAnalysis {
  id: string
  siteUrl: string
  createdAt: string
  files: BotLogFile[]
  summary: BotLogSummary
}

export async function saveAnalysis(
  db: Db,
  scope: LogScope,
  siteUrl: string,
  report: LogReport,
): Promise<string> {
  const { pages, files, ...summary } = report
  const [row] = await db
    .insert(botLogAnalyses)
    .values({ ...scope, siteUrl, host: new URL(siteUrl).host, files, summary })
    .returning({ id: botLogAnalyses.id })
  const id = row!.id
  for (let i = 0; i < pages.length; i += 500) {
    await db
      .insert(botLogPages)
      .values(
        pages.slice(i, i + 500).map((p) => ({ analysisId: id, path: p.path, hits: p.hits, bots: p.bots })),
      )
  }
  return id
}

const toStored = (r: typeof botLogAnalyses.$inferSelect): StoredAnalysis => ({
  id: r.id,
  siteUrl: r.siteUrl,
  createdAt: r.createdAt.toISOString(),
  files: r.files as BotLogFile[],
  summary: r.summary as BotLogSummary,
})

/** The user's latest analysis for the host of `siteUrl`, or null. */
export async function latestAnalysis(
  db: Db,
  scope: LogScope,
  siteUrl: string,
): Promise<StoredAnalysis | null> {
  let host: string
  try {
    host = new URL(siteUrl).host
  } catch {
    return null
  }
  const [row] = await db
    .select()
    .from(botLogAnalyses)
    .where(and(ofScope(scope), eq(botLogAnalyses.host, host)))
    .orderBy(desc(botLogAnalyses.createdAt))
    .limit(1)
  return row ? toStored(row) : null
}

export async function analysisById(db: Db, scope: LogScope, id: string): Promise<StoredAnalysis | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const [row] = await db
    .select()
    .from(botLogAnalyses)
    .where(and(eq(botLogAnalyses.id, id), ofScope(scope)))
  return row ? toStored(row) : null
}

/** Pages by bot hits, paged; `bot` keeps pages that bot fetched. */
export async function pagesOf(
  db: Db,
  analysisId: string,
  opts: { offset?: number; limit?: number; bot?: string | null; path?: string | null } = {},
): Promise<{ total: number; rows: PageSummary[] }> {
  const conditions = [eq(botLogPages.analysisId, analysisId)]
  if (opts.bot) conditions.push(sql`${botLogPages.bots} @> ${JSON.stringify([{ token: opts.bot }])}::jsonb`)
  if (opts.path) conditions.push(sql`position(lower(${opts.path}) in lower(${botLogPages.path})) > 0`)
  const where = and(...conditions)
  const [total] = await db.select({ n: count() }).from(botLogPages).where(where)
  const rows = await db
    .select({ path: botLogPages.path, hits: botLogPages.hits, bots: botLogPages.bots })
    .from(botLogPages)
    .where(where)
    .orderBy(desc(botLogPages.hits), botLogPages.path)
    .offset(opts.offset ?? 0)
    .limit(opts.limit ?? 50)
  return { total: total?.n ?? 0, rows: rows as PageSummary[] }
}

/** Every page of an analysis (bounded by the engine's page cap), for the joins and the CSV. */
export async function allPages(db: Db, analysisId: string): Promise<PageSummary[]> {
  const rows = await db
    .select({ path: botLogPages.path, hits: botLogPages.hits, bots: botLogPages.bots })
    .from(botLogPages)
    .where(eq(botLogPages.analysisId, analysisId))
    .orderBy(desc(botLogPages.hits), botLogPages.path)
  return rows as PageSummary[]
}

/** An analysis's aggregates as the engine's merge reads them (summary and every page). */
export async function aggregatesOf(db: Db, analysisId: string): Promise<Aggregates | null> {
  const [row] = await db.select().from(botLogAnalyses).where(eq(botLogAnalyses.id, analysisId))
  if (!row) return null
  const { verification: _v, ...summary } = row.summary as BotLogSummary
  return { ...summary, pages: await allPages(db, analysisId) }
}

/**
 * Writes a scheduled read's analysis: a new row when `id` is null, else that row replaced (summary, files,
 * date, pages), in one transaction with `alsoInTx` (what the read got to per file), so a crash never
 * leaves lines counted without their offsets, or the reverse.
 */
export async function writeSourceAnalysis(
  db: Db,
  input: { id: string | null; userId: string; workspaceId: string; siteUrl: string; report: LogReport },
  alsoInTx: (tx: Db, id: string) => Promise<void>,
): Promise<string> {
  const { pages, files, ...summary } = input.report
  return db.transaction(async (tx) => {
    let id = input.id
    if (id) {
      await tx
        .update(botLogAnalyses)
        .set({ files, summary, createdAt: new Date() })
        .where(eq(botLogAnalyses.id, id))
      await tx.delete(botLogPages).where(eq(botLogPages.analysisId, id))
    } else {
      const [row] = await tx
        .insert(botLogAnalyses)
        .values({
          userId: input.userId,
          workspaceId: input.workspaceId,
          siteUrl: input.siteUrl,
          host: new URL(input.siteUrl).host,
          files,
          summary,
        })
        .returning({ id: botLogAnalyses.id })
      id = row!.id
    }
    for (let i = 0; i < pages.length; i += 500) {
      await tx
        .insert(botLogPages)
        .values(
          pages.slice(i, i + 500).map((p) => ({ analysisId: id!, path: p.path, hits: p.hits, bots: p.bots })),
        )
    }
    await alsoInTx(tx as unknown as Db, id)
    return id
  })
}
