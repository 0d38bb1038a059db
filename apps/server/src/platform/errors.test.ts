import { describe, expect, it } from 'vitest'
import { appErrors, errorBody, requestLang } from './errors.ts'

describe('API error catalogue', () => {
  it('has a status and both languages for every code', () => {
    for (const [code, e] of Object.entries(appErrors)) {
      expect(e.status, code).toBeGreaterThanOrEqual(400)
      expect(e.pt, code).not.toEqual(e.en)
    }
  })
  it('answers in the requested language', () => {
    expect(errorBody('NOT_FOUND', 'en')).toEqual({
      error: { code: 'NOT_FOUND', message: 'Resource not found.' },
    })
    expect(requestLang(null, 'en-GB,en;q=0.9')).toBe('en')
    expect(requestLang(null, 'pt-PT')).toBe('pt')
    expect(requestLang(null, undefined)).toBe('pt')
    expect(requestLang('pt', 'en')).toBe('pt')
  })
})
