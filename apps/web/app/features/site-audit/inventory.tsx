// The crawl's inventory on /suite/site (issue #29): every crawled URL in a table paged, sorted and filtered
// by the server (issue, status class, indexability, URL pattern), a column chooser, the filtered CSV, a
// URL's detail with "Analisar com Lighthouse" run in place, and the duplicate groups as titles and URLs.

import { ArrowDown, ArrowUp, Download, Loader2, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { createTask, subscribeTask } from '~/features/analysis/task-client.ts'
import type { TaskStatusResponse } from '~/features/analysis/types.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { ColumnChooser, DataTable, HEADER_WRAP, TRUNCATED } from '../ui/data-table.tsx'
import { formatCount } from '../ui/format.ts'
import {
  type DuplicateGroup,
  fetchFacets,
  fetchGroups,
  fetchInlinks,
  fetchInventory,
  fetchPageDetail,
  type InventoryFacets,
  type InventoryRow,
  inventoryExportHref,
  type PageDetail,
} from './inventory-api.ts'
import {
  type ColumnKey,
  columns,
  defaultColumns,
  defaultFilters,
  type InventoryFilters,
  issueOptionLabel,
  nextSort,
  outlinkFact,
  outlinksTitle,
  percent,
  statusClasses,
  visibleColumns,
} from './inventory-data.ts'
import { analysisLink } from './site-data.ts'

const PAGE_SIZE = 50
const selectClass =
  'min-h-11 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'

type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T }

export function Inventory({ crawlId }: { crawlId: string }) {
  const { t, lang } = useTranslation('site')
  const ids = useId()
  const [filters, setFilters] = useState<InventoryFilters>(defaultFilters)
  const [pattern, setPattern] = useState('')
  const [offset, setOffset] = useState(0)
  const [chosen, setChosen] = useState<ColumnKey[]>(defaultColumns)
  const [facets, setFacets] = useState<InventoryFacets | null>(null)
  const [data, setData] = useState<Load<{ total: number; rows: InventoryRow[] }>>({ state: 'loading' })
  const [selected, setSelected] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    fetchFacets(crawlId)
      .then((f) => {
        if (!cancelled) setFacets(f)
      })
      .catch(() => {
        // The filters still work without their counts.
      })
    return () => {
      cancelled = true
    }
  }, [crawlId])

  // The pattern is applied 300 ms after the last keystroke (one request, not one per letter).
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => (f.pattern === pattern ? f : { ...f, pattern }))
      setOffset(0)
    }, 300)
    return () => clearTimeout(timer)
  }, [pattern])

  useEffect(() => {
    let cancelled = false
    setData((d) => (d.state === 'ready' ? d : { state: 'loading' }))
    fetchInventory(crawlId, filters, offset, PAGE_SIZE)
      .then((value) => {
        if (!cancelled) setData({ state: 'ready', value })
      })
      .catch((error: Error) => {
        if (!cancelled) setData({ state: 'error', message: error.message })
      })
    return () => {
      cancelled = true
    }
  }, [crawlId, filters, offset])

  const set = (change: Partial<InventoryFilters>) => {
    setFilters((f) => ({ ...f, ...change }))
    setOffset(0)
  }
  const shown = visibleColumns(chosen)
  const shownKeys = shown.map((c) => c.key)
  const total = data.state === 'ready' ? data.value.total : 0
  const number = (n: number) => formatCount(n, lang)

  return (
    <section className="flex flex-col gap-3" data-testid="site-inventory" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('inventory.title')}
        {facets ? ` (${number(facets.pages)})` : ''}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('inventory.hint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('inventory.filters.issue')}
          <select
            className={selectClass}
            value={filters.issue}
            onChange={(e) => set({ issue: e.target.value })}
            data-testid="inventory-issue"
          >
            <option value="">{t('inventory.filters.allIssues')}</option>
            {(facets?.issues ?? []).map((issue) => (
              <option key={issue.type} value={issue.type}>
                {issueOptionLabel(issue, lang)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('inventory.filters.status')}
          <select
            className={selectClass}
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as InventoryFilters['status'] })}
            data-testid="inventory-status"
          >
            <option value="">{t('inventory.filters.allStatus')}</option>
            {statusClasses.map((k) => (
              <option key={k} value={k}>
                {k === 'none' ? t('inventory.filters.statusNone') : k}
                {facets ? `: ${number(facets.status[k])}` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('inventory.filters.indexable')}
          <select
            className={selectClass}
            value={filters.indexable}
            onChange={(e) => set({ indexable: e.target.value as InventoryFilters['indexable'] })}
            data-testid="inventory-indexable"
          >
            <option value="">{t('inventory.filters.allIndexable')}</option>
            {(['yes', 'no'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`inventory.filters.${k}`)}
                {facets ? `: ${number(facets.indexable[k])}` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('inventory.filters.pattern')}
          <input
            className={selectClass}
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            placeholder={t('inventory.filters.patternPlaceholder')}
            data-testid="inventory-pattern"
          />
        </label>
        <ColumnChooser
          columns={columns.map((c) => c.key)}
          chosen={chosen}
          onChange={setChosen}
          label={t('inventory.columns.choose')}
          nameOf={(key) => t(`inventory.columns.${key}`)}
          testId="inventory-columns"
          fixed={['url']}
        />
        <a
          className="btn-outline ml-auto gap-2"
          href={inventoryExportHref(crawlId, filters, lang, 'csv', shownKeys)}
          download
          data-testid="inventory-csv"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('inventory.export')}
        </a>
        <a
          className="btn-outline gap-2"
          href={inventoryExportHref(crawlId, filters, lang, 'xlsx', shownKeys)}
          download
          data-testid="inventory-xlsx"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('inventory.exportXlsx')}
        </a>
        <a
          className="btn-outline gap-2"
          href={inventoryExportHref(crawlId, filters, lang, 'csv', 'codes')}
          download
          data-testid="inventory-csv-codes"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('inventory.exportCodes')}
        </a>
      </div>

      {data.state === 'loading' ? (
        <p role="status" className="card flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('inventory.loading')}
        </p>
      ) : data.state === 'error' ? (
        <p role="alert" className="card text-sm text-red-800 dark:text-red-300" data-testid="inventory-error">
          {t('inventory.error')} {data.message}
        </p>
      ) : data.value.rows.length === 0 ? (
        <p className="card text-sm text-slate-700 dark:text-slate-300" data-testid="inventory-empty">
          {t('inventory.empty')}
        </p>
      ) : (
        <>
          <DataTable testId="inventory-table" label={t('inventory.title')}>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              <tr>
                {shown.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={cx('px-3 py-2 align-bottom', HEADER_WRAP, c.numeric && 'text-right')}
                    aria-sort={
                      filters.sort === c.key
                        ? filters.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {c.sorts ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 font-semibold hover:underline"
                        onClick={() => {
                          setFilters((f) => nextSort(f, c.key))
                          setOffset(0)
                        }}
                        aria-label={t('inventory.sortBy', { column: t(`inventory.columns.${c.key}`) })}
                        data-testid={`inventory-sort-${c.key}`}
                      >
                        {t(`inventory.columns.${c.key}`)}
                        {filters.sort === c.key ? (
                          filters.dir === 'asc' ? (
                            <ArrowUp className="size-3" aria-hidden="true" />
                          ) : (
                            <ArrowDown className="size-3" aria-hidden="true" />
                          )
                        ) : null}
                      </button>
                    ) : (
                      t(`inventory.columns.${c.key}`)
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.value.rows.map((row) => (
                <tr
                  key={row.url}
                  className="border-t border-slate-200 dark:border-slate-700"
                  data-testid="inventory-row"
                >
                  {shown.map((c) => (
                    <td
                      key={c.key}
                      className={cx(
                        'px-3 py-2 align-top',
                        c.numeric && 'text-right',
                        (c.key === 'title' || c.key === 'description' || c.key === 'h1') &&
                          'min-w-32 max-w-xs',
                      )}
                    >
                      {c.key === 'url' ? (
                        <button
                          type="button"
                          className={cx('text-blue-800 underline dark:text-blue-300', TRUNCATED)}
                          dir="rtl"
                          onClick={() => setSelected(row.url)}
                          aria-label={t('inventory.open', { url: row.url })}
                          title={row.url}
                          data-testid="inventory-url"
                        >
                          <bdi dir="ltr">{row.url}</bdi>
                        </button>
                      ) : (
                        <Cell row={row} column={c.key} />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span data-testid="inventory-count">
              {t('inventory.count', {
                from: number(offset + 1),
                to: number(Math.min(total, offset + PAGE_SIZE)),
                total: number(total),
              })}
            </span>
            <button
              type="button"
              className="btn-outline btn-small"
              disabled={offset === 0}
              onClick={() => setOffset((o) => Math.max(0, o - PAGE_SIZE))}
              data-testid="inventory-previous"
            >
              {t('inventory.previous')}
            </button>
            <button
              type="button"
              className="btn-outline btn-small"
              disabled={offset + PAGE_SIZE >= total}
              onClick={() => setOffset((o) => o + PAGE_SIZE)}
              data-testid="inventory-next"
            >
              {t('inventory.next')}
            </button>
          </div>
        </>
      )}
      {selected ? (
        <UrlDetail crawlId={crawlId} url={selected} onClose={() => setSelected(null)} onOpen={setSelected} />
      ) : null}
    </section>
  )
}

function Cell({ row, column }: { row: InventoryRow; column: ColumnKey }) {
  const { t } = useTranslation('site')
  switch (column) {
    case 'status':
      return <>{row.status ?? '—'}</>
    case 'contentType':
      return <>{row.contentType ?? '—'}</>
    case 'indexable':
      return (
        <span
          className={
            row.indexable ? 'text-green-800 dark:text-green-300' : 'text-amber-800 dark:text-amber-300'
          }
        >
          {t(`inventory.indexability.${row.indexability}`)}
        </span>
      )
    case 'title':
      return <>{row.title ?? '—'}</>
    case 'titleLength':
      return <>{row.titleLength}</>
    case 'description':
      return <>{row.description ?? '—'}</>
    case 'descriptionLength':
      return <>{row.descriptionLength}</>
    case 'h1':
      return <>{row.h1 ?? '—'}</>
    case 'h1Count':
      return <>{row.h1Count ?? '—'}</>
    case 'words':
      return <>{row.wordCount}</>
    case 'canonical':
      return <span title={row.canonicalUrl ?? undefined}>{t(`inventory.canonical.${row.canonical}`)}</span>
    case 'directives':
      return <>{[row.noindex && 'noindex', row.nofollow && 'nofollow'].filter(Boolean).join(', ') || '—'}</>
    case 'depth':
      return <>{row.depth ?? '—'}</>
    case 'inlinks':
      return <>{row.inlinks}</>
    case 'outlinks':
      return <>{row.outlinks}</>
    case 'linkScore':
      return <>{row.linkScore ?? '—'}</>
    case 'ms':
      return <>{row.totalMs ?? '—'}</>
    case 'bytes':
      return <>{row.bytes}</>
    case 'duplicates':
      return <>{row.duplicates}</>
    default:
      return null
  }
}

function UrlDetail({
  crawlId,
  url,
  onClose,
  onOpen,
}: {
  crawlId: string
  url: string
  onClose(): void
  onOpen(url: string): void
}) {
  const { t, lang } = useTranslation('site')
  const ids = useId()
  const [detail, setDetail] = useState<Load<PageDetail>>({ state: 'loading' })
  const panel = useRef<HTMLElement>(null)
  useEffect(() => {
    let cancelled = false
    setDetail({ state: 'loading' })
    fetchPageDetail(crawlId, url)
      .then((value) => {
        if (!cancelled) setDetail({ state: 'ready', value })
      })
      .catch((error: Error) => {
        if (!cancelled) setDetail({ state: 'error', message: error.message })
      })
    panel.current?.focus()
    return () => {
      cancelled = true
    }
  }, [crawlId, url])

  return (
    <section
      ref={panel}
      tabIndex={-1}
      className="card flex flex-col gap-4 border-2 border-blue-700 dark:border-blue-400"
      aria-labelledby={`${ids}-title`}
      data-testid="url-detail"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h4 id={`${ids}-title`} className="text-lg font-semibold">
            {t('inventory.detail.title')}
          </h4>
          <p className="break-all text-sm" data-testid="url-detail-url">
            {url}
          </p>
        </div>
        <button
          type="button"
          className="btn-outline btn-small gap-1"
          onClick={onClose}
          data-testid="url-detail-close"
        >
          <X className="size-4" aria-hidden="true" />
          {t('inventory.detail.close')}
        </button>
      </div>
      {detail.state === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('inventory.detail.loading')}
        </p>
      ) : detail.state === 'error' ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('inventory.detail.error')} {detail.message}
        </p>
      ) : (
        <DetailBody crawlId={crawlId} detail={detail.value} onOpen={onOpen} lang={lang} />
      )}
      <LighthouseInPlace key={url} url={url} />
    </section>
  )
}

function DetailBody({
  crawlId,
  detail,
  onOpen,
  lang,
}: {
  crawlId: string
  detail: PageDetail
  onOpen(url: string): void
  lang: 'pt' | 'en'
}) {
  const { t } = useTranslation('site')
  // Inlinks beyond the detail's first 100, page by page (a home page may have thousands).
  const [inlinks, setInlinks] = useState(detail.inlinks.rows)
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)
  async function moreInlinks() {
    setLoadingMore(true)
    setMoreError(null)
    try {
      const page = await fetchInlinks(crawlId, detail.page.url, inlinks.length)
      setInlinks((rows) => [...rows, ...page.rows])
    } catch (error) {
      setMoreError((error as Error).message)
    } finally {
      setLoadingMore(false)
    }
  }
  const p = detail.page
  const facts: [string, string | number | null][] = [
    [t('inventory.columns.status'), p.status],
    [t('inventory.columns.indexable'), t(`inventory.indexability.${p.indexability}`)],
    [t('inventory.columns.contentType'), p.contentType],
    [t('inventory.columns.title'), p.title === null ? null : `${p.title} (${p.titleLength})`],
    [
      t('inventory.columns.description'),
      p.description === null ? null : `${p.description} (${p.descriptionLength})`,
    ],
    [t('inventory.columns.h1'), p.h1 === null ? null : `${p.h1} (${p.h1Count ?? 0})`],
    [t('inventory.columns.words'), p.wordCount],
    [t('inventory.columns.canonical'), p.canonicalUrl ?? t('inventory.canonical.none')],
    [
      t('inventory.columns.directives'),
      [p.noindex && 'noindex', p.nofollow && 'nofollow'].filter(Boolean).join(', ') || '—',
    ],
    [t('inventory.detail.lang'), p.lang],
    [t('inventory.detail.viewport'), p.viewport],
    [t('inventory.detail.imagesWithoutAlt'), p.imagesWithoutAlt],
    [t('inventory.detail.insecure'), p.insecureResources],
    [t('inventory.columns.depth'), p.depth],
    [t('inventory.columns.inlinks'), p.inlinks],
    [t('inventory.columns.outlinks'), outlinkFact(p.outlinks, detail.outlinks.internal, t)],
    [t('inventory.columns.linkScore'), p.linkScore],
    [t('inventory.detail.firstByte'), p.firstByteMs],
    [t('inventory.columns.ms'), p.totalMs],
    [t('inventory.columns.bytes'), p.bytes],
    [t('inventory.detail.fetchError'), p.error],
  ]
  const urlButton = (u: string) => (
    <button
      type="button"
      className="break-all text-left text-blue-800 underline dark:text-blue-300"
      onClick={() => onOpen(u)}
    >
      {u}
    </button>
  )
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div>
        <h5 className="font-semibold">{t('inventory.detail.facts')}</h5>
        <dl
          className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]"
          data-testid="url-detail-facts"
        >
          {facts
            .filter(([, v]) => v !== null && v !== '')
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
        </dl>
      </div>
      <div>
        <h5 className="font-semibold">{t('inventory.detail.issues')}</h5>
        {detail.issues.length === 0 ? (
          <p>{t('inventory.detail.noIssues')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1" data-testid="url-detail-issues">
            {detail.issues.map((i) => (
              <li key={i.type} data-type={i.type}>
                <span className="font-medium">{i.title[lang]}</span>{' '}
                <span className="text-slate-600 dark:text-slate-400">({t(`severity.${i.severity}`)})</span>
                <p className="text-slate-700 dark:text-slate-300">{i.description[lang]}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {detail.redirects.length ? (
        <div>
          <h5 className="font-semibold">{t('inventory.detail.redirects')}</h5>
          <ol className="mt-1 list-decimal pl-5" data-testid="url-detail-redirects">
            {detail.redirects.map((hop, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a loop repeats its first URL as its last hop
              <li key={i} className="break-all">
                {hop.url} — {hop.status ?? t('inventory.detail.notFetched')}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <LinkTable
        title={t('inventory.detail.inlinks', { count: detail.inlinks.total })}
        head={[t('inventory.detail.source'), t('inventory.detail.anchor')]}
        rows={inlinks.map((l) => [
          urlButton(l.source),
          `${l.anchor}${l.nofollow ? ` (${t('inventory.detail.nofollow')})` : ''}${
            l.via ? ` — ${t('inventory.detail.via', { url: l.via })}` : ''
          }`,
        ])}
        testId="url-detail-inlinks"
      />
      {detail.inlinks.total > inlinks.length ? (
        <button
          type="button"
          className="btn-outline btn-small self-start"
          onClick={() => void moreInlinks()}
          disabled={loadingMore}
          data-testid="url-detail-more-inlinks"
        >
          {t('inventory.detail.moreInlinks', { count: detail.inlinks.total - inlinks.length })}
        </button>
      ) : null}
      {moreError ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {moreError}
        </p>
      ) : null}
      <LinkTable
        title={outlinksTitle(detail.outlinks, t)}
        head={[t('inventory.detail.target'), t('inventory.detail.anchor'), t('inventory.columns.status')]}
        rows={detail.outlinks.rows.map((l) => [
          l.internal ? urlButton(l.target) : l.target,
          `${l.anchor}${l.nofollow ? ` (${t('inventory.detail.nofollow')})` : ''}`,
          l.internal ? (l.status ?? t('inventory.detail.notFetched')) : t('inventory.detail.external'),
        ])}
        testId="url-detail-outlinks"
      />
      {detail.canonical.target || detail.canonical.from.length ? (
        <div>
          <h5 className="font-semibold">{t('inventory.columns.canonical')}</h5>
          {detail.canonical.target ? (
            <p className="break-all">
              {t('inventory.detail.canonicalTarget')}: {detail.canonical.target}
            </p>
          ) : null}
          {detail.canonical.from.length ? (
            <p className="break-all">
              {t('inventory.detail.canonicalFrom')}: {detail.canonical.from.join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
      {detail.hreflang.out.length || detail.hreflang.in.length ? (
        <div data-testid="url-detail-hreflang">
          <h5 className="font-semibold">{t('inventory.detail.hreflang')}</h5>
          <ul className="mt-1">
            {detail.hreflang.out.map((h) => (
              <li key={`${h.lang}-${h.target}`} className="break-all">
                {h.lang}: {h.target} — {h.status ?? t('inventory.detail.notFetched')}
              </li>
            ))}
          </ul>
          {detail.hreflang.in.length ? (
            <p className="break-all">
              {t('inventory.detail.hreflangIn')}:{' '}
              {detail.hreflang.in.map((h) => `${h.source} (${h.lang})`).join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
      {detail.nearDuplicates.length ? (
        <div>
          <h5 className="font-semibold">{t('inventory.detail.duplicates')}</h5>
          <ul className="mt-1 flex flex-col gap-1" data-testid="url-detail-duplicates">
            {detail.nearDuplicates.map((d) => (
              <li key={d.url}>
                <span className="font-medium">{d.title ?? t('inventory.groups.untitled')}</span> —{' '}
                {urlButton(d.url)}{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  {d.exact ? t('inventory.detail.exact') : percent(d.similarity, lang)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function LinkTable({
  title,
  head,
  rows,
  testId,
}: {
  title: string
  head: string[]
  rows: React.ReactNode[][]
  testId: string
}) {
  const { t } = useTranslation('site')
  return (
    <div data-testid={testId}>
      <h5 className="font-semibold">{title}</h5>
      {rows.length === 0 ? (
        <p>{t('inventory.detail.noLinks')}</p>
      ) : (
        <div className="mt-1 max-h-64 overflow-auto rounded border border-slate-200 dark:border-slate-700">
          <table className="w-full text-left">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col" className="px-2 py-1">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list for this URL
                <tr key={i} className="border-t border-slate-200 dark:border-slate-700">
                  {cells.map((cell, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns in a fixed order
                    <td key={k} className="break-all px-2 py-1 align-top">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

type LighthouseRun =
  | { phase: 'idle' }
  | { phase: 'running'; percent: number }
  | { phase: 'done'; status: TaskStatusResponse }
  | { phase: 'error'; message: string }

/** "Analisar com Lighthouse": the single-page analysis of this URL (desktop), its result shown here. */
function LighthouseInPlace({ url }: { url: string }) {
  const { t, lang } = useTranslation('site')
  const [run, setRun] = useState<LighthouseRun>({ phase: 'idle' })
  const stop = useRef<(() => void) | null>(null)
  // Mounted per URL (key): the run stops following its task when the detail closes or changes URL.
  useEffect(() => () => stop.current?.(), [])

  async function start() {
    stop.current?.()
    setRun({ phase: 'running', percent: 0 })
    try {
      const { taskId } = await createTask({ kind: 'seo_analysis', url, platform: 'desktop', lang })
      stop.current = subscribeTask(
        taskId,
        {
          onUpdate: (status) => {
            if (status.status === 'success' || status.status === 'failed') setRun({ phase: 'done', status })
            else setRun({ phase: 'running', percent: status.progress?.percent ?? 0 })
          },
          onError: (error) => setRun({ phase: 'error', message: error.message }),
        },
        { lang },
      )
    } catch (error) {
      setRun({ phase: 'error', message: (error as Error).message })
    }
  }

  const result = run.phase === 'done' ? run.status.results : null
  const problems = (result?.onPage.findings ?? []).filter((f) => f.verdict === 'fail' || f.verdict === 'warn')
  const lighthouseError = result?.lighthouse.errors.desktop
  return (
    <div className="flex flex-col gap-2" data-testid="url-lighthouse" data-phase={run.phase}>
      <div>
        <button
          type="button"
          className="btn-primary gap-2"
          onClick={() => void start()}
          disabled={run.phase === 'running'}
          data-testid="url-lighthouse-run"
        >
          {run.phase === 'running' ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {run.phase === 'running' ? t('inventory.lighthouse.running') : t('inventory.lighthouse.run')}
        </button>
      </div>
      {run.phase === 'running' ? (
        <p role="status" className="text-sm">
          {t('inventory.lighthouse.running')} {run.percent}%
        </p>
      ) : null}
      {run.phase === 'error' || (run.phase === 'done' && !result) ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('inventory.lighthouse.failed')}{' '}
          {run.phase === 'error' ? run.message : (run.status.message ?? '')}
        </p>
      ) : null}
      {result ? (
        <div className="flex flex-col gap-2 text-sm" data-testid="url-lighthouse-result">
          <h5 className="font-semibold">{t('inventory.lighthouse.title')}</h5>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {(
              [
                ['seo', result.scores.seo],
                ['performance', result.lighthouse.desktop?.performanceScore ?? null],
                ['onPage', result.onPage.score],
                ['aio', result.scores.aio],
              ] as const
            ).map(([key, value]) => (
              <div
                key={key}
                className="rounded border border-slate-200 p-2 dark:border-slate-700"
                data-testid={`url-lighthouse-${key}`}
              >
                <dt className="text-slate-600 dark:text-slate-400">{t(`inventory.lighthouse.${key}`)}</dt>
                <dd className="text-lg font-semibold">{value ?? '—'}</dd>
              </div>
            ))}
          </dl>
          {lighthouseError ? (
            <p className="text-amber-800 dark:text-amber-300">
              {t('inventory.lighthouse.unavailable', {
                reason: lighthouseError.message ?? lighthouseError.code,
              })}
            </p>
          ) : null}
          <h6 className="font-medium">{t('inventory.lighthouse.problems')}</h6>
          {problems.length === 0 ? (
            <p>{t('inventory.lighthouse.none')}</p>
          ) : (
            <ul className="list-disc pl-5" data-testid="url-lighthouse-problems">
              {problems.map((f) => (
                <li key={f.id}>{f.title[lang]}</li>
              ))}
            </ul>
          )}
          <Link to={analysisLink(url)} className="text-blue-800 underline dark:text-blue-300">
            {t('inventory.lighthouse.open')}
          </Link>
        </div>
      ) : null}
    </div>
  )
}

const GROUP_TYPES: DuplicateGroup['type'][] = [
  'duplicate-title',
  'duplicate-description',
  'duplicate-content',
  'near-duplicate',
]

/** Duplicate and near-duplicate groups as the pages' titles and URLs, largest first (hash in a tooltip). */
export function DuplicateGroups({ crawlId }: { crawlId: string }) {
  const { t } = useTranslation('site')
  const ids = useId()
  const [type, setType] = useState<DuplicateGroup['type']>('duplicate-title')
  const [limit, setLimit] = useState(10)
  const [data, setData] = useState<Load<{ total: number; groups: DuplicateGroup[] }>>({ state: 'loading' })
  useEffect(() => {
    let cancelled = false
    fetchGroups(crawlId, type, 0, limit)
      .then((value) => {
        if (!cancelled) setData({ state: 'ready', value })
      })
      .catch((error: Error) => {
        if (!cancelled) setData({ state: 'error', message: error.message })
      })
    return () => {
      cancelled = true
    }
  }, [crawlId, type, limit])
  return (
    <section className="flex flex-col gap-2" data-testid="site-groups" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('inventory.groups.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('inventory.groups.hint')}</p>
      <label className="flex flex-col gap-1 text-sm font-medium sm:w-72">
        {t('inventory.groups.type')}
        <select
          className={selectClass}
          value={type}
          onChange={(e) => {
            setType(e.target.value as DuplicateGroup['type'])
            setLimit(10)
          }}
          data-testid="site-groups-type"
        >
          {GROUP_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`inventory.groups.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {data.state === 'loading' ? (
        <p role="status" className="text-sm">
          {t('inventory.groups.loading')}
        </p>
      ) : data.state === 'error' ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('inventory.groups.error')} {data.message}
        </p>
      ) : data.value.groups.length === 0 ? (
        <p className="text-sm" data-testid="site-groups-empty">
          {t('inventory.groups.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.value.groups.map((g) => (
            <li key={g.pages[0]?.url ?? g.value} className="card" data-testid="site-group">
              <p
                className="font-medium"
                title={
                  g.type === 'duplicate-content' && g.value
                    ? t('inventory.groups.hash', { hash: g.value })
                    : undefined
                }
              >
                {g.type === 'duplicate-content' || g.type === 'near-duplicate'
                  ? (g.pages[0]?.title ?? t('inventory.groups.untitled'))
                  : `“${g.value}”`}{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  ({t('inventory.groups.size', { count: g.size })})
                </span>
              </p>
              <ul className="mt-1 flex flex-col gap-0.5 text-sm">
                {g.pages.map((p) => (
                  <li key={p.url} className="break-all">
                    <span className="text-slate-800 dark:text-slate-200">
                      {p.title ?? t('inventory.groups.untitled')}
                    </span>{' '}
                    <a
                      href={p.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="text-blue-800 underline dark:text-blue-300"
                    >
                      {p.url}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {data.state === 'ready' && data.value.total > data.value.groups.length ? (
        <button type="button" className="btn-outline self-start" onClick={() => setLimit((l) => l + 20)}>
          {t('inventory.groups.more')}
        </button>
      ) : null}
    </section>
  )
}
