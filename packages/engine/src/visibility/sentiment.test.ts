import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../test/fakes/llm-server.ts'
import { createLlmRegistry } from '../llm/registry.ts'
import { analyzeAnswer } from './mentions.ts'
import { buildVisibilityReport, type StoredAnswer } from './report.ts'
import { brandSentences, judgePrompt, judgeSentiment, sentimentSummary } from './sentiment.ts'

const brand = { name: 'Oficina Ribeiro', aliases: [], domain: 'oficinaribeiro.pt' }

describe('brandSentences', () => {
  it('keeps only the sentences that name the brand, each once, in order', () => {
    const text =
      'Em Braga há várias oficinas. A Oficina Ribeiro é recomendada pelos preços.\nA Auto Silva também.\n' +
      'Evite a Oficina Ribeiro ao sábado! A oficinaribeiro.pt tem marcações online.'
    const x = analyzeAnswer(text, [], brand)
    expect(brandSentences(text, x.spans)).toEqual([
      'A Oficina Ribeiro é recomendada pelos preços.',
      'Evite a Oficina Ribeiro ao sábado!',
      'A oficinaribeiro.pt tem marcações online.',
    ])
  })

  it('gives nothing when the brand is not named', () => {
    const text = 'A Auto Silva e a Garagem Braga são boas opções.'
    expect(brandSentences(text, analyzeAnswer(text, [], brand).spans)).toEqual([])
  })

  it('asks about the brand only, in the answer language', () => {
    expect(judgePrompt('Oficina Ribeiro', ['A Oficina Ribeiro é boa.'], 'pt')).toMatch(
      /sentimento[\s\S]*"Oficina Ribeiro"[\s\S]*- A Oficina Ribeiro é boa\./,
    )
    expect(judgePrompt('Box', ['Box is fine.'], 'en')).toMatch(/sentiment[\s\S]*"Box"[\s\S]*- Box is fine\./)
  })
})

describe('judgeSentiment against the fake providers (structured output)', () => {
  let fake: FakeLlm
  beforeAll(async () => {
    fake = await startFakeLlm({
      // The judge sees only the quoted sentences: "Evite" in them makes this fake judge call it negative.
      reply: (req) => ({
        text: JSON.stringify(
          /Evite|avoid/i.test(req.prompt)
            ? { sentiment: 'negative', reason: 'Desaconselha a marca.' }
            : { sentiment: 'positive', reason: 'Recomenda a marca.' },
        ),
      }),
    })
  })
  afterAll(() => fake.close())

  it.each([
    'openai:gpt-5-mini',
    'anthropic:claude-haiku-4-5',
    'google:gemini-2.5-flash',
    'compatible:llama3.2',
  ])('%s returns a verdict marked with the judge', async (judge) => {
    const llm = createLlmRegistry(fake.env, { retryBaseMs: 1 })
    const v = await judgeSentiment(llm, judge, 'Oficina Ribeiro', ['Evite a Oficina Ribeiro.'], 'pt')
    expect(v).toEqual({ label: 'negative', reason: 'Desaconselha a marca.', judge })
    const p = await judgeSentiment(llm, judge, 'Oficina Ribeiro', ['A Oficina Ribeiro é ótima.'], 'pt')
    expect(p.label).toBe('positive')
    expect(fake.calls.at(-1)?.prompt).toContain('A Oficina Ribeiro é ótima.')
  })

  it('returns the failure as a verdict without a label (never a guess) and does not throw', async () => {
    fake.setReply(() => ({ text: 'not json at all' }))
    const llm = createLlmRegistry({ ...fake.env, FAROL_LLM_RETRIES: '0' }, { retryBaseMs: 1 })
    const v = await judgeSentiment(llm, 'openai:gpt-5-mini', 'Oficina Ribeiro', ['x'], 'en')
    expect(v.label).toBeNull()
    expect(v).toMatchObject({ judge: 'openai:gpt-5-mini' })
  })
})

function answer(
  text: string,
  sentiment?: StoredAnswer['sentiment'],
  modelKey = 'openai:gpt-5-mini',
): StoredAnswer {
  return {
    modelKey,
    modelLabel: modelKey,
    promptId: 'p1',
    prompt: 'Melhor oficina em Braga?',
    kind: 'discovery',
    lang: 'pt',
    repeat: 1,
    status: 'ok',
    text,
    sources: [],
    modelId: modelKey,
    webSearch: false,
    usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
    date: '2026-11-24T00:00:00Z',
    sentiment,
  }
}

describe('sentiment in the report', () => {
  const judge = 'anthropic:claude-haiku-4-5'
  it('counts verdicts of answers naming the brand, per model and overall, and recommends on negatives', () => {
    const report = buildVisibilityReport({
      brand,
      competitors: [],
      judge,
      answers: [
        answer('A Oficina Ribeiro é ótima.', { label: 'positive', reason: 'elogia', judge }),
        answer('Evite a Oficina Ribeiro.', { label: 'negative', reason: 'desaconselha', judge }),
        answer(
          'A Oficina Ribeiro existe.',
          { label: null, error: 'HTTP 500', judge },
          'google:gemini-2.5-flash',
        ),
        // A verdict on an answer that no longer counts as a mention is left out.
        answer('A Auto Silva é boa.', { label: 'positive', reason: '?', judge }),
      ],
    })
    expect(report.sentiment).toEqual({ judge, n: 2, positive: 1, neutral: 0, negative: 1, errors: 1 })
    expect(report.models.find((m) => m.key === 'openai:gpt-5-mini')?.sentiment).toMatchObject({
      n: 2,
      negative: 1,
    })
    const rec = report.recommendations.find((r) => r.id === 'negative-sentiment')
    expect(rec?.detail.pt).toContain(judge)
    expect(rec?.evidence[0]).toContain('desaconselha')
  })

  it('without a judge says so (judge null) and never infers a label', () => {
    const report = buildVisibilityReport({
      brand,
      competitors: [],
      answers: [answer('A Oficina Ribeiro é ótima, recomendo vivamente!')],
    })
    expect(report.sentiment).toEqual({ judge: null, n: 0, positive: 0, neutral: 0, negative: 0, errors: 0 })
    expect(report.recommendations.some((r) => r.id === 'negative-sentiment')).toBe(false)
    expect(sentimentSummary([], null).judge).toBeNull()
  })
})
