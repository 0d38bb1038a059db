import { describe, expect, it } from 'vitest'
import { parseReportAnswer } from '../reports/report-data.ts'
import type { SiteRun } from '../sites/api.ts'
import { assignableRoles } from './roles.ts'
import { latestAndTrend } from './trend.ts'

const run = (status: SiteRun['status'], totalScore: number | null): SiteRun => ({
  id: String(Math.random()),
  at: '2026-11-01T00:00:00Z',
  status,
  errorCode: null,
  seoScore: null,
  seoMobileScore: null,
  aioScore: null,
  llmScore: null,
  directoryScore: null,
  totalScore,
  alerts: [],
})

describe('client view', () => {
  it('shows the latest finished score and its change since the finished run before', () => {
    expect(latestAndTrend([], 'totalScore')).toEqual({ latest: null, change: null })
    expect(latestAndTrend([run('success', 70)], 'totalScore')).toEqual({ latest: 70, change: null })
    // A failed or running run in between is skipped, not read as zero.
    const runs = [run('success', 70), run('failed', null), run('success', 64), run('running', null)]
    expect(latestAndTrend(runs, 'totalScore')).toEqual({ latest: 64, change: -6 })
  })
})

describe('white-label report data', () => {
  const base = {
    siteUrl: 'https://a.pt/',
    desktop: { data: null },
    mobile: { data: null },
    aiOptimization: { data: null },
    siteAudit: null,
    // Composed from the parts (decision 039): none without a finished part.
    scores: null,
  }
  it('keeps the workspace brand the server sends, and adds none when there is none', () => {
    const brand = { name: 'Agência Sol', color: '#0f766e', logo: null, contact: 'ola@sol.pt' }
    expect(parseReportAnswer(true, { ...base, brand })).toEqual({ data: { ...base, brand } })
    expect(parseReportAnswer(true, base)).toEqual({ data: base })
  })
})

describe('member roles offered', () => {
  it('lets an owner give every role, an admin all but owner (and not touch an owner), others nothing', () => {
    expect(assignableRoles('owner', 'owner')).toEqual(['owner', 'admin', 'member', 'client'])
    expect(assignableRoles('admin', 'client')).toEqual(['admin', 'member', 'client'])
    expect(assignableRoles('admin', 'owner')).toEqual([])
    expect(assignableRoles('member', 'client')).toEqual([])
    expect(assignableRoles('client', 'client')).toEqual([])
  })
})
