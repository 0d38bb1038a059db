import { describe, expect, it } from 'vitest'
import { documentTitle, metaDescription } from './meta-tags.ts'
import { page, run } from './test-utils.ts'

const t = (n: number) => page(`<title>${'a'.repeat(n)}</title>`)
const d = (content: string | null) =>
  page(`<title>x</title>${content === null ? '' : `<meta name="description" content="${content}">`}`)

describe('document-title', () => {
  it('fails when missing or blank (as Lighthouse/axe)', () => {
    expect(run(documentTitle, page('')).verdict).toBe('fail')
    expect(run(documentTitle, page('<title>   </title>')).verdict).toBe('fail')
  })
  it('passes 30-60 characters with score 100', () => {
    expect(run(documentTitle, t(30))).toMatchObject({ verdict: 'pass', score: 100 })
    expect(run(documentTitle, t(60))).toMatchObject({ verdict: 'pass', score: 100 })
  })
  it('warns outside 30-60 with the §5 score', () => {
    expect(run(documentTitle, t(29))).toMatchObject({ verdict: 'warn', score: 50 })
    expect(run(documentTitle, t(61))).toMatchObject({ verdict: 'warn', score: 70 })
    expect(run(documentTitle, t(81))).toMatchObject({ verdict: 'warn', score: 30 })
    expect(run(documentTitle, t(81)).title.en).toBe('The title is too long')
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
  it('grades the length', () => {
    expect(run(metaDescription, d('a'.repeat(120)))).toMatchObject({ verdict: 'pass', score: 100 })
    expect(run(metaDescription, d('a'.repeat(160)))).toMatchObject({ verdict: 'pass', score: 100 })
    expect(run(metaDescription, d('a'.repeat(119)))).toMatchObject({ verdict: 'warn', score: 60 })
    expect(run(metaDescription, d('a'.repeat(161)))).toMatchObject({ verdict: 'warn', score: 70 })
    expect(run(metaDescription, d('a'.repeat(201)))).toMatchObject({ verdict: 'warn', score: 40 })
  })
  it('matches the name case-insensitively like Lighthouse', () => {
    expect(run(metaDescription, page(`<meta name="Description" content="${'a'.repeat(130)}">`)).verdict).toBe(
      'pass',
    )
  })
})
