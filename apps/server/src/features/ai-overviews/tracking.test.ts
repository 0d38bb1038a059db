import type { Answer } from '@farol/engine/overviews/index.ts'
import { describe, expect, it } from 'vitest'
import type { StoredAnswer } from './store.ts'
import { citationChanges, describeChange } from './tracking.ts'

const answer = (keyword: string, urls: string[], shown = true): StoredAnswer => ({
  surface: 'ai_overview',
  keyword,
  locationCode: 2620,
  languageCode: 'pt',
  device: 'mobile',
  day: '2026-11-28',
  cost: 0.002,
  answer: {
    surface: 'ai_overview',
    keyword,
    shown,
    asynchronous: false,
    text: '',
    sections: [],
    references: urls.map((url, i) => ({
      position: i + 1,
      domain: null,
      url,
      title: null,
      text: null,
      source: null,
    })),
    cost: 0.002,
    checkedAt: null,
  } satisfies Answer,
})

describe('citationChanges', () => {
  it('a citation lost (the answer gone, or citing others) or gained, call by call; unchanged ones are not', () => {
    const before = [
      answer('a', ['https://www.exemplo.pt/a?utm_source=x']),
      answer('b', ['https://rival.pt/b']),
      answer('c', ['https://m.exemplo.pt/c']),
      answer('d', ['https://exemplo.pt/d']),
    ]
    const after = [
      answer('a', ['https://rival.pt/a']),
      answer('b', ['https://exemplo.pt/b/']),
      answer('c', [], false),
      answer('d', ['https://www.exemplo.pt/d']),
      answer('e', ['https://exemplo.pt/e']),
    ]
    const changes = citationChanges('exemplo.pt', before, after)
    expect(changes.map((c) => [c.keyword, c.kind, c.shown, c.urls])).toEqual([
      ['a', 'lost', true, ['https://www.exemplo.pt/a']],
      ['b', 'gained', true, ['https://exemplo.pt/b']],
      ['c', 'lost', false, ['https://m.exemplo.pt/c']],
    ])
    expect(describeChange(changes[2]!, 'pt')).toBe(
      '«c»: a resposta da Google que citava o site deixou de aparecer (AI Overview, Portugal, telemóvel).',
    )
    expect(describeChange(changes[0]!, 'en')).toBe(
      '“a”: Google no longer cites the site (AI Overview, Portugal, mobile).',
    )
  })
})
