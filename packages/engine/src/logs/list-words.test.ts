import { describe, expect, it } from 'vitest'
import { listDay, outsideListNote, outsideListWords } from './list-words.ts'

describe('the words for an address outside an old list', () => {
  it('names the operator and the list date as people read it, in both languages', () => {
    expect(outsideListWords('OpenAI', '2026-05-04', 'pt')).toBe(
      'fora da lista publicada pela OpenAI em 4 mai 2026',
    )
    expect(outsideListWords('OpenAI', '2026-05-04', 'en')).toBe(
      'outside the list OpenAI published on 4 May 2026',
    )
    expect(listDay('2026-11-27T04:41:00.000Z', 'pt')).toBe('27 nov 2026')
    expect(listDay(null, 'en')).toBe('undated')
  })
  it('a note only when some requests were outside a list', () => {
    const bot = {
      token: 'GPTBot',
      operator: 'OpenAI',
      list: { name: 'gptbot', retrieved: '2026-05-04', fresh: false },
    }
    expect(outsideListNote({ ...bot, outsideList: 0 }, 'pt')).toBeNull()
    expect(outsideListNote({ ...bot, outsideList: 30 }, 'pt')).toMatch(
      /^GPTBot: 30 pedidos fora da lista publicada pela OpenAI em 4 mai 2026\. A lista tem mais de 30 dias/,
    )
    expect(outsideListNote({ ...bot, outsideList: 1 }, 'en')).toMatch(
      /^GPTBot: 1 request outside the list OpenAI published on 4 May 2026\./,
    )
  })
})
