import { describe, expect, it } from 'vitest'
import { descriptionMeta } from '../seo/meta-tags.ts'
import { summarizeSiteIssues } from './summary.ts'

const urls = (n: number, prefix = '/p') => Array.from({ length: n }, (_, i) => `https://s.test${prefix}${i}`)

describe('summarizeSiteIssues', () => {
  it('counts every URL, keeps three examples and takes the check’s own strings', () => {
    const [issue] = summarizeSiteIssues([{ type: 'broken-link', severity: 'error', urls: urls(5) }])
    expect(issue).toEqual({
      type: 'broken-link',
      severity: 'error',
      count: 5,
      examples: urls(3),
      title: { pt: 'Ligações internas quebradas', en: 'Broken internal links' },
      description: expect.objectContaining({ pt: expect.any(String), en: expect.any(String) }),
    })
    expect(issue!.description.en).not.toBe('')
  })

  it("names a page-level problem across the site with the page audit's own title and advice", () => {
    const [issue] = summarizeSiteIssues([
      { type: 'missing-description', severity: 'warning', urls: urls(500) },
    ])
    expect(issue).toMatchObject({
      count: 500,
      title: descriptionMeta.failureTitle,
      description: descriptionMeta.description,
    })
    expect(issue!.title.pt).toBe('A página não tem meta descrição')
  })

  it('orders errors, warnings, notices, then by how many URLs each affects', () => {
    const summary = summarizeSiteIssues([
      { type: 'deep-page', severity: 'notice', urls: urls(9) },
      { type: 'duplicate-title', severity: 'warning', urls: urls(2) },
      { type: 'duplicate-description', severity: 'warning', urls: urls(4) },
      { type: 'broken-link', severity: 'error', urls: urls(1) },
    ])
    expect(summary.map((i) => i.type)).toEqual([
      'broken-link',
      'duplicate-description',
      'duplicate-title',
      'deep-page',
    ])
  })

  it('keeps an unknown type with its stored strings, and drops types without URLs', () => {
    const summary = summarizeSiteIssues([
      { type: 'retired-check', severity: 'notice', urls: urls(1), title: { pt: 'Velho', en: 'Old' } },
      { type: 'broken-link', severity: 'error', urls: [] },
    ])
    expect(summary).toHaveLength(1)
    expect(summary[0]).toMatchObject({ type: 'retired-check', title: { pt: 'Velho', en: 'Old' } })
  })
})
