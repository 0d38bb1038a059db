import { readFileSync } from 'node:fs'
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { buildPrompts } from './prompts.ts'
import { buildVisibilityReport, runCounts, type StoredAnswer } from './report.ts'
import { brandFromTitle, siteProfile } from './site.ts'

const html = readFileSync(
  new URL('../../test/fixtures/sites/llm-oficina/index.html', import.meta.url),
  'utf8',
)

describe('site profile', () => {
  it('reads brand, aliases, services and place from JSON-LD, og:site_name and headings', () => {
    const p = siteProfile(load(html), 'https://www.oficinaribeiro.pt/')
    expect(p.brand).toBe('Oficina Ribeiro')
    expect(p.aliases).toEqual(['Ribeiro Auto', 'Oficina Ribeiro Lda.'])
    expect(p.domain).toBe('oficinaribeiro.pt')
    expect(p.place).toBe('Braga')
    expect(p.services).toEqual([
      'Revisão automóvel',
      'Substituição de travões',
      'Mecânica geral',
      'Pneus e alinhamento',
    ])
    expect(p.lang).toBe('pt')
    expect(p.commonWord).toBe(false)
  })
  it('falls back to the title and flags common-word brands', () => {
    const p = siteProfile(
      load('<html lang="en"><title>Box | Cloud storage</title></html>'),
      'https://box.com/',
    )
    expect(p).toMatchObject({ brand: 'Box', commonWord: true, place: null, lang: 'en' })
    expect(brandFromTitle('Reparação automóvel em Braga — Oficina Ribeiro')).toBe('Oficina Ribeiro')
  })
})

describe('prompts', () => {
  it('generates discovery, branded and comparison questions in PT and EN, small runs covering each kind', () => {
    const p = siteProfile(load(html), 'https://www.oficinaribeiro.pt/')
    const prompts = buildPrompts(p, ['Auto Silva'])
    expect(prompts.slice(0, 5).map((x) => `${x.lang}:${x.kind}`)).toEqual([
      'pt:discovery',
      'pt:branded',
      'pt:comparison',
      'en:discovery',
      'en:branded',
    ])
    expect(prompts[0]?.text).toBe('Qual é a melhor empresa de revisão automóvel em Braga?')
    expect(prompts.map((x) => x.text)).toContain('O que sabe sobre a Oficina Ribeiro?')
    expect(prompts.map((x) => x.text)).toContain(
      'Oficina Ribeiro or Auto Silva: which do you recommend and why?',
    )
    expect(new Set(prompts.map((x) => x.id)).size).toBe(prompts.length)
  })
})

const base: Omit<StoredAnswer, 'modelKey' | 'modelLabel' | 'kind' | 'text' | 'sources'> = {
  promptId: 'p',
  prompt: 'q',
  lang: 'pt',
  repeat: 1,
  status: 'ok',
  modelId: 'm',
  webSearch: true,
  usage: { inputTokens: 10, outputTokens: 20, costUsd: 0.001 },
  date: '2026-11-23T10:00:00Z',
}
const answer = (
  modelKey: string,
  kind: StoredAnswer['kind'],
  text: string,
  hosts: string[] = [],
): StoredAnswer => ({
  ...base,
  modelKey,
  modelLabel: modelKey,
  kind,
  text,
  sources: hosts.map((h) => ({ url: `https://${h}/`, host: h })),
})

describe('report', () => {
  const brand = { name: 'Oficina Ribeiro', aliases: [], domain: 'oficinaribeiro.pt' }
  const competitors = [{ name: 'Auto Silva' }]
  const answers = [
    answer('a', 'discovery', '1. **Auto Silva** – boa\n2. **Oficina Ribeiro** – barata', [
      'oficinaribeiro.pt',
    ]),
    answer('a', 'discovery', 'Recomendo a Auto Silva.', ['autosilva.pt']),
    answer('b', 'branded', 'Não tenho informações sobre a Oficina Ribeiro.'),
    answer('b', 'discovery', 'A **Garagem Central** é a melhor.', ['guia.pt']),
    {
      ...answer('b', 'discovery', ''),
      status: 'error' as const,
      error: { code: 'LLM_RATE_LIMITED', message: '429', pt: 'x', en: 'y' },
    },
  ]
  const r = buildVisibilityReport({ answers, brand, competitors })
  it('counts mentions with intervals, per model and overall, errors apart', () => {
    expect(r.overall.mention).toMatchObject({ k: 1, n: 4 })
    expect(r.overall.unbranded).toMatchObject({ k: 1, n: 3 })
    expect(r.overall.branded).toMatchObject({ k: 0, n: 1 })
    expect(r.overall.citation).toMatchObject({ k: 1, n: 4 })
    expect(r.overall.position).toBeCloseTo(0.5)
    expect(r.models.map((m) => [m.key, m.mention.k, m.mention.n, m.errors])).toEqual([
      ['a', 1, 2, 0],
      ['b', 0, 2, 1],
    ])
    expect(r.totals).toMatchObject({ answers: 5, errors: 1 })
    expect(r.totalMentions).toBe(1)
    expect(r.mentions).toHaveLength(5)
    expect(r.modelPresence[0]?.name).toBe('a')
  })
  it('computes share of voice and candidates, and recommends from what was measured', () => {
    expect(r.competitors.map((c) => [c.name, c.mentions, c.score])).toEqual([
      ['Oficina Ribeiro', 1, 33],
      ['Auto Silva', 2, 67],
    ])
    expect(r.candidates.map((c) => c.name)).toEqual(['Garagem Central'])
    expect(r.recommendations.map((x) => x.id)).toEqual(['unbranded-absent', 'unknown-brand'])
    expect(r.recommendations[0]?.detail.pt).toContain('Auto Silva')
  })
  it('says up/down against the previous run only when significant, and growth in points', () => {
    const prev = runCounts(r)
    const better = buildVisibilityReport({
      answers: Array.from({ length: 30 }, () => answer('a', 'discovery', 'A Oficina Ribeiro.')),
      brand,
      competitors,
      previous: { ...prev, models: { a: { k: 0, n: 30 } } },
    })
    expect(better.models[0]?.trend).toBe('up')
    expect(better.competitors[0]?.growth).toBe(67)
    const same = buildVisibilityReport({ answers, brand, competitors, previous: prev })
    expect(same.models.map((m) => m.trend)).toEqual(['stable', 'stable'])
  })
})
