import { describe, expect, it } from 'vitest'
import { hamming, simhash } from './simhash.ts'

// ~400 words of varied text: real pages are long enough that one edited word moves few bits.
const vocabulary =
  'farol costa navio noite pescador luz porto inverno mar bravo vida torre branco vermelho vila velho pedra areia vento onda barco rede peixe sal'.split(
    ' ',
  )
let seed = 7
const next = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed
}
const base = Array.from({ length: 400 }, () => vocabulary[next() % vocabulary.length]).join(' ')

describe('simhash', () => {
  it('gives identical texts the same hash and 16 hex digits', () => {
    expect(simhash(base)).toMatch(/^[0-9a-f]{16}$/)
    expect(simhash(base)).toBe(simhash(`  ${base.toUpperCase()} `))
  })
  it('keeps a one-word edit within 3 bits and puts an unrelated text far away', () => {
    const edited = base.replace(/ farol /, ' outono ')
    expect(edited).not.toBe(base)
    expect(hamming(simhash(base)!, simhash(edited)!)).toBeLessThanOrEqual(3)
    const other =
      'Receitas de bolo de chocolate com farinha, ovos, açúcar e manteiga. Leve ao forno durante quarenta minutos. ' +
      'Sirva frio com natas batidas e morangos frescos da época, ou com uma bola de gelado de baunilha.'
    expect(hamming(simhash(base)!, simhash(other)!)).toBeGreaterThan(10)
  })
  it('keeps the hashes stored by earlier crawls (values of the per-bit counting it replaced)', () => {
    expect(simhash(base)).toBe('28bf1e614ba14b1a')
    expect(simhash('farol')).toBe('8f929aad29914680')
    expect(simhash('farol costa')).toBe('8192880821110600')
    expect(simhash('a b c')).toBe('f77ef4d570b7ae2f')
  })
  it('is null without words', () => {
    expect(simhash('  … ')).toBeNull()
  })
  it('hamming counts differing bits', () => {
    expect(hamming('0000000000000000', 'ffffffffffffffff')).toBe(64)
    expect(hamming('0000000100000001', '0000000000000000')).toBe(2)
  })
})
