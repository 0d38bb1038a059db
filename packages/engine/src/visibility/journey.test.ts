import { describe, expect, it } from 'vitest'
import { journeyQueries, PERSONAS, stageImprovement, stageStatus } from './journey.ts'
import { analyzeAnswer } from './mentions.ts'
import type { SiteProfile } from './site.ts'

const profile: SiteProfile = {
  brand: 'Oficina Ribeiro',
  aliases: [],
  domain: 'oficinaribeiro.pt',
  services: ['Reparação automóvel'],
  place: 'Braga',
  lang: 'pt',
  commonWord: false,
}
const brand = { name: 'Oficina Ribeiro', aliases: [], domain: 'oficinaribeiro.pt' }
const site = [{ url: 'https://oficinaribeiro.pt/servicos' }]
const other = [{ url: 'https://example.com/' }]

describe('journeyQueries', () => {
  it('builds three stages per persona from the profile, in both languages', () => {
    for (const persona of PERSONAS)
      for (const lang of ['pt', 'en'] as const) {
        const q = journeyQueries(profile, persona, lang)
        expect(q).toHaveLength(3)
        for (const s of q) expect(s.query).not.toMatch(/\{[a-z]\}/)
      }
    expect(journeyQueries(profile, 'newCustomer', 'pt')[0]).toEqual({
      stage: 'Descoberta',
      query: 'Qual é a melhor empresa de reparação automóvel em Braga?',
    })
    expect(journeyQueries({ ...profile, place: null }, 'newCustomer', 'en')[0]?.query).toBe(
      'What is the best reparação automóvel business?',
    )
    expect(journeyQueries(profile, 'researchPhase', 'en')[2]?.query).toBe(
      'Is Oficina Ribeiro (oficinaribeiro.pt) trustworthy?',
    )
  })
})

describe('stageStatus', () => {
  const cases: [
    string,
    string,
    { url: string }[],
    { contradicted: number; outdated: number } | null,
    string,
  ][] = [
    ['named and cited, first', 'A Oficina Ribeiro é a melhor.', site, null, 'positive'],
    ['named, not cited', 'A Oficina Ribeiro é a melhor.', other, null, 'warning'],
    ['named after a competitor', 'A Auto Silva e a Oficina Ribeiro.', site, null, 'positive'],
    ['absent', 'A Auto Silva é a melhor.', site.slice(0, 0), null, 'negative'],
    ['negated', 'Não tenho informações sobre a Oficina Ribeiro.', other, null, 'negative'],
    [
      'named and cited but a wrong fact',
      'A Oficina Ribeiro abriu em 1990.',
      site,
      { contradicted: 1, outdated: 0 },
      'negative',
    ],
    [
      'named and cited, facts right',
      'A Oficina Ribeiro abriu em 1998.',
      site,
      { contradicted: 0, outdated: 0 },
      'positive',
    ],
  ]
  for (const [name, text, sources, claims, want] of cases)
    it(name, () => {
      expect(stageStatus(analyzeAnswer(text, sources, brand), claims)).toBe(want)
    })

  it('a competitor named first makes it a warning', () => {
    const a = analyzeAnswer('A Auto Silva e a Oficina Ribeiro.', site, brand, [{ name: 'Auto Silva' }])
    expect(a.position).toBe(2)
    expect(stageStatus(a)).toBe('warning')
  })
})

describe('stageImprovement', () => {
  it('says what to fix from the finding, in the language asked', () => {
    const absent = analyzeAnswer('A Auto Silva é a melhor.', [], brand, [{ name: 'Auto Silva' }])
    expect(stageImprovement(absent, null, profile, 'pt')).toContain('não é mencionada (aparecem Auto Silva)')
    expect(stageImprovement(absent, null, profile, 'en')).toContain('is not mentioned (Auto Silva are)')
    const uncited = analyzeAnswer('A Oficina Ribeiro é boa.', other, brand)
    expect(stageImprovement(uncited, null, profile, 'en')).toContain('oficinaribeiro.pt is not cited')
    const wrong = analyzeAnswer('A Oficina Ribeiro é boa.', site, brand)
    expect(stageImprovement(wrong, { contradicted: 1, outdated: 1 }, profile, 'pt')).toContain('2 facto(s)')
    const negated = analyzeAnswer('I am not familiar with Oficina Ribeiro.', [], brand)
    expect(stageImprovement(negated, null, profile, 'en')).toContain('does not know')
  })
})
