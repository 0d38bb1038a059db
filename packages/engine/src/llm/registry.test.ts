import { streamText } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type FakeLlm, startFakeLlm } from '../../test/fakes/llm-server.ts'
import { EngineError } from '../errors.ts'
import { llmConfigFromEnv } from './config.ts'
import { memoryBudget, retryDelayMs, Semaphore } from './limits.ts'
import { providerModel } from './providers.ts'
import { createLlmRegistry } from './registry.ts'

let fake: FakeLlm
beforeAll(async () => {
  fake = await startFakeLlm({
    reply: (req) => ({
      text: `A Oficina Ribeiro em Braga é recomendada (${req.provider}).`,
      sources: [
        { url: 'https://www.oficinaribeiro.pt/servicos', title: 'Oficina Ribeiro' },
        { url: 'https://guia.example.org/braga', title: 'Guia' },
      ],
    }),
  })
})
afterAll(() => fake.close())

const fast = { retryBaseMs: 1 }

describe('llm config', () => {
  it('reads only providers that have what they need, with default models', () => {
    const cfg = llmConfigFromEnv({ OPENAI_API_KEY: 'k', FAROL_LLM_COMPATIBLE_URL: 'http://x/v1' })
    expect(cfg.providers.map((p) => `${p.provider}:${p.model}`)).toEqual(['openai:gpt-5-mini'])
    expect(llmConfigFromEnv({}).providers).toEqual([])
    expect(() => llmConfigFromEnv({ FAROL_LLM_DAILY_CALLS: 'many' })).toThrow(/FAROL_LLM_DAILY_CALLS/)
    const all = llmConfigFromEnv({
      ...fake.env,
      FAROL_LLM_OPENAI_MODEL: 'gpt-5',
      FAROL_LLM_OPENAI_CONCURRENCY: '2',
    })
    expect(all.providers.map((p) => p.provider)).toEqual([
      'openai',
      'anthropic',
      'google',
      'perplexity',
      'compatible',
    ])
    expect(all.providers[0]).toMatchObject({ model: 'gpt-5', concurrency: 2 })
  })

  it('names the sentiment judge only among configured models, else stops at start', () => {
    expect(llmConfigFromEnv(fake.env).judge).toBeNull()
    expect(llmConfigFromEnv({ ...fake.env, FAROL_LLM_JUDGE: 'anthropic' }).judge).toBe(
      'anthropic:claude-haiku-4-5',
    )
    expect(llmConfigFromEnv({ ...fake.env, FAROL_LLM_JUDGE: 'compatible:llama3.2' }).judge).toBe(
      'compatible:llama3.2',
    )
    expect(() => llmConfigFromEnv({ ...fake.env, FAROL_LLM_JUDGE: 'openai:gpt-4o' })).toThrow(
      /FAROL_LLM_JUDGE/,
    )
    expect(() => llmConfigFromEnv({ OPENAI_API_KEY: 'k', FAROL_LLM_JUDGE: 'google' })).toThrow(
      /FAROL_LLM_JUDGE/,
    )
  })
})

describe('ask() against the fake providers (JSON)', () => {
  it.each([
    ['openai:gpt-5-mini', true],
    ['anthropic:claude-haiku-4-5', true],
    ['google:gemini-2.5-flash', true],
    ['perplexity:sonar', true],
    ['compatible:llama3.2', false],
  ])('%s answers with text, sources, usage and cost', async (key, searches) => {
    const llm = createLlmRegistry(fake.env, fast)
    const a = await llm.ask(key, 'Qual a melhor oficina em Braga?')
    expect(a.text).toContain('Oficina Ribeiro')
    expect(a.webSearch).toBe(searches)
    expect(a.modelKey).toBe(key)
    expect(a.usage.inputTokens).toBeGreaterThan(0)
    expect(a.usage.outputTokens).toBeGreaterThan(0)
    if (searches) {
      // Gemini's grounding redirects are resolved to the real page.
      expect(a.sources.map((s) => s.url)).toContain('https://www.oficinaribeiro.pt/servicos')
      expect(a.sources.map((s) => s.host)).toContain('oficinaribeiro.pt')
    } else {
      expect(a.sources).toEqual([])
      expect(a.usage.priced).toBe(false)
    }
    expect(fake.calls.at(-1)?.prompt).toBe('Qual a melhor oficina em Braga?')
  })

  it('asks without web search when told to', async () => {
    const llm = createLlmRegistry(fake.env, fast)
    const a = await llm.ask('openai:gpt-5-mini', 'Olá', { webSearch: false })
    expect(a.webSearch).toBe(false)
    expect(a.sources).toEqual([])
    expect(fake.calls.at(-1)?.webSearch).toBe(false)
  })

  it('returns a structured object validated by the schema', async () => {
    fake.setReply(() => ({ text: '{"brand":"Oficina Ribeiro","city":"Braga"}' }))
    try {
      const llm = createLlmRegistry(fake.env, fast)
      const o = await llm.askObject(
        'openai:gpt-5-mini',
        'Extract',
        z.object({ brand: z.string(), city: z.string() }),
      )
      expect(o.object).toEqual({ brand: 'Oficina Ribeiro', city: 'Braga' })
      const c = await llm.askObject(
        'compatible:llama3.2',
        'Extract',
        z.object({ brand: z.string(), city: z.string() }),
      )
      expect(c.object.city).toBe('Braga')
      expect(llm.usage().inputTokens).toBeGreaterThan(0)
    } finally {
      fake.setReply((req) => ({
        text: `A Oficina Ribeiro (${req.provider}).`,
        sources: [{ url: 'https://www.oficinaribeiro.pt/' }],
      }))
    }
  })

  it('rejects an unknown model with its code', async () => {
    const llm = createLlmRegistry(fake.env, fast)
    await expect(llm.ask('openai:nope', 'x')).rejects.toMatchObject({ code: 'LLM_UNKNOWN_MODEL' })
  })
})

describe('streaming wire format of the fakes (SSE) is what the SDK parses', () => {
  it.each(['openai', 'anthropic', 'google', 'perplexity', 'compatible'] as const)('%s', async (provider) => {
    const cfg = llmConfigFromEnv(fake.env).providers.find((p) => p.provider === provider)
    if (!cfg) throw new Error('missing')
    const built = providerModel(cfg)
    const result = streamText({
      model: built.model,
      prompt: 'Oficina em Braga?',
      ...(built.searchTools ? { tools: built.searchTools } : {}),
    })
    let text = ''
    for await (const part of result.textStream) text += part
    expect(text).toContain('Oficina Ribeiro')
    expect(fake.calls.at(-1)).toMatchObject({ provider, stream: true })
    const sources = await result.sources
    if (provider !== 'compatible') expect(sources.length).toBeGreaterThan(0)
    expect((await result.totalUsage).outputTokens).toBeGreaterThan(0)
  })
})

describe('limits', () => {
  it('retries a 429 after Retry-After and succeeds', async () => {
    const llm = createLlmRegistry(fake.env, fast)
    fake.failNext('anthropic', 429, { 'retry-after': '0' })
    fake.failNext('anthropic', 503)
    const a = await llm.ask('anthropic:claude-haiku-4-5', 'Oficina?')
    expect(a.attempts).toBe(3)
  })

  it('gives up after FAROL_LLM_RETRIES with LLM_RATE_LIMITED, and never retries a 400', async () => {
    const llm = createLlmRegistry({ ...fake.env, FAROL_LLM_RETRIES: '1' }, fast)
    fake.failNext('openai', 429, { 'retry-after': '0' })
    fake.failNext('openai', 429, { 'retry-after': '0' })
    await expect(llm.ask('openai:gpt-5-mini', 'x')).rejects.toMatchObject({ code: 'LLM_RATE_LIMITED' })
    const before = fake.calls.length
    fake.failNext('perplexity', 400)
    await expect(llm.ask('perplexity:sonar', 'x')).rejects.toMatchObject({ code: 'LLM_PROVIDER_ERROR' })
    expect(fake.calls.length - before).toBe(1)
  })

  it('stops at the daily budget', async () => {
    const llm = createLlmRegistry({ ...fake.env, FAROL_LLM_DAILY_CALLS: '2' }, fast)
    await llm.ask('perplexity:sonar', 'a')
    await llm.ask('perplexity:sonar', 'b')
    const err = await llm.ask('perplexity:sonar', 'c').catch((e) => e)
    expect(err).toBeInstanceOf(EngineError)
    expect(err.code).toBe('LLM_BUDGET_EXHAUSTED')
  })

  it('times out a slow provider with LLM_TIMEOUT', async () => {
    const llm = createLlmRegistry({ ...fake.env, FAROL_LLM_TIMEOUT_MS: '50' }, fast)
    fake.setLatency(400)
    try {
      await expect(llm.ask('compatible:llama3.2', 'x')).rejects.toMatchObject({ code: 'LLM_TIMEOUT' })
    } finally {
      fake.setLatency(0)
    }
  })

  it('keeps at most N calls of a provider in flight', async () => {
    const gate = new Semaphore(2)
    let inFlight = 0
    let peak = 0
    await Promise.all(
      Array.from({ length: 6 }, () =>
        gate.run(async () => {
          inFlight++
          peak = Math.max(peak, inFlight)
          await new Promise((r) => setImmediate(r))
          inFlight--
        }),
      ),
    )
    expect(peak).toBe(2)
  })

  it('computes the wait from Retry-After (seconds, date, ms) or backoff', () => {
    expect(retryDelayMs(1, { 'Retry-After': '3' })).toBe(3000)
    expect(retryDelayMs(1, { 'retry-after-ms': '250' })).toBe(250)
    expect(
      retryDelayMs(
        1,
        { 'retry-after': 'Wed, 21 Oct 2026 07:28:05 GMT' },
        { now: Date.parse('Wed, 21 Oct 2026 07:28:00 GMT') },
      ),
    ).toBe(5000)
    expect(retryDelayMs(1, { 'retry-after': '9999' }, { maxMs: 1000 })).toBe(1000)
    expect(retryDelayMs(3, undefined, { baseMs: 100, random: 0 })).toBe(200)
    expect(retryDelayMs(3, undefined, { baseMs: 100, random: 0.999 })).toBe(400)
  })

  it('resets the in-memory budget each UTC day', async () => {
    let now = new Date('2026-11-23T23:59:00Z')
    const b = memoryBudget(1, () => now)
    expect(await b.take()).toBe(true)
    expect(await b.take()).toBe(false)
    now = new Date('2026-11-24T00:00:01Z')
    expect(await b.take()).toBe(true)
  })
})
