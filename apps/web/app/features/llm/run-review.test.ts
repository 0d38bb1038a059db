// A member's edits of the AI-presence review go with the run only (issue 40): the run's requested_data
// carries exactly what changed, so the run asks it; the workspace's settings are not saved (the member's
// form never calls the save, e2e/member-presence.spec.ts), and the form says so in both languages.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LlmPlan } from './llm-api.ts'
import { editsForThisRun } from './run-edits.ts'

const plan = {
  competitors: [
    { name: 'Auto Silva', url: 'https://autosilva.pt' },
    { name: 'Carros Sá', url: null },
  ],
  prompts: [
    { text: 'Onde comprar um carro usado em Braga?', kind: 'discovery', lang: 'pt' },
    { text: 'Auto Silva ou Carros Sá?', kind: 'comparison', lang: 'pt' },
  ],
} as unknown as LlmPlan
const asShown = {
  competitors: 'Auto Silva, https://autosilva.pt\nCarros Sá',
  questions: 'Onde comprar um carro usado em Braga?\nAuto Silva ou Carros Sá?',
}

describe("a member's edits for this run only", () => {
  it('sends nothing when nothing changed (the saved settings are asked)', () => {
    expect(editsForThisRun(plan, asShown.competitors, asShown.questions)).toEqual({})
  })

  it('sends the questions and the competitors as edited', () => {
    const edits = editsForThisRun(
      plan,
      `${asShown.competitors}\nStand Minho, https://standminho.pt`,
      'Qual o melhor stand em Braga?\n\n',
    )
    expect(edits).toEqual({
      competitors: [
        { name: 'Auto Silva', url: 'https://autosilva.pt' },
        { name: 'Carros Sá', url: null },
        { name: 'Stand Minho', url: 'https://standminho.pt' },
      ],
      prompts: ['Qual o melhor stand em Braga?'],
    })
  })

  it('the form tells a member, in PT and EN, that the edits are not saved as the workspace’s', () => {
    const text = (lang: string) =>
      JSON.parse(readFileSync(path.join(import.meta.dirname, `../../locales/${lang}/llm.json`), 'utf8'))
        .review.helpThisRunOnly as string
    expect(text('pt')).toContain('só para esta verificação')
    expect(text('pt')).toContain('não ficam guardadas como definições do espaço de trabalho')
    expect(text('en')).toContain('apply to this check only')
    expect(text('en')).toContain("not saved as the workspace's settings")
  })
})
