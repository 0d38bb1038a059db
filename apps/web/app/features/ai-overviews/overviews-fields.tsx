// The form parts the Google AI page's forms share (the run, the keyword sources, the tracking, a keyword's
// history): a labelled control, a group of checkboxes, and an action that is busy while it runs and says
// the server's translated message when it fails. One look and one behaviour for all of them.
import { Loader2 } from 'lucide-react'
import { type InputHTMLAttributes, type ReactNode, useState } from 'react'
import { ApiError } from '~/lib/api-error.ts'
import { cx } from '~/lib/cx.ts'

/** A text field or a select: at least 44 px high, the page's font size (no zoom on a phone). */
export const inputClass =
  'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base font-normal text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'

/** A label with its words above the control it names. */
export function Field({
  label,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode
  htmlFor: string
  className?: string
  children: ReactNode
}) {
  return (
    <label
      className={cx(
        'flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200',
        className,
      )}
      htmlFor={htmlFor}
    >
      {label}
      {children}
    </label>
  )
}

/** Checkboxes under a legend, each line at least 44 px high; `children` follow the boxes. */
export function Checkboxes<T extends string>({
  legend,
  options,
  chosen,
  onToggle,
  testId,
  children,
}: {
  legend: string
  options: { value: T; label: string }[]
  chosen: readonly T[]
  onToggle: (value: T) => void
  /** Each box's data-testid is `${testId}-${value}`. */
  testId: string
  children?: ReactNode
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className="flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
        >
          <input
            type="checkbox"
            className="size-5"
            checked={chosen.includes(o.value)}
            onChange={() => onToggle(o.value)}
            data-testid={`${testId}-${o.value}`}
          />
          {o.label}
        </label>
      ))}
      {children}
    </fieldset>
  )
}

/** What a failed call says: the server's translated message, else the error's own words. */
export const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : String(e))

/**
 * An action on the server: `busy` while one runs; a failure handed to `onError` as its message.
 * Resolves true when the action succeeded.
 */
export function useAction(onError: (message: string) => void) {
  const [busy, setBusy] = useState(false)
  async function run(action: () => Promise<void>): Promise<boolean> {
    setBusy(true)
    try {
      await action()
      return true
    } catch (e) {
      onError(messageOf(e))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** A labelled text input (the page's look); `after` follows the input inside the label (a datalist). */
export function TextField({
  id,
  label,
  value,
  onChange,
  className,
  after,
  ...input
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  className?: string
  after?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>) {
  return (
    <Field label={label} htmlFor={id} className={className}>
      <input
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {after}
    </Field>
  )
}

/** One of the page's cards: a section named by its heading. */
export function Card({
  id,
  title,
  className,
  children,
  ...rest
}: {
  id: string
  title: ReactNode
  className?: string
  children: ReactNode
  'data-testid'?: string
}) {
  return (
    <section className={cx('card flex flex-col gap-3', className)} aria-labelledby={id} {...rest}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A part of the page still loading, said to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {label}
    </p>
  )
}
