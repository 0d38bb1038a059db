// A tracked site's crawls and AI-presence runs as its workspace sees them (the server decides who:
// workspaces/access.ts): every member, not only the one who followed the site, reads the crawls' dates and
// pages with their CSV exports, and the presence score of each AI-presence run.
import { useEffect, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { sitesApi } from './api.ts'

interface SiteCrawl {
  id: string
  startUrl: string
  pages: number
  createdAt: string
  finishedAt: string | null
}
interface PresenceRun {
  taskId: string
  date: string | null
  presenceScore: number | null
}

export function SiteAnalyses({
  siteId,
  formatDate,
}: {
  siteId: string
  formatDate: (iso: string) => string
}) {
  const { t, lang } = useTranslation('sites')
  const [crawls, setCrawls] = useState<SiteCrawl[] | null>(null)
  const [runs, setRuns] = useState<PresenceRun[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    Promise.all([
      sitesApi<{ crawls: SiteCrawl[] }>(`/sites/${siteId}/crawls`, lang),
      sitesApi<{ runs: PresenceRun[] }>(`/sites/${siteId}/llm/history`, lang),
    ])
      .then(([c, r]) => {
        if (!live) return
        setCrawls(c.crawls)
        setRuns(r.runs)
      })
      .catch((e: Error) => live && setError(e.message))
    return () => {
      live = false
    }
  }, [siteId, lang])

  if (error) return <p role="alert">{error}</p>
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid="site-analyses">
      <div>
        <h3 className="font-semibold">{t('analyses.crawlsTitle')}</h3>
        {crawls === null ? (
          <p role="status">{t('loading')}</p>
        ) : crawls.length === 0 ? (
          <p className="text-sm">{t('analyses.noCrawls')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2 text-sm" data-testid="site-crawls">
            {crawls.slice(0, 5).map((c) => (
              <li key={c.id}>
                <span className="font-medium">{formatDate(c.createdAt)}</span>
                {' — '}
                {c.finishedAt ? t('analyses.pages', { count: c.pages }) : t('analyses.running')}
                {c.finishedAt ? (
                  <>
                    {' · '}
                    <a className="underline" href={`/api/site-audit/crawls/${c.id}/export.csv`}>
                      {t('analyses.issuesCsv')}
                    </a>
                    {' · '}
                    <a className="underline" href={`/api/site-audit/crawls/${c.id}/inventory.csv`}>
                      {t('analyses.inventoryCsv')}
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold">{t('analyses.presenceTitle')}</h3>
        {runs === null ? (
          <p role="status">{t('loading')}</p>
        ) : runs.length === 0 ? (
          <p className="text-sm">{t('analyses.noPresence')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2 text-sm" data-testid="site-presence-runs">
            {runs
              .slice(-5)
              .reverse()
              .map((r) => (
                <li key={r.taskId}>
                  <span className="font-medium">{r.date ? formatDate(r.date) : '—'}</span>
                  {' — '}
                  {t('analyses.presenceScore', { score: r.presenceScore ?? '—' })}
                </li>
              ))}
          </ul>
        )}
      </div>
    </div>
  )
}
