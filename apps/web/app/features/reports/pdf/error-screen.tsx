import { CircleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type ReportLoadError, reportErrorText } from '../report-data.ts'
import { type ReportIds, reportIdKeys } from '../types.ts'
import { ReadySignal } from './ready-signal.tsx'
import { ReportToolbar } from './report-document.tsx'

/** Spec §8 "Report page": the error text, the three ids, a hint; toast 'Failed to load report data'. */
export function ReportErrorScreen({
  ids,
  error,
  latest = null,
}: {
  ids: Partial<ReportIds>
  error: ReportLoadError
  latest?: { url: string; ids: ReportIds } | null
}) {
  const { t } = useTranslation('reports')
  const text = reportErrorText(error, t)

  useEffect(() => {
    notify('error', t('pdf.errorToast'), text || t('pdf.errorCheckIds'))
  }, [t, text])

  return (
    <div className="report mx-auto max-w-3xl" data-testid="pdf-report-error">
      <ReportToolbar />
      <section className="report-card rounded-xl border border-red-200 bg-red-50 p-6" role="alert">
        <div className="flex items-start gap-3">
          <CircleAlert className="mt-0.5 size-6 shrink-0 text-red-700" aria-hidden="true" />
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-red-900">{t('pdf.errorTitle')}</h1>
            <p className="mt-2 break-words text-red-900" data-testid="pdf-report-error-text">
              {text}
            </p>
          </div>
        </div>
        <h2 className="mt-6 font-semibold text-slate-900">{t('pdf.idsTitle')}</h2>
        <dl
          className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm"
          data-testid="pdf-report-error-ids"
        >
          {reportIdKeys.map((key) => (
            <div key={key} className="contents">
              <dt className="font-medium text-slate-800">{t(`pdf.${key}`)}</dt>
              <dd className="break-all font-mono text-slate-700">{ids[key] || t('pdf.idMissing')}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-700">{t('pdf.errorHint')}</p>
        {latest ? (
          <p className="mt-4">
            <a
              className="btn-primary"
              href={`/suite/pdf-report?${new URLSearchParams({ ...latest.ids })}`}
              data-testid="pdf-report-latest"
            >
              {t('pdf.openLatest', { url: latest.url })}
            </a>
          </p>
        ) : error.kind === 'missing-ids' ? (
          <p className="mt-4 text-sm text-slate-700">
            <a className="underline" href="/suite/reports" data-testid="pdf-report-generate">
              {t('pdf.generateInstead')}
            </a>
          </p>
        ) : null}
      </section>
      <ReadySignal error />
    </div>
  )
}

export function ReportLoading() {
  const { t } = useTranslation('reports')
  return (
    <p className="py-16 text-center text-slate-700" role="status" data-testid="pdf-report-loading">
      {t('pdf.loading')}
    </p>
  )
}
