// Token and cost accounting. Prices are the providers' public list prices in US dollars (per million
// tokens, per thousand web searches) as of late 2026; they are an estimate shown to the operator, not an
// invoice. Unknown models (local ones included) cost 0 and say so with `priced: false`.
import type { ProviderId } from './config.ts'

export interface Usage {
  inputTokens: number
  outputTokens: number
  /** Estimated cost in USD; 0 when the model has no known price. */
  costUsd: number
  priced: boolean
}

interface Price {
  input: number
  output: number
}

const tokenPrices: Record<string, Price> = {
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  sonar: { input: 1, output: 1 },
  'sonar-pro': { input: 3, output: 15 },
}

/** Per web-search call (OpenAI tool call, Anthropic search, Gemini grounded prompt, Sonar request fee). */
const searchPricePerThousand: Record<ProviderId, number> = {
  openai: 10,
  anthropic: 10,
  google: 35,
  perplexity: 5,
  compatible: 0,
}

export function costOf(
  provider: ProviderId,
  model: string,
  tokens: { inputTokens: number; outputTokens: number },
  webSearches: number,
): Usage {
  const price = tokenPrices[model]
  const search = (searchPricePerThousand[provider] * webSearches) / 1000
  const costUsd = price
    ? (tokens.inputTokens * price.input + tokens.outputTokens * price.output) / 1_000_000 + search
    : search
  return { ...tokens, costUsd: Math.round(costUsd * 1e6) / 1e6, priced: price !== undefined }
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    costUsd: Math.round((a.costUsd + b.costUsd) * 1e6) / 1e6,
    priced: a.priced && b.priced,
  }
}

export const zeroUsage: Usage = { inputTokens: 0, outputTokens: 0, costUsd: 0, priced: true }
