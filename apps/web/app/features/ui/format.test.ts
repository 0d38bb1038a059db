import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatMilliseconds,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSeconds,
} from './format.ts'

// Intl separates a Portuguese number from its unit with a no-break space: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('the one formatter', () => {
  it('writes decimals, percentages and durations in each language', () => {
    expect(formatSeconds(17.8, 'pt')).toBe('17,8 s')
    expect(formatSeconds(17.8, 'en')).toBe('17.8 s')
    expect(formatSeconds(0.25, 'pt')).toBe('0,3 s')
    expect(plain(formatPercent(0.984, 'pt'))).toMatch(/^98,4 ?%$/)
    expect(formatPercent(0.984, 'en')).toBe('98.4%')
    expect(plain(formatPercent(1 / 3, 'pt', 0))).toMatch(/^33 ?%$/)
    expect(formatNumber(2.5, 'pt')).toBe('2,5')
    expect(formatNumber(2.5, 'en')).toBe('2.5')
    expect(plain(formatCount(12345, 'pt'))).toBe('12 345')
    expect(formatCount(12345, 'en')).toBe('12,345')
    expect(formatMilliseconds(180.4, 'pt')).toBe('180 ms')
    expect(plain(formatMoney(0.0123, 'pt', 'USD', 4))).toBe('0,0123 US$')
    expect(formatMoney(0.0123, 'en', 'USD', 4)).toBe('US$0.0123')
  })

  it('writes dates, never the raw value of a header', () => {
    expect(formatDay('2026-11-28', 'pt')).toBe('28/11/2026')
    expect(formatDay('2026-11-28', 'en')).toBe('28 Nov 2026')
    expect(formatDay('2026-11-28T00:00:00.000Z', 'pt', 'long')).toBe('28 de novembro de 2026')
    // An HTTP date (Last-Modified) is a date like any other.
    expect(formatDay('Sat, 28 Nov 2026 10:00:00 GMT', 'pt')).toBe('28/11/2026')
    expect(formatDate('2026-11-28T12:00:00Z', 'en', 'long')).toBe('28 November 2026')
    expect(formatDateTime('2026-11-28T12:00:00Z', 'pt')).toMatch(/^28\/11\/2026, \d{2}:\d{2}$/)
    expect(formatDateTime('not a date', 'pt')).toBe('not a date')
  })
})

const appDir = new URL('../..', import.meta.url).pathname
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}
/** Files that may format by hand, and why: none shows a figure to a reader this way. */
const byHand: Record<string, string> = {
  'features/ui/format.ts': 'the formatter itself',
  'features/field/field-format.ts': 'SVG coordinates (toFixed), not text',
  'features/sites/score-chart.tsx': 'SVG coordinates (toFixed), not text',
  'features/suite/dashboard/history-chart-data.ts': "the chart's axis in a given time zone; SVG coordinates",
}

describe('every page formats through it', () => {
  it('no other module formats numbers or dates by hand (toLocaleString, toFixed, new Intl formatters)', () => {
    const found = sources(appDir).flatMap((file) => {
      const name = relative(appDir, file)
      if (name in byHand) return []
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\.toLocale(?:String|DateString|TimeString)\(|new Intl\.(?:NumberFormat|DateTimeFormat)\(|\.toFixed\(/.test(
            line,
          )
            ? [`${name}:${i + 1}: ${line.trim()}`]
            : [],
        )
    })
    expect(found).toEqual([])
  })
})
