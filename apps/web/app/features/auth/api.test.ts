import { describe, expect, it } from 'vitest'
import { failureMessage, failureOf } from './api.ts'

const t = (key: string) => `t(${key})`

describe('API failures', () => {
  it('read both error shapes', () => {
    expect(
      failureOf(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    ).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      translated: false,
    })
    expect(
      failureOf(400, {
        error: { code: 'VALIDATION', message: 'Dados inválidos.', fields: { name: 'O nome…' } },
      }),
    ).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: 'Dados inválidos.',
      translated: true,
      fields: { name: 'O nome…' },
    })
    expect(failureOf(429, null).code).toBe('RATE_LIMITED')
    expect(failureOf(502, 'not json').code).toBe('HTTP_502')
  })

  it('translate Better Auth codes, keep translated server messages, fall back otherwise', () => {
    expect(failureMessage(failureOf(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' }), t)).toBe(
      't(auth:errors.INVALID_EMAIL_OR_PASSWORD)',
    )
    expect(failureMessage(failureOf(400, { code: 'PASSWORD_NODIGIT', message: 'Password deve…' }), t)).toBe(
      'Password deve…',
    )
    expect(failureMessage(failureOf(429, { code: 'X', message: 'Too many' }), t)).toBe(
      't(auth:errors.RATE_LIMITED)',
    )
    expect(failureMessage(failureOf(400, { code: 'SOMETHING_NEW', message: 'English only' }), t)).toBe(
      't(auth:errors.unexpected)',
    )
    expect(failureMessage(failureOf(500, {}), t, 'account:profile.tryLater')).toBe(
      't(account:profile.tryLater)',
    )
  })
})
