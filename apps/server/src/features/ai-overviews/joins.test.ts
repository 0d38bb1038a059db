import { describe, expect, it } from 'vitest'
import { pagesOfReport, pathOf } from './joins.ts'

const row = (keyword: string, surface: string, shown: boolean, urls: string[]) => ({
  keyword,
  surface,
  shown,
  cited: urls.length > 0,
  site: urls.map((url, i) => ({ position: i + 1, url, sections: [] })),
})

describe('pagesOfReport', () => {
  it('counts the answers citing each page, and those expected to (same keyword cited elsewhere)', () => {
    const rows = [
      row('seguro auto', 'ai_overview', true, ['https://exemplo.pt/auto']),
      row('seguro auto', 'ai_mode', true, []),
      row('seguro vida', 'ai_overview', true, ['https://exemplo.pt/vida', 'https://exemplo.pt/auto']),
      row('seguro vida', 'ai_mode', false, []),
      row('seguro casa', 'ai_overview', true, []),
    ]
    // biome-ignore lint/suspicious/noExplicitAny: only the fields pagesOfReport reads
    expect(pagesOfReport({ rows: rows as any })).toEqual([
      { url: 'https://exemplo.pt/auto', cited: 2, expected: 1, keywords: ['seguro auto', 'seguro vida'] },
      { url: 'https://exemplo.pt/vida', cited: 1, expected: 0, keywords: ['seguro vida'] },
    ])
  })

  it('a path as bot logs keep pages', () => {
    expect(pathOf('https://www.exemplo.pt/a/b?x=1')).toBe('/a/b')
    expect(pathOf('not a url')).toBeNull()
  })
})
