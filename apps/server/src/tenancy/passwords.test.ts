import { describe, expect, it } from 'vitest'
import { isCommonPassword, passwordMessages, passwordProblems } from './passwords.ts'

describe('passwordProblems', () => {
  it('accepts a strong password', () => {
    expect(passwordProblems('Farol#Seguro2026')).toEqual([])
  })
  it.each([
    ['Ab1!', 'tooShort'],
    ['abcdefg1!', 'noUppercase'],
    ['Abcdefgh!', 'noDigit'],
    ['Abcdefgh1', 'noSpecial'],
    [`Aa1!${'x'.repeat(125)}`, 'tooLong'],
  ] as const)('%s breaks %s', (password, problem) => {
    expect(passwordProblems(password)).toContain(problem)
  })
  it('counts accented capitals and characters, not bytes', () => {
    expect(passwordProblems('Ção#1234')).toEqual([])
  })
  it('refuses common passwords, also with the usual decoration', () => {
    expect(isCommonPassword('password')).toBe(true)
    expect(isCommonPassword('Password1!')).toBe(true)
    expect(isCommonPassword('qwerty123')).toBe(true)
    expect(isCommonPassword('Farol#Seguro2026')).toBe(false)
    expect(passwordProblems('Password1!')).toEqual(['common'])
  })
  it('uses the specification strings', () => {
    expect(passwordMessages.tooShort.pt).toBe('Password deve ter pelo menos 8 caracteres')
    expect(passwordMessages.noSpecial.pt).toBe('Password deve conter pelo menos um caractere especial')
  })
})
