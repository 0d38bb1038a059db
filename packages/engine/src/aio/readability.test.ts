import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { contentBlocks } from './content.ts'
import { fleschReadingEaseEn, fleschReadingEasePt, measureReadability } from './readability.ts'

describe('Flesch formulas', () => {
  it('English: 206.835 − 1.015·ASL − 84.6·ASW', () => {
    // 100 words, 5 sentences, 150 syllables: 206.835 − 20.3 − 126.9 = 59.635
    expect(fleschReadingEaseEn(100, 5, 150)).toBeCloseTo(59.635, 6)
  })
  it('Portuguese (Martins 1996): the same with 248.835', () => {
    expect(fleschReadingEasePt(100, 5, 150)).toBeCloseTo(101.635, 6)
    expect(fleschReadingEasePt(100, 5, 150) - fleschReadingEaseEn(100, 5, 150)).toBeCloseTo(42, 6)
  })
})

const blocksOf = (html: string) => contentBlocks(load(html))

describe('measureReadability', () => {
  it('computes English by hand: 9 words, 2 sentences, 10 syllables', () => {
    const r = measureReadability(blocksOf('<body><p>The cat sat on the mat. It was happy.</p></body>'), 'en')
    expect(r).toMatchObject({ words: 9, sentences: 2, syllables: 10, averageSentenceLength: 4.5 })
    // 206.835 − 1.015·4.5 − 84.6·10/9 = 108.2675
    expect(r.fleschReadingEase).toBe(108.3)
  })
  it('computes Portuguese by hand: 7 words, 2 sentences, 11 syllables', () => {
    const r = measureReadability(blocksOf('<body><p>A casa é grande. O gato dorme.</p></body>'), 'pt')
    expect(r).toMatchObject({ words: 7, sentences: 2, syllables: 11 })
    // 248.835 − 1.015·3.5 − 84.6·11/7 = 112.3396
    expect(r.fleschReadingEase).toBe(112.3)
  })
  it('counts long sentences and paragraphs', () => {
    const long = `${Array.from({ length: 35 }, () => 'palavra').join(' ')}.`
    const r = measureReadability(blocksOf(`<body><p>${long} Curta frase.</p><p>Outra.</p></body>`), 'pt')
    expect(r.sentences).toBe(3)
    expect(r.longSentences).toBe(1)
    expect(r.longSentenceShare).toBe(0.33)
    expect(r.paragraphs).toBe(2)
    expect(r.averageParagraphLength).toBe(19)
  })
  it('gives no Flesch score for a language it has no formula for, but still measures sentences', () => {
    const r = measureReadability(blocksOf('<body><p>Der Hund schläft. Die Katze auch.</p></body>'), null)
    expect(r.fleschReadingEase).toBeNull()
    expect(r.sentences).toBe(2)
  })
  it('ignores headings and numbers', () => {
    const r = measureReadability(blocksOf('<body><h1>Title here</h1><p>It costs 30 euros.</p></body>'), 'en')
    expect(r.words).toBe(3)
  })
})
