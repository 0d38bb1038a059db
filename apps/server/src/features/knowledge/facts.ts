// A site's facts for one user: what Farol extracts from the site's own pages (home, the usual contact
// and about pages, and the contact/about/services/prices pages its latest site crawl found), and what the user confirmed, edited or added, kept as numbered versions so a claim
// can be judged against the current truth and recognised as outdated against an earlier one.
import { fetchText } from '@farol/engine'
import {
  extractSiteFacts,
  FACT_KINDS,
  type FactKind,
  factPages,
  mergeFacts,
  type SiteFact,
} from '@farol/engine/knowledge/index.ts'
import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { siteFacts } from '../../platform/db/schema.ts'
import { inWorkspaceOf, scopeOfTask } from '../../tenancy/access.ts'
import { type CrawlScope, latestCrawl, type SiteCrawlResult } from '../site-audit/public.ts'

/** Pages that usually carry the address, phone and story of a business. */
const EXTRA_PATHS = ['/contactos', '/contacto', '/contact', '/sobre', '/sobre-nos', '/about']

export interface FactVersion {
  version: number
  facts: SiteFact[]
  createdAt: string
}

export function siteOf(url: string): string {
  return new URL(url).origin
}

/**
 * Facts read from the site now: the page itself, whichever usual contact/about pages exist, and the
 * fact-bearing pages the user's latest crawl of the site found (`crawled`, see factPages).
 */
export async function extractFacts(
  url: string,
  options: { allowPrivate: boolean; signal?: AbortSignal; crawled?: string[] },
): Promise<SiteFact[]> {
  const usual = EXTRA_PATHS.map((path) => new URL(path, url).href)
  const targets = [...new Set([url, ...usual, ...(options.crawled ?? [])])]
  const pages = await Promise.all(
    targets.map(async (target) => {
      const page = await fetchText(target, {
        allowPrivate: options.allowPrivate,
        totalTimeoutMs: 10_000,
        ...(options.signal ? { signal: options.signal } : {}),
      }).catch(() => null)
      // A missing page (404, not HTML, unreachable) simply contributes nothing.
      if (page?.status !== 200 || !page.content) return []
      return extractSiteFacts(page.content, page.url || target)
    }),
  )
  return mergeFacts(...pages)
}

/** The fact-bearing pages of the user's latest finished crawl of the site's host (none without one). */
export async function crawledFactPages(db: Db, scope: CrawlScope, url: string): Promise<string[]> {
  const crawl = await latestCrawl(db, scope, url)
  const pages = (crawl?.results as Partial<SiteCrawlResult> | null)?.pages
  return Array.isArray(pages) ? factPages(pages) : []
}

/** A workspace (and the user acting in it): whose confirmed facts. */
export interface FactScope {
  workspaceId: string
  userId: string | null
}

/** The workspace's newest confirmed versions of the site's facts (whoever confirmed them there). */
export async function factVersions(
  db: Db,
  scope: FactScope,
  site: string,
  limit = 2,
): Promise<FactVersion[]> {
  const rows = await db
    .select()
    .from(siteFacts)
    .where(and(inWorkspaceOf(scope, siteFacts), eq(siteFacts.site, site)))
    .orderBy(desc(siteFacts.version))
    .limit(limit)
  return rows.map((r) => ({
    version: r.version,
    facts: r.facts as SiteFact[],
    createdAt: r.createdAt.toISOString(),
  }))
}

/**
 * The facts generated text is grounded in: the user's confirmed set when there is one, else what the
 * site states (marked unconfirmed), plus the previous confirmed set for "outdated" verdicts.
 */
export async function groundingFacts(
  db: Db,
  userId: string | null,
  url: string,
  options: { allowPrivate: boolean; signal?: AbortSignal; workspaceId?: string | null },
): Promise<{ facts: SiteFact[]; previous: SiteFact[]; confirmed: boolean }> {
  // The task's workspace's confirmed facts (never the user's of another workspace).
  const scope = userId ? scopeOfTask({ workspaceId: options.workspaceId ?? null, userId }) : null
  if (scope) {
    const [current, previous] = await factVersions(db, scope, siteOf(url))
    if (current) return { facts: current.facts, previous: previous?.facts ?? [], confirmed: true }
  }
  // The crawls of the task's workspace (never the user's crawls of another one).
  const crawled =
    userId && options.workspaceId ? await crawledFactPages(db, { workspaceId: options.workspaceId }, url) : []
  return { facts: await extractFacts(url, { ...options, crawled }), previous: [], confirmed: false }
}

const factInput = z.object({
  kind: z.enum(FACT_KINDS as [FactKind, ...FactKind[]]),
  value: z.string().trim().min(1).max(300),
  source: z
    .object({ url: z.string().max(2048), from: z.enum(['json-ld', 'meta', 'footer', 'text', 'user']) })
    .optional(),
})
export const saveFactsInput = z.object({
  url: z.string().min(1).max(2048),
  facts: z.array(factInput).max(200),
})

export const factFieldMessages = {
  facts: {
    pt: 'Cada facto precisa de um tipo válido e de um valor com 1 a 300 caracteres (no máximo 200 factos).',
    en: 'Each fact needs a valid kind and a value of 1 to 300 characters (at most 200 facts).',
  },
}

/** Stores the workspace's confirmed facts as the next version; an edit never rewrites an earlier version. */
export async function saveFacts(
  db: Db,
  scope: { workspaceId: string; userId: string },
  site: string,
  facts: z.infer<typeof factInput>[],
): Promise<FactVersion> {
  const clean: SiteFact[] = facts.map((f) => ({
    kind: f.kind,
    value: f.value,
    source: f.source ?? { url: site, from: 'user' },
  }))
  // Two saves at once must not take one version number: retry once on the unique index.
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(siteFacts)
        .values({
          workspaceId: scope.workspaceId,
          userId: scope.userId,
          site,
          facts: clean,
          version: sql`(select coalesce(max(${siteFacts.version}), 0) + 1 from ${siteFacts} where ${inWorkspaceOf(scope, siteFacts)} and ${siteFacts.site} = ${site})`,
        })
        .returning()
      return { version: row!.version, facts: clean, createdAt: row!.createdAt.toISOString() }
    } catch (error) {
      if (attempt >= 2) throw error
    }
  }
}
