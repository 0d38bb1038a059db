import type { AuditResult, Finding } from '@farol/engine'
import { describe, expect, it } from 'vitest'
import {
  buildRecommendations,
  countByImpact,
  filterRecommendations,
  priorityRecommendations,
  selectRecommendations,
} from './recommendations.ts'

function finding(
  id: string,
  verdict: Finding['verdict'],
  impact: Finding['impact'],
  category: Finding['category'] = 'seo',
): Finding {
  return {
    id,
    category,
    verdict,
    score: null,
    title: { pt: `T ${id}`, en: `T ${id} en` },
    description: { pt: `D ${id}`, en: `D ${id} en` },
    evidence: [{ signal: { pt: 's', en: 's' }, value: 1 }],
    impact,
  }
}

function audit(
  onPage: Finding[],
  aio: Finding[],
  lighthouse: AuditResult['lighthouse']['desktop'] = null,
): AuditResult {
  return {
    onPage: { findings: onPage },
    aio: { findings: aio },
    lighthouse: { desktop: lighthouse, mobile: null, errors: {} },
  } as unknown as AuditResult
}

describe('buildRecommendations', () => {
  const result = audit(
    [
      finding('title', 'fail', 'medium'),
      finding('https', 'pass', 'high'),
      finding('canonical', 'warn', 'low'),
      finding('crawl', 'fail', 'high'),
      finding('lang', 'info', 'high'),
    ],
    [finding('aio-readability', 'warn', 'high', 'content'), finding('aio-entity', 'fail', 'medium', 'aio')],
  )

  it('keeps failures and warnings sorted by impact then verdict, then information (issue 12), never passes', () => {
    const list = buildRecommendations([result], 'pt')
    expect(list.map((r) => r.id)).toEqual([
      'seo:crawl',
      'aio:aio-readability',
      'seo:title',
      'aio:aio-entity',
      'seo:canonical',
      'seo:lang',
    ])
    expect(list[0]).toMatchObject({ title: 'T crawl', group: 'seo', verdict: 'fail' })
  })

  it('uses the requested language and counts a finding once across audits', () => {
    const list = buildRecommendations([result, result], 'en')
    expect(list).toHaveLength(6)
    expect(list[0]?.title).toBe('T crawl en')
  })

  it('adds Lighthouse opportunities of the desktop run', () => {
    const withLighthouse = audit([], [], {
      recommendations: [
        {
          id: 'render-blocking',
          title: 'RB',
          description: 'd',
          impact: 'high',
          category: 'performance',
          score: 0.3,
        },
      ],
    } as unknown as AuditResult['lighthouse']['desktop'])
    const list = buildRecommendations([withLighthouse], 'pt')
    // Stored before Lighthouse's texts were bilingual: shown as they are.
    expect(list).toEqual([
      expect.objectContaining({
        id: 'lighthouse:render-blocking',
        type: 'performance',
        group: 'seo',
        title: 'RB',
        description: 'd',
      }),
    ])
  })

  it("shows Lighthouse's opportunities in the reader language, whatever language Lighthouse ran in", () => {
    const withLighthouse = audit([], [], {
      recommendations: [
        {
          id: 'render-blocking-insight',
          title: { pt: 'Pedidos de bloqueio de renderização', en: 'Render-blocking requests' },
          description: { pt: 'Os pedidos estão a bloquear', en: 'Requests are blocking' },
          displayValue: { pt: 'Poupança estimada de 1020 ms', en: 'Est savings of 1,020 ms' },
          impact: 'high',
          category: 'performance',
          score: 0,
        },
      ],
    } as unknown as AuditResult['lighthouse']['desktop'])
    expect(buildRecommendations([withLighthouse], 'pt')[0]).toMatchObject({
      title: 'Pedidos de bloqueio de renderização',
      description: 'Os pedidos estão a bloquear',
      displayValue: 'Poupança estimada de 1020 ms',
    })
    expect(buildRecommendations([withLighthouse], 'en')[0]).toMatchObject({
      title: 'Render-blocking requests',
      description: 'Requests are blocking',
      displayValue: 'Est savings of 1,020 ms',
    })
  })

  it('selects three per tab', () => {
    const list = buildRecommendations([result], 'pt')
    expect(selectRecommendations(list, 'all').map((r) => r.id)).toEqual([
      'seo:crawl',
      'aio:aio-readability',
      'seo:title',
    ])
    expect(selectRecommendations(list, 'seo').map((r) => r.id)).toEqual([
      'seo:crawl',
      'seo:title',
      'seo:canonical',
    ])
    expect(selectRecommendations(list, 'aio').map((r) => r.id)).toEqual([
      'aio:aio-readability',
      'aio:aio-entity',
    ])
  })

  it('puts high-impact problems first in the priority card and filters by type and impact', () => {
    const list = buildRecommendations([result], 'pt')
    expect(priorityRecommendations(list).map((r) => r.impact)).toEqual(['high', 'high', 'medium'])
    expect(filterRecommendations(list, { type: 'content', impact: 'all' }).map((r) => r.id)).toEqual([
      'aio:aio-readability',
    ])
    expect(filterRecommendations(list, { type: 'all', impact: 'low' }).map((r) => r.id)).toEqual([
      'seo:canonical',
    ])
  })

  it("the priority card counts by impact instead of repeating the personalised card's three", () => {
    const list = buildRecommendations([result], 'pt')
    const counts = countByImpact(list)
    expect(counts.high + counts.medium + counts.low).toBe(list.length)
    expect(counts).toEqual({
      high: list.filter((r) => r.impact === 'high').length,
      medium: list.filter((r) => r.impact === 'medium').length,
      low: list.filter((r) => r.impact === 'low').length,
    })
    expect(countByImpact([])).toEqual({ high: 0, medium: 0, low: 0 })
  })
})
