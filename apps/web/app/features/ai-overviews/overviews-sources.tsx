// Where a run's keywords come from (issue 43 item 2): typed, a tracked site's, a keyword research's, or the
// queries Search Console found a tracked site for. Picking one fills the keywords (and the site) in the
// form, which stay editable; nothing is asked of DataForSEO here.
import { useEffect, useId, useState } from 'react'
import { ApiError } from '~/lib/api-error.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDate } from '../ui/format.ts'
import { type KeywordSource, type KeywordSources, keywordSources, keywordsFrom } from './overviews-api.ts'

const selectClass =
  'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base font-normal text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'
const labelClass = 'flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200'

export function KeywordSourcePicker({
  onPicked,
}: {
  onPicked: (picked: { site: string | null; keywords: string[] }) => void
}) {
  const { t, lang } = useTranslation('overviews')
  const ids = { source: useId(), from: useId() }
  const [sources, setSources] = useState<KeywordSources | null>(null)
  const [source, setSource] = useState<KeywordSource>('typed')
  const [from, setFrom] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null)

  useEffect(() => {
    keywordSources(lang).then(setSources, () => setSources({ sites: [], research: [], searchConsole: false }))
  }, [lang])

  const options =
    source === 'research'
      ? (sources?.research ?? []).map((r) => ({
          id: r.taskId,
          label: `${r.seed || '—'} · ${formatDate(r.createdAt, lang)}`,
        }))
      : source === 'site' || source === 'search-console'
        ? (sources?.sites ?? []).map((s) => ({
            id: s.siteId,
            label: source === 'site' ? t('sources.siteOption', { url: s.url, count: s.keywords }) : s.url,
          }))
        : []
  useEffect(() => {
    const first =
      source === 'research'
        ? sources?.research[0]?.taskId
        : source === 'typed'
          ? undefined
          : sources?.sites[0]?.siteId
    setFrom(first ?? '')
    setMessage(null)
  }, [source, sources])

  async function load() {
    if (source === 'typed' || !from) return
    setBusy(true)
    setMessage(null)
    try {
      const picked = await keywordsFrom(source, from, lang)
      onPicked(picked)
      setMessage({
        kind: picked.keywords.length ? 'done' : 'error',
        text: picked.keywords.length
          ? t('sources.loaded', { count: picked.keywords.length })
          : t('sources.noKeywords'),
      })
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) })
    } finally {
      setBusy(false)
    }
  }

  const empty =
    source === 'research' ? t('sources.noResearch') : source !== 'typed' ? t('sources.noSites') : null
  return (
    <div className="flex flex-col gap-2" data-testid="overviews-sources">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] md:items-end">
        <label className={labelClass} htmlFor={ids.source}>
          {t('sources.label')}
          <select
            id={ids.source}
            className={selectClass}
            value={source}
            onChange={(e) => setSource(e.target.value as KeywordSource)}
            data-testid="overviews-source"
          >
            <option value="typed">{t('sources.typed')}</option>
            <option value="site">{t('sources.site')}</option>
            <option value="research">{t('sources.research')}</option>
            {sources?.searchConsole ? (
              <option value="search-console">{t('sources.searchConsole')}</option>
            ) : null}
          </select>
        </label>
        {source !== 'typed' && options.length > 0 ? (
          <>
            <label className={labelClass} htmlFor={ids.from}>
              {source === 'research' ? t('sources.whichResearch') : t('sources.whichSite')}
              <select
                id={ids.from}
                className={selectClass}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                data-testid="overviews-source-from"
              >
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn-outline"
              disabled={busy}
              onClick={() => void load()}
              data-testid="overviews-source-load"
            >
              {busy ? t('loading') : t('sources.load')}
            </button>
          </>
        ) : null}
      </div>
      {source !== 'typed' && sources && options.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : null}
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`text-sm ${message.kind === 'error' ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'}`}
          data-testid="overviews-source-message"
        >
          {message.text}
        </p>
      ) : null}
    </div>
  )
}
