// Which assistants this install can ask, read from the environment once. Pure: the caller passes the env.
// Provider base URLs are the operator's (a proxy, a local Ollama, a loopback fake in tests): they are not
// subject to the audit's SSRF guard, which protects against addresses that *users* type.

export type ProviderId = 'openai' | 'anthropic' | 'google' | 'perplexity' | 'compatible'

export const providerIds: readonly ProviderId[] = [
  'openai',
  'anthropic',
  'google',
  'perplexity',
  'compatible',
]

export interface ProviderConfig {
  provider: ProviderId
  /** The model asked, e.g. `gpt-5-mini`. */
  model: string
  apiKey: string | undefined
  /** undefined: the provider's public endpoint. */
  baseURL: string | undefined
  /** Calls in flight at once for this provider. */
  concurrency: number
  /** One call's time limit, in milliseconds (a web search can take tens of seconds). */
  timeoutMs: number
  /** Attempts after the first on 429/5xx/network errors. */
  maxRetries: number
}

export interface LlmConfig {
  providers: ProviderConfig[]
  /** Calls per UTC day for the whole install; 0 means no limit. */
  dailyCalls: number
  /** Model key (`<provider>:<model>`) that judges the sentiment of answers naming a brand; null: none. */
  judge: string | null
}

/** Cheap current models that answer with web search; the operator overrides with FAROL_LLM_<PROVIDER>_MODEL. */
export const defaultModels: Record<Exclude<ProviderId, 'compatible'>, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-haiku-4-5',
  google: 'gemini-2.5-flash',
  perplexity: 'sonar',
}

type Env = Record<string, string | undefined>

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim()
  return v ? v : undefined
}

function int(env: Env, name: string, fallback: number, min: number): number {
  const raw = value(env, name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`)
  return n
}

/**
 * Reads the providers that have what they need: an API key for the hosted ones, a URL and a model for an
 * OpenAI-compatible endpoint (Ollama needs no key). Limits are per provider:
 * FAROL_LLM_<PROVIDER>_CONCURRENCY (default 4), FAROL_LLM_TIMEOUT_MS (default 60 000), FAROL_LLM_RETRIES
 * (default 3). Throws on a malformed number so a typo is seen at start, not as a silent default.
 */
export function llmConfigFromEnv(env: Env): LlmConfig {
  const timeoutMs = int(env, 'FAROL_LLM_TIMEOUT_MS', 60_000, 1)
  const maxRetries = int(env, 'FAROL_LLM_RETRIES', 3, 0)
  const limits = (id: ProviderId) => ({
    concurrency: int(env, `FAROL_LLM_${id.toUpperCase()}_CONCURRENCY`, 4, 1),
    timeoutMs,
    maxRetries,
  })
  const hosted: [Exclude<ProviderId, 'compatible'>, string, string][] = [
    ['openai', 'OPENAI_API_KEY', 'OPENAI_BASE_URL'],
    ['anthropic', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
    ['google', 'GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_GENERATIVE_AI_BASE_URL'],
    ['perplexity', 'PERPLEXITY_API_KEY', 'PERPLEXITY_BASE_URL'],
  ]
  const providers: ProviderConfig[] = []
  for (const [provider, keyVar, urlVar] of hosted) {
    const apiKey = value(env, keyVar)
    if (!apiKey) continue
    providers.push({
      provider,
      model: value(env, `FAROL_LLM_${provider.toUpperCase()}_MODEL`) ?? defaultModels[provider],
      apiKey,
      baseURL: value(env, urlVar),
      ...limits(provider),
    })
  }
  const compatibleUrl = value(env, 'FAROL_LLM_COMPATIBLE_URL')
  const compatibleModel = value(env, 'FAROL_LLM_COMPATIBLE_MODEL')
  if (compatibleUrl && compatibleModel) {
    providers.push({
      provider: 'compatible',
      model: compatibleModel,
      apiKey: value(env, 'FAROL_LLM_COMPATIBLE_API_KEY'),
      baseURL: compatibleUrl,
      ...limits('compatible'),
    })
  }
  return {
    providers,
    dailyCalls: int(env, 'FAROL_LLM_DAILY_CALLS', 1000, 0),
    judge: judgeOf(value(env, 'FAROL_LLM_JUDGE'), providers),
  }
}

/**
 * FAROL_LLM_JUDGE names one configured provider (`openai`: its configured model) or one configured model
 * (`openai:gpt-5-mini`). Sentiment is never inferred without one, so a value naming nothing configured is an
 * error at start rather than a silently missing column.
 */
function judgeOf(raw: string | undefined, providers: ProviderConfig[]): string | null {
  if (!raw) return null
  const keys = providers.map((p) => `${p.provider}:${p.model}`)
  const match = keys.find((k) => k === raw) ?? keys.find((k) => k.split(':')[0] === raw)
  if (!match)
    throw new Error(
      `FAROL_LLM_JUDGE must name a configured provider or model (${keys.join(', ') || 'none configured'}; got "${raw}")`,
    )
  return match
}
