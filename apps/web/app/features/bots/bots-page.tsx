// /suite/bots (issue #32): upload access logs (gzip included, streamed with progress) and see which search
// and AI crawlers fetch the site, verified or spoofed, per day and per page, joined with the latest crawl
// and AI-presence run. Only aggregates are stored (IP addresses are personal data): the page says so.

import { Download, Loader2, Upload } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ApiError } from '~/lib/api-error.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { AccessGate } from '../suite/shared/access-gate.tsx'
import { ColumnChooser, DataTable, HEADER_WRAP } from '../ui/data-table.tsx'
import { formatDay } from '../ui/format.ts'
import { botPages, exportUrl, latestBots, uploadLogs } from './bots-api.ts'
import {
  type BotColumn,
  type BotFilter,
  type BotSummary,
  type BotsView,
  botColumns,
  combineFiles,
  dailySeries,
  defaultBotColumns,
  filterBots,
  type PageRow,
  percent,
  type VisitRow,
  visibleBotColumns,
} from './bots-data.ts'
import { OutsideListNotes, RangeLists } from './bots-lists.tsx'

const BotsChart = lazy(() => import('./bots-chart.tsx'))

const inputClass =
  'min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base font-normal text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'
const filters: BotFilter[] = ['all', 'training', 'search', 'user', 'search-engine', 'spoofed']

export function BotsPage() {
  const { t: tSuite } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  return (
    <AccessGate body={tSuite('aio.gateBodyGeneric')} signedIn={Boolean(user)} returnTo="/suite/bots">
      {user ? <Bots /> : <div className="card h-64" />}
    </AccessGate>
  )
}

function Bots() {
  const { t, lang } = useTranslation('bots')
  const [params, setParams] = useSearchParams()
  const [site, setSite] = useState(params.get('url') ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [view, setView] = useState<BotsView | null>(null)
  const siteId = useId()
  const filesId = useId()

  const load = useCallback(
    async (s: string) => {
      try {
        setView(await latestBots(s, lang))
      } catch (e) {
        setError((e as Error).message)
      }
    },
    [lang],
  )
  useEffect(() => {
    const initial = params.get('url')
    if (initial) void load(initial)
  }, [params, load])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!site.trim()) return setError(t('errors.site'))
    const body = combineFiles(files)
    if (!files.length) return setError(t('errors.file'))
    if (!body) return setError(t('errors.mixed'))
    setProgress(0)
    try {
      const name = files.map((f) => f.name).join(', ')
      await uploadLogs(body, site.trim(), name.slice(0, 200), lang, setProgress)
      setProgress(null)
      // The site goes into the address: a reload (or a remount) shows the same analysis again.
      setParams({ url: site.trim() }, { replace: true })
      await load(site.trim())
    } catch (err) {
      setProgress(null)
      // The server's own message (a refused upload: too large decompressed, too many at once, not a log);
      // a connection closed before any answer has only ours.
      setError(
        err instanceof ApiError && err.code === 'NETWORK' ? t('errors.network') : (err as Error).message,
      )
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <p
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        data-testid="bots-privacy"
      >
        {t('privacy')}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="bots-scheduled">
        {t('scheduled.text')}{' '}
        <Link to="/suite/sites" className="underline">
          {t('scheduled.link')}
        </Link>
      </p>
      <form className="card flex flex-col gap-4 p-4" onSubmit={submit}>
        <label htmlFor={siteId} className="flex flex-col gap-1 font-medium">
          {t('form.site')}
          <input
            id={siteId}
            className={inputClass}
            value={site}
            onChange={(e) => setSite(e.target.value)}
            placeholder="https://www.exemplo.pt"
          />
        </label>
        <label htmlFor={filesId} className="flex flex-col gap-1 font-medium">
          {t('form.files')}
          <input
            id={filesId}
            type="file"
            multiple
            accept=".log,.gz,.txt,.json,.jsonl,text/plain,application/gzip"
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
          />
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{t('form.hint')}</span>
        </label>
        <button
          type="submit"
          className="btn-primary inline-flex min-h-11 items-center gap-2 self-start px-4"
          disabled={progress !== null}
        >
          {progress !== null ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Upload className="size-4" aria-hidden />
          )}
          {progress !== null
            ? t('form.uploading', { percent: Math.round(progress * 100) })
            : t('form.submit')}
        </button>
        {progress !== null ? (
          <progress className="w-full" max={1} value={progress} aria-label={t('form.progress')} />
        ) : null}
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
      {view?.analysis ? <Report view={view} /> : view ? <p>{t('empty')}</p> : null}
      {view?.lists ? <RangeLists view={view.lists} /> : null}
    </div>
  )
}

function Report({ view }: { view: BotsView }) {
  const { t, lang } = useTranslation('bots')
  const [filter, setFilter] = useState<BotFilter>('all')
  const [chosen, setChosen] = useState<BotColumn[]>(defaultBotColumns)
  const shown = visibleBotColumns(chosen)
  const a = view.analysis!
  const s = a.summary
  const series = dailySeries(s.bots)
  const malformed = a.files.reduce((n, f) => n + f.malformed, 0)
  const lines = a.files.reduce((n, f) => n + f.lines, 0)
  return (
    <div className="flex flex-col gap-6" data-testid="bots-report">
      <section className="card flex flex-col gap-2 p-4">
        <p>
          {t('summary.read', {
            lines,
            malformed,
            from: s.period.from?.slice(0, 10) ?? '–',
            to: s.period.to?.slice(0, 10) ?? '–',
          })}
        </p>
        <p>
          {t('summary.totals', {
            hits: s.totals.hits,
            ai: s.totals.aiHits,
            search: s.totals.searchEngineHits,
            spoofed: s.totals.spoofedHits,
          })}
        </p>
        {a.files.flatMap((f) => f.malformedExamples).length ? (
          <details>
            <summary>{t('summary.malformed')}</summary>
            <ul className="font-mono text-xs">
              {a.files.flatMap((f) =>
                f.malformedExamples.map((m) => <li key={`${f.name}:${m.line}`}>{`${m.line}: ${m.text}`}</li>),
              )}
            </ul>
          </details>
        ) : null}
      </section>
      {series.tokens.length ? (
        <section className="card p-4">
          <h2 className="mb-2 text-lg font-semibold">{t('chart.title')}</h2>
          <Suspense fallback={<div className="h-72" />}>
            <BotsChart days={series.days} tokens={series.tokens} label={t('chart.title')} />
          </Suspense>
        </section>
      ) : null}
      <section className="card flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('bots.title')}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 whitespace-nowrap">
              {t('bots.filter')}
              <select
                aria-label={t('bots.filter')}
                className={inputClass}
                value={filter}
                onChange={(e) => setFilter(e.target.value as BotFilter)}
              >
                {filters.map((f) => (
                  <option key={f} value={f}>
                    {t(`filters.${f}`)}
                  </option>
                ))}
              </select>
            </label>
            <ColumnChooser
              columns={botColumns}
              chosen={chosen}
              onChange={setChosen}
              label={t('bots.columns.choose')}
              nameOf={(key) => t(`bots.columns.${key}`)}
              testId="bots-columns"
              fixed={['bot']}
              align="right"
            />
            <a
              className="inline-flex items-center gap-1 whitespace-nowrap underline"
              href={exportUrl(a.id, 'bots', lang, shown)}
              download
              data-testid="bots-csv"
            >
              <Download className="size-4" aria-hidden />
              {t('csv')}
            </a>
            <a
              className="inline-flex items-center gap-1 whitespace-nowrap underline"
              href={exportUrl(a.id, 'bots', lang, 'codes')}
              download
              data-testid="bots-csv-codes"
            >
              <Download className="size-4" aria-hidden />
              {t('csvCodes')}
            </a>
          </div>
        </div>
        <DataTable testId="bots-table" label={t('bots.title')} bordered={false}>
          <thead>
            <tr className="text-left align-bottom">
              {shown.map((c) => (
                <th key={c} className={`px-2 py-1 ${HEADER_WRAP}`}>
                  {t(`bots.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {filterBots(s.bots, filter).map((b) => (
              <tr key={b.token} className="border-t border-slate-200 dark:border-slate-700">
                {shown.map((c) => (
                  <BotCell key={c} bot={b} column={c} />
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      </section>
      <OutsideListNotes bots={s.bots} />
      <Pages id={a.id} tokens={s.bots.map((b) => b.token)} />
      <Joins view={view} />
    </div>
  )
}

function BotCell({ bot: b, column }: { bot: BotSummary; column: BotColumn }) {
  const { t, lang } = useTranslation('bots')
  switch (column) {
    case 'bot':
      return (
        <td className="px-2 py-1 font-medium">
          {b.token} <span className="text-slate-500">({b.operator})</span>
        </td>
      )
    case 'purpose':
      return (
        <td className="px-2 py-1">
          {b.kind === 'search-engine' ? t('filters.search-engine') : t(`filters.${b.purpose}`)}
        </td>
      )
    case 'outsideList':
      return (
        <td className="px-2 py-1" data-testid={`outside-list-${b.token}`}>
          {b.outsideList ?? 0}
        </td>
      )
    case 'share':
      return <td className="whitespace-nowrap px-2 py-1">{percent(b.share, lang)}</td>
    case 'robots':
      return <td className="px-2 py-1">{b.robotsFetches}</td>
    case 'disallowed':
      return <td className="px-2 py-1">{b.disallowedHits ?? '–'}</td>
    case 'last':
      return <td className="whitespace-nowrap px-2 py-1">{b.last ? formatDay(b.last, lang) : '–'}</td>
    default:
      return <td className="px-2 py-1">{b[column]}</td>
  }
}

function Pages({ id, tokens }: { id: string; tokens: string[] }) {
  const { t, lang } = useTranslation('bots')
  const [bot, setBot] = useState('')
  const [path, setPath] = useState('')
  const [offset, setOffset] = useState(0)
  const [data, setData] = useState<{ total: number; rows: PageRow[] } | null>(null)
  const limit = 25
  useEffect(() => {
    void botPages(id, { offset, limit, bot, path }).then(setData, () => setData(null))
  }, [id, offset, bot, path])
  return (
    <section className="card flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('pages.title')}</h2>
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label={t('pages.bot')}
            className={inputClass}
            value={bot}
            onChange={(e) => {
              setBot(e.target.value)
              setOffset(0)
            }}
          >
            <option value="">{t('filters.all')}</option>
            {tokens.map((tk) => (
              <option key={tk} value={tk}>
                {tk}
              </option>
            ))}
          </select>
          <input
            aria-label={t('pages.path')}
            placeholder={t('pages.path')}
            className={inputClass}
            value={path}
            onChange={(e) => {
              setPath(e.target.value)
              setOffset(0)
            }}
          />
          <a
            className="inline-flex items-center gap-1 whitespace-nowrap underline"
            href={exportUrl(id, 'pages', lang)}
            download
          >
            <Download className="size-4" aria-hidden />
            {t('csv')}
          </a>
        </div>
      </div>
      <DataTable testId="bots-pages" label={t('pages.title')} bordered={false}>
        <thead>
          <tr className="text-left">
            <th className="px-2 py-1">{t('pages.columns.path')}</th>
            <th className="px-2 py-1">{t('pages.columns.hits')}</th>
            <th className="px-2 py-1">{t('pages.columns.bots')}</th>
          </tr>
        </thead>
        <tbody>
          {data?.rows.map((r) => (
            <tr key={r.path} className="border-t border-slate-200 dark:border-slate-700">
              <td className="break-all px-2 py-1 font-mono">{r.path}</td>
              <td className="px-2 py-1">{r.hits}</td>
              <td className="px-2 py-1">
                {r.bots
                  .map((b) =>
                    t('pages.visit', {
                      bot: b.token,
                      hits: b.hits,
                      last: formatDay(b.last, lang),
                      status: b.lastStatus,
                    }),
                  )
                  .join(' · ')}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {data && data.total > limit ? (
        <div className="flex items-center gap-3">
          <button
            type="button"
            className="underline disabled:opacity-50"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - limit))}
          >
            {t('pages.previous')}
          </button>
          <span>
            {t('pages.range', {
              from: offset + 1,
              to: Math.min(offset + limit, data.total),
              total: data.total,
            })}
          </span>
          <button
            type="button"
            className="underline disabled:opacity-50"
            disabled={offset + limit >= data.total}
            onClick={() => setOffset(offset + limit)}
          >
            {t('pages.next')}
          </button>
        </div>
      ) : null}
    </section>
  )
}

function VisitList({ title, rows, testId }: { title: string; rows: VisitRow[]; testId: string }) {
  const { t } = useTranslation('bots')
  if (!rows.length) return null
  return (
    <div data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <ul className="list-disc pl-6">
        {rows.map((r) => (
          <li key={r.path}>
            <span className="font-mono">{r.path}</span> ({r.status ?? '–'}
            {r.redirectTo ? ` → ${r.redirectTo}` : ''}):{' '}
            {r.bots.map((b) => t('joins.fetchedBy', { bot: b.token, hits: b.hits })).join(', ')}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Joins({ view }: { view: BotsView }) {
  const { t } = useTranslation('bots')
  const crawl = view.joins?.crawl ?? null
  const presence = view.joins?.presence ?? null
  return (
    <section className="card flex flex-col gap-4 p-4">
      <h2 className="text-lg font-semibold">{t('joins.title')}</h2>
      {crawl ? (
        <>
          <VisitList title={t('joins.broken')} rows={crawl.broken} testId="join-broken" />
          <VisitList title={t('joins.redirected')} rows={crawl.redirected} testId="join-redirected" />
          <VisitList title={t('joins.nonIndexable')} rows={crawl.nonIndexable} testId="join-nonindexable" />
          <VisitList title={t('joins.orphan')} rows={crawl.orphan} testId="join-orphan" />
          {crawl.unfetched.length ? (
            <div data-testid="join-unfetched">
              <h3 className="font-semibold">{t('joins.unfetched')}</h3>
              <ul className="list-disc pl-6">
                {crawl.unfetched.map((p) => (
                  <li key={p.path} className="font-mono">
                    {p.path}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <p>{t('joins.noCrawl')}</p>
      )}
      {presence ? (
        <>
          {presence.cited.length ? (
            <div data-testid="join-cited">
              <h3 className="font-semibold">{t('joins.cited')}</h3>
              <ul className="list-disc pl-6">
                {presence.cited.map((c) => (
                  <li key={`${c.path} ${c.assistant}`}>
                    {t(
                      c.lastFetch ? (c.stale ? 'joins.citedStale' : 'joins.citedFresh') : 'joins.citedNever',
                      {
                        path: c.path,
                        assistant: c.assistant,
                        bot: c.bot ?? '',
                        last: c.lastFetch?.slice(0, 10) ?? '',
                      },
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {presence.userFetches.length ? (
            <div data-testid="join-user">
              <h3 className="font-semibold">{t('joins.userFetches')}</h3>
              <ul className="list-disc pl-6">
                {presence.userFetches.map((p) => (
                  <li key={p.path}>
                    <span className="font-mono">{p.path}</span>:{' '}
                    {p.bots.map((b) => t('joins.fetchedBy', { bot: b.token, hits: b.hits })).join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <p>{t('joins.noPresence')}</p>
      )}
    </section>
  )
}
