import { describe, expect, it } from 'vitest'
import { scheduleFor, schedulesToWrite } from './monitor.ts'

describe('schedulesToWrite', () => {
  const sites = [
    { id: 'a', frequency: 'weekly' },
    { id: 'b', frequency: 'daily' },
    { id: 'c', frequency: 'monthly' },
  ]
  it('writes only the missing and the changed schedules', () => {
    const existing = new Map([
      ['a', scheduleFor('weekly', undefined)],
      ['b', scheduleFor('weekly', undefined)],
    ])
    expect(schedulesToWrite(sites, existing, undefined).map((s) => s.id)).toEqual(['b', 'c'])
  })
  it('rewrites every schedule when the operator sets or removes an interval', () => {
    const asConfigured = new Map(sites.map((s) => [s.id, scheduleFor(s.frequency as 'daily', undefined)]))
    expect(schedulesToWrite(sites, asConfigured, undefined)).toEqual([])
    expect(schedulesToWrite(sites, asConfigured, 5)).toHaveLength(3)
    const every5 = new Map(sites.map((s) => [s.id, scheduleFor('daily', 5)]))
    expect(schedulesToWrite(sites, every5, 5)).toEqual([])
    expect(schedulesToWrite(sites, every5, undefined)).toHaveLength(3)
  })
})
