// One keyword over time (issue 43 item 3): the answers Farol kept for it, day by day (from runs and tracked
// sites' checks; nothing is asked of DataForSEO here), read for a site: whether Google showed an AI
// Overview or AI Mode answer, whether it cited the site and at which position, the competitors it cited,
// and when the site lost or gained the citation since the same answer's previous day.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { DataTable, HEADER_WRAP } from '../ui/data-table.tsx'
import { formatCount, formatDay, formatList } from '../ui/format.ts'
import {
  type HistoryEntry,
  type KeywordHistory,
  type KeywordSources,
  keywordHistory,
  keywordSources,
  keywordsFrom,
} from './overviews-api.ts'
import { Card, Loading, messageOf, TextField } from './overviews-fields.tsx'
import { placeNames } from './overviews-view.ts'

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; view: KeywordHistory }

const cell = 'px-2 py-2 align-top text-slate-800 dark:text-slate-200'
const head = `${HEADER_WRAP} px-2 py-2 text-left font-medium text-slate-700 dark:text-slate-300`

export function OverviewsHistory({ competitors }: { competitors: string[] }) {
  const { t, lang } = useTranslation('overviews')
  const ids = { site: useId(), keyword: useId(), sites: useId(), keywords: useId(), error: useId() }
  const [site, setSite] = useState('')
  const [keyword, setKeyword] = useState('')
  const [sites, setSites] = useState<KeywordSources['sites']>([])
  const [suggested, setSuggested] = useState<string[]>([])
  const [formError, setFormError] = useState<string | null>(null)
  const [state, setState] = useState<State>({ kind: 'idle' })

  useEffect(() => {
    keywordSources(lang).then(
      (r) => setSites(r.sites),
      () => setSites([]),
    )
  }, [lang])
  // A tracked site typed or picked: its keywords are offered.
  const trackedId = sites.find((s) => s.url === site.trim())?.siteId ?? null
  useEffect(() => {
    if (!trackedId) return setSuggested([])
    keywordsFrom('site', trackedId, lang).then(
      (r) => setSuggested(r.keywords),
      () => setSuggested([]),
    )
  }, [trackedId, lang])

  const competitorList = competitors.join(',')
  const load = useCallback(async () => {
    setState({ kind: 'loading' })
    try {
      const view = await keywordHistory(
        site.trim(),
        keyword.trim(),
        competitorList.split(',').filter(Boolean),
        lang,
      )
      setState({ kind: 'done', view })
    } catch (e) {
      setState({ kind: 'error', message: messageOf(e) })
    }
  }, [site, keyword, competitorList, lang])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!site.trim() || !keyword.trim()) return setFormError(t('history.needBoth'))
    setFormError(null)
    void load()
  }

  return (
    <Card id="ov-history" title={t('history.title')} data-testid="overviews-history">
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t('history.intro')}</p>
      <form
        className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        onSubmit={onSubmit}
        noValidate
      >
        <TextField
          id={ids.site}
          label={t('history.site')}
          value={site}
          onChange={setSite}
          list={ids.sites}
          autoComplete="url"
          data-testid="overviews-history-site"
          after={
            <datalist id={ids.sites}>
              {sites.map((s) => (
                <option key={s.siteId} value={s.url} />
              ))}
            </datalist>
          }
        />
        <TextField
          id={ids.keyword}
          label={t('history.keyword')}
          value={keyword}
          onChange={setKeyword}
          list={ids.keywords}
          aria-invalid={formError ? true : undefined}
          aria-describedby={formError ? ids.error : undefined}
          data-testid="overviews-history-keyword"
          after={
            <datalist id={ids.keywords}>
              {suggested.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          }
        />
        <button
          type="submit"
          className="btn-primary"
          disabled={state.kind === 'loading'}
          data-testid="overviews-history-show"
        >
          {t('history.show')}
        </button>
      </form>
      {formError ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      {state.kind === 'idle' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('history.idle')}</p>
      ) : state.kind === 'loading' ? (
        <Loading label={t('loading')} />
      ) : state.kind === 'error' ? (
        <div data-testid="overviews-history-error">
          <ErrorPanel messages={[state.message]} onRetry={() => void load()} />
        </div>
      ) : state.view.history.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300" data-testid="overviews-history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <HistoryTable view={state.view} />
      )}
    </Card>
  )
}

function HistoryTable({ view }: { view: KeywordHistory }) {
  const { t, lang } = useTranslation('overviews')
  const rows = [...view.history].reverse()
  const shown = view.history.filter((h) => h.shown).length
  const cited = view.history.filter((h) => h.cited).length
  return (
    <div className="flex flex-col gap-2" data-testid="overviews-history-result">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="overviews-history-summary">
        {t('history.summary', {
          count: view.history.length,
          cited: formatCount(cited, lang),
          shown: formatCount(shown, lang),
        })}
      </p>
      <DataTable label={t('history.table', { keyword: view.keyword })}>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {(['day', 'answer', 'where', 'shown', 'site', 'competitors', 'change'] as const).map((c) => (
              <th key={c} scope="col" className={head}>
                {t(`history.col.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <Row key={`${h.day}-${h.surface}-${h.locationCode}-${h.languageCode}-${h.device}`} entry={h} />
          ))}
        </tbody>
      </DataTable>
    </div>
  )
}

function Row({ entry: h }: { entry: HistoryEntry }) {
  const { t, lang } = useTranslation('overviews')
  const place = placeNames[h.locationCode]
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700" data-testid="overviews-history-row">
      <th scope="row" className={`${cell} whitespace-nowrap font-medium`}>
        {formatDay(h.day, lang)}
      </th>
      <td className={`${cell} whitespace-nowrap`}>{t(`surface.${h.surface}`)}</td>
      <td className={`${cell} min-w-[11rem]`}>
        {place ? t(`form.place.${place}`) : t('place', { code: h.locationCode, lang: h.languageCode })} ·{' '}
        {t(`form.device.${h.device}`)}
      </td>
      <td className={cell}>{h.shown ? t('history.shown.yes') : t('history.shown.no')}</td>
      <td className={cell}>
        {!h.shown
          ? '—'
          : h.cited
            ? t('history.cited', { positions: formatList(h.positions.map(String), lang) })
            : t('history.notCited')}
      </td>
      <td className={cell}>{h.competitors.length ? formatList(h.competitors, lang) : '—'}</td>
      <td className={cell}>
        {h.change ? (
          <span
            className={
              h.change === 'lost'
                ? 'font-medium text-red-800 dark:text-red-300'
                : 'font-medium text-green-800 dark:text-green-300'
            }
            data-testid={`overviews-history-${h.change}`}
          >
            {h.change === 'lost' ? '↓ ' : '↑ '}
            {t(`history.change.${h.change}`)}
          </span>
        ) : (
          '—'
        )}
      </td>
    </tr>
  )
}
