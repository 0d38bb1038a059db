// One presence run: every prompt × every model × repeats, all started at once and paced by the registry's
// per-provider limits, each answer handed to `onAnswer` as it arrives (the server streams it to the page).
// One failing provider never fails the run: its answers are rows with status 'error' and the reason.
import { EngineError, engineErrors, isEngineError } from '../errors.ts'
import type { LlmRegistry, ModelInfo } from '../llm/registry.ts'
import type { Journey } from './journey.ts'
import type { BrandTerms, Competitor } from './mentions.ts'
import type { Prompt } from './prompts.ts'
import type { RunCounts, StoredAnswer, VisibilityReport } from './report.ts'
import type { SiteProfile } from './site.ts'

export interface PresencePlan {
  prompts: Prompt[]
  models: ModelInfo[]
  repeats: number
}

export async function runPresence(
  registry: LlmRegistry,
  plan: PresencePlan,
  opts: {
    signal?: AbortSignal
    onAnswer?: (answer: StoredAnswer, done: number, total: number) => void | Promise<void>
  } = {},
): Promise<StoredAnswer[]> {
  const jobs: { prompt: Prompt; model: ModelInfo; repeat: number }[] = []
  for (let repeat = 1; repeat <= plan.repeats; repeat++)
    for (const prompt of plan.prompts) for (const model of plan.models) jobs.push({ prompt, model, repeat })
  const answers: StoredAnswer[] = []
  let done = 0
  await Promise.all(
    jobs.map(async ({ prompt, model, repeat }) => {
      const base = {
        modelKey: model.key,
        modelLabel: model.label,
        promptId: prompt.id,
        prompt: prompt.text,
        kind: prompt.kind,
        lang: prompt.lang,
        repeat,
      }
      let row: StoredAnswer
      try {
        const a = await registry.ask(model.key, prompt.text, opts.signal ? { signal: opts.signal } : {})
        row = {
          ...base,
          status: 'ok',
          text: a.text,
          sources: a.sources,
          modelId: a.modelId,
          webSearch: a.webSearch,
          usage: {
            inputTokens: a.usage.inputTokens,
            outputTokens: a.usage.outputTokens,
            costUsd: a.usage.costUsd,
          },
          date: a.date,
        }
      } catch (error) {
        if (opts.signal?.aborted) throw error
        const e = isEngineError(error) ? error : new EngineError('LLM_PROVIDER_ERROR', String(error))
        row = {
          ...base,
          status: 'error',
          error: {
            code: e.code,
            message: e.detail ?? '',
            pt: engineErrors[e.code].pt,
            en: engineErrors[e.code].en,
          },
          text: '',
          sources: [],
          modelId: model.model,
          webSearch: false,
          usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
          date: new Date().toISOString(),
        }
      }
      answers.push(row)
      done++
      await opts.onAnswer?.(row, done, jobs.length)
    }),
  )
  return answers
}

/** What an llm_presence task stores and the page reads (the whole run, recomputable). */
export interface LlmPresenceResult {
  version: 1
  url: string
  profile: SiteProfile
  brand: BrandTerms
  competitors: Competitor[]
  prompts: Prompt[]
  models: ModelInfo[]
  repeats: number
  /** Anonymous small run (at most 5 prompts, 1 repeat). */
  small: boolean
  /** Answers received so far / expected. */
  progress: { done: number; total: number }
  report: VisibilityReport
  counts: RunCounts
  /**
   * The customer journey per persona (issue #15 item 3), asked alongside a full run (same models).
   * Absent from anonymous small runs, from partial results and from runs stored before it existed.
   */
  journey?: Journey | null
  startedAt: string
  finishedAt: string | null
}
