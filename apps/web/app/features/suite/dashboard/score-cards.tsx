import type { AuditResult } from '@farol/engine'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { bandOf, scoreLabelKey } from '~/features/analysis/score-display.ts'
import { shownOverall, useLlmScore } from '~/features/llm/llm-score.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { formatPercent } from '../../ui/format.ts'
import { formatNumber } from '../shared/format.ts'
import { ScoreRing } from '../shared/score-ring.tsx'

function ScoreCard({
  title,
  score,
  testId,
  to,
  button,
  note,
}: {
  title: string
  score: number
  testId: string
  to: string
  button: string
  note?: string | null
}) {
  const { t } = useTranslation('suite')
  return (
    <section className="card flex flex-col gap-4" data-testid={testId}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      <div className="flex items-center gap-4">
        <ScoreRing score={score} colour={bandOf(score)} label={title} testId={`${testId}-value`} />
        <div>
          <p
            className="text-xl font-semibold text-slate-900 dark:text-slate-50"
            data-testid={`${testId}-label`}
          >
            {t(`labels.${scoreLabelKey(score)}`)}
          </p>
          {note ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
        </div>
      </div>
      {/* The page's code is fetched while the card shows: it opens on this analysis without waiting. */}
      <Link to={to} prefetch="render" className="btn-outline mt-auto gap-2 self-start">
        {button}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  )
}

/** SEO score: Farol's on-page score, blended with Lighthouse's performance once it is known. */
export function SeoScoreCard({ result, url }: { result: AuditResult; url: string }) {
  const { t, lang } = useTranslation('suite')
  const { seo, seoParts } = result.scores
  const note =
    seoParts.performance === null
      ? t('dashboard.seoOnPageOnly')
      : t('dashboard.seoBlended', {
          onPage: seoParts.onPage ?? '—',
          wOnPage: formatNumber(seoParts.weights.onPage, lang, 2),
          performance: seoParts.performance,
          wPerformance: formatNumber(seoParts.weights.performance, lang, 2),
        })
  return (
    <ScoreCard
      title={t('dashboard.seoCard')}
      score={seo}
      testId="seo-score"
      to={`/suite/seo?${new URLSearchParams({ url })}`}
      button={t('dashboard.seoButton')}
      note={note}
    />
  )
}

export function AioScoreCard({ result, url }: { result: AuditResult; url: string }) {
  const { t } = useTranslation('suite')
  return (
    <ScoreCard
      title={t('dashboard.aioCard')}
      score={result.aio.scores.overall}
      testId="aio-score"
      to={`/suite/aio?${new URLSearchParams({ url })}`}
      button={t('dashboard.aioButton')}
    />
  )
}

/** Spec §9 overall score: 0.5 SEO + 0.3 AIO + 0.2 LLM; without LLM data its weight is redistributed. */
export function OverallScoreCard({ result }: { result: AuditResult }) {
  const { t, lang } = useTranslation('suite')
  // The LLM part is the address's latest AI-presence run: a signed-in user's analysis has it in its
  // overall from the server (as /api/v1 and the PDF, decision 045); an anonymous visitor's dashboard adds
  // their own run of this session. Without one the audit's own overall (weight redistributed) stands.
  const llm = useLlmScore(result.url, Boolean(useRootData()?.user))
  const overall = shownOverall(result.scores, llm)
  const pct = (w: number) => formatPercent(w, lang, 1)
  return (
    <section className="card" data-testid="overall-score">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('dashboard.overallTitle')}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <ScoreRing
          score={overall.score}
          colour={bandOf(overall.score)}
          label={t('dashboard.overallTitle')}
          testId="overall-score-value"
        />
        <div className="min-w-0 flex-1 text-sm text-slate-700 dark:text-slate-300">
          <p className="font-semibold text-slate-900 dark:text-slate-50">
            {t(`labels.${scoreLabelKey(overall.score)}`)}
          </p>
          <p className="mt-1">{t('dashboard.overallWeights')}</p>
          <p className="mt-1">
            {t('dashboard.overallApplied', {
              seo: pct(overall.weights.seo),
              aio: pct(overall.weights.aio),
              llm: pct(overall.weights.llm),
            })}
          </p>
          <p
            className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="overall-note"
          >
            {overall.note[lang]}
          </p>
        </div>
      </div>
    </section>
  )
}
