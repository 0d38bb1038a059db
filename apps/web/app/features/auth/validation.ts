/**
 * Pure form checks of the auth and account forms. Each returns i18n keys (namespace `auth`) per field,
 * so components translate them and tests need no React.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>

const passwordMin = 8
const passwordMax = 128

/** The specification's reset rules, in the order the forms list them as hints. */
const passwordRules = [
  { id: 'length', key: 'rules.length', test: (p: string) => p.length >= passwordMin },
  { id: 'uppercase', key: 'rules.uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'digit', key: 'rules.digit', test: (p: string) => /\d/.test(p) },
  { id: 'special', key: 'rules.special', test: (p: string) => /[^\p{L}\p{N}]/u.test(p) },
] as const

export type PasswordRuleId = (typeof passwordRules)[number]['id']

/** Each rule and whether the password meets it (hints tick as they are met). */
export function passwordChecklist(password: string): { id: PasswordRuleId; key: string; ok: boolean }[] {
  return passwordRules.map((rule) => ({ id: rule.id, key: rule.key, ok: rule.test(password) }))
}

/** The message key of the first rule the password breaks, or undefined when it meets them all. */
export function firstPasswordProblem(password: string): string | undefined {
  if (password.length > passwordMax) return 'rules.tooLong'
  return passwordRules.find((rule) => !rule.test(password))?.key
}

// Deliberately loose, like the browser's own type=email check: something@something.something.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailProblem(email: string): string | undefined {
  const value = email.trim()
  if (!value) return 'validation.emailRequired'
  if (!emailShape.test(value)) return 'validation.emailInvalid'
  return undefined
}

function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {}
  for (const [field, message] of Object.entries(errors) as [F, string | undefined][]) {
    if (message) out[field] = message
  }
  return out
}

export function validateSignIn(values: {
  email: string
  password: string
}): FieldErrors<'email' | 'password'> {
  return compact({
    email: emailProblem(values.email),
    password: values.password ? undefined : 'validation.passwordRequired',
  })
}

export function validateSignUp(values: {
  name: string
  email: string
  password: string
}): FieldErrors<'name' | 'email' | 'password'> {
  return compact({
    name: values.name.trim().length > 100 ? 'validation.nameTooLong' : undefined,
    email: emailProblem(values.email),
    password: values.password ? firstPasswordProblem(values.password) : 'validation.passwordRequired',
  })
}

export function validateRecovery(values: { email: string }): FieldErrors<'email'> {
  return compact({ email: emailProblem(values.email) })
}

export function validateReset(values: {
  password: string
  confirmPassword: string
}): FieldErrors<'password' | 'confirmPassword'> {
  return compact({
    password: values.password ? firstPasswordProblem(values.password) : 'validation.passwordRequired',
    confirmPassword: values.confirmPassword === values.password ? undefined : 'validation.passwordsDiffer',
  })
}

/**
 * Change password (spec §5): three fields required, new equals confirmation, at least 8 characters.
 * The server also applies the reset rules and checks the current password.
 */
export function validateChangePassword(values: {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}): FieldErrors<'currentPassword' | 'newPassword' | 'confirmPassword'> {
  const { currentPassword, newPassword, confirmPassword } = values
  return compact({
    currentPassword: currentPassword ? undefined : 'validation.required',
    newPassword: !newPassword
      ? 'validation.required'
      : newPassword.length < passwordMin
        ? 'validation.changeTooShort'
        : newPassword.length > passwordMax
          ? 'rules.tooLong'
          : undefined,
    confirmPassword: !confirmPassword
      ? 'validation.required'
      : confirmPassword !== newPassword
        ? 'validation.changeMismatch'
        : undefined,
  })
}

export function validateProfileName(name: string): string | undefined {
  const value = name.trim()
  if (!value) return 'validation.nameRequired'
  if (value.length > 100) return 'validation.nameTooLong'
  return undefined
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0
}
