import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { countWords, normalizeSpace, visibleText, words } from './text.ts'

describe('countWords', () => {
  it('counts accented Portuguese words as single words', () => {
    expect(countWords('ação')).toBe(1)
    expect(words('A informação é útil para a população.')).toEqual([
      'A',
      'informação',
      'é',
      'útil',
      'para',
      'a',
      'população',
    ])
  })
  it('keeps decomposed accents (NFD) inside the word', () => {
    expect(countWords('acc\u0327a\u0303o')).toBe(1)
  })
  it('joins hyphenated and apostrophe words', () => {
    expect(countWords("guarda-chuva d'água it's")).toBe(3)
  })
  it('ignores punctuation, emoji and empty input', () => {
    expect(countWords('  — , . ! 🚀  ')).toBe(0)
    expect(countWords('')).toBe(0)
    expect(countWords('SEO, AIO & 2025!')).toBe(3)
  })
})

describe('visibleText', () => {
  it('drops scripts, styles and hidden elements and separates blocks', () => {
    const $ = load(
      '<html><head><title>T</title></head><body><p>um</p><p>dois</p><script>var x = 1</script><style>p{}</style><div hidden>oculto</div><noscript>ns</noscript></body></html>',
    )
    expect(visibleText($)).toBe('um dois')
  })
  it('normalizes whitespace', () => {
    expect(normalizeSpace(' a\u00a0\n b ')).toBe('a b')
  })
})
