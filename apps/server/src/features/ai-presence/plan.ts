// What a presence run will ask, decided in one place: the brand (the user's saved name, else the site's),
// the competitors, the questions (typed for this run, else saved, else built from the site) and how many
// calls that makes with an estimated cost. The run (capability.ts), the journey re-run and the review the
// page shows before the first call (GET /api/llm/plan) all use it, so what the user reviews is what is asked.
import { costOf } from '@farol/engine/llm/cost.ts'
import type { ModelInfo } from '@farol/engine/llm/registry.ts'
import { journeyQueries, PERSONAS } from '@farol/engine/visibility/journey.ts'
import type { BrandTerms } from '@farol/engine/visibility/mentions.ts'
import { buildPrompts, type Prompt } from '@farol/engine/visibility/prompts.ts'
import type { SiteProfile } from '@farol/engine/visibility/site.ts'
import { bareDomain } from '../../platform/host.ts'
import type { LlmSettings } from './settings.ts'

type PlanCompetitor = { name: string; domain?: string; url?: string }

export interface PresenceSetup {
  brand: BrandTerms
  competitors: PlanCompetitor[]
  prompts: Prompt[]
  /** Where the questions come from: typed for this run, saved by the user, or built from the site. */
  promptSource: 'custom' | 'saved' | 'site'
}

/** The brand as every question names it: the user's saved name and aliases first, then the site's. */
export function presenceBrand(profile: SiteProfile, settings: LlmSettings | null): BrandTerms {
  return {
    name: settings?.brand ?? profile.brand,
    aliases: [...new Set([...(settings?.aliases ?? []), ...profile.aliases])],
    domain: profile.domain,
    commonWord: profile.commonWord,
    context: [...(profile.place ? [profile.place] : []), ...profile.services],
  }
}

export function presenceSetup(args: {
  profile: SiteProfile
  settings: LlmSettings | null
  /** Competitors given with this run (the API's requested_data), added to the saved ones. */
  competitors: { name: string; url: string | null }[]
  /** Questions given with this run; null: the saved ones, else the site's. */
  prompts: string[] | null
  lang: 'pt' | 'en'
  /** Anonymous runs ask at most this many questions. */
  maxPrompts?: number
}): PresenceSetup {
  const brand = presenceBrand(args.profile, args.settings)
  const competitors = mergeCompetitors(args.settings?.competitors ?? [], args.competitors)
  let prompts: Prompt[]
  let promptSource: PresenceSetup['promptSource']
  if (args.prompts?.length) {
    promptSource = 'custom'
    prompts = args.prompts.map((text, i) => ({
      id: `custom-${i + 1}`,
      lang: args.lang,
      kind: kindOf(text, brand.name),
      text,
    }))
  } else if (args.settings?.prompts?.length) {
    promptSource = 'saved'
    prompts = args.settings.prompts.map((p, i) => ({ id: `saved-${i + 1}`, ...p }))
  } else {
    promptSource = 'site'
    prompts = buildPrompts(
      { ...args.profile, brand: brand.name },
      competitors.map((c) => c.name),
    )
  }
  if (args.maxPrompts !== undefined) prompts = prompts.slice(0, args.maxPrompts)
  return { brand, competitors, prompts, promptSource }
}

/** The customer-journey questions of a full run, naming the same brand as the presence questions. */
export function journeyPlan(profile: SiteProfile, brand: BrandTerms, lang: 'pt' | 'en') {
  const named = { ...profile, brand: brand.name }
  return PERSONAS.flatMap((persona) => journeyQueries(named, persona, lang).map((q) => ({ persona, ...q })))
}

/**
 * Typical size of one answer, for the estimate only: a question with the provider's instructions (~150
 * tokens in) and an answer of a few paragraphs with a web search (~700 tokens out).
 */
const typicalCall = { inputTokens: 150, outputTokens: 700 } as const

export interface RunEstimate {
  /** Presence answers: questions × assistants × repeats. */
  presenceCalls: number
  /** Journey stages (signed-in runs), one call each. */
  journeyCalls: number
  calls: number
  /** Estimated from list prices; models without a known price count as 0 (`priced` false). */
  costUsd: number
  priced: boolean
}

export function estimateRun(args: {
  prompts: number
  models: ModelInfo[]
  repeats: number
  journeyStages: number
}): RunEstimate {
  const perModel = args.models.map((m) => costOf(m.provider, m.model, typicalCall, m.webSearch ? 1 : 0))
  const presenceCalls = args.prompts * args.models.length * args.repeats
  const presenceCost = perModel.reduce((sum, u) => sum + u.costUsd * args.prompts * args.repeats, 0)
  // Journey stages go round the models in turn.
  const journeyCost = Array.from(
    { length: args.journeyStages },
    (_, i) => perModel[i % Math.max(1, perModel.length)]?.costUsd ?? 0,
  ).reduce((a, b) => a + b, 0)
  return {
    presenceCalls,
    journeyCalls: args.models.length ? args.journeyStages : 0,
    calls: presenceCalls + (args.models.length ? args.journeyStages : 0),
    costUsd: Math.round((presenceCost + journeyCost) * 10_000) / 10_000,
    priced: perModel.every((u) => u.priced),
  }
}

/** A custom prompt naming the brand is branded; otherwise it is discovery. */
function kindOf(text: string, brand: string): Prompt['kind'] {
  return text.toLowerCase().includes(brand.toLowerCase()) ? 'branded' : 'discovery'
}

function mergeCompetitors(
  a: { name: string; url: string | null }[],
  b: { name: string; url: string | null }[],
): PlanCompetitor[] {
  const out: PlanCompetitor[] = []
  for (const c of [...a, ...b]) {
    const domain = c.url ? (bareDomain(c.url) ?? undefined) : undefined
    if (out.some((x) => (domain && x.domain === domain) || x.name.toLowerCase() === c.name.toLowerCase()))
      continue
    out.push({ name: c.name, ...(domain ? { domain, url: c.url as string } : {}) })
  }
  return out
}
