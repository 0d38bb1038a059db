// /suite/site (issue #18): crawl a whole site and see the site-wide issues no single-page audit can see,
// grouped by severity, each expandable to its URLs and what explains them (sources, targets, chains),
// with filters, a CSV export and the internal link score of the best-linked pages. The crawl runs as a
// `site_crawl` task; its progress (pages, rate, queue, ETA) shows while it runs.

import { Download, Loader2, Network } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { subscribeTask } from '~/features/analysis/task-client.ts'
import { notify } from '~/features/toasts/notify.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { AccessGate } from '../suite/shared/access-gate.tsx'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { DataTable } from '../ui/data-table.tsx'
import { formatDate, formatNumber } from '../ui/format.ts'
import { DuplicateGroups, Inventory } from './inventory.tsx'
import {
  crawlCsvHref,
  crawlIssueRows,
  latestSiteCrawl,
  ownerVerification,
  type SiteTaskStatus,
  startSiteCrawl,
} from './site-api.ts'
import {
  analysisLink,
  bySeverity,
  csvFileName,
  filterIssues,
  formatEta,
  type IssueFilter,
  issuesCsv,
  linkScoreTable,
  type PageSummary,
  paceReason,
  type Severity,
  type SiteCrawlResult,
  type SiteIssueView,
  severities,
  withSimilarity,
} from './site-data.ts'

const inputClass =
  'min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base font-normal text-slate-900 disabled:opacity-70 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'

const AuthModal = lazy(() => import('~/features/auth/auth-modal.tsx').then((m) => ({ default: m.AuthModal })))

export function SitePage() {
  const { t: tSuite } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  const [authOpen, setAuthOpen] = useState(false)
  useEffect(() => {
    if (!user) setAuthOpen(true)
  }, [user])
  return (
    <>
      <AccessGate body={tSuite('aio.gateBodyGeneric')} signedIn={Boolean(user)} returnTo="/suite/site">
        {user ? <SiteAudit /> : <SitePreview />}
      </AccessGate>
      {!user && authOpen ? (
        <Suspense fallback={null}>
          <AuthModal open={authOpen} onOpenChange={setAuthOpen} defaultTab="signin" returnTo="/suite/site" />
        </Suspense>
      ) : null}
    </>
  )
}

function SitePreview() {
  const { t } = useTranslation('site')
  return (
    <div className="flex flex-col gap-6" data-testid="site-preview">
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <div className="card h-24" />
      <div className="card h-64" />
    </div>
  )
}

type Run =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running' | 'done'; status: SiteTaskStatus }
  | { phase: 'error'; message: string }

function SiteAudit() {
  const { t, lang } = useTranslation('site')
  // ?url=… (the dashboard's links): open on that address's crawl, or with it in the form when there is none.
  const [searchParams] = useSearchParams()
  const queryUrl = searchParams.get('url')?.trim() || null
  const [url, setUrl] = useState(queryUrl ?? '')
  const [maxPages, setMaxPages] = useState('100')
  const [nearDuplicate, setNearDuplicate] = useState('90')
  const [render, setRender] = useState<RenderChoice>('auto')
  const [run, setRun] = useState<Run>({ phase: 'idle' })
  const [formError, setFormError] = useState<string | null>(null)
  const stopRef = useRef<(() => void) | null>(null)
  const ids = useId()

  const follow = useCallback(
    (taskId: string) => {
      stopRef.current?.()
      stopRef.current = subscribeTask(
        taskId,
        {
          onUpdate: (status) => {
            const s = status as unknown as SiteTaskStatus
            const finished = s.status === 'success' || s.status === 'failed'
            setRun({ phase: finished ? 'done' : 'running', status: s })
          },
          onError: (error) => setRun({ phase: 'error', message: error.message }),
        },
        { lang },
      )
    },
    [lang],
  )

  // The account's last crawl opens with the page; a running one is followed.
  useEffect(() => {
    let cancelled = false
    latestSiteCrawl(lang, queryUrl)
      .then((latest) => {
        if (cancelled || !latest) return
        setRun((current) => {
          if (current.phase !== 'idle') return current
          if (latest.task?.input) {
            setUrl(latest.task.input.url)
            setMaxPages(String(latest.task.input.maxPages))
            setRender(latest.task.input.render ?? 'off')
          }
          const finished = latest.status === 'success' || latest.status === 'failed'
          if (!finished) follow(latest.taskId)
          return { phase: finished ? 'done' : 'running', status: latest }
        })
      })
      .catch(() => {
        // Nothing to show: the empty state stays.
      })
    return () => {
      cancelled = true
    }
  }, [lang, follow, queryUrl])
  useEffect(() => () => stopRef.current?.(), [])

  async function start() {
    const u = url.trim()
    const n = Number(maxPages)
    if (!u) {
      setFormError(t('form.urlRequired'))
      return
    }
    if (!Number.isInteger(n) || n < 1) {
      setFormError(t('form.pagesInvalid'))
      return
    }
    const similarity = Number(nearDuplicate)
    if (!nearDuplicate.trim() || !(similarity >= 50 && similarity <= 100)) {
      setFormError(t('form.nearDuplicateInvalid'))
      return
    }
    setFormError(null)
    setRun({ phase: 'starting' })
    try {
      follow(
        await startSiteCrawl({ url: u, maxPages: n, nearDuplicate: similarity / 100, render, uiLang: lang }),
      )
    } catch (error) {
      const message = (error as Error).message
      notify('error', t('errors.start'), message)
      setRun({ phase: 'error', message })
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    void start()
  }

  const busy = run.phase === 'starting' || run.phase === 'running'
  const status = run.phase === 'running' || run.phase === 'done' ? run.status : null
  const results = status?.results ?? null

  return (
    <div className="flex flex-col gap-6" data-testid="site-page" data-phase={run.phase}>
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <form className="card flex flex-col gap-4" onSubmit={onSubmit} data-testid="site-form" noValidate>
        <div className="grid gap-4 md:grid-cols-[3fr_1fr]">
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-url`}>
            {t('form.url')}
            <input
              id={`${ids}-url`}
              name="url"
              className={inputClass}
              value={url}
              inputMode="url"
              placeholder={t('form.urlPlaceholder')}
              onChange={(e) => setUrl(e.target.value)}
              disabled={busy}
              aria-invalid={formError ? true : undefined}
              aria-describedby={formError ? `${ids}-error` : undefined}
              data-testid="site-url"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-pages`}>
            {t('form.maxPages')}
            <input
              id={`${ids}-pages`}
              name="maxPages"
              type="number"
              min={1}
              className={inputClass}
              value={maxPages}
              onChange={(e) => setMaxPages(e.target.value)}
              disabled={busy}
              data-testid="site-max-pages"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-near`}>
            {t('form.nearDuplicate')}
            <input
              id={`${ids}-near`}
              name="nearDuplicate"
              type="number"
              min={50}
              max={100}
              className={inputClass}
              value={nearDuplicate}
              onChange={(e) => setNearDuplicate(e.target.value)}
              disabled={busy}
              data-testid="site-near-duplicate"
            />
          </label>
        </div>
        <RenderSwitch value={render} onChange={setRender} disabled={busy} />
        {formError ? (
          <p
            id={`${ids}-error`}
            role="alert"
            className="text-sm text-red-800 dark:text-red-300"
            data-testid="site-form-error"
          >
            {formError}
          </p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('form.politeness')}</p>
        <OwnerToken />
        <div>
          <button type="submit" className="btn-primary gap-2" disabled={busy} data-testid="site-submit">
            {busy ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Network className="size-4" aria-hidden="true" />
            )}
            {busy ? t('form.crawling') : t('form.submit')}
          </button>
        </div>
      </form>

      {run.phase === 'idle' ? <p className="card text-slate-700 dark:text-slate-300">{t('empty')}</p> : null}
      {run.phase === 'starting' || run.phase === 'running' ? <ProgressCard result={results} /> : null}
      {run.phase === 'error' || status?.status === 'failed' ? (
        <ErrorPanel
          title={t('errors.title')}
          messages={[run.phase === 'error' ? run.message : (status?.message ?? t('errors.default'))]}
          onRetry={() => void start()}
        />
      ) : null}
      {status?.status === 'success' && results?.issues ? <SiteResults result={results} /> : null}
    </div>
  )
}

type RenderChoice = 'auto' | 'on' | 'off'

/** "Renderizar JavaScript": automatic (the default), yes or no; native radios, so arrows move between them. */
function RenderSwitch({
  value,
  onChange,
  disabled,
}: {
  value: RenderChoice
  onChange: (value: RenderChoice) => void
  disabled: boolean
}) {
  const { t } = useTranslation('site')
  const ids = useId()
  const options: { value: RenderChoice; label: string }[] = [
    { value: 'auto', label: t('form.renderAuto') },
    { value: 'on', label: t('form.renderOn') },
    { value: 'off', label: t('form.renderOff') },
  ]
  return (
    <fieldset
      className="flex flex-col gap-2"
      data-testid="site-render-switch"
      aria-describedby={`${ids}-hint`}
    >
      <legend className="text-sm font-medium">{t('form.render')}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'flex min-h-9 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
              value === option.value
                ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-500 dark:text-slate-950'
                : 'border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-200',
            )}
          >
            <input
              type="radio"
              name="render"
              value={option.value}
              className="sr-only"
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={disabled}
              data-testid={`site-render-${option.value}`}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p id={`${ids}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {t('form.renderHint')}
      </p>
    </fieldset>
  )
}

function ProgressCard({ result }: { result: SiteCrawlResult | null }) {
  const { t } = useTranslation('site')
  const p = result?.progress
  return (
    <div role="status" className="card flex items-start gap-3" data-testid="site-progress">
      <Loader2 className="mt-1 size-5 animate-spin text-blue-700 dark:text-blue-400" aria-hidden="true" />
      <div>
        <p className="font-medium">{t('progress.title')}</p>
        {p ? (
          <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('progress.pages')}</dt>
              <dd data-testid="site-progress-pages">
                {p.pages} / {p.maxPages}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('progress.rate')}</dt>
              <dd>{t('progress.rateValue', { rate: p.rate })}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('progress.queue')}</dt>
              <dd>{p.queued}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('progress.eta')}</dt>
              <dd>{formatEta(p.etaSeconds)}</dd>
            </div>
            {p.pace ? (
              <div className="col-span-2 sm:col-span-4">
                <dt className="text-slate-600 dark:text-slate-400">{t('progress.pace')}</dt>
                <dd data-testid="site-progress-pace">
                  {t('pace.value', { limit: p.pace.limit, interval: p.pace.intervalMs })} — {(() => {
                    const reason = paceReason(p.pace.reason)
                    return t(reason.key, reason.values)
                  })()}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('progress.starting')}</p>
        )}
      </div>
    </div>
  )
}

function SiteResults({ result }: { result: SiteCrawlResult }) {
  const { t, lang } = useTranslation('site')
  const [filter, setFilter] = useState<IssueFilter>({ severity: 'all', text: '' })
  const issues = result.issues ?? []
  const shown = filterIssues(issues, filter, lang)
  const ids = useId()
  const counts = Object.fromEntries(
    severities.map((s) => [s, issues.filter((i) => i.severity === s).length]),
  ) as Record<Severity, number>

  function exportCsv() {
    const blob = new Blob([`\ufeff${issuesCsv(shown, lang)}`], { type: 'text/csv;charset=utf-8' })
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = csvFileName(result.url)
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(link.href), 1000)
  }

  return (
    <section className="flex flex-col gap-4" data-testid="site-results" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-xl font-bold text-slate-900 dark:text-slate-50">
        {t('results.title', { url: result.url })}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="site-stats">
        {t('results.stats', {
          count: result.stats?.pages ?? 0,
          seconds: formatNumber(result.stats?.seconds ?? 0, lang, 1),
          rate: formatNumber(result.stats?.urlsPerSecond ?? 0, lang, 1),
        })}
        {result.stoppedBy === 'max-pages' ? ` ${t('results.stoppedMaxPages')}` : ''}
        {result.ownerVerified ? ` ${t('owner.verified')}` : ''}
      </p>
      {result.render ? (
        <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="site-render">
          {result.render.text[lang]}
        </p>
      ) : null}
      {result.needsRendering ? (
        <p
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          data-testid="site-needs-rendering"
        >
          {t('results.needsRendering', { count: result.needsRendering.words })}
          {result.needsRendering.mode === 'off' ? ` ${t('results.needsRenderingTurnOn')}` : ''}
        </p>
      ) : null}
      {result.comparisonRefused ? (
        <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="site-comparison-refused">
          {t(
            result.comparisonRefused.current === 'raw'
              ? 'results.comparisonRefusedRaw'
              : 'results.comparisonRefusedRendered',
            {
              date: formatDate(result.comparisonRefused.previousAt, lang),
            },
          )}
        </p>
      ) : null}
      {result.comparison ? (
        <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="site-comparison">
          {t('results.comparison', {
            date: formatDate(result.comparison.previousAt, lang),
            new: result.comparison.newIssues,
            fixed: result.comparison.fixedIssues,
          })}{' '}
          {t('results.comparisonPages', {
            added: result.comparison.pagesAdded,
            gone: result.comparison.pagesGone,
            changed: result.comparison.statusChangeCount,
          })}
        </p>
      ) : null}

      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-wrap gap-2" data-testid="site-severity-filter">
          <legend className="sr-only">{t('filters.severity')}</legend>
          {(['all', ...severities] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={filter.severity === s}
              onClick={() => setFilter((f) => ({ ...f, severity: s }))}
              data-testid={`site-filter-${s}`}
              className={cx(
                'min-h-9 rounded-full border px-3 text-sm',
                filter.severity === s
                  ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-500 dark:text-slate-950'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {t(`severity.${s}`)} ({s === 'all' ? issues.length : counts[s]})
            </button>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-text`}>
          {t('filters.text')}
          <input
            id={`${ids}-text`}
            className={inputClass}
            value={filter.text}
            onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
            placeholder={t('filters.textPlaceholder')}
            data-testid="site-filter-text"
          />
        </label>
        <button
          type="button"
          className="btn-outline ml-auto gap-2 disabled:opacity-50"
          onClick={exportCsv}
          disabled={shown.length === 0}
          data-testid="site-csv"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('exportCsv')}
        </button>
        {result.crawlId ? (
          // Every issue of the crawl with every source, streamed by the server from its tables (the page
          // holds the first rows of each type).
          <a
            className="btn-outline gap-2"
            href={crawlCsvHref(result.crawlId, lang)}
            download
            data-testid="site-csv-all"
          >
            <Download className="size-4" aria-hidden="true" />
            {t('exportAllCsv')}
          </a>
        ) : null}
      </div>

      {issues.length === 0 ? (
        <p className="card text-slate-700 dark:text-slate-300" data-testid="site-no-issues">
          {t('results.noIssues')}
        </p>
      ) : shown.length === 0 ? (
        <p className="card text-slate-700 dark:text-slate-300">{t('results.noMatch')}</p>
      ) : (
        bySeverity(shown).map((group) => (
          <div
            key={group.severity}
            className="flex flex-col gap-2"
            data-testid={`site-group-${group.severity}`}
          >
            <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">
              {t(`severity.${group.severity}`)} ({group.issues.length})
            </h3>
            {group.issues.map((issue) => (
              <IssueCard key={issue.type} issue={issue} crawlId={result.crawlId} />
            ))}
          </div>
        ))
      )}

      {result.crawlId ? <Inventory crawlId={result.crawlId} /> : null}
      {result.crawlId ? <DuplicateGroups crawlId={result.crawlId} /> : null}
      <LighthouseSample sample={result.sample ?? []} />
      <LinkScores pages={result.pages ?? []} />
    </section>
  )
}

const severityClass: Record<Severity, string> = {
  error: 'border-l-red-600',
  warning: 'border-l-amber-500',
  notice: 'border-l-blue-600',
}

function IssueCard({ issue, crawlId }: { issue: SiteIssueView; crawlId: string | undefined }) {
  const { t, lang } = useTranslation('site')
  const total = issue.count ?? issue.urls.length
  // Rows fetched beyond the stored first ones, page by page from the crawl's tables.
  const [more, setMore] = useState<{ url: string; detail: Record<string, unknown> | null }[]>([])
  const [loading, setLoading] = useState(false)
  const urls = [...issue.urls, ...more.map((r) => r.url)]
  const details = {
    ...issue.details,
    ...Object.fromEntries(more.map((r) => [r.url, r.detail ?? {}])),
  } as Record<string, NonNullable<SiteIssueView['details']>[string]>
  async function loadMore() {
    if (!crawlId) return
    setLoading(true)
    try {
      const page = await crawlIssueRows(crawlId, issue.type, urls.length)
      setMore((m) => [...m, ...page.rows])
    } catch (error) {
      notify('error', t('errors.more'), (error as Error).message)
    } finally {
      setLoading(false)
    }
  }
  return (
    <details
      className={cx('card border-l-4', severityClass[issue.severity])}
      data-testid={`site-issue-${issue.type}`}
    >
      <summary className="cursor-pointer font-medium">
        {issue.title[lang]} <span className="text-slate-600 dark:text-slate-400">({total})</span>
      </summary>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{issue.description[lang]}</p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {urls.map((url) => {
          const d = details[url]
          return (
            <li key={url} className="break-all" data-testid="site-issue-url">
              <a
                href={url}
                target="_blank"
                rel="noreferrer noopener"
                className="text-blue-800 underline dark:text-blue-300"
              >
                {url}
              </a>
              {d?.status !== undefined && d.status !== null ? (
                <span className="ml-2 text-slate-600 dark:text-slate-400">HTTP {d.status}</span>
              ) : null}
              {d?.value ? <span className="ml-2 text-slate-600 dark:text-slate-400">“{d.value}”</span> : null}
              {d?.rawValue !== undefined && d.renderedValue !== undefined ? (
                <p className="ml-4 text-slate-700 dark:text-slate-300" data-testid="site-issue-raw-rendered">
                  {t('details.rawValue', { raw: d.rawValue, rendered: d.renderedValue })}
                </p>
              ) : null}
              {d?.rawWords !== undefined && d.renderedWords !== undefined ? (
                <p className="ml-4 text-slate-700 dark:text-slate-300">
                  {t('details.words', { raw: d.rawWords, rendered: d.renderedWords })}
                </p>
              ) : null}
              {d?.unreachableWithoutJs ? (
                <p className="ml-4 text-slate-700 dark:text-slate-300">{t('details.unreachable')}</p>
              ) : null}
              {d?.errors?.length ? (
                <p className="ml-4 text-slate-700 dark:text-slate-300">
                  {t('details.errors')}: {d.errors.slice(0, 3).join(' · ')}
                </p>
              ) : null}
              <Related label={t('details.sources')} urls={d?.sources} testId="site-issue-sources" />
              <Related
                label={t('details.targets')}
                urls={d?.targets ?? (d?.target ? [d.target] : undefined)}
              />
              <Related label={t('details.chain')} urls={d?.chain} />
              <Related label={t('details.duplicates')} urls={withSimilarity(d)} />
              {d?.depth !== undefined ? (
                <span className="ml-2 text-slate-600 dark:text-slate-400">
                  {t('details.depth', { depth: d.depth })}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
      {total > urls.length && crawlId ? (
        <button
          type="button"
          className="btn-outline mt-2 gap-2"
          onClick={loadMore}
          disabled={loading}
          data-testid="site-issue-more"
        >
          {t('details.loadMore', { count: total - urls.length })}
        </button>
      ) : total > urls.length ? (
        <p className="mt-2 text-sm">{t('details.more', { count: total - urls.length })}</p>
      ) : null}
    </details>
  )
}

function Related({ label, urls, testId }: { label: string; urls: string[] | undefined; testId?: string }) {
  if (!urls?.length) return null
  return (
    <p className="ml-4 text-slate-700 dark:text-slate-300" data-testid={testId}>
      {label}: {urls.slice(0, 10).join(', ')}
      {urls.length > 10 ? ` (+${urls.length - 10})` : ''}
    </p>
  )
}

function LighthouseSample({ sample }: { sample: NonNullable<SiteCrawlResult['sample']> }) {
  const { t } = useTranslation('site')
  if (sample.length === 0) return null
  return (
    <div className="flex flex-col gap-2" data-testid="site-sample">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('sample.title')}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('sample.hint')}</p>
      <ul className="flex flex-col gap-2 text-sm">
        {sample.map((s) => (
          <li
            key={s.template}
            className="card flex flex-wrap items-center gap-3"
            data-testid="site-sample-row"
          >
            <span className="font-mono text-slate-700 dark:text-slate-300">{s.template}</span>
            <span className="break-all">{s.url}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {t('sample.pages', { count: s.pages })}
            </span>
            <Link to={analysisLink(s.url)} className="btn-outline btn-small ml-auto">
              {t('sample.run')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

function LinkScores({ pages }: { pages: PageSummary[] }) {
  const { t } = useTranslation('site')
  const rows = linkScoreTable(pages)
  if (rows.length === 0) return null
  return (
    <div className="flex flex-col gap-2" data-testid="site-link-scores">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('linkScore.title')}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('linkScore.hint')}</p>
      <DataTable label={t('linkScore.title')}>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('linkScore.url')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('linkScore.score')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('linkScore.inlinks')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('linkScore.depth')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr
              key={p.url}
              className="border-t border-slate-200 dark:border-slate-700"
              data-testid="site-link-row"
            >
              <td className="break-all px-3 py-2">{p.url}</td>
              <td className="px-3 py-2 text-right font-semibold">{p.linkScore}</td>
              <td className="px-3 py-2 text-right">{p.inlinks}</td>
              <td className="px-3 py-2 text-right">{p.depth ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  )
}

/** The signed-in user's verification token, to publish on their own site for a faster crawl of it. */
function OwnerToken() {
  const { t } = useTranslation('site')
  const [owner, setOwner] = useState<Awaited<ReturnType<typeof ownerVerification>>>(null)
  useEffect(() => {
    let cancelled = false
    ownerVerification()
      .then((value) => {
        if (!cancelled) setOwner(value)
      })
      .catch(() => {
        // No token to show: the rest of the page works without it.
      })
    return () => {
      cancelled = true
    }
  }, [])
  if (!owner) return null
  return (
    <details className="text-xs text-slate-700 dark:text-slate-300" data-testid="site-owner">
      <summary className="cursor-pointer">{t('owner.title')}</summary>
      <p className="mt-2">{t('owner.hint', { max: owner.ownerMax })}</p>
      <code className="mt-1 block break-all" data-testid="site-owner-meta">
        {owner.meta}
      </code>
      <p className="mt-2">{t('owner.file', { path: owner.path })}</p>
      <code className="mt-1 block break-all">{owner.token}</code>
    </details>
  )
}
