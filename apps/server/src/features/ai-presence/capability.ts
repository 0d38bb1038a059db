// Task kind `llm_presence`: ask the configured assistants questions about the site, measure presence.
//   requested_data: { url, competitors?: (url | {name, url})[], prompts?: string[], repeats?: 1-5 }
// Anonymous visitors get a small run (at most 5 prompts, 1 repeat; their daily task quota applies as for
// any task); signed-in users the full run with their saved brand, aliases, competitors and prompts.
// Each answer is stored whole in the task's results as it arrives (partial results), so the page shows
// answers while the run goes on; every metric is recomputed from them.
import { audit, buildArtifacts, safeFetch } from '@farol/engine'
import { EngineError } from '@farol/engine/errors.ts'
import {
  analyzeAnswer,
  brandSentences,
  buildVisibilityReport,
  judgeSentiment,
  runCounts,
  type SiteSignals,
  type StoredAnswer,
  siteProfile,
  siteSignals,
} from '@farol/engine/visibility/index.ts'
import type { Journey } from '@farol/engine/visibility/journey.ts'
import type { LlmPresenceResult } from '@farol/engine/visibility/run.ts'
import { runPresence } from '@farol/engine/visibility/run.ts'
import { and, desc, eq, ne } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { bareDomain } from '../../platform/host.ts'
import { llmConfigOf, llmRegistry } from '../../platform/llm/registry.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { journeyForPresence } from './journey.ts'
import { presenceSetup } from './plan.ts'
import { loadSettings, parseCompetitors, settingsOwnerOf } from './settings.ts'

export const smallRun = { prompts: 5, repeats: 1 } as const

const requested = z.object({
  url: z.string().max(2000),
  competitors: z
    .array(
      z.union([
        z.string().max(500),
        z.object({ name: z.string().max(100).optional(), url: z.string().max(500).nullish() }),
      ]),
    )
    .max(20)
    .optional(),
  prompts: z.array(z.string().max(400)).max(20).optional(),
  repeats: z.number().int().min(1).max(5).optional(),
})

export interface LlmPresenceInput {
  competitors: { name: string; url: string | null }[]
  prompts: string[] | null
  repeats: number
  small: boolean
}

export const capability: Capability<LlmPresenceInput, LlmPresenceResult> = {
  kind: 'llm_presence',
  loginRequired: false,
  expireInSeconds: 1800,
  // A run is many paid calls: never repeat a whole run because one attempt failed.
  retryLimit: 0,
  parse(data, ctx) {
    if (llmConfigOf(ctx.config).providers.length === 0) throw new AppError('LLM_NOT_CONFIGURED')
    const parsed = requested.safeParse(data)
    if (!parsed.success) throw new AppError('URL_REQUIRED', parsed.error.message)
    const url = normalizeTaskUrl(parsed.data.url, ctx.allowPrivate)
    const small = ctx.userId === null
    return {
      url,
      input: {
        competitors: parseCompetitors(
          parsed.data.competitors ?? [],
          bareDomain(url) ?? undefined,
          ctx.allowPrivate,
        ),
        prompts: parsed.data.prompts?.map((p) => p.trim()).filter(Boolean) || null,
        repeats: small ? smallRun.repeats : (parsed.data.repeats ?? 3),
        small,
      },
    }
  },

  async run(ctx, input) {
    const startedAt = new Date().toISOString()
    await ctx.progress('reading-site', 2)
    // Only the page itself: the brand, services and place come from it (no robots.txt, llms.txt or sitemap
    // round trips before the first question can be asked). Through the SSRF-guarded fetcher.
    const page = await safeFetch(ctx.url, {
      accept: 'html',
      allowPrivate: ctx.config.allowPrivateTargets,
      signal: ctx.signal,
    })
    const artifacts = buildArtifacts(page)
    const profile = siteProfile(artifacts.$, artifacts.page.finalUrl)
    // The task's workspace's settings (a monitoring run's: its site's workspace), never its maker's elsewhere.
    const owner = settingsOwnerOf(ctx)
    const settings = owner ? await loadSettings(ctx.db, owner, profile.domain) : null
    const { brand, competitors, prompts } = presenceSetup({
      profile,
      settings,
      competitors: input.competitors,
      prompts: input.prompts,
      lang: ctx.lang,
      ...(input.small ? { maxPrompts: smallRun.prompts } : {}),
    })

    const registry = llmRegistry(ctx.config, ctx.db)
    const models = registry.models()
    const judge = llmConfigOf(ctx.config).judge
    const previous = await previousCounts(ctx.db, ctx.taskId, ctx.url, ctx.userId)
    const total = prompts.length * models.length * input.repeats
    const answers: StoredAnswer[] = []
    // Signed-in runs also audit the brand's site and each competitor's (on-page and AIO, no Lighthouse),
    // while the assistants answer: the Competition tab shows what the cited competitors do that the brand
    // does not. Through the audit's SSRF-guarded fetcher; a site that fails is simply left out.
    const sites: Record<string, SiteSignals> = {}
    const audits = input.small
      ? Promise.resolve()
      : Promise.all(
          [
            { name: brand.name, url: artifacts.page.finalUrl },
            ...competitors.flatMap((c) =>
              c.domain ? [{ name: c.name, url: c.url ?? `https://${c.domain}/` }] : [],
            ),
          ]
            .slice(0, 6)
            .map(async (site) => {
              try {
                const a = await audit(site.url, {
                  device: 'none',
                  lang: ctx.lang,
                  allowPrivate: ctx.config.allowPrivateTargets,
                  signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(20_000)]),
                })
                sites[site.name] = siteSignals(a)
              } catch (error) {
                ctx.log.info({ site: site.url, err: String(error) }, 'competitor audit failed')
              }
            }),
        )
    let journeySoFar: Journey | null = null
    const result = (finishedAt: string | null): LlmPresenceResult => {
      const report = buildVisibilityReport({ answers, brand, competitors, previous, sites, judge })
      return {
        version: 1,
        url: ctx.url,
        profile,
        brand,
        competitors,
        prompts,
        models,
        repeats: input.repeats,
        small: input.small,
        progress: { done: answers.length, total },
        report,
        counts: runCounts(report),
        startedAt,
        finishedAt,
        ...(journeySoFar ? { journey: journeySoFar } : {}),
      }
    }
    // Partial results: the first answer at once, then at most every 500 ms (each write carries the run).
    // None once the run is over: a late write would replace the final result with a partial one.
    let lastWrite = 0
    let pending: ReturnType<typeof setTimeout> | null = null
    let over = false
    // Writes one after another, so none can land after the run's end (awaited before the final result).
    let writing: Promise<void> = Promise.resolve()
    const write = () => {
      pending = null
      if (over) return writing
      lastWrite = Date.now()
      const percent = 5 + Math.round((90 * answers.length) / Math.max(1, total))
      writing = writing.catch(() => {}).then(() => ctx.progress('asking', percent, result(null)))
      return writing
    }
    function partialWrite(): Promise<void> | undefined {
      if (answers.length === 1 || Date.now() - lastWrite >= 500) return write()
      pending ??= setTimeout(() => void write().catch(() => {}), 500)
      return undefined
    }
    // Signed-in runs also walk the customer journey (Journey tab) with the same models, meanwhile (never
    // throws). Its stages join the partial results as they are answered, like the answers.
    const journey = input.small
      ? null
      : journeyForPresence({
          ctx,
          registry,
          models,
          profile,
          brand,
          competitors,
          onStage: (soFar) => {
            journeySoFar = soFar
            partialWrite()?.catch(() => {})
          },
        })
    await write()
    // Sentiment, only from the configured judge model: each answer naming the brand is judged as it
    // arrives, on the sentences that name it; the verdict joins the answer (and the next write).
    const verdicts: Promise<void>[] = []
    const judgeAnswer = async (answer: StoredAnswer) => {
      if (!judge || answer.status !== 'ok') return
      const analysis = analyzeAnswer(answer.text, answer.sources, brand, competitors)
      if (!analysis.mentioned) return
      const quoted = brandSentences(answer.text, analysis.spans)
      answer.sentiment = await judgeSentiment(registry, judge, brand.name, quoted, answer.lang, ctx.signal)
    }
    await runPresence(
      registry,
      { prompts, models, repeats: input.repeats },
      {
        signal: ctx.signal,
        onAnswer: async (answer) => {
          answers.push(answer)
          if (judge) verdicts.push(judgeAnswer(answer))
          await partialWrite()
        },
      },
    )
    await Promise.all(verdicts)
    await audits
    // The whole journey, or none when it failed (never the stages it had before failing).
    journeySoFar = journey ? await journey : null
    over = true
    if (pending) clearTimeout(pending)
    await writing.catch(() => {})
    const final = result(new Date().toISOString())
    const ok = final.report.answers.filter((a) => a.status === 'ok')
    if (ok.length === 0 && final.report.answers.length > 0) {
      // Nothing answered: fail with the providers' own reason when they agree (e.g. the daily budget).
      const codes = new Set(final.report.answers.map((a) => a.error?.code))
      const [code] = [...codes]
      if (codes.size === 1 && code) throw new EngineError(code as never, 'every call failed')
    }
    return final
  },
}

/** The counts of the same user's previous finished run of this address (trend and growth need them). */
async function previousCounts(db: Db, taskId: string, url: string, userId: string | null) {
  if (!userId) return null
  const [row] = await db
    .select({ results: tasks.results })
    .from(tasks)
    .where(
      and(
        eq(tasks.kind, 'llm_presence'),
        eq(tasks.url, url),
        eq(tasks.userId, userId),
        eq(tasks.status, 'success'),
        ne(tasks.id, taskId),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1)
  return (row?.results as LlmPresenceResult | null)?.counts ?? null
}
