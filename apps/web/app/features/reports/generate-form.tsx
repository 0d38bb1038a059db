import { FileText, Loader2 } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { analysisRunKey, readRun } from '~/features/analysis/run-storage.ts'
import { getLatestAnalysis } from '~/features/analysis/task-client.ts'
import { notify } from '~/features/toasts/notify.ts'
import { UrlInput } from '~/features/ui/url-input.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { createReport } from './reports-api.ts'
import type { Report } from './types.ts'

/** Generate a report from an address (spec §5: an empty address does nothing). */
export function GenerateForm({ onCreated }: { onCreated: (report: Report) => void }) {
  const { t, lang } = useTranslation('reports')
  const inputId = useId()
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)

  // Opens on the latest analysed address (this session's, else the account's latest analysis): the report
  // is of the analysis the reader just saw (issue 12).
  useEffect(() => {
    let cancelled = false
    const stored = readRun(analysisRunKey)?.url
    const fill = (url: string | null | undefined) => {
      if (!cancelled && url) setValue((current) => current || url)
    }
    if (stored) fill(stored)
    else
      void getLatestAnalysis(null, lang)
        .then((latest) => fill(latest.url))
        .catch(() => {})
    return () => {
      cancelled = true
    }
  }, [lang])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const url = value.trim()
    if (!url || busy) return
    setBusy(true)
    const result = await createReport(url, lang)
    setBusy(false)
    if (result.ok) {
      onCreated(result.report)
      setValue('')
      notify('success', t('toasts.started'), t('toasts.startedBody'))
    } else if (result.loginRequired) {
      notify('error', t('toasts.loginRequired'))
    } else {
      notify('error', t('toasts.generateFailed'), result.message ?? undefined)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="card" data-testid="report-generate-form" aria-busy={busy}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('page.generateTitle')}</h2>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <UrlInput
          id={inputId}
          label={t('page.urlLabel')}
          value={value}
          placeholder={t('page.urlPlaceholder')}
          onChange={(event) => setValue(event.target.value)}
          className="min-h-12 flex-1 rounded-lg border border-slate-300 px-4 text-base focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-200 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50 dark:placeholder:text-slate-400 dark:focus:border-blue-400 dark:focus:ring-blue-900"
          data-testid="report-url"
        />
        <button type="submit" className="btn-primary gap-2" disabled={busy} data-testid="report-generate">
          {busy ? (
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <FileText className="size-5" aria-hidden="true" />
          )}
          {busy ? t('page.generating') : t('page.generate')}
        </button>
      </div>
    </form>
  )
}
