// AI visibility through the HTTP API against the loopback fake providers and a fixture site: no provider
// → 409 translated; an anonymous small run with one failing provider; partial results while a provider
// is still answering; a signed-in user's settings (spec competitor rules) used by the full run; history.
import type { LlmPresenceResult } from '@farol/engine/visibility/run.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../packages/engine/test/fakes/llm-server.ts'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')

describe('llm_presence without a provider', () => {
  let farol: RunningFarol
  beforeAll(async () => {
    farol = await startFarol(
      testConfig({ port: await freePort(), env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }),
      log,
    )
  })
  afterAll(() => farol?.stop())

  it('answers 409 LLM_NOT_CONFIGURED in the request language and creates nothing', async () => {
    const cases: [string, string][] = [
      ['pt', 'Nenhum assistente de IA está configurado'],
      ['en', 'No AI assistant is configured'],
    ]
    for (const [lang, text] of cases) {
      const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: farol.url, 'accept-language': lang },
        body: JSON.stringify({
          task_name: 'llm_presence',
          requested_data: { url: 'https://example.com' },
          lang,
        }),
      })
      expect(res.status).toBe(409)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('LLM_NOT_CONFIGURED')
      expect(body.error.message).toContain(text)
    }
    const status = await (await fetch(`${farol.url}/api/llm/status`)).json()
    expect(status).toMatchObject({ configured: false, models: [] })
  })
})

describe('llm_presence with the fake providers', () => {
  let farol: RunningFarol
  let fake: FakeLlm
  let site: FixtureServer
  let cookie: string
  let releaseGoogle: () => void = () => {}
  let googleHeld: Promise<void> = Promise.resolve()

  beforeAll(async () => {
    site = await startFixtureServer({ site: 'llm-oficina' })
    fake = await startFakeLlm({
      reply: (req) => {
        // The sentiment judge (FAROL_LLM_JUDGE=openai) sees only the sentences naming the brand.
        if (/Classifica o sentimento|Classify the sentiment/.test(req.prompt))
          return { text: JSON.stringify({ sentiment: 'positive', reason: 'Recomenda a oficina.' }) }
        if (req.provider === 'anthropic') return { text: '', error: { status: 500 } }
        if (req.provider === 'compatible') return { text: 'Não tenho informações sobre a Oficina Ribeiro.' }
        return {
          text: `1. **Auto Silva** – rápida\n2. **Oficina Ribeiro** – revisões em Braga (${req.provider}).`,
          sources: [
            { url: `${site.origin}/`, title: 'Oficina Ribeiro' },
            { url: 'https://guia.example.org/braga' },
          ],
          ...(req.provider === 'google' ? { wait: googleHeld } : {}),
        }
      },
    })
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_LLM_RETRIES: '0',
          FAROL_LLM_JUDGE: 'openai',
          ...fake.env,
        },
      }),
      log,
    )
    cookie = await signedInUser(farol, 'llm@farol.test')
  })
  afterAll(async () => {
    await farol?.stop()
    await fake?.close()
    await site?.close()
  })

  async function create(requested_data: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
      body: JSON.stringify({ task_name: 'llm_presence', requested_data, lang: 'pt' }),
    })
    return {
      status: res.status,
      body: (await res.json()) as { taskId: string; error?: { code: string; message: string } },
    }
  }

  async function status(taskId: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers })
    return (await res.json()) as {
      status: string
      results: LlmPresenceResult | null
      errorCode: string | null
    }
  }

  async function until(
    taskId: string,
    test: (s: Awaited<ReturnType<typeof status>>) => boolean,
    headers = {},
  ) {
    for (;;) {
      const s = await status(taskId, headers)
      if (test(s)) return s
      if (s.status === 'failed') throw new Error(`task failed: ${s.errorCode}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('lists the connected assistants', async () => {
    const s = await (await fetch(`${farol.url}/api/llm/status`)).json()
    expect(s.configured).toBe(true)
    expect(s.models.map((m: { key: string }) => m.key)).toEqual([
      'openai:gpt-5-mini',
      'anthropic:claude-haiku-4-5',
      'google:gemini-2.5-flash',
      'perplexity:sonar',
      'compatible:llama3.2',
    ])
  })

  it('shows what the next run will ask and what it costs before any call (issue 25)', async () => {
    const before = fake.calls.length
    const planOf = async (headers: Record<string, string> = {}) => {
      const res = await fetch(`${farol.url}/api/llm/plan?url=${encodeURIComponent(`${site.origin}/`)}`, {
        headers,
      })
      expect(res.status).toBe(200)
      return res.json()
    }
    const anonymous = await planOf()
    expect(anonymous).toMatchObject({
      small: true,
      repeats: 1,
      promptSource: 'site',
      brandFromSettings: false,
    })
    expect(anonymous.brand).toBe('Oficina Ribeiro')
    expect(anonymous.prompts).toHaveLength(5)
    expect(anonymous.estimate).toMatchObject({ presenceCalls: 25, journeyCalls: 0, calls: 25, priced: false })
    const signedIn = await planOf({ cookie })
    expect(signedIn).toMatchObject({ small: false, repeats: 3 })
    const n = signedIn.prompts.length
    expect(n).toBeGreaterThan(5)
    expect(signedIn.estimate).toMatchObject({ presenceCalls: n * 5 * 3, journeyCalls: 9, calls: n * 15 + 9 })
    expect(signedIn.estimate.costUsd).toBeGreaterThan(0)
    // Reviewing spends nothing.
    expect(fake.calls.length).toBe(before)
    const bad = await fetch(`${farol.url}/api/llm/plan?url=not%20a%20url`, {
      headers: { 'accept-language': 'en' },
    })
    expect(bad.status).toBe(400)
  })

  it('runs a small anonymous run, streams partial answers, and keeps a failing provider on its rows', async () => {
    googleHeld = new Promise<void>((r) => {
      releaseGoogle = r
    })
    const { status: code, body } = await create({ url: `${site.origin}/`, repeats: 3 })
    expect(code).toBe(201)
    // Partial results arrive while Gemini is still held.
    const partial = await until(body.taskId, (s) => (s.results?.progress.done ?? 0) > 0)
    expect(partial.status).toBe('running')
    expect(partial.results?.progress.total).toBe(25)
    releaseGoogle()
    const done = await until(body.taskId, (s) => s.status === 'success')
    const r = done.results as LlmPresenceResult
    expect(r.small).toBe(true)
    expect(r.repeats).toBe(1)
    expect(r.prompts).toHaveLength(5)
    expect(r.profile).toMatchObject({ brand: 'Oficina Ribeiro', place: 'Braga' })
    expect(r.report.answers).toHaveLength(25)
    const claude = r.report.answers.filter((a) => a.modelKey.startsWith('anthropic'))
    expect(claude.every((a) => a.status === 'error' && a.error?.code === 'LLM_PROVIDER_ERROR')).toBe(true)
    // Answers are stored whole: text, sources (Gemini's redirects resolved), model id, date, web search.
    const gemini = r.report.answers.find((a) => a.modelKey.startsWith('google'))
    expect(gemini?.sources.map((s) => s.url)).toContain(`${site.origin}/`)
    expect(gemini?.webSearch).toBe(true)
    const local = r.report.models.find((m) => m.key.startsWith('compatible'))
    expect(local?.mention.k).toBe(0)
    const openai = r.report.models.find((m) => m.key.startsWith('openai'))
    expect(openai?.mention).toMatchObject({ k: 5, n: 5 })
    expect(r.report.competitors.map((c) => c.name)).toEqual(['Oficina Ribeiro'])
    expect(r.report.candidates.map((c) => c.name)).toContain('Auto Silva')
    expect(r.report.score).toBeGreaterThan(0)
    expect(r.report.recommendations.map((x) => x.id)).toContain('unknown-brand')
    // Sentiment only from the judge, on the answers naming the brand (OpenAI, Gemini, Perplexity: 15),
    // each verdict marked with the judge and asked about the brand's own sentence.
    expect(r.report.sentiment).toEqual({
      judge: 'openai:gpt-5-mini',
      n: 15,
      positive: 15,
      neutral: 0,
      negative: 0,
      errors: 0,
    })
    expect(openai?.sentiment.n).toBe(5)
    expect(r.report.answers.find((a) => a.modelKey.startsWith('compatible'))?.sentiment).toBeUndefined()
    const judged = fake.calls.filter((c) => /Classifica o sentimento|Classify the sentiment/.test(c.prompt))
    expect(judged).toHaveLength(15)
    expect(judged[0]?.prompt).toContain('- **Oficina Ribeiro** – revisões em Braga')
    expect(judged[0]?.prompt).not.toContain('Auto Silva')
  })

  it('validates a signed-in user’s competitors by the spec’s rules and uses the saved settings', async () => {
    const put = (body: unknown, lang = 'pt') =>
      fetch(`${farol.url}/api/llm/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: farol.url, cookie, 'accept-language': lang },
        body: JSON.stringify({ url: `${site.origin}/`, ...(body as object) }),
      })
    const invalid = await put({ competitors: ['autosilva.pt'] })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({
      error: { code: 'COMPETITOR_INVALID_URL', message: 'Por favor, insira um URL válido.' },
    })
    const dup = await put({ competitors: ['https://autosilva.pt', 'https://www.autosilva.pt/x'] }, 'en')
    expect(dup.status).toBe(409)
    expect(await dup.json()).toMatchObject({
      error: { code: 'COMPETITOR_DUPLICATE', message: 'This domain has already been added.' },
    })
    const anonymous = await fetch(`${farol.url}/api/llm/settings?url=${encodeURIComponent(site.origin)}`)
    expect(anonymous.status).toBe(401)
    const ok = await put({
      aliases: ['Ribeiro Auto', ' '],
      competitors: ['', { name: 'Auto Silva', url: 'https://autosilva.pt' }],
      prompts: [
        { text: 'Melhor oficina em Braga?', kind: 'discovery', lang: 'pt' },
        { text: 'What do you know about Oficina Ribeiro?', kind: 'branded', lang: 'en' },
      ],
    })
    expect(ok.status).toBe(200)
    const saved = await (
      await fetch(`${farol.url}/api/llm/settings?url=${encodeURIComponent(`${site.origin}/`)}`, {
        headers: { cookie },
      })
    ).json()
    expect(saved.competitors).toEqual([{ name: 'Auto Silva', url: 'https://autosilva.pt/' }]) // stored normalised (issue 26)

    const { body } = await create({ url: `${site.origin}/`, repeats: 1 }, { cookie })
    const done = await until(body.taskId, (s) => s.status === 'success', { cookie })
    const r = done.results as LlmPresenceResult
    expect(r.small).toBe(false)
    expect(r.prompts.map((p) => p.text)).toEqual([
      'Melhor oficina em Braga?',
      'What do you know about Oficina Ribeiro?',
    ])
    expect(r.report.answers).toHaveLength(10)
    const sov = Object.fromEntries(r.report.competitors.map((c) => [c.name, c.score]))
    expect(sov).toEqual({ 'Oficina Ribeiro': 50, 'Auto Silva': 50 })
    // The brand's own site was audited for the Competition tab; a competitor that cannot be reached is '—'.
    const own = r.report.competitors.find((c) => c.isBrand)
    expect(own?.signals).toMatchObject({ llmsTxt: false, faqMarkup: false })
    expect(own?.signals?.seo).toBeGreaterThan(0)
    expect(r.report.competitors.find((c) => c.name === 'Auto Silva')?.signals).toBeNull()
    const history = await (
      await fetch(`${farol.url}/api/llm/history?url=${encodeURIComponent(`${site.origin}/`)}`, {
        headers: { cookie },
      })
    ).json()
    expect(history.runs).toHaveLength(1)
    expect(history.runs[0].shareOfVoice).toEqual({ 'Oficina Ribeiro': 50, 'Auto Silva': 50 })
  })
})
