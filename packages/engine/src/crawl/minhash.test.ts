import { describe, expect, it } from 'vitest'
import {
  decodeSignature,
  encodeSignature,
  exactJaccard,
  MINHASH_SIZE,
  minhash,
  SKETCH_SIZE,
  signText,
  similarity,
  sketchSimilarity,
  uint32sOf,
  wordShingles,
} from './minhash.ts'
import { editedCopy, randomWords, seeded } from './testing/near-texts.ts'

const random = seeded(28)
const base = randomWords(random, 400).join(' ')

describe('minhash', () => {
  it('signs the words of a text: case, spacing and punctuation do not count', () => {
    const signature = minhash(base)!
    expect(signature).toBeInstanceOf(Uint32Array)
    expect(signature).toHaveLength(MINHASH_SIZE)
    expect(minhash(`  ${base.toUpperCase().replaceAll(' ', ' , ')}\n`)).toEqual(signature)
  })
  it('is deterministic across processes and releases (pinned values)', () => {
    const s = minhash('o farol da costa acende a luz ao cair da noite')!
    expect(Array.from(s.slice(0, 4))).toEqual(PINNED)
    expect(minhash('farol')).toEqual(minhash('FAROL'))
  })
  it('has no signature for a text without words', () => {
    expect(minhash('  … ')).toBeNull()
    expect(minhash('')).toBeNull()
  })
  it('estimates the exact 5-gram Jaccard within its statistical error', () => {
    const errors: number[] = []
    for (const target of [1, 0.95, 0.9, 0.85, 0.7, 0.5]) {
      for (let i = 0; i < 8; i++) {
        const words = randomWords(random, 150 + i * 100)
        const copy = editedCopy(words, target, random)
        const exact = exactJaccard(wordShingles(words.join(' ')), wordShingles(copy.join(' ')))
        const estimate = similarity(minhash(words.join(' '))!, minhash(copy.join(' '))!)
        if (target === 1) expect(estimate).toBe(1)
        errors.push(Math.abs(estimate - exact))
      }
    }
    // Standard error sqrt(J(1-J)/128) is at most 0.044: no estimate beyond ~3.5 of it, and unbiased
    // on average (a biased hash family would show here).
    expect(Math.max(...errors)).toBeLessThan(0.15)
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(0.03)
  })
  it('gives the exact Jaccard from two sketches of whole shingle sets, and a close one past SKETCH_SIZE', () => {
    for (const [words, target] of [
      [300, 0.9],
      [900, 0.85],
      [1000, 0.7],
      [3000, 0.9],
    ] as const) {
      const text = randomWords(random, words)
      const copy = editedCopy(text, target, random)
      const a = signText(text.join(' '))!
      const b = signText(copy.join(' '))!
      expect(a.signature).toEqual(minhash(text.join(' ')))
      const exact = exactJaccard(wordShingles(text.join(' ')), wordShingles(copy.join(' ')))
      if (words < SKETCH_SIZE) expect(sketchSimilarity(a.sketch, b.sketch)).toBeCloseTo(exact, 9)
      else {
        expect(a.sketch).toHaveLength(SKETCH_SIZE)
        expect(Math.abs(sketchSimilarity(a.sketch, b.sketch) - exact)).toBeLessThan(0.04)
      }
      // Ascending, distinct: what the merge relies on.
      expect(a.sketch.every((v, i) => i === 0 || v > a.sketch[i - 1]!)).toBe(true)
    }
    const bytes = new Uint8Array([1, 0, 0, 0, 0, 0, 0, 128])
    expect(Array.from(uint32sOf(bytes)!)).toEqual([1, 2 ** 31])
    expect(uint32sOf(bytes, MINHASH_SIZE)).toBeNull()
  })
  it('round-trips through its text form', () => {
    const signature = minhash(base)!
    const text = encodeSignature(signature)
    expect(text).toHaveLength(684)
    expect(decodeSignature(text)).toEqual(signature)
    expect(decodeSignature('not a signature')).toBeNull()
  })
  it('counts shingles of five words, or one of all words for a shorter text', () => {
    expect([...wordShingles('a b c d e f')]).toEqual(['a b c d e', 'b c d e f'])
    expect([...wordShingles('Farol costa')]).toEqual(['farol costa'])
    expect(exactJaccard(wordShingles('a b c d e f'), wordShingles('a b c d e g'))).toBeCloseTo(1 / 3)
  })
})

const PINNED = [252473895, 572105074, 289167273, 332038539]
