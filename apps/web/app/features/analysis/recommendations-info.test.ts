// Issue 12: every information-only finding (robots.txt blocks GPTBot, no llms.txt) reaches
// /suite/recommendations, after everything there is to do, and never crowds the dashboard's short lists.
import type { AuditResult, Finding } from '@farol/engine'
import { describe, expect, it } from 'vitest'
import { buildRecommendations, priorityRecommendations, selectRecommendations } from './recommendations.ts'

function finding(id: string, verdict: Finding['verdict'], impact: Finding['impact']): Finding {
  return {
    id,
    category: 'technical',
    verdict,
    score: null,
    title: { pt: `T ${id}`, en: `T ${id}` },
    description: { pt: `D ${id}`, en: `D ${id}` },
    evidence: [],
    impact,
  }
}

const result = {
  onPage: { findings: [finding('low-warn', 'warn', 'low')] },
  aio: {
    findings: [
      finding('aio-robots-training', 'info', 'high'),
      finding('aio-llms-txt', 'info', 'low'),
      finding('fine', 'pass', 'high'),
    ],
  },
  lighthouse: { desktop: null, mobile: null, errors: {} },
} as unknown as AuditResult

describe('information-only findings', () => {
  it('are listed, after what there is to do', () => {
    const list = buildRecommendations([result], 'pt')
    expect(list.map((r) => r.id)).toEqual(['seo:low-warn', 'aio:aio-robots-training', 'aio:aio-llms-txt'])
    expect(list[1]!.verdict).toBe('info')
  })

  it("stay off the dashboard's short lists", () => {
    const list = buildRecommendations([result], 'pt')
    expect(selectRecommendations(list, 'all').map((r) => r.id)).toEqual(['seo:low-warn'])
    expect(priorityRecommendations(list).map((r) => r.id)).toEqual(['seo:low-warn'])
  })
})
