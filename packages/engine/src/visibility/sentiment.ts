// How an answer speaks of the brand: positive, neutral or negative. Never guessed from word lists (they
// misread irony, negation and Portuguese); only a configured model acting as judge (FAROL_LLM_JUDGE) reads
// the sentences that name the brand, and every verdict says which model gave it. Without a judge the page
// says sentiment needs one. The prompt and the summary are pure; `judgeSentiment` is the one call.
import { z } from 'zod'
import type { LlmRegistry } from '../llm/registry.ts'
import type { MentionSpan } from './mentions.ts'
import { sentences } from './mentions.ts'

export type SentimentLabel = 'positive' | 'neutral' | 'negative'

/** Stored with an answer that names the brand, when a judge is configured. */
export type AnswerSentiment =
  | { label: SentimentLabel; reason: string; judge: string }
  | { label: null; error: string; judge: string }

export interface SentimentSummary {
  /** The judge's model key, or null when none is configured (or nothing was judged yet). */
  judge: string | null
  /** Answers naming the brand that the judge classified. */
  n: number
  positive: number
  neutral: number
  negative: number
  /** Judge calls that failed (their answers count nowhere above). */
  errors: number
}

export const judgeSchema = z.object({
  sentiment: z.enum(['positive', 'neutral', 'negative']),
  reason: z.string().max(400),
})

/** The sentences of `text` that contain a mention span, in order, each once. */
export function brandSentences(text: string, spans: MentionSpan[]): string[] {
  const out: string[] = []
  for (const [a, b] of sentences(text)) {
    if (!spans.some((s) => s.start >= a && s.start < b)) continue
    const sentence = text.slice(a, b).replace(/\s+/g, ' ').trim()
    if (sentence && !out.includes(sentence)) out.push(sentence)
  }
  return out
}

/**
 * The judge's instructions. Only the sentences naming the brand are sent (not the whole answer), so the
 * verdict is about the brand and not about its competitors listed around it.
 */
export function judgePrompt(brand: string, quoted: string[], lang: 'pt' | 'en'): string {
  const list = quoted.map((s) => `- ${s}`).join('\n')
  return lang === 'pt'
    ? `És um avaliador. Classifica o sentimento com que as frases abaixo falam de "${brand}": positive (recomenda, elogia), neutral (apenas descreve ou lista) ou negative (critica, desaconselha, aponta problemas). Avalia só o que dizem de "${brand}", não de outras marcas. Responde em JSON com "sentiment" e "reason" (uma frase curta em português).\n\nFrases:\n${list}`
    : `You are an evaluator. Classify the sentiment with which the sentences below speak of "${brand}": positive (recommends, praises), neutral (only describes or lists) or negative (criticises, advises against, points out problems). Judge only what they say of "${brand}", not of other brands. Answer in JSON with "sentiment" and "reason" (one short sentence in English).\n\nSentences:\n${list}`
}

/** One judge call. A failure is returned as a verdict with an error, never thrown: the run goes on. */
export async function judgeSentiment(
  registry: LlmRegistry,
  judge: string,
  brand: string,
  quoted: string[],
  lang: 'pt' | 'en',
  signal?: AbortSignal,
): Promise<AnswerSentiment> {
  try {
    const { object } = await registry.askObject(
      judge,
      judgePrompt(brand, quoted, lang),
      judgeSchema,
      signal ? { signal, maxOutputTokens: 300 } : { maxOutputTokens: 300 },
    )
    return { label: object.sentiment, reason: object.reason.trim(), judge }
  } catch (error) {
    if (signal?.aborted) throw error
    return { label: null, error: error instanceof Error ? error.message : String(error), judge }
  }
}

/** Counts over the answers that carry a verdict. */
export function sentimentSummary(
  answers: { sentiment?: AnswerSentiment | undefined }[],
  judge: string | null,
): SentimentSummary {
  const judged = answers.flatMap((a) => (a.sentiment ? [a.sentiment] : []))
  const count = (label: SentimentLabel) => judged.filter((s) => s.label === label).length
  const errors = judged.filter((s) => s.label === null).length
  return {
    judge: judge ?? judged[0]?.judge ?? null,
    n: judged.length - errors,
    positive: count('positive'),
    neutral: count('neutral'),
    negative: count('negative'),
    errors,
  }
}
