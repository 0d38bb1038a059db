// Task kind `llm_journey` (issue #15 item 3, the Journey tab of /suite/llm): for each persona — new
// customer, existing customer, research phase — the questions asked at each stage, generated from the
// site's profile, answered by the first configured model, and a status and improvement per stage from the
// measured mention (engine visibility/journey.ts). Signed-in users only (spec §6: premium tab).
//   requested_data: { url }  →  { url, brand, model, journey: { newCustomer: [...], existingCustomer, researchPhase } }
import { buildArtifacts, safeFetch } from '@farol/engine'
import {
  journeyQueries,
  PERSONAS,
  type Persona,
  type PersonaStage,
  stageImprovement,
  stageStatus,
} from '@farol/engine/visibility/journey.ts'
import { analyzeAnswer } from '@farol/engine/visibility/mentions.ts'
import { siteProfile } from '@farol/engine/visibility/site.ts'
import { z } from 'zod'
import { AppError } from '../errors.ts'
import { llmConfigOf, llmRegistry } from '../llm/registry.ts'
import type { Capability } from '../tasks/capabilities.ts'
import { normalizeTaskUrl } from '../tasks/contract.ts'

export interface JourneyResult {
  url: string
  brand: string
  model: string
  journey: Record<Persona, PersonaStage[]>
  progress: { done: number; total: number }
}

const requested = z.object({ url: z.string().max(2048) })

export const capability: Capability<Record<string, never>, JourneyResult> = {
  kind: 'llm_journey',
  loginRequired: true,
  expireInSeconds: 900,
  retryLimit: 0,
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
    const brand = {
      name: profile.brand,
      aliases: profile.aliases,
      domain: profile.domain,
      commonWord: profile.commonWord,
      context: [...(profile.place ? [profile.place] : []), ...profile.services],
    }
    const journey: Record<Persona, PersonaStage[]> = {
      newCustomer: [],
      existingCustomer: [],
      researchPhase: [],
    }
    const plan = PERSONAS.flatMap((persona) =>
      journeyQueries(profile, persona, ctx.lang).map((q) => ({ persona, ...q })),
    )
    const result = (): JourneyResult => ({
      url: ctx.url,
      brand: profile.brand,
      model: model.label,
      journey,
      progress: { done: PERSONAS.reduce((n, p) => n + journey[p].length, 0), total: plan.length },
    })
    await ctx.progress('asking', 5, result())
    // One question at a time: the page shows each stage as it is answered, and a failed call fails the
    // task with the provider's translated error rather than leaving a half-judged timeline.
    for (const [i, step] of plan.entries()) {
      ctx.signal.throwIfAborted()
      const answer = await registry.ask(model.key, step.query, { signal: ctx.signal })
      const analysis = analyzeAnswer(answer.text, answer.sources, brand)
      journey[step.persona].push({
        stage: step.stage,
        query: step.query,
        aiResponse: answer.text,
        status: stageStatus(analysis, null),
        improvement: stageImprovement(analysis, null, profile, ctx.lang),
        model: model.label,
      })
      await ctx.progress('asking', 5 + Math.round((90 * (i + 1)) / plan.length), result())
    }
    return result()
  },
}
