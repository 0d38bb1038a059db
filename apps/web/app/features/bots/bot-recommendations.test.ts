import { botFindings } from '@farol/engine/logs/findings.ts'
import { describe, expect, it } from 'vitest'
import type { Recommendation } from '../analysis/recommendations.ts'
import { botsHref, withBotFindings } from './bot-recommendations.ts'

const pageRec: Recommendation = {
  id: 'meta-description',
  title: 'Meta descrição em falta',
  description: '',
  group: 'seo',
  type: 'seo',
  impact: 'low',
  verdict: 'fail',
  evidence: [],
} as unknown as Recommendation

describe('withBotFindings', () => {
  const issues = botFindings([], {
    crawl: {
      crawledAt: null,
      broken: [{ path: '/antigo', status: 404, hits: 3, bots: [] }],
      redirected: [],
      nonIndexable: [],
      orphan: [],
      unfetched: [{ path: '/precos', linkScore: 9, inlinks: 4 }],
    },
    presence: null,
  })
  const findings = {
    url: 'https://exemplo.pt',
    analysedAt: '2026-11-20',
    period: { from: null, to: null },
    issues,
  }

  it('adds each finding once, linked to /suite/bots, counted as cases, errors before lower impacts', () => {
    const merged = withBotFindings([pageRec], findings, 'pt')
    expect(merged.map((r) => r.id)).toEqual([
      'bots:bots-broken-pages',
      'bots:bots-unfetched',
      'meta-description',
    ])
    expect(merged[0]).toMatchObject({
      impact: 'high',
      verdict: 'fail',
      title: 'Robôs pedem páginas que respondem com erro',
      site: { count: 1, examples: ['/antigo (404)'], href: botsHref('https://exemplo.pt'), source: 'bots' },
    })
    expect(merged[1]).toMatchObject({ impact: 'medium', verdict: 'warn' })
    expect(withBotFindings([pageRec], findings, 'en')[0]!.title).toBe(
      'Crawlers fetch pages that answer with an error',
    )
  })

  it('leaves the list as it is without an analysis or without findings', () => {
    const list = [pageRec]
    expect(withBotFindings(list, null, 'pt')).toBe(list)
    expect(withBotFindings(list, { ...findings, issues: [] }, 'pt')).toBe(list)
  })
})
