// historyOf: each answer compared with the same call's (surface, place, language, device) previous day only.
import { describe, expect, it } from 'vitest'
import { historyOf } from './history.ts'
import type { RunReport } from './report.ts'

type Row = RunReport['rows'][number]
const row = (day: string, cited: boolean, over: Partial<Row> = {}): Row => ({
  surface: 'ai_overview',
  keyword: 'seguro auto',
  locationCode: 2620,
  languageCode: 'pt',
  device: 'desktop',
  day,
  shown: true,
  asynchronous: false,
  cited,
  site: cited ? [{ position: 2, url: 'https://exemplo.pt/a', sections: [] }] : [],
  competitors: cited ? [] : ['concorrente-a.pt'],
  others: [{ domain: 'concorrente-a.pt', position: 1 }],
  references: [],
  text: [],
  cost: 0.002,
  ...over,
})

describe('historyOf', () => {
  it.each([
    ['first day: no change', [row('2026-11-01', true)], [null]],
    ['still cited', [row('2026-11-01', true), row('2026-11-02', true)], [null, null]],
    ['lost', [row('2026-11-01', true), row('2026-11-02', false)], [null, 'lost']],
    ['gained', [row('2026-11-01', false), row('2026-11-02', true)], [null, 'gained']],
    [
      'an answer no longer shown loses the citation',
      [row('2026-11-01', true), row('2026-11-02', false, { shown: false })],
      [null, 'lost'],
    ],
    [
      'another device is another call',
      [row('2026-11-01', true), row('2026-11-02', false, { device: 'mobile' })],
      [null, null],
    ],
    [
      'another surface is another call, in day order',
      [row('2026-11-02', false), row('2026-11-01', true, { surface: 'ai_mode' }), row('2026-11-01', true)],
      [null, null, 'lost'],
    ],
  ] as const)('%s', (_name, rows, changes) => {
    expect(historyOf([...rows]).map((h) => h.change)).toEqual(changes)
  })

  it('keeps where the site was cited and which competitors', () => {
    const [h] = historyOf([row('2026-11-01', true)])
    expect(h).toMatchObject({
      positions: [2],
      citations: [{ position: 2, url: 'https://exemplo.pt/a' }],
      others: ['concorrente-a.pt'],
    })
  })
})
