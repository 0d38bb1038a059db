// A report's shareable read-only links (issue 34): make one valid for 7, 30 or 90 days, copy it, revoke it.
// The link opens the PDF for people without an account and is never indexed (reports/links.ts).

import { Link2 } from 'lucide-react'
import { useCallback, useEffect, useId, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { sitesApi } from '../sites/api.ts'
import { formatDate } from '../ui/format.ts'

interface ShareLink {
  id: string
  expiresAt: string
  revoked: boolean
  usable: boolean
  url?: string
}

/** The row's "Partilhar link" toggle; the panel (ShareLinkPanel) is laid out below the whole row. */
export function ShareLinkButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('reports')
  return (
    <button
      type="button"
      className="btn-outline btn-small gap-1.5"
      aria-expanded={open}
      data-testid="report-share-button"
      onClick={onToggle}
    >
      <Link2 className="size-4" aria-hidden="true" />
      {t('share.button')}
    </button>
  )
}

/**
 * The links of one report: choose the days, make a link (copied at once), see and revoke the others. It
 * spans the report's whole row: inside the row's narrow action column it squeezed the address (and the
 * link) to a character per line.
 */
export function ShareLinkPanel({ reportId }: { reportId: string }) {
  const { t, lang } = useTranslation('reports')
  const ids = useId()
  const [days, setDays] = useState(30)
  const [links, setLinks] = useState<ShareLink[]>([])
  const [made, setMade] = useState<string | null>(null)

  const load = useCallback(
    async () => setLinks((await sitesApi<{ links: ShareLink[] }>(`/reports/${reportId}/links`, lang)).links),
    [reportId, lang],
  )
  const act = useCallback(
    async (work: () => Promise<unknown>) => {
      try {
        await work()
        await load()
      } catch (e) {
        notify('error', (e as Error).message)
      }
    },
    [load],
  )
  useEffect(() => {
    void act(async () => {})
  }, [act])
  return (
    <div
      className="w-full min-w-0 space-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
      data-testid="report-share"
    >
      <p>{t('share.hint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${ids}-days`}>{t('share.days')}</label>
        <select id={`${ids}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[7, 30, 90].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn-primary btn-small"
          onClick={() =>
            void act(async () => {
              const link = await sitesApi<ShareLink>(`/reports/${reportId}/links`, lang, {
                method: 'POST',
                body: JSON.stringify({ days }),
              })
              setMade(link.url ?? null)
              await navigator.clipboard?.writeText(link.url ?? '').catch(() => {})
            })
          }
        >
          {t('share.create')}
        </button>
      </div>
      {made ? (
        <input
          readOnly
          aria-label={t('share.link')}
          className="block w-full min-w-0 rounded border px-2 py-1"
          value={made}
          data-testid="report-share-url"
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
      <ul className="space-y-1">
        {links.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-2" data-testid="report-share-link">
            <span>
              {l.revoked
                ? t('share.revoked')
                : l.usable
                  ? t('share.until', {
                      date: formatDate(l.expiresAt, lang),
                    })
                  : t('share.expired')}
            </span>
            {l.usable ? (
              <button
                type="button"
                className="btn-outline btn-small"
                onClick={() =>
                  void act(() => sitesApi(`/reports/${reportId}/links/${l.id}`, lang, { method: 'DELETE' }))
                }
              >
                {t('share.revoke')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
