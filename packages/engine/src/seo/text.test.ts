import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { countWords, normalizeSpace, scanWords, visibleText, words } from './text.ts'

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

describe('scanWords', () => {
  it('finds exactly the words the regular expression finds, without building them', () => {
    const samples = [
      "guarda-chuva d'água it's - a- -b 'c d' e’f g‐h",
      'acc\u0327a\u0303o \u0301lead mark x\u0301y',
      '𝒜stral 𝟙𝟚 words 🚀 mixed𝒜 \ud835 lone \udc9c surrogates',
      'SEO, AIO & 2025! 3.14 1,5 €10 ١٢٣ 中文字 ﻿bom',
      '',
      '   ',
      "--a--b-- ''x'' a'-b",
    ]
    for (const sample of samples) {
      const text = sample.normalize('NFC')
      const found: string[] = []
      const count = scanWords(text, (start, end) => found.push(text.slice(start, end)))
      expect(found).toEqual(words(sample))
      expect(count).toBe(found.length)
    }
  })
  it('agrees with the regular expression on random mixtures of letters, marks, joiners and surrogates', () => {
    const alphabet = [
      'a',
      'Z',
      '7',
      'ç',
      '\u0301',
      "'",
      '’',
      '-',
      '‐',
      ' ',
      '.',
      '𝒜',
      '\ud835',
      '\udc9c',
      '١',
      '中',
      '\u00a0',
    ]
    let seed = 42
    for (let n = 0; n < 2000; n++) {
      let sample = ''
      for (let i = 0; i < 12; i++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
        sample += alphabet[(seed >>> 8) % alphabet.length]
      }
      const text = sample.normalize('NFC')
      const found: string[] = []
      scanWords(text, (start, end) => found.push(text.slice(start, end)))
      expect(found, JSON.stringify(sample)).toEqual(words(sample))
    }
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
