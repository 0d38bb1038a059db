// The registry: the configured models, and one way to ask each of them with the limits applied
// (per-provider concurrency, timeout, retries honouring Retry-After, the install's daily budget) and the
// cost counted. I/O lives here; what an answer *means* is judged elsewhere (visibility/).
import { APICallError, generateText, Output, streamText } from 'ai'
import type { z } from 'zod'
import { EngineError } from '../errors.ts'
import { type LlmConfig, llmConfigFromEnv, type ProviderConfig, type ProviderId } from './config.ts'
import { addUsage, costOf, type Usage, zeroUsage } from './cost.ts'
import { type CallBudget, memoryBudget, retryableStatus, retryDelayMs, Semaphore, sleep } from './limits.ts'
import { providerLabels, providerModel } from './providers.ts'
import { type AnswerSource, dedupeSources, hostOf, resolveGroundingRedirects } from './sources.ts'

export interface ModelInfo {
  /** Stable key used in stored answers: `<provider>:<model>`, e.g. `openai:gpt-5-mini`. */
  key: string
  provider: ProviderId
  model: string
  /** Product name a user knows (ChatGPT, Claude, Gemini, Perplexity, Local) and the model. */
  label: string
  /** Whether answers can come from a web search (with sources). */
  webSearch: boolean
}

export interface AskOptions {
  /** Ask with the provider's web search when it has one (default true). */
  webSearch?: boolean
  /** System instructions. */
  system?: string
  signal?: AbortSignal
  maxOutputTokens?: number
}

export interface Answer {
  text: string
  sources: AnswerSource[]
  /** The model id the provider reports having used (may be more precise than the configured one). */
  modelId: string
  modelKey: string
  usage: Usage
  /** Whether a web search informed this answer. */
  webSearch: boolean
  /** Attempts made (1 when the first call succeeded). */
  attempts: number
  durationMs: number
  date: string
}

export interface ObjectAnswer<T> {
  object: T
  modelId: string
  modelKey: string
  usage: Usage
  attempts: number
}

export interface LlmRegistry {
  models(): ModelInfo[]
  ask(modelKey: string, prompt: string, opts?: AskOptions): Promise<Answer>
  askObject<T>(
    modelKey: string,
    prompt: string,
    schema: z.ZodType<T>,
    opts?: Omit<AskOptions, 'webSearch'>,
  ): Promise<ObjectAnswer<T>>
  /**
   * Writes text without web search, streaming: `onText` receives the whole text so far after each
   * chunk (a retry starts it again). For the writer, whose page shows the text as it arrives.
   */
  write(
    modelKey: string,
    prompt: string,
    opts?: Omit<AskOptions, 'webSearch'> & { onText?: (textSoFar: string) => void },
  ): Promise<Answer>
  /** Tokens and cost of every call made through this registry so far. */
  usage(): Usage
}

export interface RegistryOptions {
  /** Shared daily allowance; default: in memory, FAROL_LLM_DAILY_CALLS calls. */
  budget?: CallBudget
  /** Gemini's grounding redirects are resolved through the SSRF guard; default FAROL_ALLOW_PRIVATE_TARGETS. */
  allowPrivate?: boolean
  /** Backoff base in ms (tests and the bench shorten it). */
  retryBaseMs?: number
}

export function createLlmRegistry(
  envOrConfig: Record<string, string | undefined> | LlmConfig,
  opts: RegistryOptions = {},
): LlmRegistry {
  const config: LlmConfig =
    'providers' in envOrConfig && Array.isArray(envOrConfig.providers)
      ? (envOrConfig as LlmConfig)
      : llmConfigFromEnv(envOrConfig as Record<string, string | undefined>)
  const budget = opts.budget ?? memoryBudget(config.dailyCalls)
  const entries = new Map(
    config.providers.map((cfg) => {
      const key = `${cfg.provider}:${cfg.model}`
      return [key, { cfg, built: providerModel(cfg), gate: new Semaphore(cfg.concurrency) }] as const
    }),
  )
  let total = zeroUsage

  function entry(modelKey: string) {
    const e = entries.get(modelKey)
    if (!e) throw new EngineError('LLM_UNKNOWN_MODEL', modelKey)
    return e
  }

  /** One call with the limits: budget, concurrency slot, timeout, retries with backoff. */
  async function withLimits<T>(
    cfg: ProviderConfig,
    gate: Semaphore,
    signal: AbortSignal | undefined,
    call: (signal: AbortSignal) => Promise<T>,
  ): Promise<{ value: T; attempts: number }> {
    for (let attempt = 1; ; attempt++) {
      let timeout: AbortSignal | undefined
      try {
        // The budget is taken inside the provider's slot: a run of 240 questions then has at most a few
        // reservations in flight instead of 240 queued writes ahead of its first answer.
        const value = await gate.run(async () => {
          if (!(await budget.take())) throw new EngineError('LLM_BUDGET_EXHAUSTED')
          timeout = AbortSignal.timeout(cfg.timeoutMs)
          return call(signal ? AbortSignal.any([signal, timeout]) : timeout)
        }, signal)
        return { value, attempts: attempt }
      } catch (err) {
        if (signal?.aborted || (err instanceof EngineError && err.code === 'LLM_BUDGET_EXHAUSTED')) throw err
        if (timeout?.aborted)
          throw new EngineError('LLM_TIMEOUT', `${cfg.provider} after ${cfg.timeoutMs} ms`)
        const status = APICallError.isInstance(err) ? err.statusCode : undefined
        const isApi = APICallError.isInstance(err)
        const retryable = isApi ? retryableStatus(status) : isNetworkError(err)
        if (!retryable || attempt > cfg.maxRetries) throw providerError(cfg, err, status)
        const headers = APICallError.isInstance(err) ? err.responseHeaders : undefined
        await sleep(retryDelayMs(attempt, headers, { baseMs: opts.retryBaseMs ?? 500 }), signal)
      }
    }
  }

  return {
    models() {
      return [...entries.values()].map(({ cfg, built }) => ({
        key: `${cfg.provider}:${cfg.model}`,
        provider: cfg.provider,
        model: cfg.model,
        label: `${providerLabels[cfg.provider]} (${cfg.model})`,
        webSearch: built.alwaysSearches || built.searchTools !== undefined,
      }))
    },

    async ask(modelKey, prompt, askOpts = {}) {
      const { cfg, built, gate } = entry(modelKey)
      const useSearch = askOpts.webSearch !== false && built.searchTools !== undefined
      const started = Date.now()
      const { value: result, attempts } = await withLimits(cfg, gate, askOpts.signal, (signal) =>
        generateText({
          model: built.model,
          prompt,
          ...(askOpts.system ? { system: askOpts.system } : {}),
          ...(useSearch ? { tools: built.searchTools } : {}),
          ...(askOpts.maxOutputTokens ? { maxOutputTokens: askOpts.maxOutputTokens } : {}),
          maxRetries: 0, // retries are ours: they honour Retry-After and count against the budget
          abortSignal: signal,
        }),
      )
      const raw = result.sources.flatMap((s) =>
        s.sourceType === 'url' ? [{ url: s.url, title: s.title ?? undefined }] : [],
      )
      const sources = dedupeSources(
        cfg.provider === 'google'
          ? await resolveGroundingRedirects(raw, {
              ...(opts.allowPrivate !== undefined ? { allowPrivate: opts.allowPrivate } : {}),
              ...(askOpts.signal ? { signal: askOpts.signal } : {}),
            })
          : raw.map((s) => ({ ...s, host: hostOf(s.url) })),
      )
      const searches = searchCount(cfg.provider, result.content, sources.length, built.alwaysSearches)
      const usage = costOf(cfg.provider, cfg.model, tokens(result.totalUsage), searches)
      total = addUsage(total, usage)
      return {
        text: result.text,
        sources,
        modelId: result.response.modelId || cfg.model,
        modelKey,
        usage,
        webSearch: built.alwaysSearches || (useSearch && searches > 0),
        attempts,
        durationMs: Date.now() - started,
        date: new Date().toISOString(),
      }
    },

    async askObject(modelKey, prompt, schema, askOpts = {}) {
      const { cfg, built, gate } = entry(modelKey)
      const { value: result, attempts } = await withLimits(cfg, gate, askOpts.signal, (signal) =>
        generateText({
          model: built.model,
          prompt,
          ...(askOpts.system ? { system: askOpts.system } : {}),
          output: Output.object({ schema }),
          maxRetries: 0,
          abortSignal: signal,
        }),
      )
      const usage = costOf(cfg.provider, cfg.model, tokens(result.totalUsage), built.alwaysSearches ? 1 : 0)
      total = addUsage(total, usage)
      return {
        object: result.output as typeof schema._output,
        modelId: result.response.modelId || cfg.model,
        modelKey,
        usage,
        attempts,
      }
    },

    async write(modelKey, prompt, writeOpts = {}) {
      const { cfg, built, gate } = entry(modelKey)
      const started = Date.now()
      const { value, attempts } = await withLimits(cfg, gate, writeOpts.signal, async (signal) => {
        // streamText reports provider errors through onError instead of throwing; rethrow them so the
        // limits above retry a 429/5xx as they do for ask().
        let failure: unknown = null
        const result = streamText({
          model: built.model,
          prompt,
          ...(writeOpts.system ? { system: writeOpts.system } : {}),
          ...(writeOpts.maxOutputTokens ? { maxOutputTokens: writeOpts.maxOutputTokens } : {}),
          maxRetries: 0,
          abortSignal: signal,
          onError: ({ error }) => {
            failure = error
          },
        })
        let text = ''
        for await (const delta of result.textStream) {
          text += delta
          writeOpts.onText?.(text)
        }
        if (failure) throw failure
        return { text, usage: await result.totalUsage, response: await result.response }
      })
      const usage = costOf(cfg.provider, cfg.model, tokens(value.usage), 0)
      total = addUsage(total, usage)
      return {
        text: value.text,
        sources: [],
        modelId: value.response.modelId || cfg.model,
        modelKey,
        usage,
        webSearch: false,
        attempts,
        durationMs: Date.now() - started,
        date: new Date().toISOString(),
      }
    },

    usage: () => total,
  }
}

function tokens(u: { inputTokens: number | undefined; outputTokens: number | undefined }) {
  return { inputTokens: u.inputTokens ?? 0, outputTokens: u.outputTokens ?? 0 }
}

/** Web searches billed for one answer: provider-executed search tool calls, or one grounded/Sonar request. */
function searchCount(
  provider: ProviderId,
  content: readonly { type: string; providerExecuted?: boolean }[],
  sourceCount: number,
  alwaysSearches: boolean,
): number {
  if (alwaysSearches) return 1
  if (provider === 'google') return sourceCount > 0 ? 1 : 0
  return content.filter((p) => p.type === 'tool-call' && p.providerExecuted).length
}

function isNetworkError(err: unknown): boolean {
  const text = `${(err as Error)?.name} ${(err as Error)?.message} ${String((err as { cause?: unknown })?.cause)}`
  return /ECONNRESET|ECONNREFUSED|EPIPE|socket|fetch failed|network|terminated/i.test(text)
}

function providerError(cfg: ProviderConfig, err: unknown, status: number | undefined): EngineError {
  const what = `${cfg.provider}${status ? ` HTTP ${status}` : ''}: ${(err as Error)?.message ?? String(err)}`
  return new EngineError(status === 429 ? 'LLM_RATE_LIMITED' : 'LLM_PROVIDER_ERROR', what.slice(0, 500))
}
