// Where a run's keywords come from (issue 43 item 2): typed, a tracked site's, a keyword research's, or the
// queries Search Console found a tracked site for. Picking one fills the keywords (and the site) in the
// form, which stay editable; nothing is asked of DataForSEO here.
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDate } from '../ui/format.ts'
import { type KeywordSource, type KeywordSources, keywordSources, keywordsFrom } from './overviews-api.ts'
import { Field, inputClass, useAction } from './overviews-fields.tsx'

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
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null)
  const { busy, run } = useAction((text) => setMessage({ kind: 'error', text }))

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
    setMessage(null)
    await run(async () => {
      const picked = await keywordsFrom(source, from, lang)
      onPicked(picked)
      setMessage({
        kind: picked.keywords.length ? 'done' : 'error',
        text: picked.keywords.length
          ? t('sources.loaded', { count: picked.keywords.length })
          : t('sources.noKeywords'),
      })
    })
  }

  const empty =
    source === 'research' ? t('sources.noResearch') : source !== 'typed' ? t('sources.noSites') : null
  return (
    <div className="flex flex-col gap-2" data-testid="overviews-sources">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] md:items-end">
        <Field label={t('sources.label')} htmlFor={ids.source}>
          <select
            id={ids.source}
            className={inputClass}
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
        </Field>
        {source !== 'typed' && options.length > 0 ? (
          <>
            <Field
              label={source === 'research' ? t('sources.whichResearch') : t('sources.whichSite')}
              htmlFor={ids.from}
            >
              <select
                id={ids.from}
                className={inputClass}
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
            </Field>
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
