// The customer journey (issue #15 item 3) as a full `llm_presence` run computes it: the nine stage questions
// (three personas × three stages, engine visibility/journey.ts) generated from the site, each asked to one
// of the configured models in turn so the timeline reflects all of them at nine calls rather than nine per
// model, each stage saying which model answered. Status and improvement come from the measured mention
// and, when the user confirmed the site's facts, the claim verdicts — the same judgement as `llm_journey`.
// Decision 014 says why it lives inside the presence run.
import { checkClaim } from '@farol/engine/knowledge/index.ts'
import type { LlmRegistry, ModelInfo } from '@farol/engine/llm/registry.ts'
import {
  type Journey,
  type PersonaStage,
  type StageClaims,
  stageImprovement,
  stageStatus,
} from '@farol/engine/visibility/journey.ts'
import { analyzeAnswer, type BrandTerms, type Competitor } from '@farol/engine/visibility/mentions.ts'
import type { SiteProfile } from '@farol/engine/visibility/site.ts'
import type { CapabilityContext } from '../../platform/tasks/capability.ts'
import { scopeOfTask } from '../../tenancy/access.ts'
import { extraction, extractorPrompt, factVersions, siteOf } from '../knowledge/public.ts'
import { journeyPlan } from './plan.ts'

type JourneyContext = Pick<
  CapabilityContext,
  'db' | 'userId' | 'workspaceId' | 'url' | 'lang' | 'signal' | 'log'
>

/**
 * Judges an answer naming the brand against the workspace's confirmed facts: the knowledge hub's extractor
 * splits it into claims and each is checked. Null (judge on the mention alone) without confirmed facts or
 * when the extraction fails: a journey is never failed for want of a claim check.
 */
export async function claimJudge(
  ctx: JourneyContext,
  registry: LlmRegistry,
  extractorKey: string,
  brandName: string,
): Promise<(text: string) => Promise<StageClaims | null>> {
  // The task's workspace's confirmed facts (never the user's of another workspace).
  const scope = ctx.userId ? scopeOfTask(ctx) : null
  const [current, previous] = scope ? await factVersions(ctx.db, scope, siteOf(ctx.url)) : []
  return async (text) => {
    if (!current) return null
    try {
      const { object } = await registry.askObject(
        extractorKey,
        extractorPrompt(brandName, text),
        extraction,
        {
          signal: ctx.signal,
        },
      )
      const verdicts = object.claims.map((c) => checkClaim(c, current.facts, previous?.facts ?? []).verdict)
      return {
        contradicted: verdicts.filter((v) => v === 'contradicted').length,
        outdated: verdicts.filter((v) => v === 'outdated').length,
      }
    } catch (error) {
      ctx.log.info({ err: String(error) }, 'journey claim extraction failed')
      return null
    }
  }
}

/**
 * The journey of a full presence run. Stage i goes to models[i mod n]; when that model fails, the next one
 * answers instead (a provider that is down must not blank a third of the timeline), and a stage no model
 * answered is left out. Never throws: the presence run's own answers matter more than its journey, so any
 * failure (an abort included) gives null and is logged.
 */
export async function journeyForPresence(args: {
  ctx: JourneyContext
  registry: LlmRegistry
  models: ModelInfo[]
  profile: SiteProfile
  brand: BrandTerms
  competitors?: Competitor[]
  /** Each time a stage is answered: the stages answered so far, in timeline order (the page shows them
   *  while the presence run goes on). */
  onStage?: (soFar: Journey) => void
}): Promise<Journey | null> {
  const { ctx, registry, models, profile, brand } = args
  if (models.length === 0) return null
  try {
    // The questions name the brand the user saved in their settings, as the presence prompts do.
    const named = { ...profile, brand: brand.name }
    const plan = journeyPlan(profile, brand, ctx.lang)
    // The knowledge hub's extractor is the first configured model; the journey uses the same one.
    const judge = await claimJudge(ctx, registry, (models[0] as ModelInfo).key, brand.name)
    const answered: (PersonaStage | null)[] = plan.map(() => null)
    // The stages answered, in timeline order (a stage no model answered is left out).
    const timeline = (): Journey => {
      const journey: Journey = { newCustomer: [], existingCustomer: [], researchPhase: [] }
      for (const [i, step] of plan.entries()) {
        const stage = answered[i]
        if (stage) journey[step.persona].push(stage)
      }
      return journey
    }
    const ask = async (step: (typeof plan)[number], i: number): Promise<PersonaStage | null> => {
      for (let k = 0; k < models.length; k++) {
        const model = models[(i + k) % models.length] as ModelInfo
        let answer: Awaited<ReturnType<LlmRegistry['ask']>>
        try {
          answer = await registry.ask(model.key, step.query, { signal: ctx.signal })
        } catch (error) {
          if (ctx.signal.aborted) throw error
          ctx.log.info({ model: model.key, err: String(error) }, 'journey stage failed, next model')
          continue
        }
        const analysis = analyzeAnswer(answer.text, answer.sources, brand, args.competitors ?? [])
        const claims = analysis.mentioned && !analysis.negated ? await judge(answer.text) : null
        return {
          stage: step.stage,
          query: step.query,
          aiResponse: answer.text,
          status: stageStatus(analysis, claims),
          improvement: stageImprovement(analysis, claims, named, ctx.lang),
          model: model.label,
        }
      }
      return null
    }
    await Promise.all(
      plan.map(async (step, i) => {
        answered[i] = await ask(step, i)
        if (answered[i]) args.onStage?.(timeline())
      }),
    )
    if (answered.every((s) => s === null)) return null
    return timeline()
  } catch (error) {
    ctx.log.warn({ err: String(error) }, 'presence journey failed')
    return null
  }
}
