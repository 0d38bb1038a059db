import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { AnalysisBar } from '~/features/analysis/analysis-bar.tsx'
import {
  buildRecommendations,
  filterRecommendations,
  type Impact,
  type RecommendationType,
} from '~/features/analysis/recommendations.ts'
import type { RunState } from '~/features/analysis/run-storage.ts'
import { useAnalysisRun } from '~/features/analysis/use-analysis-run.ts'
import { useBotFindings, withBotFindings } from '~/features/bots/bot-recommendations.ts'
import { withSiteAudit } from '~/features/site-audit/site-recommendations.ts'
import { useSiteAudit } from '~/features/site-audit/use-site-audit.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { useSetHeaderDetails } from '../layout/header-context.tsx'
import { domainOf } from '../shared/format.ts'
import { RecommendationItem } from '../shared/recommendation-item.tsx'
import { signInPath } from '../shared/sign-in.ts'

const types: (RecommendationType | 'all')[] = [
  'all',
  'seo',
  'aio',
  'content',
  'technical',
  'structure',
  'performance',
  'site',
]
const impacts: (Impact | 'all')[] = ['all', 'high', 'medium', 'low']

/** /suite/recommendations: every recommendation of the dashboard's last analysis, filterable. */
export function RecommendationsPage({ queryUrl = null }: { queryUrl?: string | null }) {
  const { t, lang } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  const [type, setType] = useState<RecommendationType | 'all'>('all')
  const [impact, setImpact] = useState<Impact | 'all'>('all')
  // The latest analysis (this session's, else the server's); recommendations need its on-page/AIO part.
  const analysis = useAnalysisRun({
    lang,
    needs: ['aio'],
    queryUrl,
    signedIn: Boolean(user),
    complete: Boolean(user),
  })
  const run: RunState | null | undefined = analysis.ready ? analysis.state : undefined
  // The user's latest crawl of the same site adds its site-wide issues (issue 18).
  const siteAudit = useSiteAudit(run?.url ?? null, Boolean(user), lang)
  // And the AI crawlers' findings from the site's access logs (issue 32).
  const botFindings = useBotFindings(run?.url ?? null, Boolean(user), lang)
  const all = useMemo(
    () =>
      run
        ? withBotFindings(
            withSiteAudit(
              buildRecommendations([run.slots.aio?.results, run.slots.desktop?.results], lang),
              siteAudit ?? null,
              lang,
            ),
            botFindings ?? null,
            lang,
          )
        : [],
    [run, lang, siteAudit, botFindings],
  )
  useSetHeaderDetails(
    run ? domainOf(run.url) : null,
    run?.slots.desktop?.finishedAt ?? run?.slots.aio?.finishedAt,
  )

  if (!user) {
    return (
      <div className="card" data-testid="recommendations-login">
        <h2 className="text-lg font-semibold">{t('dashboard.loginNeededTitle')}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('dashboard.loginNeededDescription')}</p>
        <Link to={signInPath()} className="btn-primary btn-small mt-4">
          {t('header.signIn')}
        </Link>
      </div>
    )
  }
  if (run === undefined) return <p className="text-slate-700 dark:text-slate-300">{t('header.loading')}</p>
  if (!run) {
    return (
      <div className="card">
        <p className="text-slate-700 dark:text-slate-300">{t('recommendations.noAnalysis')}</p>
        <Link to="/suite" className="btn-outline mt-4">
          {t('recommendations.goDashboard')}
        </Link>
      </div>
    )
  }
  const shown = filterRecommendations(all, { type, impact })
  const select =
    'min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900'
  return (
    <div className="flex flex-col gap-4" data-testid="recommendations-page">
      <p className="text-slate-700 dark:text-slate-300">{t('recommendations.intro')}</p>
      <AnalysisBar
        state={run}
        keys={['aio', 'desktop']}
        busy={analysis.busy}
        onReanalyse={() => void analysis.start(run.url, { fresh: true })}
      />
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('recommendations.filterType')}
          <select
            className={select}
            value={type}
            onChange={(e) => setType(e.target.value as RecommendationType | 'all')}
          >
            {types.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t('recommendations.all') : t(`types.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('recommendations.filterImpact')}
          <select
            className={select}
            value={impact}
            onChange={(e) => setImpact(e.target.value as Impact | 'all')}
          >
            {impacts.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t('recommendations.all') : t(`impact.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {t('recommendations.count', { count: shown.length })}
        </p>
      </div>
      {shown.length ? (
        <ul className="flex flex-col gap-3">
          {shown.map((item) => (
            <RecommendationItem key={item.id} item={item} withEvidence />
          ))}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t('recommendations.none')}</p>
      )}
    </div>
  )
}
