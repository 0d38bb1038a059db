import { Loader2 } from 'lucide-react'
import type { SlotState } from '~/features/analysis/run-storage.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatPercent } from '../../ui/format.ts'

/** The running tasks of an analysis: stage and percent of each. */
export function AnalysisProgress({
  slots,
}: {
  slots: ReadonlyArray<readonly [key: string, slot: SlotState]>
}) {
  const { t, lang } = useTranslation('suite')
  const { t: tc } = useTranslation('core')
  return (
    <section className="card" aria-label={t('progress.label')} data-testid="analysis-progress">
      <ul className="flex flex-col gap-4">
        {slots.map(([key, slot]) => {
          // Each row tells the true state of its task: a failure is "Falhou", a retry "Nova tentativa".
          const failed = slot.status === 'failed' || slot.status === 'error'
          const percent = slot.status === 'success' ? 100 : failed ? 0 : (slot.progress?.percent ?? 0)
          const stage =
            slot.status === 'success' ? 'done' : failed ? 'failed' : (slot.progress?.stage ?? 'queued')
          const stageText =
            stage === 'failed' || stage === 'retrying' ? tc(`progress.${stage}`) : t(`progress.${stage}`)
          const label = t(`progress.task.${key}`)
          return (
            <li key={key} data-testid={`progress-${key}`} data-status={slot.status} data-stage={stage}>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="inline-flex items-center gap-2 font-medium text-slate-800 dark:text-slate-200">
                  {slot.status === 'success' || slot.status === 'failed' || slot.status === 'error' ? null : (
                    <Loader2
                      className="size-4 animate-spin text-blue-700 dark:text-blue-400"
                      aria-hidden="true"
                    />
                  )}
                  {label}
                </span>
                <span className="text-slate-600 dark:text-slate-400">
                  {failed ? stageText : `${stageText} · ${formatPercent(percent / 100, lang, 0)}`}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${stageText} ${formatPercent(percent / 100, lang, 0)}`}
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
              >
                <div
                  className={`h-full rounded-full transition-[width] duration-500 ${failed ? 'bg-red-700' : 'bg-blue-700'}`}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
