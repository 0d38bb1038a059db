// AI assistants as a small API over the Vercel AI SDK (`ai` 7). No database, no HTTP server.
//
//   import { createLlmRegistry } from '@farol/engine/llm/index.ts'
//   const llm = createLlmRegistry(process.env)          // providers from env (see README: configuration)
//   llm.models()                                         // [{ key: 'openai:gpt-5-mini', label, webSearch }, …]
//   const a = await llm.ask('openai:gpt-5-mini', 'Melhor oficina em Braga?', { signal })
//   a.text; a.sources /* [{ url, title, host }] */; a.webSearch; a.usage /* tokens, costUsd */; a.modelId
//   const o = await llm.askObject(key, prompt, z.object({ … }))   // structured answer, validated by zod
//   llm.usage()                                          // tokens and cost of every call so far
//
// Every call waits for its provider's concurrency slot (FAROL_LLM_<PROVIDER>_CONCURRENCY, default 4),
// takes one call from the daily budget (FAROL_LLM_DAILY_CALLS; the server passes a shared one), times
// out after FAROL_LLM_TIMEOUT_MS and retries 429/5xx/network errors up to FAROL_LLM_RETRIES times,
// waiting what `Retry-After` says or else an exponential backoff. Failures are EngineErrors with codes
// LLM_RATE_LIMITED, LLM_TIMEOUT, LLM_PROVIDER_ERROR, LLM_BUDGET_EXHAUSTED, LLM_UNKNOWN_MODEL.
// With no provider configured `models()` is empty; callers say LLM_NOT_CONFIGURED.
export {
  defaultModels,
  type LlmConfig,
  llmConfigFromEnv,
  type ProviderConfig,
  type ProviderId,
  providerIds,
} from './config.ts'
export { costOf, type Usage, zeroUsage } from './cost.ts'
export { type CallBudget, memoryBudget, retryDelayMs, Semaphore } from './limits.ts'
export { providerLabels } from './providers.ts'
export {
  type Answer,
  type AskOptions,
  createLlmRegistry,
  type LlmRegistry,
  type ModelInfo,
  type ObjectAnswer,
  type RegistryOptions,
} from './registry.ts'
export { type AnswerSource, hostOf, resolveGroundingRedirects } from './sources.ts'
