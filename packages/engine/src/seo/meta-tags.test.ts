import { describe, expect, it } from 'vitest'
import { documentTitle, metaDescription, metaDescriptionLength, titleLength } from './meta-tags.ts'
import { page, run } from './test-utils.ts'

const t = (n: number) => page(`<title>${'a'.repeat(n)}</title>`)
const d = (content: string | null) =>
  page(`<title>x</title>${content === null ? '' : `<meta name="description" content="${content}">`}`)

describe('document-title', () => {
  it('fails when missing or blank (as Lighthouse/axe)', () => {
    expect(run(documentTitle, page('')).verdict).toBe('fail')
    expect(run(documentTitle, page('<title>   </title>')).verdict).toBe('fail')
  })
  it('passes any non-empty title, as Lighthouse: the length is a separate finding', () => {
    for (const n of [1, 29, 30, 60, 61, 200]) expect(run(documentTitle, t(n)).verdict).toBe('pass')
  })
  it('title-length: passes 30-60 characters with score 100', () => {
    expect(run(titleLength, t(30))).toMatchObject({ verdict: 'pass', score: 100 })
    expect(run(titleLength, t(60))).toMatchObject({ verdict: 'pass', score: 100 })
  })
  it('title-length: warns outside 30-60 with the §5 score, not applicable without a title', () => {
    expect(run(titleLength, t(29))).toMatchObject({ verdict: 'warn', score: 50 })
    expect(run(titleLength, t(61))).toMatchObject({ verdict: 'warn', score: 70 })
    expect(run(titleLength, t(81))).toMatchObject({ verdict: 'warn', score: 30 })
    expect(run(titleLength, t(81)).title.en).toBe('The title is too long')
    expect(run(titleLength, page('')).verdict).toBe('na')
  })
  it('ignores <title> inside svg', () => {
    expect(run(documentTitle, page('', '<svg><title>icon</title></svg>')).verdict).toBe('fail')
  })
})

describe('meta-description', () => {
  it('fails when missing or blank', () => {
    expect(run(metaDescription, d(null)).verdict).toBe('fail')
    expect(run(metaDescription, d('  ')).verdict).toBe('fail')
    expect(run(metaDescription, d('  ')).description.en).toContain('empty')
  })
  it('passes any non-empty description, as Lighthouse', () => {
    for (const n of [5, 119, 161, 400]) expect(run(metaDescription, d('a'.repeat(n))).verdict).toBe('pass')
  })
  it('meta-description-length grades the length', () => {
    const l = metaDescriptionLength
    expect(run(l, d('a'.repeat(120)))).toMatchObject({ verdict: 'pass', score: 100 })
    expect(run(l, d('a'.repeat(160)))).toMatchObject({ verdict: 'pass', score: 100 })
    expect(run(l, d('a'.repeat(119)))).toMatchObject({ verdict: 'warn', score: 60 })
    expect(run(l, d('a'.repeat(161)))).toMatchObject({ verdict: 'warn', score: 70 })
    expect(run(l, d('a'.repeat(201)))).toMatchObject({ verdict: 'warn', score: 40 })
    expect(run(l, d(null)).verdict).toBe('na')
  })
  it('matches the name case-insensitively like Lighthouse', () => {
    expect(run(metaDescription, page(`<meta name="Description" content="${'a'.repeat(130)}">`)).verdict).toBe(
      'pass',
    )
  })
})
