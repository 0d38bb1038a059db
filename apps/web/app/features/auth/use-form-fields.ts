import { useState } from 'react'
import { type FieldErrors, hasErrors } from './validation.ts'

/**
 * Values and per-field error keys of the auth and account forms. `check` runs the form's pure
 * validation, shows its errors (or clears the old ones) and says whether the form may be sent.
 */
export function useFormFields<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<F>>({})

  const set = (field: F) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  function check(): boolean {
    const problems = validate(values)
    setErrors(problems)
    return !hasErrors(problems)
  }

  return { values, errors, set, check }
}
