/** Small form pieces shared by the auth and account screens: labelled fields, banners, busy buttons. */
import { Check, CircleAlert, CircleCheck, Info, LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { passwordChecklist } from './validation.ts'

const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600 read-only:bg-slate-100 disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800'

export interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange?: (value: string) => void
  type?: 'text' | 'email' | 'password'
  name?: string
  autoComplete?: string
  /** Translated error text; shown under the field and announced. */
  error?: string | undefined
  /** id of an element that describes the field (rule hints). */
  describedBy?: string
  required?: boolean
  readOnly?: boolean
  disabled?: boolean
  autoFocus?: boolean
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  name,
  autoComplete,
  error,
  describedBy,
  required,
  readOnly,
  disabled,
  autoFocus,
}: TextFieldProps) {
  const errorId = `${id}-error`
  const described = [error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        name={name ?? id}
        type={type}
        value={value}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        required={required}
        readOnly={readOnly}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: the first field of a dialog or a single-purpose page.
        autoFocus={autoFocus}
        className={inputClass}
      />
      <p id={errorId} aria-live="polite" className="mt-1 min-h-0 text-sm text-red-700 dark:text-red-400">
        {error ?? ''}
      </p>
    </div>
  )
}

/** The email field of the sign-in, sign-up, recovery and verification forms. */
export function EmailField({
  label,
  ...field
}: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'required'> & { label?: string }) {
  const { t } = useTranslation('auth')
  return (
    <TextField
      {...field}
      name="email"
      type="email"
      label={label ?? t('fields.email')}
      autoComplete="email"
      required
    />
  )
}

const tones = {
  error: {
    role: 'alert',
    icon: CircleAlert,
    className: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  },
  info: {
    role: 'status',
    icon: Info,
    className:
      'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  },
  success: {
    role: 'status',
    icon: CircleCheck,
    className:
      'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  },
} as const

export function Banner({
  tone,
  children,
  testId,
  className,
}: {
  tone: keyof typeof tones
  children: ReactNode
  testId?: string
  className?: string
}) {
  const { role, icon: Icon, className: toneClass } = tones[tone]
  return (
    <div
      role={role}
      data-testid={testId}
      className={cx('flex items-start gap-2 rounded-md border px-3 py-2 text-sm', toneClass, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  className,
}: {
  busy: boolean
  busyLabel: string
  disabled?: boolean
  children: ReactNode
  className?: string
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={cx('btn-primary w-full gap-2 disabled:cursor-not-allowed', className)}
    >
      {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </button>
  )
}

/** A new password (sign-up, reset, change) with the rule hints under it, which describe the field. */
export function NewPasswordField({
  id,
  password,
  ...field
}: Omit<TextFieldProps, 'value' | 'type' | 'autoComplete' | 'describedBy' | 'required'> & {
  password: string
}) {
  const hintsId = `${id}-hints`
  return (
    <div>
      <TextField
        {...field}
        id={id}
        type="password"
        autoComplete="new-password"
        value={password}
        describedBy={hintsId}
        required
      />
      <PasswordHints id={hintsId} password={password} />
    </div>
  )
}

/** The four password rules as hints that tick as they are met. */
function PasswordHints({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('auth')
  return (
    <ul id={id} className="mt-2 space-y-1 text-sm" aria-label={t('rules.title')} data-testid="password-hints">
      {passwordChecklist(password).map((rule) => (
        <li
          key={rule.id}
          data-rule={rule.id}
          data-met={rule.ok}
          className={cx(
            'flex items-center gap-2',
            rule.ok ? 'text-green-800 dark:text-green-400' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {rule.ok ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <span className="inline-block size-4 text-center" aria-hidden="true">
              •
            </span>
          )}
          <span>{t(rule.key)}</span>
          <span className="sr-only">{rule.ok ? t('rules.met') : t('rules.notMet')}</span>
        </li>
      ))}
    </ul>
  )
}

/** Page frame of the auth screens: a centred card with a heading. */
export function AuthCard({
  title,
  titleTestId,
  children,
}: {
  title: string
  titleTestId?: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-100" data-testid={titleTestId}>
          {title}
        </h1>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}
