import { describe, expect, it } from 'vitest'
import {
  emailProblem,
  firstPasswordProblem,
  hasErrors,
  passwordChecklist,
  validateChangePassword,
  validateProfileName,
  validateReset,
  validateSignIn,
  validateSignUp,
} from './validation.ts'

describe('password rules', () => {
  it('tick as each rule is met', () => {
    const ok = (p: string) =>
      passwordChecklist(p)
        .filter((r) => r.ok)
        .map((r) => r.id)
    expect(ok('')).toEqual([])
    expect(ok('abcdefgh')).toEqual(['length'])
    expect(ok('Abcdefgh')).toEqual(['length', 'uppercase'])
    expect(ok('Abcdefg1')).toEqual(['length', 'uppercase', 'digit'])
    expect(ok('Abcdef1!')).toEqual(['length', 'uppercase', 'digit', 'special'])
    expect(ok('Ábcdef1 ')).toEqual(['length', 'uppercase', 'digit', 'special'])
  })

  it('report the first broken rule in the listed order', () => {
    expect(firstPasswordProblem('abc')).toBe('rules.length')
    expect(firstPasswordProblem('abcdefgh')).toBe('rules.uppercase')
    expect(firstPasswordProblem('Abcdefgh')).toBe('rules.digit')
    expect(firstPasswordProblem('Abcdefg1')).toBe('rules.special')
    expect(firstPasswordProblem('Abcdef1!')).toBeUndefined()
    expect(firstPasswordProblem(`A1!${'a'.repeat(126)}`)).toBe('rules.tooLong')
  })
})

describe('forms', () => {
  it('sign-in needs an email and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    })
    expect(validateSignIn({ email: 'ana@', password: 'x' })).toEqual({ email: 'validation.emailInvalid' })
    expect(hasErrors(validateSignIn({ email: ' ana@exemplo.pt ', password: 'x' }))).toBe(false)
    expect(emailProblem('ana@exemplo.pt')).toBeUndefined()
  })

  it('sign-up applies the password rules', () => {
    expect(validateSignUp({ name: '', email: 'ana@exemplo.pt', password: 'abcdefgh' })).toEqual({
      password: 'rules.uppercase',
    })
    expect(validateSignUp({ name: 'x'.repeat(101), email: 'a@b.pt', password: 'Farol#2026' })).toEqual({
      name: 'validation.nameTooLong',
    })
  })

  it('reset needs the rules and a matching confirmation', () => {
    expect(validateReset({ password: 'Farol#2026', confirmPassword: 'Farol#2025' })).toEqual({
      confirmPassword: 'validation.passwordsDiffer',
    })
    expect(validateReset({ password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'rules.length',
    })
    expect(validateReset({ password: 'Farol#2026', confirmPassword: 'Farol#2026' })).toEqual({})
  })

  it('change password: three fields, 8 characters, matching confirmation', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'validation.required',
      newPassword: 'validation.required',
      confirmPassword: 'validation.required',
    })
    expect(
      validateChangePassword({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' }),
    ).toEqual({ newPassword: 'validation.changeTooShort' })
    expect(
      validateChangePassword({ currentPassword: 'old', newPassword: 'longenough', confirmPassword: 'other' }),
    ).toEqual({ confirmPassword: 'validation.changeMismatch' })
  })

  it('profile name is 1 to 100 characters', () => {
    expect(validateProfileName('  ')).toBe('validation.nameRequired')
    expect(validateProfileName('x'.repeat(101))).toBe('validation.nameTooLong')
    expect(validateProfileName(' Inês ')).toBeUndefined()
  })
})
