import type { ModelInfo } from '@farol/engine/llm/registry.ts'
import type { SiteProfile } from '@farol/engine/visibility/site.ts'
import { describe, expect, it } from 'vitest'
import { estimateRun, journeyPlan, presenceBrand, presenceSetup } from './plan.ts'
import { emptySettings } from './settings.ts'

const profile: SiteProfile = {
  brand: 'Oficina Ribeiro',
  aliases: ['Ribeiro'],
  domain: 'oficinaribeiro.pt',
  services: ['Revisões', 'Pneus'],
  place: 'Braga',
  lang: 'pt',
  commonWord: false,
}

const model = (provider: ModelInfo['provider'], name: string, webSearch = true): ModelInfo => ({
  key: `${provider}:${name}`,
  provider,
  model: name,
  label: name,
  webSearch,
})

describe('presenceSetup', () => {
  it('names the saved brand in the questions built from the site, and in the journey', () => {
    const settings = { ...emptySettings, brand: 'Ribeiro & Filhos', aliases: ['R&F'] }
    const setup = presenceSetup({ profile, settings, competitors: [], prompts: null, lang: 'pt' })
    expect(setup.promptSource).toBe('site')
    expect(setup.brand.name).toBe('Ribeiro & Filhos')
    expect(setup.brand.aliases).toEqual(['R&F', 'Ribeiro'])
    const branded = setup.prompts.filter((p) => p.kind === 'branded')
    expect(branded.length).toBeGreaterThan(0)
    expect(branded.every((p) => p.text.includes('Ribeiro & Filhos'))).toBe(true)
    expect(setup.prompts.some((p) => p.text.includes('Oficina Ribeiro'))).toBe(false)
    const journey = journeyPlan(profile, setup.brand, 'pt')
    expect(journey).toHaveLength(9)
    expect(journey.find((s) => s.stage === 'Decisão')?.query).toBe(
      'A Ribeiro & Filhos é uma boa escolha para revisões?',
    )
  })

  it('asks the saved questions over the built ones, and questions typed for the run over both', () => {
    const settings = {
      ...emptySettings,
      prompts: [{ text: 'Melhor oficina em Braga?', kind: 'discovery' as const, lang: 'pt' as const }],
    }
    const saved = presenceSetup({ profile, settings, competitors: [], prompts: null, lang: 'pt' })
    expect(saved.promptSource).toBe('saved')
    expect(saved.prompts.map((p) => p.text)).toEqual(['Melhor oficina em Braga?'])
    const typed = presenceSetup({
      profile,
      settings,
      competitors: [],
      prompts: ['A Oficina Ribeiro é boa?', 'Oficinas abertas ao sábado'],
      lang: 'pt',
    })
    expect(typed.promptSource).toBe('custom')
    expect(typed.prompts.map((p) => p.kind)).toEqual(['branded', 'discovery'])
  })

  it('keeps a small run to its first questions and merges competitors by domain and name', () => {
    const setup = presenceSetup({
      profile,
      settings: { ...emptySettings, competitors: [{ name: 'Auto Silva', url: 'https://autosilva.pt/' }] },
      competitors: [
        { name: 'Silva Auto', url: 'https://www.autosilva.pt/contactos' },
        { name: 'auto silva', url: null },
        { name: 'Pneus Braga', url: null },
      ],
      prompts: null,
      lang: 'pt',
      maxPrompts: 5,
    })
    expect(setup.prompts).toHaveLength(5)
    expect(setup.competitors.map((c) => c.name)).toEqual(['Auto Silva', 'Pneus Braga'])
    expect(setup.prompts.some((p) => p.kind === 'comparison' && p.text.includes('Auto Silva'))).toBe(true)
  })

  it("takes the site's brand when nothing is saved", () => {
    expect(presenceBrand(profile, null)).toMatchObject({
      name: 'Oficina Ribeiro',
      context: ['Braga', 'Revisões', 'Pneus'],
    })
  })
})

describe('estimateRun', () => {
  it('counts questions × assistants × repeats plus the journey stages, priced at list prices', () => {
    const e = estimateRun({
      prompts: 4,
      models: [model('openai', 'gpt-5-mini'), model('perplexity', 'sonar')],
      repeats: 3,
      journeyStages: 9,
    })
    expect(e).toMatchObject({ presenceCalls: 24, journeyCalls: 9, calls: 33, priced: true })
    // gpt-5-mini: 150 × 0.25 + 700 × 2 per million tokens + $10 per thousand searches = $0.0114375;
    // sonar: 150 + 700 per million + $5 per thousand requests = $0.00585. 12 calls each, then the journey
    // alternates: 5 × gpt-5-mini + 4 × sonar.
    const expected = 12 * 0.0114375 + 12 * 0.00585 + 5 * 0.0114375 + 4 * 0.00585
    expect(e.costUsd).toBeCloseTo(expected, 4)
  })

  it('says when a model has no known price (a local model) and makes no journey without a model', () => {
    expect(
      estimateRun({
        prompts: 2,
        models: [model('compatible', 'llama3.2', false)],
        repeats: 1,
        journeyStages: 9,
      }),
    ).toMatchObject({
      calls: 11,
      costUsd: 0,
      priced: false,
    })
    expect(estimateRun({ prompts: 2, models: [], repeats: 3, journeyStages: 9 })).toMatchObject({ calls: 0 })
  })
})
