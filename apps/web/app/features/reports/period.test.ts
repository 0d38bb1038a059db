import { describe, expect, it } from 'vitest'
import { formatUtcDay, lastDayOf, periodTrend } from './format.ts'
import { parseReportAnswer } from './report-data.ts'

const period = {
  key: '2026-W47',
  start: '2026-11-16T00:00:00.000Z',
  end: '2026-11-23T00:00:00.000Z',
  points: [
    { at: '2026-11-17T08:00:00.000Z', total: 60, llm: null },
    { at: '2026-11-20T08:00:00.000Z', total: 54, llm: 45 },
  ],
  newIssues: [{ id: 'n', title: { pt: 'Falha n', en: 'Failure n' }, impact: 'high' }],
  fixedIssues: [],
}

describe('period section', () => {
  it('says the trend from the first to the last audit, or the last score alone', () => {
    expect(periodTrend(period.points, 'total')).toBe('60 → 54 (-6)')
    expect(periodTrend(period.points, 'llm')).toBe('45')
    expect(
      periodTrend(
        [
          { total: 50, llm: 40 },
          { total: 57, llm: 40 },
        ],
        'total',
      ),
    ).toBe('50 → 57 (+7)')
    expect(periodTrend([{ total: 50, llm: null }], 'llm')).toBeNull()
    expect(periodTrend([], 'total')).toBeNull()
  })

  it('prints the period from its first to its last day, in UTC', () => {
    expect(lastDayOf(period.end)).toBe('2026-11-22T00:00:00.000Z')
    expect(formatUtcDay(period.start, 'pt')).toBe('16 de novembro de 2026')
    expect(formatUtcDay(lastDayOf(period.end), 'en')).toBe('22 November 2026')
  })

  it('keeps a scheduled report’s period from the report data, and none for a report asked by hand', () => {
    const body = {
      siteUrl: 'https://loja.pt/',
      desktop: { data: null },
      mobile: { data: null },
      aiOptimization: { data: null },
      siteAudit: null,
    }
    const scheduled = parseReportAnswer(true, { ...body, period })
    expect('data' in scheduled && scheduled.data.period).toEqual(period)
    const byHand = parseReportAnswer(true, body)
    expect('data' in byHand && 'period' in byHand.data).toBe(false)
  })
})
