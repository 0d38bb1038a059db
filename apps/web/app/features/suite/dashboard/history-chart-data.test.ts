import { describe, expect, it } from 'vitest'
import type { MyTask } from '~/features/analysis/types.ts'
import { analysedPages, axisLabels, chartScales, historyPoints, seriesPath } from './history-chart-data.ts'

function task(
  id: string,
  finishedAt: string | null,
  scores: MyTask['scores'],
  status: MyTask['status'] = 'success',
): MyTask {
  return {
    id,
    kind: 'ai_optimization',
    url: 'https://exemplo.pt/',
    platform: null,
    status,
    errorCode: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    finishedAt,
    scores,
  }
}

const box = { width: 600, height: 200, padding: { top: 10, right: 10, bottom: 30, left: 40 } }

describe('history chart data', () => {
  it('keeps finished analyses with scores, oldest first, clamped and rounded', () => {
    const points = historyPoints([
      task('c', '2026-03-01T10:00:00Z', { seo: 80, aio: 70, overall: 76 }),
      task('r', null, null, 'running'),
      task('a', '2026-01-01T10:00:00Z', { seo: 50.4, aio: 120, overall: null }),
      task('f', '2026-02-01T10:00:00Z', null, 'failed'),
      task('n', '2026-02-01T10:00:00Z', { seo: null, aio: null, overall: null }),
    ])
    expect(points.map((p) => p.id)).toEqual(['a', 'c'])
    expect(points[0]).toMatchObject({ seo: 50, aio: 100, overall: null })
  })

  it('places points by time, and 0-100 from bottom to top', () => {
    const points = historyPoints([
      task('a', '2026-01-01T00:00:00Z', { seo: 0, aio: 100, overall: 50 }),
      task('b', '2026-01-03T00:00:00Z', { seo: 100, aio: 100, overall: 50 }),
      task('c', '2026-01-04T00:00:00Z', { seo: 50, aio: 100, overall: 50 }),
    ])
    const scales = chartScales(points, box)
    expect(scales.x(points[0]!, 0)).toBe(40)
    expect(scales.x(points[2]!, 2)).toBe(590)
    // Two days of three: two thirds of the way.
    expect(scales.x(points[1]!, 1)).toBeCloseTo(40 + (550 * 2) / 3)
    expect(scales.y(100)).toBe(10)
    expect(scales.y(0)).toBe(170)
    expect(seriesPath(points, 'seo', scales)).toBe('M40.0,170.0 L406.7,10.0 L590.0,90.0')
  })

  it('centres a single analysis and skips missing scores in a series', () => {
    const one = historyPoints([task('a', '2026-01-01T00:00:00Z', { seo: 60, aio: null, overall: 60 })])
    const scales = chartScales(one, box)
    expect(scales.x(one[0]!, 0)).toBe(315)
    expect(seriesPath(one, 'aio', scales)).toBe('')
    expect(seriesPath(one, 'seo', scales)).toBe('M315.0,74.0')
  })
})

describe('history axis and pages', () => {
  const at = (iso: string, id = iso) => ({ id, at: iso, time: Date.parse(iso), seo: 1, aio: 1, overall: 1 })

  it('labels the ends with times when every point is on one day', () => {
    const labels = axisLabels([at('2026-11-23T14:05:00Z'), at('2026-11-23T16:40:00Z')], 'pt', 'UTC')
    expect(labels.first).toMatch(/23/)
    expect(labels.first).toMatch(/14:05/)
    expect(labels.last).toBe('16:40')
    expect(labels.first).not.toBe(labels.last)
  })

  it('labels the ends with dates when the points span days', () => {
    const labels = axisLabels([at('2026-11-20T14:05:00Z'), at('2026-11-23T16:40:00Z')], 'en', 'UTC')
    expect(labels.first).toBe('20 Nov 2026')
    expect(labels.last).toBe('23 Nov 2026')
  })

  it('one point: its date and time', () => {
    expect(axisLabels([at('2026-11-23T14:05:00Z')], 'en', 'UTC')).toEqual({
      first: '23 Nov 2026, 14:05',
      last: null,
    })
  })

  it('lists the pages of one host, each once, most recent first', () => {
    const tasks = [
      task('1', null, null),
      { ...task('2', null, null), url: 'https://exemplo.pt/precos' },
      { ...task('3', null, null), url: 'https://outro.pt/' },
      task('4', null, null),
    ]
    expect(analysedPages(tasks, 'exemplo.pt')).toEqual(['https://exemplo.pt/', 'https://exemplo.pt/precos'])
  })
})
