// The client view's sites (/dashboard/client when the active workspace is a team's): each site the person
// may see with its latest scores, the trend since the previous audit and the latest audit's alerts, in the
// person's language. Read-only: no control here changes anything.

import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import type { SiteRun, TrackedSite } from '../sites/api.ts'
import { formatDate } from '../ui/format.ts'
import { type Brand, type Workspace, type WorkspaceReport, workspacesApi } from './api.ts'
import { latestAndTrend } from './trend.ts'

interface SiteSummary {
  site: TrackedSite
  runs: SiteRun[]
}

export function ClientSites({ workspace }: { workspace: Workspace }) {
  const { t, lang } = useTranslation('workspaces')
  const [data, setData] = useState<SiteSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [brand, setBrand] = useState<Brand | null>(null)
  const [reports, setReports] = useState<WorkspaceReport[]>([])

  useEffect(() => {
    let stop = false
    ;(async () => {
      try {
        workspacesApi<{ brand: Brand | null }>('/workspaces/current/brand', lang)
          .then((r) => !stop && setBrand(r.brand))
          .catch(() => {})
        workspacesApi<{ reports: WorkspaceReport[] }>('/workspaces/current/reports', lang)
          .then((r) => !stop && setReports(r.reports))
          .catch(() => {})
        const { sites } = await workspacesApi<{ sites: TrackedSite[] }>('/sites', lang)
        const summaries = await Promise.all(
          sites.map(async (site) => ({
            site,
            runs: (await workspacesApi<{ runs: SiteRun[] }>(`/sites/${site.id}/history`, lang)).runs,
          })),
        )
        if (!stop) setData(summaries)
      } catch (e) {
        if (!stop) setError((e as Error).message)
      }
    })()
    return () => {
      stop = true
    }
  }, [lang])

  return (
    <section
      className="card dark:border-slate-700 dark:bg-slate-900"
      data-testid="client-sites"
      // The workspace's white label: its colour as the card's top edge, its logo, name and contact.
      style={brand ? { borderTop: `4px solid ${brand.color}` } : undefined}
    >
      <div className="flex items-center gap-3">
        {brand?.logo ? <img src={brand.logo} alt="" className="h-8 w-auto" /> : null}
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('client.title', { workspace: brand?.name ?? workspace.name })}
        </h2>
      </div>
      <p className="mt-1 text-sm">
        <Link
          to="/suite/reports"
          className="font-medium text-blue-800 hover:underline dark:text-blue-300"
          data-testid="client-all-reports"
        >
          {t('client.allReports')}
        </Link>
      </p>
      {brand?.contact ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="client-brand-contact">
          {brand.contact}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : !data ? (
        <p role="status" className="mt-3">
          {t('page.loading')}
        </p>
      ) : data.length === 0 ? (
        <p className="mt-3">{t('client.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {data.map(({ site, runs }) => {
            const last = runs.at(-1)
            return (
              <li key={site.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium break-all" data-testid="client-site-url">
                    {site.url}
                  </p>
                  {/* The site's page: its history, charts, alerts, crawls and keyword positions, read-only. */}
                  <Link
                    to={`/suite/sites?url=${encodeURIComponent(site.url)}`}
                    className="btn-outline btn-small"
                    aria-label={t('client.openResults', { url: site.url })}
                    data-testid="client-site-results"
                  >
                    {t('client.results')}
                  </Link>
                </div>
                <SiteReports reports={reports.filter((r) => r.url.startsWith(site.url))} url={site.url} />
                {runs.length === 0 ? (
                  <p className="mt-2 text-sm">{t('client.noRuns')}</p>
                ) : (
                  <>
                    <dl className="mt-2 flex flex-wrap gap-6 text-sm">
                      {(['totalScore', 'seoScore', 'aioScore'] as const).map((key) => {
                        const { latest, change } = latestAndTrend(runs, key)
                        const Icon =
                          change === null || change === 0
                            ? ArrowRight
                            : change > 0
                              ? ArrowUpRight
                              : ArrowDownRight
                        return (
                          <div key={key}>
                            <dt className="text-slate-600 dark:text-slate-400">
                              {t(
                                `client.${key === 'totalScore' ? 'total' : key === 'seoScore' ? 'seo' : 'aio'}`,
                              )}
                            </dt>
                            <dd className="flex items-center gap-1 text-lg font-semibold">
                              {latest ?? '—'}
                              {change !== null ? (
                                <span className="inline-flex items-center text-sm font-normal">
                                  <Icon className="size-4" aria-hidden="true" />
                                  {change > 0 ? `+${change}` : change}
                                </span>
                              ) : null}
                            </dd>
                          </div>
                        )
                      })}
                    </dl>
                    <h3 className="mt-3 text-sm font-semibold">{t('client.alerts')}</h3>
                    {last?.alerts.length ? (
                      <ul className="mt-1 list-disc pl-5 text-sm">
                        {last.alerts.map((a) => (
                          <li key={`${a.kind}-${a.text}`}>{a.text}</li>
                        ))}
                      </ul>
                    ) : (
                      <p className="text-sm">{t('client.noAlerts')}</p>
                    )}
                  </>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The site's finished reports, newest first, each a PDF to open (in the workspace's brand). */
function SiteReports({ reports, url }: { reports: WorkspaceReport[]; url: string }) {
  const { t, lang } = useTranslation('workspaces')
  return (
    <div className="mt-2" data-testid="client-site-reports">
      <h3 className="text-sm font-semibold break-all">{t('client.reportsOf', { url })}</h3>
      {reports.length === 0 ? (
        <p className="mt-1 text-sm">{t('client.noReports')}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {reports.map((r) => (
            <li key={r.id}>
              <a
                href={r.fileUrl}
                target="_blank"
                rel="noopener"
                className="font-medium text-blue-800 hover:underline dark:text-blue-300"
                data-testid="client-report-pdf"
              >
                {t('client.reportOf', {
                  date: formatDate(r.createdAt, lang),
                })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
