import { AlertTriangle, RotateCcw } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'

/** Spec §8: inline 'Erro na análise' panel with 'Tentar novamente' (resets and re-runs). */
export function ErrorPanel({
  title,
  messages,
  onRetry,
  action,
}: {
  title?: string
  messages: string[]
  onRetry?: () => void
  /** What to try instead (e.g. "Analisar em http" after https failed). */
  action?: { label: string; onClick: () => void }
}) {
  const { t } = useTranslation('suite')
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40"
      data-testid="analysis-error"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="font-semibold text-red-900 dark:text-red-200">{title ?? t('errors.panelTitle')}</h2>
          {messages.map((message) => (
            <p key={message} className="mt-1 text-sm text-red-900 dark:text-red-200">
              {message}
            </p>
          ))}
          {action ? (
            <button
              type="button"
              onClick={action.onClick}
              className="btn-primary btn-small mt-3 mr-2"
              data-testid="error-action"
            >
              {action.label}
            </button>
          ) : null}
          {onRetry ? (
            <button
              type="button"
              onClick={onRetry}
              className="btn-outline mt-3 gap-2 bg-white dark:bg-slate-900"
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('errors.retry')}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  )
}
