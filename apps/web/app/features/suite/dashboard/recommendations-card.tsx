import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  countByImpact,
  type Recommendation,
  type RecommendationTab,
  selectRecommendations,
} from '~/features/analysis/recommendations.ts'
import { notify } from '~/features/toasts/notify.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { ImpactBadge, RecommendationItem } from '../shared/recommendation-item.tsx'

const tabs: RecommendationTab[] = ['all', 'seo', 'aio']

/**
 * Personalised recommendations with tabs all / seo / aio, three each, and 'Ver todas'. `siteAuditHint`:
 * where to crawl the whole site, shown when the signed-in user has no crawl of it yet.
 */
export function RecommendationsCard({
  list,
  signedIn,
  siteAuditHint = null,
}: {
  list: Recommendation[]
  signedIn: boolean
  siteAuditHint?: string | null
}) {
  const { t } = useTranslation('suite')
  const navigate = useNavigate()
  const [tab, setTab] = useState<RecommendationTab>('all')
  const shown = selectRecommendations(list, tab)

  function seeAll() {
    if (!signedIn) {
      notify('info', t('dashboard.loginNeededTitle'), t('dashboard.loginNeededDescription'))
      return
    }
    void navigate('/suite/recommendations')
  }

  return (
    <section className="card" data-testid="recommendations-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('dashboard.recommendationsTitle')}
        </h2>
        <button type="button" className="btn-outline" onClick={seeAll} data-testid="see-all">
          {t('dashboard.seeAll')}
        </button>
      </div>
      <div
        role="tablist"
        aria-label={t('dashboard.recTabs.label')}
        className="mt-4 flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={cx(
              'min-h-11 flex-1 rounded-md px-3 text-sm font-medium',
              tab === key
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-50'
                : 'text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700',
            )}
            data-testid={`rec-tab-${key}`}
          >
            {t(`dashboard.recTabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4">
        {shown.length ? (
          <ul className="flex flex-col gap-3">
            {shown.map((item) => (
              <RecommendationItem key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-700 dark:text-slate-300">{t('dashboard.noRecommendations')}</p>
        )}
      </div>
      {siteAuditHint ? (
        <p
          className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
          data-testid="site-audit-hint"
        >
          {t('siteAudit.hint')}{' '}
          <Link to={siteAuditHint} className="font-medium text-blue-800 underline dark:text-blue-300">
            {t('siteAudit.hintLink')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}

/** How many recommendations of each impact, with a bar each; the items are in the card beside it. */
export function PriorityCard({ list }: { list: Recommendation[] }) {
  const { t } = useTranslation('suite')
  const counts = countByImpact(list)
  const largest = Math.max(1, counts.high, counts.medium, counts.low)
  return (
    <section className="card" data-testid="priority-card">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('dashboard.priorityTitle')}
      </h2>
      {list.length ? (
        <ul className="mt-4 flex flex-col gap-4">
          {(['high', 'medium', 'low'] as const).map((impact) => (
            <li key={impact} data-testid={`priority-${impact}`}>
              <div className="flex items-center justify-between gap-2">
                <ImpactBadge impact={impact} />
                <span
                  className="text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-50"
                  data-testid="priority-count"
                >
                  {counts[impact]}
                </span>
              </div>
              <div className="mt-2 h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-blue-700"
                  style={{ width: `${(counts[impact] / largest) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t('dashboard.noRecommendations')}</p>
      )}
    </section>
  )
}
