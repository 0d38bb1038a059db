/**
 * /suite/directories (spec §2): the business's NAP form, prefilled from the site's own JSON-LD and
 * footer when an analysis exists; a search task (directory_search) whose rows appear as each directory
 * answers; the table of statuses with the form's and the directory's values side by side; 'new search'
 * that clears stored data. Behind the access gate (spec §6).
 */

import type { DirectoryEntry, DirectoryReport } from '@farol/engine/local/types.ts'
import { ExternalLink, Loader2, RotateCcw, Search } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { bandOf } from '~/features/analysis/score-display.ts'
import { subscribeTask } from '~/features/analysis/task-client.ts'
import { lastAnalyzedUrlKey } from '~/features/analyze/events.ts'
import { AccessGate } from '~/features/suite/shared/access-gate.tsx'
import { ErrorPanel } from '~/features/suite/shared/error-panel.tsx'
import { ScoreRing } from '~/features/suite/shared/score-ring.tsx'
import { notify } from '~/features/toasts/notify.ts'
import { useIsAdmin } from '~/features/ui/operator-only.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { ApiError } from '../../lib/api-error.ts'
import {
  clearDirectorySearches,
  type DirectoryForm,
  type DirectoryResults,
  type DirectorySetup,
  emptyForm,
  fetchLatestSearch,
  fetchSetup,
  startDirectorySearch,
} from './directories-client.ts'
import { formFromInput, missingRequired, prefillForm, unconfiguredProviders } from './view.ts'

const storageKey = 'farol.suite.directories'

type Phase = 'idle' | 'creating' | 'running' | 'success' | 'failed'

interface SearchState {
  phase: Phase
  taskId: string | null
  results: DirectoryResults | null
  message: string | null
}

const idle: SearchState = { phase: 'idle', taskId: null, results: null, message: null }

function readStored(): { form: DirectoryForm; search: SearchState } | null {
  try {
    const raw = sessionStorage.getItem(storageKey)
    return raw ? (JSON.parse(raw) as { form: DirectoryForm; search: SearchState }) : null
  } catch {
    return null
  }
}

export function DirectoriesPage({ queryUrl }: { queryUrl: string | null }) {
  const { t: tSuite } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  return (
    <AccessGate
      body={tSuite('aio.gateBodyGeneric')}
      signedIn={Boolean(user)}
      returnTo={
        queryUrl ? `/suite/directories?${new URLSearchParams({ url: queryUrl })}` : '/suite/directories'
      }
    >
      {user ? <DirectoriesSearch queryUrl={queryUrl} /> : <DirectoriesPreview />}
    </AccessGate>
  )
}

/** Under the gate for anonymous visitors: the page's shape, without any result. */
function DirectoriesPreview() {
  const { t } = useTranslation('directories')
  return (
    <div className="flex flex-col gap-6" data-testid="directories-preview">
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <div className="card h-64">
        <p className="font-semibold">{t('form.title')}</p>
      </div>
      <div className="card h-48">
        <p className="font-semibold">{t('previewTable')}</p>
      </div>
    </div>
  )
}

function DirectoriesSearch({ queryUrl }: { queryUrl: string | null }) {
  const { t, lang } = useTranslation('directories')
  const [form, setForm] = useState<DirectoryForm>(emptyForm)
  const [search, setSearch] = useState<SearchState>(idle)
  const [setup, setSetup] = useState<DirectorySetup | null>(null)
  const [prefilledFrom, setPrefilledFrom] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<(keyof DirectoryForm)[]>([])
  const stopRef = useRef<(() => void) | null>(null)
  const formRef = useRef(form)
  formRef.current = form

  // Keep a search and its form in session storage (spec §3), so a reload resumes a running search; an
  // idle page stores nothing ('new search' leaves no directory data behind).
  useEffect(() => {
    if (search.phase === 'idle') return
    sessionStorage.setItem(storageKey, JSON.stringify({ form, search }))
  }, [form, search])

  function follow(taskId: string) {
    stopRef.current?.()
    stopRef.current = subscribeTask(
      taskId,
      {
        onUpdate: (status) => {
          const results = status.results as unknown as DirectoryResults | null
          if (status.status === 'success') setSearch({ phase: 'success', taskId, results, message: null })
          else if (status.status === 'failed')
            setSearch({ phase: 'failed', taskId, results, message: status.message })
          else setSearch({ phase: 'running', taskId, results, message: null })
        },
        onError: (error) => setSearch((s) => ({ ...s, phase: 'failed', message: error.message })),
      },
      { lang },
    )
  }

  // On arrival: this browser's stored search, else the user's latest one (any browser); then the setup
  // (providers, the site's NAP) fills whatever the form still lacks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page visit
  useEffect(() => {
    let cancelled = false
    const stored = readStored()
    let restored = false
    if (stored) {
      setForm(stored.form)
      setSearch(stored.search)
      restored = stored.search.phase !== 'idle'
      if ((stored.search.phase === 'running' || stored.search.phase === 'creating') && stored.search.taskId) {
        follow(stored.search.taskId)
      }
    }
    void (async () => {
      if (!restored) {
        const latest = await fetchLatestSearch(lang).catch(() => null)
        if (cancelled) return
        if (latest) {
          const latestForm = formFromInput(latest.input)
          if (latestForm) setForm(latestForm)
          if (latest.status === 'success' || latest.status === 'failed') {
            setSearch({
              phase: latest.status,
              taskId: latest.taskId,
              results: latest.results,
              message: latest.message,
            })
          } else follow(latest.taskId)
          restored = true
        }
      }
      const siteUrl = queryUrl ?? localStorage.getItem(lastAnalyzedUrlKey)
      const loaded = await fetchSetup(siteUrl, lang).catch(() => null)
      if (cancelled || !loaded) return
      setSetup(loaded)
      if (!restored && loaded.siteNap) {
        setForm(prefillForm(formRef.current, loaded.siteNap.nap))
        setPrefilledFrom(loaded.siteUrl)
      }
    })()
    return () => {
      cancelled = true
      stopRef.current?.()
    }
  }, [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const missing = missingRequired(form)
    setInvalid(missing)
    if (missing.length) {
      notify('error', t('incompleteTitle'), t('incompleteBody'))
      return
    }
    setSearch({ phase: 'creating', taskId: null, results: null, message: null })
    try {
      const taskId = await startDirectorySearch(form, setup?.siteUrl ?? null, lang)
      setSearch({ phase: 'running', taskId, results: null, message: null })
      follow(taskId)
    } catch (error) {
      const message = error instanceof ApiError || error instanceof Error ? error.message : String(error)
      if (error instanceof ApiError && error.code === 'DIRECTORY_INCOMPLETE') {
        notify('error', t('incompleteTitle'), message)
      } else notify('error', t('startErrorTitle'), message)
      setSearch({ phase: 'idle', taskId: null, results: null, message: null })
    }
  }

  async function newSearch() {
    stopRef.current?.()
    sessionStorage.removeItem(storageKey)
    setSearch(idle)
    setInvalid([])
    setForm(prefillForm(emptyForm, setup?.siteNap?.nap ?? null))
    setPrefilledFrom(setup?.siteNap ? setup.siteUrl : null)
    await clearDirectorySearches().catch(() => undefined)
    notify('info', t('newSearchDone'))
  }

  const busy = search.phase === 'creating' || search.phase === 'running'
  const results = search.results
  return (
    <div className="flex flex-col gap-6" data-testid="directories-page" data-phase={search.phase}>
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <NapForm
        form={form}
        invalid={invalid}
        busy={busy}
        onChange={(next) => {
          setForm(next)
          if (invalid.length) setInvalid(missingRequired(next).filter((k) => invalid.includes(k)))
        }}
        onSubmit={submit}
        prefilledFrom={prefilledFrom}
        siteUrl={setup?.siteUrl ?? null}
        onNewSearch={search.phase === 'idle' ? null : () => void newSearch()}
      />
      {setup ? <NotConfigured providers={setup.providers} /> : null}
      {search.phase === 'idle' ? (
        <p className="card text-slate-700 dark:text-slate-300">{t('empty')}</p>
      ) : null}
      {busy ? (
        <p className="card flex items-center gap-2" role="status" data-testid="directories-progress">
          <Loader2 className="size-4 animate-spin text-blue-700 dark:text-blue-400" aria-hidden="true" />
          {t('progress', { done: results?.directories.length ?? 0, total: 4 })}
        </p>
      ) : null}
      {search.phase === 'failed' ? (
        <ErrorPanel
          title={t('failedTitle')}
          messages={[search.message ?? t('failedDefault')]}
          onRetry={() => formRefSubmit()}
        />
      ) : null}
      {results?.directories.length ? <ResultsView results={results} /> : null}
    </div>
  )

  function formRefSubmit() {
    document.querySelector<HTMLFormElement>('[data-testid="directories-form"]')?.requestSubmit()
  }
}

const fieldOrder: (keyof DirectoryForm)[] = ['businessName', 'address', 'postalCode', 'city', 'phoneNumber']
const optionalFields = new Set<keyof DirectoryForm>(['postalCode', 'phoneNumber'])
const autoComplete: Record<keyof DirectoryForm, string> = {
  businessName: 'organization',
  address: 'street-address',
  postalCode: 'postal-code',
  city: 'address-level2',
  phoneNumber: 'tel',
}

function NapForm({
  form,
  invalid,
  busy,
  onChange,
  onSubmit,
  prefilledFrom,
  siteUrl,
  onNewSearch,
}: {
  form: DirectoryForm
  invalid: (keyof DirectoryForm)[]
  busy: boolean
  onChange: (form: DirectoryForm) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  prefilledFrom: string | null
  siteUrl: string | null
  onNewSearch: (() => void) | null
}) {
  const { t } = useTranslation('directories')
  const id = useId()
  return (
    <form
      className="card flex flex-col gap-4"
      noValidate
      onSubmit={onSubmit}
      data-testid="directories-form"
      aria-busy={busy}
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('form.title')}</h2>
      {prefilledFrom ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="directories-prefilled">
          {t('form.prefilled', { site: prefilledFrom })}
        </p>
      ) : siteUrl ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('form.siteChecked', { site: siteUrl })}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {fieldOrder.map((key) => {
          const error = invalid.includes(key)
          return (
            <div key={key} className={key === 'businessName' || key === 'address' ? 'sm:col-span-2' : ''}>
              <label
                htmlFor={`${id}-${key}`}
                className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                {t(`form.${key}`)}
                {optionalFields.has(key) ? (
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {' '}
                    ({t('form.optional')})
                  </span>
                ) : null}
              </label>
              <input
                id={`${id}-${key}`}
                name={key}
                type={key === 'phoneNumber' ? 'tel' : 'text'}
                autoComplete={autoComplete[key]}
                value={form[key]}
                disabled={busy}
                maxLength={200}
                aria-invalid={error ? true : undefined}
                aria-describedby={
                  error ? `${id}-${key}-error` : key === 'postalCode' ? `${id}-pc-hint` : undefined
                }
                onChange={(event) => onChange({ ...form, [key]: event.target.value })}
                data-testid={`directories-${key}`}
                className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 disabled:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50 dark:disabled:bg-slate-800"
              />
              {key === 'postalCode' ? (
                <p id={`${id}-pc-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {t('form.postalCodeHint')}
                </p>
              ) : null}
              {error ? (
                <p
                  id={`${id}-${key}-error`}
                  className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
                >
                  {t('form.required')}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="btn-primary btn-small gap-2"
          data-testid="directories-submit"
        >
          {busy ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Search className="size-4" aria-hidden="true" />
          )}
          {busy ? t('form.searching') : t('form.submit')}
        </button>
        {onNewSearch ? (
          <button
            type="button"
            onClick={onNewSearch}
            className="btn-outline gap-2"
            data-testid="directories-new-search"
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('newSearch')}
          </button>
        ) : null}
      </div>
    </form>
  )
}

function NotConfigured({ providers }: { providers: DirectorySetup['providers'] }) {
  const { t } = useTranslation('directories')
  const isAdmin = useIsAdmin()
  const missing = unconfiguredProviders(providers)
  if (!missing.length) return null
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="directories-not-configured"
    >
      <h2 className="font-semibold">{t('notConfigured.title')}</h2>
      <p className="mt-1">
        {t(isAdmin ? 'notConfigured.bodyAdmin' : 'notConfigured.body', {
          list: missing.map((m) => t(`directory.${m.id}`)).join(', '),
          vars: missing.map((m) => m.variable).join(', '),
        })}
      </p>
    </section>
  )
}

const statusStyle: Record<DirectoryEntry['status'], string> = {
  good: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  inconsistent: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  missing: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  unchecked: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
}

function ResultsView({ results }: { results: DirectoryResults }) {
  const { t, lang } = useTranslation('directories')
  const report = results.partial ? null : (results as DirectoryReport)
  return (
    <>
      {report ? (
        <section
          className="card flex flex-col items-center gap-4 sm:flex-row"
          data-testid="directories-score"
        >
          {report.directoryScore === null ? (
            <p className="text-slate-700 dark:text-slate-300">{t('score.none')}</p>
          ) : (
            <ScoreRing
              score={report.directoryScore}
              colour={bandOf(report.directoryScore)}
              size={96}
              label={t('score.title')}
              testId="directories-score-value"
            />
          )}
          <div>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('score.title')}</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              <span className="font-medium">{t('score.formula')}: </span>
              {report.formula[lang]}
            </p>
          </div>
        </section>
      ) : null}
      <section className="card overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="directories-table">
          <caption className="mb-3 text-left text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t('table.caption')}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-4">
                {t('table.directory')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('table.status')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('table.details')}
              </th>
              <th scope="col" className="py-2">
                {t('table.link')}
              </th>
            </tr>
          </thead>
          <tbody>
            {results.directories.map((entry) => (
              <DirectoryRow key={entry.directory} entry={entry} />
            ))}
          </tbody>
        </table>
      </section>
      {report?.recommendations.length ? (
        <section className="card" data-testid="directories-recommendations">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('recommendations')}</h2>
          <ul className="mt-3 flex flex-col gap-3 text-sm">
            {report.recommendations.map((r) => (
              <li key={r.id}>
                <p className="font-semibold text-slate-900 dark:text-slate-100">
                  {r.url ? (
                    <a href={r.url} target="_blank" rel="noreferrer" className="underline">
                      {r.title[lang]}
                    </a>
                  ) : (
                    r.title[lang]
                  )}
                </p>
                <p className="text-slate-700 dark:text-slate-300">{r.description[lang]}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report?.attributions.length ? (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="directories-attribution">
          {t('attribution')}{' '}
          <a
            href="https://www.openstreetmap.org/copyright"
            target="_blank"
            rel="noreferrer"
            className="underline"
          >
            {report.attributions.join(' · ')}
          </a>
        </p>
      ) : null}
    </>
  )
}

function DirectoryRow({ entry }: { entry: DirectoryEntry }) {
  const { t } = useTranslation('directories')
  const isAdmin = useIsAdmin()
  return (
    <tr
      className="border-b border-slate-100 align-top dark:border-slate-800"
      data-testid={`directory-${entry.directory}`}
      data-status={entry.status}
    >
      <th scope="row" className="py-3 pr-4 font-medium text-slate-900 dark:text-slate-100">
        {t(`directory.${entry.directory}`)}
      </th>
      <td className="py-3 pr-4">
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[entry.status]}`}
        >
          {t(`status.${entry.status}`)}
        </span>
        {entry.reason ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t(`reason.${entry.reason}${isAdmin && entry.reason === 'provider_error' ? 'Admin' : ''}`, {
              message: entry.message ?? '',
            })}
          </p>
        ) : null}
      </td>
      <td className="py-3 pr-4">
        {entry.differences?.length ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="directory-differences">
            {entry.differences.map((d) => (
              <div key={d.field} className="contents">
                <dt className="font-medium text-slate-800 dark:text-slate-200">{t(`fields.${d.field}`)}</dt>
                <dd className="text-slate-700 dark:text-slate-300">
                  <span data-testid="difference-expected">{d.expected}</span>
                  {' / '}
                  <span
                    className="font-semibold text-red-800 dark:text-red-300"
                    data-testid="difference-found"
                  >
                    {d.found}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <span className="text-slate-500">{t('table.noDifferences')}</span>
        )}
      </td>
      <td className="py-3">
        {entry.url && entry.directory !== 'website' ? (
          <a
            href={entry.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 underline"
          >
            {t('table.open')} <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        ) : entry.checkUrl && entry.status !== 'good' ? (
          <a
            href={entry.checkUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 underline"
            data-testid="directory-check-link"
          >
            {t('table.check')} <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        ) : null}
      </td>
    </tr>
  )
}
