// Task `content_suggestions` (issue #15): topics to write about, from measured gaps. Reads the site's
// page and the competitor's, and — when the user has them for this address — the latest AI-visibility
// run (questions where the site was never named) and keyword research (keywords the site lacks).
// Works with no model at all; every suggestion names its evidence.
import { fetchText } from '@farol/engine'
import { contentGaps, type PageOutline, pageOutline, suggestionOf } from '@farol/engine/knowledge/index.ts'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import { AppError, type Lang } from '../../platform/errors.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'

export interface SuggestionsInput {
  url: string
  competitor: string | null
  /** The spec's free-text language ("Português", "English"); decides the reasons' language. */
  language: string | null
}

export interface Suggestion {
  topic: string
  reason: string
  keywords: string[]
  selected: boolean
  kind: string
  evidence: string
}

export interface SuggestionsResult {
  url: string
  competitor: string | null
  suggestions: Suggestion[]
  /** Which evidence was available: the page always; the rest when found. */
  sources: { site: boolean; competitor: boolean | null; llmPresence: boolean; keywords: boolean }
  /** The competitor page could not be read (its reason code), so its gaps are missing. */
  competitorError: string | null
}

const requested = z.object({
  url: z.string().max(2048).optional(),
  competitor: z.string().max(2048).optional().nullable(),
  language: z.string().max(40).optional().nullable(),
})

export const capability: Capability<SuggestionsInput, SuggestionsResult> = {
  kind: 'content_suggestions',
  loginRequired: false,
  expireInSeconds: 120,
  parse(data, ctx) {
    const parsed = requested.safeParse(data)
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    if (!parsed.data.url?.trim()) throw new AppError('RECOMMENDER_URL_REQUIRED')
    const url = normalizeTaskUrl(parsed.data.url, ctx.allowPrivate)
    const competitorText = parsed.data.competitor?.trim()
    const competitor = competitorText ? normalizeTaskUrl(competitorText, ctx.allowPrivate) : null
    return { url, input: { url, competitor, language: parsed.data.language?.trim() || null } }
  },
  async run(ctx, input) {
    const lang = reasonLang(input.language, ctx.lang)
    const allowPrivate = ctx.config.allowPrivateTargets
    await ctx.progress('fetching', 10)
    const [site, competitor] = await Promise.all([
      outlineOf(input.url, allowPrivate, ctx.signal),
      input.competitor ? outlineOf(input.competitor, allowPrivate, ctx.signal) : Promise.resolve(null),
    ])
    if (!site.outline) throw new AppError('RECOMMENDER_SITE_UNREACHABLE', site.error ?? undefined)
    await ctx.progress('analysing', 60)
    const aiQuestions = ctx.userId ? await aiQuestionsOf(ctx.db, ctx.userId, input.url) : []
    const keywords = ctx.userId ? await keywordsOf(ctx.db, ctx.userId, input.url) : []
    const gaps = contentGaps({
      site: site.outline,
      competitor: competitor?.outline ?? null,
      aiQuestions,
      keywords,
    })
    return {
      url: input.url,
      competitor: input.competitor,
      suggestions: gaps.map((gap) => suggestionOf(gap, lang)),
      sources: {
        site: true,
        competitor: input.competitor ? Boolean(competitor?.outline) : null,
        llmPresence: aiQuestions.length > 0,
        keywords: keywords.length > 0,
      },
      competitorError: competitor && !competitor.outline ? competitor.error : null,
    }
  },
}

/** "English", "inglês", "en" → English reasons; anything else the request's language. */
export function reasonLang(language: string | null, fallback: Lang): Lang {
  if (!language) return fallback
  const l = language.trim().toLowerCase()
  if (/^(en|english|ingl[eê]s)/.test(l)) return 'en'
  if (/^(pt|portugu[eê]s|portuguese)/.test(l)) return 'pt'
  return fallback
}

async function outlineOf(
  url: string,
  allowPrivate: boolean,
  signal: AbortSignal,
): Promise<{ outline: PageOutline | null; error: string | null }> {
  try {
    const page = await fetchText(url, { allowPrivate, signal, totalTimeoutMs: 20_000 })
    if (page.status === null || page.status >= 400 || !page.content)
      return { outline: null, error: page.errorMessage ?? `HTTP ${page.status}` }
    return { outline: pageOutline(page.content, page.url || url), error: null }
  } catch (error) {
    return { outline: null, error: (error as { code?: string }).code ?? 'FETCH_FAILED' }
  }
}

async function latestResults(db: Db, userId: string, kind: string, url: string): Promise<unknown> {
  const [row] = await db
    .select({ results: tasks.results })
    .from(tasks)
    .where(
      and(eq(tasks.userId, userId), eq(tasks.kind, kind), eq(tasks.url, url), eq(tasks.status, 'success')),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1)
  return row?.results ?? null
}

/** From the latest llm_presence run: each question with how many answers named the site. */
async function aiQuestionsOf(db: Db, userId: string, url: string) {
  const results = (await latestResults(db, userId, 'llm_presence', url)) as {
    report?: { mentions?: { query: string; hasMention: boolean }[] }
  } | null
  const byQuery = new Map<string, { query: string; mentioned: number; answers: number }>()
  for (const m of results?.report?.mentions ?? []) {
    const row = byQuery.get(m.query) ?? { query: m.query, mentioned: 0, answers: 0 }
    row.answers++
    if (m.hasMention) row.mentioned++
    byQuery.set(m.query, row)
  }
  return [...byQuery.values()]
}

/** From the latest keyword research seeded from this address: its related keywords, first ones first. */
async function keywordsOf(db: Db, userId: string, url: string): Promise<string[]> {
  const results = (await latestResults(db, userId, 'keyword_research', url)) as {
    related?: { keyword: string }[]
  } | null
  return (results?.related ?? []).slice(0, 15).map((k) => k.keyword)
}
