import { describe, expect, it } from 'vitest'
import { EngineError, engineErrors } from './errors.ts'

describe('engine error catalogue', () => {
  it('gives every code a message in both languages', () => {
    for (const [code, msg] of Object.entries(engineErrors)) {
      expect(msg.pt, code).not.toBe('')
      expect(msg.en, code).not.toBe('')
      expect(msg.pt, code).not.toBe(msg.en)
    }
  })
  it('tells transient failures from permanent ones', () => {
    expect(new EngineError('TOTAL_TIMEOUT').transient).toBe(true)
    expect(new EngineError('BLOCKED_ADDRESS').transient).toBe(false)
    expect(new EngineError('INVALID_URL').localizedMessage('en')).toBe('The address is not a valid URL.')
  })
})
