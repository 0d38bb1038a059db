// Task kind `llm_journey` (issue #15 item 3, the Journey tab of /suite/llm): for each persona — new
// customer, existing customer, research phase — the questions asked at each stage, generated from the
// site's profile, answered by the first configured model, and a status and improvement per stage from the
// measured mention and, when the user confirmed the site's facts, the claim verdicts (engine visibility/journey.ts).
// Signed-in users only (spec §6: premium tab). A full `llm_presence` run computes the same journey across
// all configured models (journey.ts); this task stays as the tab's re-run of the journey alone.
//   requested_data: { url }  →  { url, brand, model, journey: { newCustomer: [...], existingCustomer, researchPhase } }
import { buildArtifacts, safeFetch } from '@farol/engine'
import {
  type JourneyResult,
  PERSONAS,
  type Persona,
  type PersonaStage,
  stageImprovement,
  stageStatus,
} from '@farol/engine/visibility/journey.ts'
import { analyzeAnswer } from '@farol/engine/visibility/mentions.ts'
import { siteProfile } from '@farol/engine/visibility/site.ts'
import { z } from 'zod'
import { AppError } from '../../platform/errors.ts'
import { llmConfigOf, llmRegistry } from '../../platform/llm/registry.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { claimJudge } from './journey.ts'
import { journeyPlan, presenceBrand } from './plan.ts'
import { loadSettings, settingsOwnerOf } from './settings.ts'

const requested = z.object({ url: z.string().max(2048) })

export const capability: Capability<Record<string, never>, JourneyResult> = {
  kind: 'llm_journey',
  loginRequired: true,
  expireInSeconds: 900,
  retryLimit: 0,
  // A new run after confirming facts must ask again, not return the earlier timeline.
  reuse: false,
  parse(data, ctx) {
    if (llmConfigOf(ctx.config).providers.length === 0) throw new AppError('LLM_NOT_CONFIGURED')
    const parsed = requested.safeParse(data)
    if (!parsed.success) throw new AppError('URL_REQUIRED', parsed.error.message)
    return { url: normalizeTaskUrl(parsed.data.url, ctx.allowPrivate), input: {} }
  },

  async run(ctx) {
    await ctx.progress('reading-site', 2)
    const page = await safeFetch(ctx.url, {
      accept: 'html',
      allowPrivate: ctx.config.allowPrivateTargets,
      signal: ctx.signal,
    })
    const artifacts = buildArtifacts(page)
    const profile = siteProfile(artifacts.$, artifacts.page.finalUrl)
    const registry = llmRegistry(ctx.config, ctx.db)
    const model = registry.models()[0]
    if (!model) throw new AppError('LLM_NOT_CONFIGURED')
    // The brand the user saved for the site, as the presence run names it (llm/plan.ts).
    // The task's workspace's settings (a monitoring run's: its site's workspace), never its maker's elsewhere.
    const owner = settingsOwnerOf(ctx)
    const settings = owner ? await loadSettings(ctx.db, owner, profile.domain) : null
    const brand = presenceBrand(profile, settings)
    const journey: Record<Persona, PersonaStage[]> = {
      newCustomer: [],
      existingCustomer: [],
      researchPhase: [],
    }
    const plan = journeyPlan(profile, brand, ctx.lang)
    const result = (finishedAt: string | null = null): JourneyResult => ({
      url: ctx.url,
      brand: brand.name,
      model: model.label,
      journey,
      progress: { done: PERSONAS.reduce((n, p) => n + journey[p].length, 0), total: plan.length },
      finishedAt,
    })
    // The user's confirmed facts, when there are some: answers naming the brand are then split into claims
    // (as the knowledge hub does) and a wrong or outdated one makes the stage negative.
    const judge = await claimJudge(ctx, registry, model.key, brand.name)
    await ctx.progress('asking', 5, result())
    // One question at a time: the page shows each stage as it is answered, and a failed call fails the
    // task with the provider's translated error rather than leaving a half-judged timeline.
    for (const [i, step] of plan.entries()) {
      ctx.signal.throwIfAborted()
      const answer = await registry.ask(model.key, step.query, { signal: ctx.signal })
      const analysis = analyzeAnswer(answer.text, answer.sources, brand)
      const claims = analysis.mentioned && !analysis.negated ? await judge(answer.text) : null
      journey[step.persona].push({
        stage: step.stage,
        query: step.query,
        aiResponse: answer.text,
        status: stageStatus(analysis, claims),
        improvement: stageImprovement(analysis, claims, { ...profile, brand: brand.name }, ctx.lang),
        model: model.label,
      })
      await ctx.progress('asking', 5 + Math.round((90 * (i + 1)) / plan.length), result())
    }
    return result(new Date().toISOString())
  },
}
