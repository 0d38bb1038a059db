// The customer journey inside a full llm_presence run (issue #15 item 3): three personas with their stages,
// each stage answered by one of the configured (fake) models in turn — a failing provider's stages answered
// by the next model — and a status that follows what the answer measurably says about the brand; with
// confirmed facts a wrong claim makes its stage negative. An anonymous small run asks no journey question.
import type { LlmPresenceResult } from '@farol/engine/visibility/run.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeLlm,
  type FakeReply,
  type FakeRequest,
  startFakeLlm,
} from '../../../packages/engine/test/fakes/llm-server.ts'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

describe('llm_presence journey', () => {
  let farol: RunningFarol
  let fake: FakeLlm
  let site: FixtureServer
  let cookie: string
  let baseReply: (req: FakeRequest) => FakeReply

  beforeAll(async () => {
    site = await startFixtureServer({ site: 'llm-oficina' })
    const cites = [{ url: `${site.origin}/` }, { url: 'https://www.oficinaribeiro.pt/' }]
    baseReply = (req) => {
      // The knowledge hub's extractor: only the "good choice" answer states a (wrong) city.
      if (req.prompt.startsWith('Extract the factual claims'))
        return {
          text: JSON.stringify({
            claims: req.prompt.includes('fica no Porto')
              ? [{ text: 'fica no Porto', attribute: 'city', value: 'Porto' }]
              : [],
          }),
        }
      // Claude is down: its stages must be answered by the next model.
      if (req.provider === 'anthropic') return { text: '', error: { status: 500 } }
      // Every answer says which provider gave it, so a stage's `model` can be checked against its text.
      const via = `(via ${req.provider})`
      if (req.provider === 'compatible')
        return { text: `Não tenho informações sobre a Oficina Ribeiro ${via}.` }
      // (Citing the brand's site would count as a mention: the unbranded answer cites a guide only.)
      if (/melhor empresa/.test(req.prompt))
        return {
          text: `Recomendo a Auto Silva ${via}.`,
          sources: [{ url: 'https://guia.example.org/braga' }],
        }
      if (/boa escolha/.test(req.prompt))
        return { text: `A Oficina Ribeiro é uma boa escolha e fica no Porto ${via}.`, sources: cites }
      return { text: `A Oficina Ribeiro é a referência ${via}.`, sources: cites }
    }
    fake = await startFakeLlm({ reply: baseReply })
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_LLM_RETRIES: '0', ...fake.env },
      }),
      createLogger('silent'),
    )
    cookie = await signedInUser(farol, 'presenca-jornada@farol.test')
  })
  afterAll(async () => {
    await farol?.stop()
    await fake?.close()
    await site?.close()
  })

  async function run(requested_data: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
      body: JSON.stringify({ task_name: 'llm_presence', requested_data, lang: 'pt' }),
    })
    expect(res.status).toBe(201)
    const { taskId } = (await res.json()) as { taskId: string }
    for (;;) {
      const s = (await (
        await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers })
      ).json()) as { status: string; results: LlmPresenceResult; errorCode: string | null }
      if (s.status === 'success') return s.results
      if (s.status === 'failed') throw new Error(`task failed: ${s.errorCode}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  let journeyQueries: string[] = []

  it('a full run stores every persona’s stages, answered by the models in turn, status from the answer', async () => {
    const r = await run(
      { url: `${site.origin}/`, prompts: ['Melhor oficina em Braga?'], repeats: 1 },
      { cookie },
    )
    expect(r.small).toBe(false)
    const journey = r.journey
    if (!journey) throw new Error('no journey in a full run')
    expect(Object.keys(journey).sort()).toEqual(['existingCustomer', 'newCustomer', 'researchPhase'])
    expect(journey.newCustomer.map((s) => s.stage)).toEqual(['Descoberta', 'Consideração', 'Decisão'])
    expect(journey.existingCustomer.map((s) => s.stage)).toEqual(['Contacto', 'Suporte', 'Fidelização'])
    expect(journey.researchPhase.map((s) => s.stage)).toEqual(['Pesquisa', 'Comparação', 'Reputação'])
    const stages = [...journey.newCustomer, ...journey.existingCustomer, ...journey.researchPhase]
    journeyQueries = stages.map((s) => s.query)
    const providerOf = new Map(r.models.map((m) => [m.label, m.provider]))
    for (const s of stages) {
      // The stage names the model that really answered it, and never the provider that is down.
      const provider = providerOf.get(s.model)
      expect(provider).toBeDefined()
      expect(provider).not.toBe('anthropic')
      expect(s.aiResponse).toContain(`(via ${provider})`)
      // Named (and cited, first) → positive; absent or "no information about it" → negative.
      const named = s.aiResponse.includes('Oficina Ribeiro') && !s.aiResponse.startsWith('Não tenho')
      expect(s.status, `${s.stage}: ${s.aiResponse}`).toBe(named ? 'positive' : 'negative')
      expect(s.improvement.length).toBeGreaterThan(0)
    }
    // Round robin over the five models: every working one answered some stage (Claude's went to the next).
    expect(new Set(stages.map((s) => providerOf.get(s.model)))).toEqual(
      new Set(['openai', 'google', 'perplexity', 'compatible']),
    )
    expect(stages.filter((s) => s.status === 'positive').length).toBeGreaterThan(0)
    expect(journey.newCustomer[0]).toMatchObject({ stage: 'Descoberta', status: 'negative' })
    expect(journey.newCustomer[0]?.improvement).toContain('não é mencionada')
    // The questions really went to the models.
    const asked = new Set(fake.calls.map((c) => c.prompt))
    for (const q of journeyQueries) expect(asked.has(q), q).toBe(true)
  })

  it('shows the stages answered so far while the presence answers are still coming', async () => {
    const prompt = 'Quem faz revisões em Braga?'
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // The presence question is held at the fake; the journey's questions are answered at once.
    fake.setReply((req) => (req.prompt === prompt ? { ...baseReply(req), wait: held } : baseReply(req)))
    try {
      const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: farol.url, cookie },
        body: JSON.stringify({
          task_name: 'llm_presence',
          requested_data: { url: `${site.origin}/`, prompts: [prompt], repeats: 1 },
          lang: 'pt',
        }),
      })
      const { taskId } = (await res.json()) as { taskId: string }
      const status = async () =>
        (await (
          await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers: { cookie } })
        ).json()) as { status: string; results: LlmPresenceResult | null }
      const stagesOf = (r: LlmPresenceResult | null | undefined) =>
        r?.journey ? Object.values(r.journey).flat().length : 0
      let partial = await status()
      for (let i = 0; i < 300 && stagesOf(partial.results) < 9; i++) {
        await new Promise((r) => setTimeout(r, 100))
        partial = await status()
      }
      // Every stage is answered and shown while the run still waits for its presence answers.
      expect(partial.status).toBe('running')
      expect(partial.results?.finishedAt).toBeNull()
      expect(partial.results?.progress.done).toBe(0)
      expect(stagesOf(partial.results)).toBe(9)
      expect(partial.results?.journey?.newCustomer.map((s) => s.stage)).toEqual([
        'Descoberta',
        'Consideração',
        'Decisão',
      ])
      release()
      let done = await status()
      for (let i = 0; i < 300 && done.status !== 'success' && done.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100))
        done = await status()
      }
      expect(done.status).toBe('success')
      expect(done.results?.finishedAt).not.toBeNull()
      expect(done.results?.journey).toEqual(partial.results?.journey)
    } finally {
      release()
      fake.setReply(baseReply)
    }
  })

  it('with confirmed facts, a stage whose answer states a wrong fact is negative', async () => {
    const put = await fetch(`${farol.url}/api/knowledge/facts`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ url: `${site.origin}/`, facts: [{ kind: 'city', value: 'Braga' }] }),
    })
    expect(put.status).toBe(201)
    // Other prompts than the first run's, so the task is not reused.
    const r = await run(
      { url: `${site.origin}/`, prompts: ['Oficina de confiança em Braga?'], repeats: 1 },
      { cookie },
    )
    const decision = r.journey?.newCustomer[2]
    expect(decision?.aiResponse).toContain('fica no Porto')
    expect(decision).toMatchObject({ stage: 'Decisão', status: 'negative' })
    expect(decision?.improvement).toContain('1 facto(s) errado(s)')
    // A stage naming the brand without a wrong claim stays positive.
    expect(r.journey?.researchPhase[2]).toMatchObject({ stage: 'Reputação', status: 'positive' })
  })

  it('an anonymous small run has no journey and asks none of its questions', async () => {
    expect(journeyQueries.length).toBe(9)
    const before = fake.calls.length
    const r = await run({ url: `${site.origin}/`, prompts: ['Oficinas em Braga?'] })
    expect(r.small).toBe(true)
    expect(r.journey ?? null).toBeNull()
    const asked = fake.calls.slice(before).map((c) => c.prompt)
    expect(asked.length).toBeGreaterThan(0)
    for (const q of journeyQueries) expect(asked).not.toContain(q)
  })
})
