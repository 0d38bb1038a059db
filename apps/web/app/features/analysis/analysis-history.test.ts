import { describe, expect, it } from 'vitest'
import { historyPoints } from '../suite/dashboard/history-chart-data.ts'
import { historyRows } from './analysis-history.ts'
import { taskKindLabel } from './task-kinds.ts'
import type { MyTask } from './types.ts'

const task = (over: Partial<MyTask> & Pick<MyTask, 'id' | 'kind' | 'createdAt'>): MyTask => ({
  url: 'https://a.pt/',
  platform: null,
  status: 'success',
  errorCode: null,
  finishedAt: over.createdAt,
  scores: null,
  ...over,
})

// One analysis as the suite runs it (AIO 67 from the AIO task; the Lighthouse tasks computed 66 and 65
// from the rendered page), then an AI-presence run and a second analysis an hour later.
const tasks: MyTask[] = [
  task({
    id: 'a1',
    kind: 'ai_optimization',
    createdAt: '2026-11-26T10:00:00Z',
    scores: { seo: 90, aio: 67, overall: 81 },
  }),
  task({
    id: 'd1',
    kind: 'seo_analysis',
    platform: 'desktop',
    createdAt: '2026-11-26T10:00:01Z',
    scores: { seo: 80, aio: 66, overall: 75 },
  }),
  task({
    id: 'm1',
    kind: 'seo_analysis',
    platform: 'mobile',
    createdAt: '2026-11-26T10:02:00Z',
    scores: { seo: 70, aio: 65, overall: 68 },
  }),
  task({ id: 'p1', kind: 'llm_presence', createdAt: '2026-11-26T10:05:00Z' }),
  task({ id: 'a2', kind: 'ai_optimization', createdAt: '2026-11-26T11:00:00Z', status: 'running' }),
].reverse()

describe('history: one row per analysis', () => {
  it("groups an analysis's three tasks into one row with the suite's scores", () => {
    const rows = historyRows(tasks)
    expect(rows.map((r) => [r.kind, r.taskIds])).toEqual([
      ['analysis', ['a2']],
      ['llm_presence', ['p1']],
      ['analysis', ['a1', 'd1', 'm1']],
    ])
    // SEO from the desktop run, AIO from the AIO task, overall 0.625 × 80 + 0.375 × 67 = 75.1.
    expect(rows[2]!.scores).toEqual({ seo: 80, aio: 67, overall: 75 })
    expect(rows[0]!.status).toBe('running')
    // One point per analysis on the chart.
    expect(historyPoints(rows).map((p) => [p.id, p.aio])).toEqual([['a1', 67]])
  })

  it('a second AIO task of the same address starts another analysis', () => {
    const two = historyRows([
      task({ id: 'x2', kind: 'ai_optimization', createdAt: '2026-11-26T10:03:00Z' }),
      task({ id: 'x1', kind: 'ai_optimization', createdAt: '2026-11-26T10:00:00Z' }),
    ])
    expect(two.map((r) => r.taskIds)).toEqual([['x2'], ['x1']])
  })

  it('names every kind, and an unknown one without showing a key', () => {
    const t = (key: string) => `<${key}>`
    expect(taskKindLabel(t, 'analysis')).toBe('<history:kinds.analysis>')
    expect(taskKindLabel(t, 'seo_analysis', 'mobile')).toBe(
      '<history:kinds.seo_analysis> · <history:platforms.mobile>',
    )
    expect(taskKindLabel(t, 'bot_logs_next_year')).toBe('<history:kinds.other>')
  })
})
