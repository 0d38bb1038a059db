// A tracked site's keyword positions: add or remove keywords, each one's latest position and a small
// chart of its positions over the monitoring runs (lower is better, so the line goes up as it improves).
// Positions come from Search Console (the user links Google) or DataForSEO (the operator configures it);
// with neither, the panel says which connection it needs. While Google sign-in is configured and Search
// Console is not connected (or its grant stopped working), the panel offers to connect it.

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useIsAdmin } from '~/features/ui/operator-only.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { sitesApi } from './api.ts'
import { positionsNeed } from './positions-need.ts'
import { linkErrorKey, searchConsoleLinkBody } from './search-console.ts'

interface Point {
  at: string
  source: string
  position: number | null
  clicks: number | null
  impressions: number | null
}
interface KeywordsView {
  source: 'search-console' | 'dataforseo' | 'none'
  needs: ('search-console' | 'dataforseo')[]
  googleConfigured: boolean
  searchConsole: 'unavailable' | 'not-connected' | 'connected' | 'reconnect'
  /** The server's translated "connect again" message when the Google grant stopped working. */
  notice: { code: string; message: string } | null
  keywords: { id: string; keyword: string; latest: Point | null; history: Point[] }[]
}

function Sparkline({ history, label }: { history: Point[]; label: string }) {
  const ranked = history.filter((p) => p.position !== null)
  if (ranked.length < 2) return null
  const max = Math.max(10, ...ranked.map((p) => p.position!))
  const w = 120
  const h = 32
  const points = ranked
    .map((p, i) => `${(i / (ranked.length - 1)) * w},${((p.position! - 1) / (max - 1)) * (h - 4) + 2}`)
    .join(' ')
  return (
    <svg width={w} height={h} role="img" aria-label={label} className="text-sky-700 dark:text-sky-300">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}

/** `canEdit`: the user may track and drop keywords in this workspace (a client only reads them). */
export function KeywordPositions({ siteId, canEdit }: { siteId: string; canEdit: boolean }) {
  const { t, lang } = useTranslation('sites')
  const isAdmin = useIsAdmin()
  const ids = useId()
  const [view, setView] = useState<KeywordsView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [keyword, setKeyword] = useState('')
  const [busy, setBusy] = useState(false)
  const [connecting, setConnecting] = useState(false)
  // Back from Google after a failed link: Better Auth adds ?error=<code> to the error callback address.
  const [search] = useSearchParams()
  const linkFailed = search.get('searchConsole') === 'failed'
  const linkError = linkFailed ? t(`positions.${linkErrorKey(search.get('error'))}`) : null

  const load = useCallback(async () => {
    try {
      setView(await sitesApi<KeywordsView>(`/sites/${siteId}/keywords`, lang))
      setError(null)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('positions.failed'))
    }
  }, [siteId, lang, t])
  useEffect(() => {
    setView(null)
    void load()
  }, [load])

  async function add(event: FormEvent) {
    event.preventDefault()
    if (!keyword.trim()) {
      setError(t('positions.keywordRequired'))
      return
    }
    setBusy(true)
    try {
      await sitesApi(`/sites/${siteId}/keywords`, lang, { method: 'POST', body: JSON.stringify({ keyword }) })
      setKeyword('')
      await load()
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('positions.failed'))
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: string) {
    try {
      await sitesApi(`/sites/${siteId}/keywords/${id}`, lang, { method: 'DELETE' })
      await load()
    } catch (e) {
      notify('error', e instanceof ApiError ? e.message : t('positions.failed'))
    }
  }

  async function connectSearchConsole() {
    setConnecting(true)
    const response = await fetch('/api/auth/link-social', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(searchConsoleLinkBody()),
    }).catch(() => null)
    const body = (await response?.json().catch(() => ({}))) as { url?: string } | undefined
    if (response?.ok && body?.url) {
      window.location.assign(body.url)
      return
    }
    setConnecting(false)
    setError(t('positions.connectFailed'))
  }

  const canConnect =
    view?.googleConfigured && (view.searchConsole === 'not-connected' || view.searchConsole === 'reconnect')
  const connectButton =
    canConnect && canEdit ? (
      <button
        type="button"
        className="min-h-11 self-start underline disabled:opacity-60"
        onClick={() => void connectSearchConsole()}
        disabled={connecting}
        aria-busy={connecting}
      >
        {connecting
          ? t('positions.connecting')
          : view.searchConsole === 'reconnect'
            ? t('positions.reconnectSearchConsole')
            : t('positions.connectSearchConsole')}
      </button>
    ) : null

  const need = positionsNeed(isAdmin, connectButton !== null)

  return (
    <div className="flex flex-col gap-3" data-testid="keyword-positions">
      <h3 id={`${ids}-title`} className="font-semibold">
        {t('positions.title')}
      </h3>
      {view === null && !error ? <p role="status">{t('loading')}</p> : null}
      {view ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="positions-source">
          {view.source === 'none' ? t(`positions.${need.lead}`) : t(`positions.source.${view.source}`)}
        </p>
      ) : null}
      {view?.notice ? (
        <p className="text-sm text-amber-800 dark:text-amber-200" data-testid="search-console-notice">
          {view.notice.message}
        </p>
      ) : null}
      {linkError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {linkError}
        </p>
      ) : null}
      {view?.source === 'none' && need.items.length > 0 ? (
        <ul className="list-disc pl-5 text-sm" data-testid="positions-needs">
          {need.items.map((item) => (
            <li key={item}>
              {item === 'connect'
                ? connectButton
                : item === 'dataForSeoSetup'
                  ? t('positions.configureDataForSeoAdmin')
                  : t('positions.configureDataForSeo')}
            </li>
          ))}
        </ul>
      ) : view?.source !== 'none' && connectButton ? (
        <div className="flex flex-col gap-1 text-sm">
          {view?.searchConsole === 'not-connected' ? <p>{t('positions.searchConsoleOffer')}</p> : null}
          {connectButton}
        </div>
      ) : null}
      {canEdit ? (
        <form onSubmit={add} className="flex flex-wrap items-end gap-2" noValidate>
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            {t('positions.keywordLabel')}
            <input
              className="min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
              value={keyword}
              maxLength={120}
              onChange={(e) => setKeyword(e.target.value)}
            />
          </label>
          <button type="submit" className="btn-primary min-h-11" disabled={busy}>
            {t('positions.add')}
          </button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {view?.keywords.length ? (
        <ul className="flex flex-col gap-2" aria-labelledby={`${ids}-title`}>
          {view.keywords.map((k) => (
            <li
              key={k.id}
              className="flex flex-wrap items-center gap-3 text-sm"
              data-testid="tracked-keyword"
            >
              <span className="min-w-0 flex-1 font-medium break-all">{k.keyword}</span>
              <span>
                {k.latest === null
                  ? t('positions.notMeasured')
                  : k.latest.position === null
                    ? t('positions.notRanked')
                    : t('positions.position', { position: k.latest.position })}
              </span>
              <Sparkline
                history={k.history}
                label={t('positions.chart', {
                  keyword: k.keyword,
                  values: k.history.map((p) => p.position ?? '—').join(', '),
                })}
              />
              {canEdit ? (
                <button
                  type="button"
                  className="min-h-11 underline"
                  onClick={() => void remove(k.id)}
                  aria-label={t('positions.removeLabel', { keyword: k.keyword })}
                >
                  {t('positions.remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : view ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('positions.empty')}</p>
      ) : null}
    </div>
  )
}
