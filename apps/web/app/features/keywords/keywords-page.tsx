// /suite/keywords (spec §2 "Keywords page"): an input and two tabs, related and long tail; anonymous
// visitors get the sign-in modal (spec §6). The research runs as a `keyword_research` task; its partial
// results show while the long tail grows. Figures nobody measured read "—", and a note says which
// providers answered and which are not configured.

import { ClipboardCopy, Download, Loader2, PenLine, Search } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { subscribeTask } from '~/features/analysis/task-client.ts'
import { notify } from '~/features/toasts/notify.ts'
import { OperatorOnly } from '~/features/ui/operator-only.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { AccessGate } from '../suite/shared/access-gate.tsx'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { DataTable } from '../ui/data-table.tsx'
import { type KeywordTaskStatus, latestKeywordResearch, startKeywordResearch } from './keywords-api.ts'
import {
  byModifier,
  type CsvWords,
  csvFileName,
  figure,
  filterLongTail,
  groups,
  type KeywordIdea,
  type KeywordResearchResult,
  type LongTailIdea,
  type MarketChoice,
  type ModifierGroup,
  markets,
  toCsv,
  writerLink,
} from './keywords-data.ts'

/** The suite's text fields (no shared class exists for them). */
const inputClass =
  'min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base font-normal text-slate-900 disabled:opacity-70 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100'

const AuthModal = lazy(() => import('~/features/auth/auth-modal.tsx').then((m) => ({ default: m.AuthModal })))

export function KeywordsPage() {
  const { t: tSuite } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  const [authOpen, setAuthOpen] = useState(false)
  // Spec §2: the page opens the sign-in modal for anonymous visitors (after hydration, never in SSR).
  useEffect(() => {
    if (!user) setAuthOpen(true)
  }, [user])
  return (
    <>
      <AccessGate body={tSuite('aio.gateBodyGeneric')} signedIn={Boolean(user)} returnTo="/suite/keywords">
        {user ? <KeywordResearch /> : <KeywordsPreview />}
      </AccessGate>
      {!user && authOpen ? (
        <Suspense fallback={null}>
          <AuthModal
            open={authOpen}
            onOpenChange={setAuthOpen}
            defaultTab="signin"
            returnTo="/suite/keywords"
          />
        </Suspense>
      ) : null}
    </>
  )
}

function KeywordsPreview() {
  const { t } = useTranslation('keywords')
  return (
    <div className="flex flex-col gap-6" data-testid="keywords-preview">
      <p className="text-slate-700 dark:text-slate-300">{t('preview')}</p>
      <div className="card h-24" />
      <div className="card h-64" />
    </div>
  )
}

type Run =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running' | 'done'; status: KeywordTaskStatus }
  | { phase: 'error'; message: string }

function KeywordResearch() {
  const { t, lang } = useTranslation('keywords')
  const [keyword, setKeyword] = useState('')
  const [url, setUrl] = useState('')
  const [market, setMarket] = useState<MarketChoice>(lang === 'en' ? 'EN' : 'PT')
  const [run, setRun] = useState<Run>({ phase: 'idle' })
  const stopRef = useRef<(() => void) | null>(null)
  const ids = useId()

  const follow = useCallback(
    (taskId: string) => {
      stopRef.current?.()
      stopRef.current = subscribeTask(
        taskId,
        {
          onUpdate: (status) => {
            const s = status as unknown as KeywordTaskStatus
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

  // The last research of this account opens with the page (any browser); a running one is followed.
  useEffect(() => {
    let cancelled = false
    latestKeywordResearch(lang)
      .then((latest) => {
        if (cancelled || !latest) return
        setRun((current) => {
          if (current.phase !== 'idle') return current
          const input = latest.task.input
          if (input) {
            setKeyword(input.keyword ?? '')
            setUrl(input.url ?? '')
            setMarket(input.lang === 'en' ? 'EN' : input.country === 'BR' ? 'BR' : 'PT')
          }
          const finished = latest.status === 'success' || latest.status === 'failed'
          if (!finished) follow(latest.taskId)
          return { phase: finished ? 'done' : 'running', status: latest }
        })
      })
      .catch(() => {
        // No previous research to show: the empty state stays.
      })
    return () => {
      cancelled = true
    }
  }, [lang, follow])
  useEffect(() => () => stopRef.current?.(), [])

  async function start() {
    const k = keyword.trim()
    const u = url.trim()
    // Spec §5: an empty search does nothing.
    if (!k && !u) return
    setRun({ phase: 'starting' })
    try {
      const m = markets[market]
      const taskId = await startKeywordResearch({
        keyword: k,
        url: u,
        lang: m.lang,
        country: m.country,
        uiLang: lang,
      })
      follow(taskId)
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
    <div className="flex flex-col gap-6" data-testid="keywords-page" data-phase={run.phase}>
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <form className="card flex flex-col gap-4" onSubmit={onSubmit} data-testid="keywords-form" noValidate>
        <div className="grid gap-4 md:grid-cols-[2fr_2fr_1fr]">
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-keyword`}>
            {t('form.keyword')}
            <input
              id={`${ids}-keyword`}
              name="keyword"
              className={inputClass}
              value={keyword}
              maxLength={80}
              placeholder={t('form.keywordPlaceholder')}
              onChange={(e) => setKeyword(e.target.value)}
              disabled={busy}
              data-testid="keywords-input"
            />
          </label>
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
              aria-describedby={`${ids}-url-hint`}
              data-testid="keywords-url"
            />
            <span id={`${ids}-url-hint`} className="text-xs font-normal text-slate-600 dark:text-slate-400">
              {t('form.urlHint')}
            </span>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-market`}>
            {t('form.market')}
            <select
              id={`${ids}-market`}
              name="market"
              className={inputClass}
              value={market}
              onChange={(e) => setMarket(e.target.value as MarketChoice)}
              disabled={busy}
              data-testid="keywords-market"
            >
              {(Object.keys(markets) as MarketChoice[]).map((m) => (
                <option key={m} value={m}>
                  {t(`form.markets.${m}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div>
          <button type="submit" className="btn-primary gap-2" disabled={busy} data-testid="keywords-submit">
            {busy ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Search className="size-4" aria-hidden="true" />
            )}
            {busy ? t('form.searching') : t('form.submit')}
          </button>
        </div>
      </form>

      {run.phase === 'idle' ? <p className="card text-slate-700 dark:text-slate-300">{t('empty')}</p> : null}
      {run.phase === 'running' ? (
        <div role="status" className="card flex items-center gap-3" data-testid="keywords-progress">
          <Loader2 className="size-5 animate-spin text-blue-700 dark:text-blue-400" aria-hidden="true" />
          <div>
            <p className="font-medium">{t('progress', { percent: run.status.progress.percent })}</p>
            {results ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('progressPartial')}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      {run.phase === 'error' || (status?.status === 'failed' && !results?.related.length) ? (
        <ErrorPanel
          title={t('errors.title')}
          messages={[run.phase === 'error' ? run.message : (status?.message ?? t('errors.default'))]}
          onRetry={() => void start()}
        />
      ) : null}
      {results ? <KeywordResults result={results} /> : null}
    </div>
  )
}

function KeywordResults({ result }: { result: KeywordResearchResult }) {
  const { t } = useTranslation('keywords')
  const [tab, setTab] = useState<'related' | 'longTail'>('related')
  const [group, setGroup] = useState<ModifierGroup | 'all'>('all')
  const shown: (KeywordIdea | LongTailIdea)[] =
    tab === 'related' ? result.related : filterLongTail(result.longTail, group)
  const tabs = ['related', 'longTail'] as const

  function onTabKey(event: React.KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = tab === 'related' ? 'longTail' : 'related'
    setTab(next)
    document.getElementById(`keywords-tab-${next}`)?.focus()
  }

  async function copy() {
    const text = shown.map((i) => i.keyword).join('\n')
    try {
      await navigator.clipboard.writeText(text)
      notify('success', t('copied'), t('copiedDescription', { count: shown.length }))
    } catch {
      notify('error', t('copyFailed'))
    }
  }

  function exportCsv() {
    const words: CsvWords = {
      header: [
        t('columns.keyword'),
        t('columns.source'),
        t('columns.volume'),
        t('columns.cpc'),
        t('columns.difficulty'),
        t('columns.intent'),
      ],
      source: (code) => t(`sourceShort.${code}`),
      intent: (code) => t(`intents.${code}`, { defaultValue: code }),
    }
    const blob = new Blob([`\ufeff${toCsv(shown, words)}`], { type: 'text/csv;charset=utf-8' })
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = csvFileName(result.seed, tab)
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(link.href), 1000)
  }

  return (
    <section className="flex flex-col gap-4" data-testid="keywords-results" aria-labelledby="keywords-seed">
      <h2 id="keywords-seed" className="text-xl font-bold text-slate-900 dark:text-slate-50">
        {t('seed', { seed: result.seed })}
      </h2>
      <SourcesNote result={result} />
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        className="flex gap-1 border-b border-slate-200 dark:border-slate-700"
      >
        {tabs.map((key) => (
          <button
            key={key}
            id={`keywords-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls="keywords-panel"
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onTabKey}
            data-testid={`keywords-tab-${key}`}
            className={cx(
              '-mb-px min-h-11 border-b-2 px-4 text-sm font-medium',
              tab === key
                ? 'border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300'
                : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {t(`tabs.${key}`)} ({key === 'related' ? result.related.length : result.longTail.length})
          </button>
        ))}
      </div>
      <div
        id="keywords-panel"
        role="tabpanel"
        aria-labelledby={`keywords-tab-${tab}`}
        className="flex flex-col gap-4"
      >
        {tab === 'longTail' ? (
          <fieldset className="flex flex-wrap gap-2" data-testid="keywords-groups">
            <legend className="sr-only">{t('groups.label')}</legend>
            {(['all', ...groups] as const).map((g) => {
              const count = g === 'all' ? result.longTail.length : filterLongTail(result.longTail, g).length
              return (
                <button
                  key={g}
                  type="button"
                  aria-pressed={group === g}
                  onClick={() => setGroup(g)}
                  data-testid={`keywords-group-${g}`}
                  className={cx(
                    'min-h-9 rounded-full border px-3 text-sm',
                    group === g
                      ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-500 dark:text-slate-950'
                      : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
                  )}
                >
                  {t(`groups.${g}`)} ({count})
                </button>
              )
            })}
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <p className="mr-auto text-sm text-slate-700 dark:text-slate-300" data-testid="keywords-count">
            {t('count', { count: shown.length })}
          </p>
          <button
            type="button"
            className="btn-outline gap-2 disabled:opacity-50"
            onClick={() => void copy()}
            disabled={!shown.length}
            data-testid="keywords-copy"
          >
            <ClipboardCopy className="size-4" aria-hidden="true" />
            {t('copy')}
          </button>
          <button
            type="button"
            className="btn-outline gap-2 disabled:opacity-50"
            onClick={exportCsv}
            disabled={!shown.length}
            data-testid="keywords-csv"
          >
            <Download className="size-4" aria-hidden="true" />
            {t('exportCsv')}
          </button>
        </div>
        {shown.length === 0 ? (
          <p className="card text-slate-700 dark:text-slate-300">{t('noResults')}</p>
        ) : tab === 'related' ? (
          <KeywordTable sections={[{ modifier: null, ideas: shown }]} />
        ) : (
          groups
            .map((g) => ({ group: g, sections: byModifier(filterLongTail(shown as LongTailIdea[], g)) }))
            .filter((g) => g.sections.length > 0)
            .map(({ group: g, sections }) => (
              <section
                key={g}
                aria-labelledby={`keywords-group-title-${g}`}
                data-testid={`keywords-section-${g}`}
              >
                <h3
                  id={`keywords-group-title-${g}`}
                  className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100"
                >
                  {t(`groups.${g}`)}
                </h3>
                <KeywordTable sections={sections} />
              </section>
            ))
        )}
      </div>
    </section>
  )
}

/** One table; long-tail sections (one per modifier) each get a row naming their modifier. */
function KeywordTable({
  sections,
}: {
  sections: { modifier: string | null; ideas: (KeywordIdea | LongTailIdea)[] }[]
}) {
  const { t, lang } = useTranslation('keywords')
  return (
    <DataTable label={t('tableLabel')}>
      <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        <tr>
          <th scope="col" className="px-3 py-2">
            {t('columns.keyword')}
          </th>
          <th scope="col" className="px-3 py-2">
            {t('columns.source')}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {t('columns.volume')}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {t('columns.cpc')}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {t('columns.difficulty')}
          </th>
          <th scope="col" className="px-3 py-2">
            {t('columns.intent')}
          </th>
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">{t('columns.actions')}</span>
          </th>
        </tr>
      </thead>
      {sections.map((section) => (
        <tbody key={section.modifier ?? 'all'}>
          {section.modifier !== null ? (
            <tr className="border-t border-slate-200 bg-slate-50/60 dark:border-slate-700 dark:bg-slate-800/40">
              <th
                scope="rowgroup"
                colSpan={7}
                className="px-3 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300"
              >
                {section.modifier}
              </th>
            </tr>
          ) : null}
          {section.ideas.map((idea) => (
            <tr
              key={idea.keyword}
              className="border-t border-slate-200 dark:border-slate-700"
              data-testid="keyword-row"
            >
              <td
                className="px-3 py-2 font-medium text-slate-900 dark:text-slate-100"
                data-testid="keyword-text"
              >
                {idea.keyword}
              </td>
              <td className="px-3 py-2 text-slate-700 dark:text-slate-300">
                {t(`sourceShort.${idea.source}`)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="keyword-volume">
                {figure(idea.volume, lang)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{figure(idea.cpc, lang, 'money')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{figure(idea.difficulty, lang)}</td>
              <td className="px-3 py-2">
                {idea.intent ? t(`intents.${idea.intent}`, { defaultValue: idea.intent }) : '—'}
              </td>
              <td className="px-3 py-2">
                <Link
                  to={writerLink(idea.keyword)}
                  className="inline-flex items-center gap-1 text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
                  aria-label={t('addToWriterLabel', { keyword: idea.keyword })}
                  data-testid="keyword-writer"
                >
                  <PenLine className="size-4" aria-hidden="true" />
                  {t('addToWriter')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </DataTable>
  )
}

function SourcesNote({ result }: { result: KeywordResearchResult }) {
  const { t } = useTranslation('keywords')
  const reason = (code: string | null) =>
    code?.startsWith('KEYWORDS_') ? t(`reasons.${code}`) : t('reasons.other', { code: code ?? '' })
  return (
    <section className="card text-sm" aria-labelledby="keywords-sources" data-testid="keywords-sources">
      <h3 id="keywords-sources" className="font-semibold text-slate-900 dark:text-slate-100">
        {t('sources.title')}
      </h3>
      <ul className="mt-2 flex flex-col gap-1">
        {result.sources.map((s) => (
          <li key={s.id} data-testid={`keywords-source-${s.id}`} data-status={s.status}>
            <span className="font-medium">{t(`sourceNames.${s.id}`)}</span>:{' '}
            {s.status === 'answered'
              ? s.errorCode
                ? t('sources.answeredWithErrors', { count: s.count, reason: reason(s.errorCode) })
                : t('sources.answered', { count: s.count })
              : s.status === 'failed'
                ? t('sources.failed', { reason: reason(s.errorCode) })
                : t(`sources.${s.status}`)}
            {s.id === 'dataforseo' && s.status === 'not_configured' ? (
              <p className="text-slate-600 dark:text-slate-400">
                <OperatorOnly others={t('sources.dataforseoHint')}>
                  {t('sources.dataforseoHintAdmin')}
                </OperatorOnly>
              </p>
            ) : null}
            {s.id === 'site' && s.status === 'answered' && result.sitePages?.length ? (
              <p className="text-slate-600 dark:text-slate-400" data-testid="keywords-site-pages">
                {t('sources.sitePages', { count: result.sitePages.length })}
              </p>
            ) : null}
            {s.id === 'site' && s.status === 'not_used' ? (
              <p className="text-slate-600 dark:text-slate-400">{t('sources.siteHint')}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
