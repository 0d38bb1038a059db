import type { AioResult } from '@farol/engine'
import { describe, expect, it } from 'vitest'
import { aioListsIn, inLang, opportunityIn } from './localized.ts'

type Lists = Pick<AioResult, 'strengths' | 'weaknesses' | 'recommendations'>

const bilingual: Lists = {
  strengths: [{ title: { pt: 'Autor identificado', en: 'Author identified' } }],
  weaknesses: [{ explanation: { pt: 'Frases longas', en: 'Long sentences' } }],
  recommendations: [
    {
      title: { pt: 'Encurte as frases', en: 'Shorten the sentences' },
      explanation: { pt: 'Divida as frases', en: 'Split the sentences' },
    },
  ],
}

/** How results were stored before the lists were bilingual: strings in the language of the run. */
const stored = {
  strengths: [{ title: 'Author identified' }],
  weaknesses: [{ explanation: 'Long sentences' }],
  recommendations: [{ title: 'Shorten the sentences', explanation: 'Split the sentences' }],
} as unknown as Lists

describe('engine texts in the reader language', () => {
  it('picks the reader language from a bilingual text', () => {
    expect(inLang({ pt: 'palavras', en: 'words' }, 'pt')).toBe('palavras')
    expect(inLang({ pt: 'palavras', en: 'words' }, 'en')).toBe('words')
  })

  it('shows a plain string stored before the text was bilingual as it is', () => {
    expect(inLang('words', 'pt')).toBe('words')
  })

  it('shows the AIO lists in the reader language, whatever language the analysis ran in', () => {
    expect(aioListsIn(bilingual, 'pt')).toEqual({
      strengths: ['Autor identificado'],
      weaknesses: ['Frases longas'],
      recommendations: [{ title: 'Encurte as frases', explanation: 'Divida as frases' }],
    })
    expect(aioListsIn(bilingual, 'en')).toEqual({
      strengths: ['Author identified'],
      weaknesses: ['Long sentences'],
      recommendations: [{ title: 'Shorten the sentences', explanation: 'Split the sentences' }],
    })
  })

  it('still shows AIO lists stored as plain strings, in the language they were stored in', () => {
    expect(aioListsIn(stored, 'pt')).toEqual({
      strengths: ['Author identified'],
      weaknesses: ['Long sentences'],
      recommendations: [{ title: 'Shorten the sentences', explanation: 'Split the sentences' }],
    })
  })

  it("shows Lighthouse's opportunities in the reader language, and ones stored as plain strings as they are", () => {
    const bilingualOpportunity = {
      title: { pt: 'Pedidos de bloqueio de renderização', en: 'Render-blocking requests' },
      description: { pt: '[Adiar](https://x.test) pedidos', en: '[Defer](https://x.test) requests' },
      displayValue: { pt: 'Poupança estimada de 1020 ms', en: 'Est savings of 1,020 ms' },
    }
    expect(opportunityIn(bilingualOpportunity, 'pt')).toEqual({
      title: 'Pedidos de bloqueio de renderização',
      description: '[Adiar](https://x.test) pedidos',
      displayValue: 'Poupança estimada de 1020 ms',
    })
    expect(opportunityIn(bilingualOpportunity, 'en').displayValue).toBe('Est savings of 1,020 ms')
    const storedOpportunity = {
      title: 'Render-blocking requests',
      description: 'Requests are blocking',
    } as unknown as typeof bilingualOpportunity
    expect(opportunityIn(storedOpportunity, 'pt')).toEqual({
      title: 'Render-blocking requests',
      description: 'Requests are blocking',
      displayValue: null,
    })
    const storedSaving = { ...storedOpportunity, displayValue: 'Est savings of 1 s' } as never
    expect(opportunityIn(storedSaving, 'pt').displayValue).toBe('Est savings of 1 s')
  })
})
