import { Loader2, Search } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { UrlInput } from '~/features/ui/url-input.tsx'
import { useTranslation } from '~/lib/i18n.tsx'

/** The suite's address form; `validate` returns an error message or the address to analyse. */
export function UrlForm({
  initialUrl,
  busy,
  validate,
  onSubmit,
  testId,
}: {
  initialUrl?: string | null
  busy: boolean
  validate: (raw: string) => { url: string } | { error: string }
  /** The checked address, and the text as typed (the server falls back to http when it had no scheme). */
  onSubmit: (url: string, typed: string) => void
  testId: string
}) {
  const { t } = useTranslation('suite')
  const inputId = useId()
  const errorId = useId()
  const [value, setValue] = useState(initialUrl ?? '')
  const [error, setError] = useState<string | null>(null)
  const [seenInitial, setSeenInitial] = useState(initialUrl)

  // A new address in the query (another analysis from the landing page) refills the field.
  if (initialUrl !== seenInitial) {
    setSeenInitial(initialUrl)
    setValue(initialUrl ?? '')
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = validate(value)
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    setError(null)
    onSubmit(checked.url, value)
  }

  return (
    <form onSubmit={submit} noValidate className="w-full" data-testid={testId} aria-busy={busy}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <UrlInput
          id={inputId}
          label={t('form.label')}
          value={value}
          placeholder={t('form.placeholder')}
          onChange={(event) => {
            setValue(event.target.value)
            if (error) setError(null)
          }}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 w-full flex-1 rounded-lg border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 disabled:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800 dark:focus:border-blue-400 dark:focus:ring-blue-400"
        />
        <button type="submit" disabled={busy} className="btn-primary btn-small gap-2">
          {busy ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Search className="size-4" aria-hidden="true" />
          )}
          {busy ? t('form.analyzing') : t('form.analyze')}
        </button>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mt-2 text-sm font-medium text-red-700 dark:text-red-400"
          data-testid={`${testId}-error`}
        >
          {error}
        </p>
      ) : null}
    </form>
  )
}
