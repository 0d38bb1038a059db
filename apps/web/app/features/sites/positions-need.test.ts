import { describe, expect, it } from 'vitest'
import { positionsNeed } from './positions-need.ts'

describe('no source of positions', () => {
  it('an administrator reads the setup steps (and the connect button when there is one)', () => {
    expect(positionsNeed(true, false)).toEqual({ lead: 'needsNone', items: ['dataForSeoSetup'] })
    expect(positionsNeed(true, true)).toEqual({ lead: 'needsNone', items: ['connect', 'dataForSeoSetup'] })
  })

  it('a user who can connect Search Console is offered it, with no environment variable', () => {
    expect(positionsNeed(false, true)).toEqual({
      lead: 'needsNoneConnect',
      items: ['connect', 'dataForSeoOthers'],
    })
  })

  it('a user who cannot connect anything reads whom to ask, not a list that ends after a colon', () => {
    expect(positionsNeed(false, false)).toEqual({ lead: 'needsNoneAsk', items: [] })
  })
})
