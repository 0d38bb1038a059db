// Password rules, checked on the server for every way a password is set (sign-up, reset, change).
// The specification's reset rules (length, uppercase, digit, special) and a list of common passwords.
import * as zxcvbnCommon from '@zxcvbn-ts/language-common'
import type { Lang } from '../platform/errors.ts'

const passwordLength = { min: 8, max: 128 } as const

// ~30k leaked passwords ranked by frequency; lower-cased comparisons catch "Password1!" style variants
// only when the whole string is on the list, which is the documented behaviour of such lists.
const common: ReadonlySet<string> = new Set(
  (zxcvbnCommon.dictionary as Record<string, string[]>)['passwords-common']!.map((p) => p.toLowerCase()),
)

export type PasswordProblem = 'tooShort' | 'tooLong' | 'noUppercase' | 'noDigit' | 'noSpecial' | 'common'

export const passwordMessages: Record<PasswordProblem, Record<Lang, string>> = {
  tooShort: { pt: 'Password deve ter pelo menos 8 caracteres', en: 'Password must be at least 8 characters' },
  tooLong: {
    pt: 'Password deve ter no máximo 128 caracteres',
    en: 'Password must be at most 128 characters',
  },
  noUppercase: {
    pt: 'Password deve conter pelo menos uma letra maiúscula',
    en: 'Password must contain at least one uppercase letter',
  },
  noDigit: {
    pt: 'Password deve conter pelo menos um número',
    en: 'Password must contain at least one number',
  },
  noSpecial: {
    pt: 'Password deve conter pelo menos um caractere especial',
    en: 'Password must contain at least one special character',
  },
  common: {
    pt: 'Esta password é demasiado comum. Escolha outra.',
    en: 'This password is too common. Choose another one.',
  },
}

/** Every rule the password breaks, in the order the form lists them. Empty means acceptable. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = []
  if ([...password].length < passwordLength.min) problems.push('tooShort')
  if ([...password].length > passwordLength.max) problems.push('tooLong')
  if (!/\p{Lu}/u.test(password)) problems.push('noUppercase')
  if (!/\p{Nd}/u.test(password)) problems.push('noDigit')
  if (!/[^\p{L}\p{N}]/u.test(password)) problems.push('noSpecial')
  if (isCommonPassword(password)) problems.push('common')
  return problems
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase()
  // Also catch the usual decoration of a common word: a capital, a trailing digit run and a symbol.
  const stripped = lower.replace(/[\d\W_]+$/u, '')
  return (
    common.has(lower) || (stripped.length >= 4 && common.has(stripped) && stripped.length >= lower.length - 4)
  )
}
