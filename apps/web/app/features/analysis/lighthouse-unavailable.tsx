import { AlertTriangle } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'

export { lighthouseUnavailable } from './run-storage.ts'

/** "Lighthouse indisponível" with the reason; the on-page and AIO results are still shown below it. */
export function LighthouseUnavailable() {
  const { t } = useTranslation('core')
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="lighthouse-unavailable"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        {t('lighthouse.unavailableTitle')}
      </p>
      <p className="mt-1 text-sm">{t('errors.CHROME_NOT_FOUND')}</p>
      <p className="mt-1 text-sm">{t('lighthouse.unavailableBody')}</p>
    </div>
  )
}
