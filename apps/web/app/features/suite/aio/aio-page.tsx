import type { AuditResult } from '@farol/engine'
import { aiViewScores } from '~/features/analysis/aio-view.ts'
import { AnalysisBar } from '~/features/analysis/analysis-bar.tsx'
import { errorText } from '~/features/analysis/error-text.ts'
import { aioListsIn } from '~/features/analysis/localized.ts'
import { NotAuditedNotice } from '~/features/analysis/not-audited.tsx'
import { analysisResult, type SlotKey } from '~/features/analysis/run-storage.ts'
import { bandOf, scoreLabelKey } from '~/features/analysis/score-display.ts'
import { useAnalysisRun } from '~/features/analysis/use-analysis-run.ts'
import { notify } from '~/features/toasts/notify.ts'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { useSetHeaderDetails } from '../layout/header-context.tsx'
import { AccessGate } from '../shared/access-gate.tsx'
import { AnalysisProgress } from '../shared/analysis-progress.tsx'
import { ErrorPanel } from '../shared/error-panel.tsx'
import { FindingsList } from '../shared/findings-list.tsx'
import { domainOf } from '../shared/format.ts'
import { ScoreRing } from '../shared/score-ring.tsx'
import { UrlForm } from '../shared/url-form.tsx'
import { AiCrawlersSection } from './ai-crawlers.tsx'

const aioNeeds: SlotKey[] = ['aio']

export function AioPage({ queryUrl }: { queryUrl: string | null }) {
  const user = useRootData()?.user ?? null
  return (
    <AccessGate
      signedIn={Boolean(user)}
      returnTo={queryUrl ? `/suite/aio?${new URLSearchParams({ url: queryUrl })}` : '/suite/aio'}
    >
      {user ? <AioAnalysis queryUrl={queryUrl} /> : <AioPreview />}
    </AccessGate>
  )
}

/** What sits under the gate for anonymous visitors: the page's shape, without any result. */
function AioPreview() {
  const { t } = useTranslation('suite')
  return (
    <div className="flex flex-col gap-6" data-testid="aio-preview">
      <p className="text-slate-700 dark:text-slate-300">{t('aio.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {(['overall', 'contentClarity', 'naturalLanguage', 'logicalStructure'] as const).map((key) => (
          <div key={key} className="card h-40">
            <p className="font-semibold">{t(`aio.scores.${key}`)}</p>
            <div className="mt-4 size-20 rounded-full border-8 border-slate-200 dark:border-slate-700" />
          </div>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {(['strengths', 'weaknesses', 'recommendations'] as const).map((key) => (
          <div key={key} className="card h-48">
            <p className="font-semibold">{t(`aio.${key}`)}</p>
          </div>
        ))}
      </div>
    </div>
  )
}

function AioAnalysis({ queryUrl }: { queryUrl: string | null }) {
  const { t, lang } = useTranslation('suite')
  const run = useAnalysisRun({
    lang,
    needs: aioNeeds,
    queryUrl,
    signedIn: true,
    onStartError: (error) => notify('error', t('errors.startTitle'), error.message),
    defaultMessage: () => t('errors.aioDefault'),
  })
  const { state, phase } = run
  const slot = state?.slots.aio
  // One AIO score per analysis, the same as the dashboard's (analysisResult).
  const result = analysisResult(state)
  useSetHeaderDetails(state ? domainOf(state.url) : null, slot?.finishedAt)

  return (
    <div className="flex flex-col gap-6" data-testid="aio-page" data-phase={phase}>
      <p className="text-slate-700 dark:text-slate-300">{t('aio.intro')}</p>
      <UrlForm
        testId="aio-form"
        initialUrl={state?.url ?? queryUrl}
        busy={run.busy}
        validate={(raw) => {
          const url = normalizeAnalysisUrl(raw)
          if (url) return { url }
          notify('error', t('form.aioEmpty'), t('form.seoEmptyDescription'))
          return { error: t('form.aioEmpty') }
        }}
        onSubmit={(url, typed) => void run.start(url, { typed })}
      />
      {!run.ready ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('core:analysis.loading')}</p>
      ) : !state ? (
        <p className="card text-slate-700 dark:text-slate-300">{t('aio.emptyState')}</p>
      ) : null}
      {state ? (
        <AnalysisBar
          state={state}
          keys={aioNeeds}
          busy={run.busy}
          onReanalyse={() => void run.start(state.url, { fresh: true })}
        />
      ) : null}
      {state && phase === 'analysing' && slot ? <AnalysisProgress slots={[['aio', slot]]} /> : null}
      {state && slot && (slot.status === 'failed' || slot.status === 'error') && !result ? (
        <ErrorPanel
          title={t('errors.aioFailed')}
          messages={[
            state.startError
              ? errorText(t, state.startError.code, state.startError.message)
              : slot.errorCode || slot.message
                ? errorText(t, slot.errorCode, slot.message)
                : t('errors.aioDefault'),
          ]}
          onRetry={() => void run.start(state.url, { fresh: true })}
        />
      ) : null}
      <NotAuditedNotice result={result} />
      {result ? <AioResults result={result} /> : null}
    </div>
  )
}

function AioResults({ result }: { result: AuditResult }) {
  const { t, lang } = useTranslation('suite')
  const scores = aiViewScores(result.aio)
  const { strengths, weaknesses, recommendations } = aioListsIn(result.aio, lang)
  const { findings } = result.aio
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="aio-scores">
        {(Object.keys(scores) as (keyof typeof scores)[]).map((key) => (
          <section
            key={key}
            className="card flex flex-col items-center gap-2 text-center"
            data-testid={`aio-${key}`}
          >
            <h2 className="font-semibold text-slate-900 dark:text-slate-100">{t(`aio.scores.${key}`)}</h2>
            <ScoreRing
              score={scores[key]}
              colour={bandOf(scores[key])}
              size={96}
              label={t(`aio.scores.${key}`)}
              testId={`aio-${key}-value`}
            />
            <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
              {t(`labels.${scoreLabelKey(scores[key])}`)}
            </p>
          </section>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <section className="card" data-testid="aio-strengths">
          <h2 className="text-lg font-semibold text-green-800 dark:text-green-300">{t('aio.strengths')}</h2>
          <ListOrNone items={strengths} />
        </section>
        <section className="card" data-testid="aio-weaknesses">
          <h2 className="text-lg font-semibold text-red-800 dark:text-red-300">{t('aio.weaknesses')}</h2>
          <ListOrNone items={weaknesses} />
        </section>
        <section className="card" data-testid="aio-recommendations">
          <h2 className="text-lg font-semibold text-blue-800 dark:text-blue-300">
            {t('aio.recommendations')}
          </h2>
          {recommendations.length ? (
            <ul className="mt-3 flex flex-col gap-3 text-sm">
              {recommendations.map((r) => (
                <li key={r.title}>
                  <p className="font-semibold text-slate-900 dark:text-slate-100">{r.title}</p>
                  <p className="text-slate-700 dark:text-slate-300">{r.explanation}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t('aio.none')}</p>
          )}
        </section>
      </div>
      <AiCrawlersSection aio={result.aio} />
      <section className="card">
        <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('aio.findingsTitle')}
        </h2>
        <FindingsList findings={findings} testId="aio-findings" />
      </section>
    </>
  )
}

function ListOrNone({ items }: { items: string[] }) {
  const { t } = useTranslation('suite')
  if (!items.length) return <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t('aio.none')}</p>
  return (
    <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm text-slate-800 dark:text-slate-300">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
