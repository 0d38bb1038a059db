import { Download, Eye } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { addressOf, formatDateTime } from './format.ts'
import { pdfReportPath } from './report-data.ts'
import { ShareLinkButton, ShareLinkPanel } from './share-link.tsx'
import { StatusBadge } from './status-badge.tsx'
import type { Report } from './types.ts'

/** Spec §7: the download opens file_url in a new tab; without one, 'Este relatório não está disponível…'. */
function DownloadButton({ report }: { report: Report }) {
  const { t } = useTranslation('reports')
  const site = addressOf(report.url)
  return (
    <button
      type="button"
      className="btn-outline btn-small gap-1.5"
      aria-label={t('actions.downloadLabel', { site })}
      data-testid="report-download"
      data-available={report.file_url ? 'true' : 'false'}
      onClick={() => {
        if (report.file_url) window.open(report.file_url, '_blank', 'noopener')
        else notify('error', t('toasts.notAvailable'))
      }}
    >
      <Download className="size-4" aria-hidden="true" />
      {t('actions.download')}
    </button>
  )
}

function ReportRow({ report }: { report: Report }) {
  const { t, lang } = useTranslation('reports')
  const site = addressOf(report.url)
  const ids = {
    desktopTaskId: report.desktopTaskId ?? '',
    mobileTaskId: report.mobileTaskId ?? '',
    aiOptimizationTaskId: report.aiOptimizationTaskId ?? '',
  }
  const [sharing, setSharing] = useState(false)
  // Share links are made by those who may change the workspace (not its clients).
  const can = useCan()
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-testid="report-row"
      data-report-id={report.id}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p
            className="font-semibold break-all text-slate-900 dark:text-slate-50"
            title={report.url}
            data-testid="report-address"
          >
            {site}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span className="sr-only">{t('columns.created')}: </span>
            <time dateTime={report.created_at} suppressHydrationWarning>
              {formatDateTime(report.created_at, lang)}
            </time>
          </p>
          {report.status === 'failed' && report.message ? (
            <p className="mt-1 text-sm text-red-800 dark:text-red-300" data-testid="report-message">
              {report.message}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={report.status} />
          <DownloadButton report={report} />
          {report.status === 'success' ? (
            <Link
              to={pdfReportPath(ids)}
              className="btn-outline btn-small gap-1.5"
              aria-label={t('actions.viewLabel', { site })}
              data-testid="report-view"
            >
              <Eye className="size-4" aria-hidden="true" />
              {t('actions.view')}
            </Link>
          ) : null}
          {report.status === 'success' && can.write ? (
            <ShareLinkButton open={sharing} onToggle={() => setSharing(!sharing)} />
          ) : null}
        </div>
      </div>
      {sharing && report.status === 'success' ? <ShareLinkPanel reportId={report.id} /> : null}
    </li>
  )
}

export function ReportList({ reports }: { reports: Report[] }) {
  const { t } = useTranslation('reports')
  return (
    <section className="card" aria-labelledby="reports-list-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reports-list-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('page.listTitle')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('page.liveHint')}</p>
      </div>
      {reports.length ? (
        <ul className="mt-4 flex flex-col gap-3" data-testid="report-list" aria-live="polite">
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700 dark:text-slate-300" data-testid="report-empty">
          {t('page.empty')}
        </p>
      )}
    </section>
  )
}
