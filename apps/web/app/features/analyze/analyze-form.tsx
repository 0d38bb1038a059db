import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { rememberTyped } from '~/features/analysis/scheme-guess.ts'
import { checkDashboardUrl } from '~/features/analysis/url-rules.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang, useRootData } from '~/lib/root-data.ts'
import { notify } from '../toasts/notify.ts'
import { UrlInput } from '../ui/url-input.tsx'
import { dispatchAnalyze } from './events.ts'
import { placeholderHost } from './placeholder.ts'

interface AnalyzeFormProps {
  variant: 'hero' | 'closing'
  className?: string
}

/**
 * The site-address form. Without JavaScript it is a GET form to /suite (the suite normalises the
 * address); with JavaScript it validates, shows the toasts and dispatches `farol:analyze`.
 */
export function AnalyzeForm({ variant, className }: AnalyzeFormProps) {
  const { t } = useTranslation()
  const root = useRootData()
  const lang = useLang()
  const formRef = useRef<HTMLFormElement>(null)
  const inputId = useId()
  const errorId = useId()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // Before hydration the browser's own `required` check applies; afterwards our message does.
  useEffect(() => {
    if (!formRef.current) return
    formRef.current.noValidate = true
    formRef.current.dataset.hydrated = 'true'
  }, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const raw = new FormData(event.currentTarget).get('url')
    const typed = typeof raw === 'string' ? raw.trim() : ''
    // The dashboard's URL rules (spec §5), so "not a url" is refused here instead of failing in the suite.
    const checked = checkDashboardUrl(typed)
    if (!checked.ok) {
      setError(t('analyze.empty'))
      return
    }
    const url = checked.url
    // Typed without a scheme: the analysis may fall back to http (features/analysis/scheme-guess.ts).
    rememberTyped(typed, url)
    setError(null)
    setBusy(true)
    if (variant === 'hero') {
      notify('info', t('analyze.toastAnalyzingTitle'), t('analyze.toastAnalyzingDescription'))
    }
    dispatchAnalyze(url)
  }

  const label = busy ? t('analyze.busy') : root?.user ? t('analyze.submitSignedIn') : t('analyze.submit')

  return (
    <form
      ref={formRef}
      method="get"
      action="/suite"
      onSubmit={onSubmit}
      className={cx('w-full', className)}
      aria-busy={busy}
      data-testid={`analyze-form-${variant}`}
    >
      <input type="hidden" name="lang" value={lang} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <UrlInput
          id={inputId}
          label={t('analyze.label')}
          required
          placeholder={placeholderHost(root?.publicUrl ?? '')}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => error && setError(null)}
          className="min-h-12 w-full flex-1 rounded-lg border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 disabled:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-400 dark:disabled:bg-slate-800"
        />
        <button type="submit" disabled={busy} className="btn-primary">
          {label}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  )
}
