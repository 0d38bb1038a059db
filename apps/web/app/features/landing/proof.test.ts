import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seoChecks } from '@farol/engine/seo/index.ts'
import { describe, expect, it } from 'vitest'
import ptLanding from '../../locales/pt/landing.json'
import { aioCriteria } from '../how-it-works/criteria.ts'
import { readTestimonialsFile } from './operator-content.server.ts'
import { landingProof } from './proof.ts'

const operatorFile = {
  testimonials: [
    {
      name: 'Rita Dias',
      role: { pt: 'Dona de uma loja', en: 'Shop owner' },
      quote: { pt: 'Útil.', en: 'Useful.' },
      rating: 5,
    },
    {
      name: 'João Lima',
      role: { pt: 'Programador', en: 'Developer' },
      quote: { pt: 'Claro.', en: 'Clear.' },
      rating: 4,
    },
    { name: 'Eva Sá', role: { pt: 'Editora', en: 'Editor' }, quote: { pt: 'Bom.', en: 'Good.' } },
  ],
}

function writeTemp(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'farol-testimonials-')), 'testimonials.json')
  writeFileSync(path, content)
  return path
}

describe('landing social proof', () => {
  it('claims no rating and no testimonials without the operator file, only counted facts', () => {
    const proof = landingProof(readTestimonialsFile(join(tmpdir(), 'no-such-dir', 'testimonials.json')), 'pt')
    expect(proof.rating).toBeNull()
    expect(proof.testimonials).toEqual([])
    expect(proof.facts).toEqual({ seoChecks: seoChecks.length, aioCriteria: aioCriteria.length })
  })

  it("shows the operator's testimonials and the average of their given ratings", () => {
    const file = readTestimonialsFile(writeTemp(JSON.stringify(operatorFile)))
    const en = landingProof(file, 'en')
    expect(en.testimonials.map((t) => [t.name, t.role, t.quote])).toEqual([
      ['Rita Dias', 'Shop owner', 'Useful.'],
      ['João Lima', 'Developer', 'Clear.'],
      ['Eva Sá', 'Editor', 'Good.'],
    ])
    expect(en.rating).toEqual({ value: 4.5, best: 5, count: 2 })
    expect(landingProof(file, 'pt').testimonials[0]?.role).toBe('Dona de uma loja')
  })

  it('gives no rating when the operator rated none of the quotes', () => {
    const unrated = { testimonials: [operatorFile.testimonials[2]] }
    expect(landingProof(readTestimonialsFile(writeTemp(JSON.stringify(unrated))), 'pt').rating).toBeNull()
  })

  it('ignores a malformed file (a rating out of range, a missing language) instead of failing', () => {
    const outOfRange = { testimonials: [{ ...operatorFile.testimonials[0], rating: 9 }] }
    expect(readTestimonialsFile(writeTemp(JSON.stringify(outOfRange)))).toBeNull()
    const oneLanguage = { testimonials: [{ ...operatorFile.testimonials[2], quote: { pt: 'Só pt' } }] }
    expect(readTestimonialsFile(writeTemp(JSON.stringify(oneLanguage)))).toBeNull()
    expect(readTestimonialsFile(writeTemp('{ not json'))).toBeNull()
  })

  it('keeps no invented rating or named testimonial in the locale files', () => {
    const text = JSON.stringify(ptLanding)
    expect(text).not.toContain('4.8')
    expect(text).not.toContain('344')
    expect(text).not.toContain('Ana Ribeiro')
  })
})
