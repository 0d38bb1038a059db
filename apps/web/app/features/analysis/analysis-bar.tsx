import { RotateCcw } from 'lucide-react'
import { domainOf, formatDateTime } from '~/features/suite/shared/format.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { RunState } from './run-storage.ts'

/** When the analysis was made: its newest finished part, else when it started. */
function analysisDate(state: RunState, keys: readonly string[]): string {
  const finished = keys
    .map((k) => state.slots[k]?.finishedAt)
    .filter((d): d is string => Boolean(d))
    .sort()
  return finished.at(-1) ?? state.startedAt
}

/** The address the page came from, when the server fell back from https to http (typed without a scheme). */
function fallbackUrl(state: RunState): string | null {
  const final = Object.values(state.slots).find((s) => s.results?.finalUrl)?.results?.finalUrl
  return final && /^https:/i.test(state.url) && /^http:/i.test(final) ? final : null
}

/** The analysis a page opened on: its date, and "Reanalisar" for a new one. */
export function AnalysisBar({
  state,
  keys,
  busy,
  onReanalyse,
}: {
  state: RunState
  keys: readonly string[]
  busy: boolean
  onReanalyse: () => void
}) {
  const { t, lang } = useTranslation('core')
  const http = fallbackUrl(state)
  return (
    <div className="flex flex-col gap-2" data-testid="analysis-bar">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="analysis-date">
          {busy
            ? t('analysis.running')
            : t('analysis.of', { date: formatDateTime(analysisDate(state, keys), lang) })}
        </p>
        <button
          type="button"
          className="btn-outline btn-small gap-2"
          onClick={onReanalyse}
          disabled={busy}
          aria-label={t('analysis.reanalyseLabel', { host: domainOf(state.url) })}
          data-testid="reanalyse"
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          {t('analysis.reanalyse')}
        </button>
      </div>
      {http ? (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="http-fallback">
          {t('analysis.httpFallback', { url: http })}
        </p>
      ) : null}
    </div>
  )
}
