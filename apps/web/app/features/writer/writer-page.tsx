// /suite/writer (also /suite/content-writer): the spec's form and saved ideas; a configured model writes
// from the site's facts only (task content_generation), the text streams in, and every number, date,
// quotation and named source not among the facts is highlighted to verify before publishing.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useCapabilityTask } from '~/features/capability-task/use-capability-task.ts'
import { notify } from '~/features/toasts/notify.ts'
import { OperatorOnly } from '~/features/ui/operator-only.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { highlightClaims } from './highlight.ts'
import { ideasStore, takeIncomingIdeas, type WriterIdea } from './ideas.ts'

const LANGUAGES = ['PT', 'EN', 'ES'] as const
const TONES = ['professional', 'casual', 'technical', 'persuasive', 'educational'] as const
const TYPES = ['blog-post', 'meta-description', 'article-title', 'faq', 'google-ad', 'product-intro'] as const
const SIZES = ['short', 'medium', 'long'] as const

interface Form {
  keyword: string
  language: string
  tone: string
  contentType: string
  size: string
  url: string
}

interface Generated {
  title: string
  content: string
  fileName: string
  unverifiedClaims: { text: string; kind: string; reason: string }[]
  facts: { kind: string; value: string; source: { url: string; from: string } }[]
  factsConfirmed: boolean
  length: { length: number; score: number | null; ideal: { min: number; max: number } | null }
  model: { key: string; label: string; modelId: string }
  streaming: boolean
}

/** Spec §5: every field required, the keyword at least 2 characters. Returns field → message key. */
function validateWriterForm(form: Form): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {}
  if (form.keyword.trim().length < 2) errors.keyword = 'errors.keyword'
  if (!form.language) errors.language = 'errors.language'
  if (!form.tone) errors.tone = 'errors.tone'
  if (!form.contentType) errors.contentType = 'errors.contentType'
  if (!form.size) errors.size = 'errors.size'
  return errors
}

const field =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function WriterPage({ initialUrl }: { initialUrl: string | null }) {
  const { t, lang } = useTranslation('writer')
  const ids = useId()
  const signedIn = Boolean(useRootData()?.user)
  const [search, setSearch] = useSearchParams()
  const [form, setForm] = useState<Form>({
    keyword: '',
    language: lang === 'en' ? 'EN' : 'PT',
    tone: 'professional',
    contentType: 'blog-post',
    size: 'medium',
    url: initialUrl ?? '',
  })
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const [showExample, setShowExample] = useState(false)
  const [ideas, setIdeas] = useState<WriterIdea[]>([])
  const task = useCapabilityTask<Generated>('content_generation', lang)
  const result = task.state.results
  const store = ideasStore(signedIn)

  const refreshIdeas = useCallback(async () => {
    try {
      setIdeas(await ideasStore(signedIn).list())
    } catch {
      // The panel stays as it was; the page still works.
    }
  }, [signedIn])

  // Spec: ?title= prefills the keyword, shows an info toast, then the parameter is cleared. Suggestions
  // sent from the recommender join the saved ideas.
  useEffect(() => {
    const title = search.get('title')
    const incoming = takeIncomingIdeas()
    void (async () => {
      for (const idea of incoming)
        await ideasStore(signedIn)
          .add(idea)
          .catch(() => null)
      await refreshIdeas()
    })()
    if (title) {
      setForm((f) => ({ ...f, keyword: title.slice(0, 200) }))
      notify('info', t('prefilledTitle'), t('prefilledDescription'))
      const next = new URLSearchParams(search)
      next.delete('title')
      setSearch(next, { replace: true })
    }
    // Runs again once the parameter is cleared: nothing is left to take then.
  }, [search, setSearch, signedIn, refreshIdeas, t])

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((f) => ({ ...f, [key]: value }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = validateWriterForm(form)
    setErrors(found)
    if (Object.keys(found).length) return
    setShowExample(false)
    void task.start({
      keyword: form.keyword.trim(),
      language: form.language,
      tone: form.tone,
      contentType: form.contentType,
      size: form.size,
      url: form.url.trim() || null,
    })
  }

  async function saveIdea() {
    if (form.keyword.trim().length < 2) {
      setErrors({ keyword: 'errors.keyword' })
      return
    }
    try {
      await store.add({ title: form.keyword.trim(), keywords: [], reason: null })
      await refreshIdeas()
      notify('success', t('ideas.saved'))
    } catch (error) {
      notify('error', (error as Error).message)
    }
  }

  function exportTxt(generated: { title: string; content: string; fileName: string }) {
    const blob = new Blob([`${generated.title}\n\n${generated.content}\n`], {
      type: 'text/plain;charset=utf-8',
    })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = generated.fileName
    a.click()
    URL.revokeObjectURL(a.href)
  }

  const error = task.state.status === 'failed' ? task.state.error : null
  const shown = showExample ? example(t) : result
  const select = (key: 'language' | 'tone' | 'contentType' | 'size', options: readonly string[]) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {t(`fields.${key}`)}
      <select
        className={field}
        name={key}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${ids}-${key}-error` : undefined}
      >
        <option value="">{t('choose')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`options.${key}.${o}`)}
          </option>
        ))}
      </select>
      {errors[key] ? (
        <span id={`${ids}-${key}-error`} className="text-sm text-red-700 dark:text-red-400">
          {t(errors[key]!)}
        </span>
      ) : null}
    </label>
  )

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" data-testid="writer-page">
      <div className="flex min-w-0 flex-col gap-6">
        {shown && (task.state.status === 'success' || task.state.status === 'running' || showExample) ? (
          <Result
            t={t}
            generated={shown}
            example={showExample}
            onNewVersion={() => {
              setShowExample(false)
              task.reset()
            }}
            onExport={() => exportTxt(shown)}
          />
        ) : (
          <form
            className="card flex flex-col gap-4"
            onSubmit={submit}
            noValidate
            aria-labelledby={`${ids}-title`}
          >
            <h2 id={`${ids}-title`} className="text-lg font-semibold">
              {t('title')}
            </h2>
            <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('fields.keyword')}
              <input
                className={field}
                name="keyword"
                value={form.keyword}
                onChange={(e) => set('keyword', e.target.value)}
                aria-invalid={errors.keyword ? true : undefined}
                aria-describedby={errors.keyword ? `${ids}-keyword-error` : undefined}
              />
              {errors.keyword ? (
                <span id={`${ids}-keyword-error`} className="text-sm text-red-700 dark:text-red-400">
                  {t(errors.keyword)}
                </span>
              ) : null}
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              {select('language', LANGUAGES)}
              {select('tone', TONES)}
              {select('contentType', TYPES)}
              {select('size', SIZES)}
            </div>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('fields.url')}
              <input
                className={field}
                name="url"
                value={form.url}
                onChange={(e) => set('url', e.target.value)}
                placeholder="exemplo.pt"
              />
              <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{t('urlHint')}</span>
            </label>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={task.busy}>
                {task.busy ? t('generating') : t('generate')}
              </button>
              <button type="button" className="btn-outline" onClick={() => setShowExample(true)}>
                {t('showExample')}
              </button>
              <button type="button" className="btn-outline" onClick={() => void saveIdea()}>
                {t('ideas.save')}
              </button>
            </div>
            {task.busy ? (
              <p role="status" className="text-slate-700 dark:text-slate-300">
                {t('generating')}
              </p>
            ) : null}
          </form>
        )}
        {error ? <ErrorCard t={t} error={error} url={form.url} /> : null}
      </div>

      <aside
        className="card flex min-w-0 flex-col gap-3"
        aria-labelledby={`${ids}-ideas`}
        data-testid="writer-ideas"
      >
        <h2 id={`${ids}-ideas`} className="text-lg font-semibold">
          {t('ideas.title')}
        </h2>
        {ideas.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('ideas.empty')}</p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {ideas.map((idea) => (
            <li key={idea.id} className="flex items-start justify-between gap-2">
              <button
                type="button"
                className="min-h-11 text-left text-sm font-medium break-words underline-offset-2 hover:underline"
                onClick={() => set('keyword', idea.title)}
              >
                {idea.title}
              </button>
              <button
                type="button"
                className="btn-outline btn-small shrink-0"
                aria-label={t('ideas.removeNamed', { title: idea.title })}
                onClick={() => void store.remove(idea.id).then(refreshIdeas)}
              >
                {t('ideas.remove')}
              </button>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  )
}

type T = (key: string, options?: Record<string, unknown>) => string

function ErrorCard({
  t,
  error,
  url,
}: {
  t: T
  error: { code: string; message: string; status: number }
  url: string
}) {
  return (
    <div className="card border-red-300 dark:border-red-800" role="alert" data-testid="writer-error">
      <p className="font-semibold">
        {error.code === 'LLM_NOT_CONFIGURED' ? t('notConfigured.title') : t('failed')}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{error.message}</p>
      {error.code === 'LLM_NOT_CONFIGURED' ? (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            <OperatorOnly others={t('notConfigured.hint')}>{t('notConfigured.hintAdmin')}</OperatorOnly>
          </p>
          <Link
            className="btn-outline btn-small mt-3"
            to={`/suite/recommender${url.trim() ? `?url=${encodeURIComponent(url.trim())}` : ''}`}
          >
            {t('notConfigured.outline')}
          </Link>
        </>
      ) : null}
      {error.code === 'UNAUTHENTICATED' ? (
        <Link className="btn-primary btn-small mt-3" to="/signin?redirect=/suite/writer">
          {t('signIn')}
        </Link>
      ) : null}
    </div>
  )
}

function Result({
  t,
  generated,
  example: isExample,
  onNewVersion,
  onExport,
}: {
  t: T
  generated: Generated
  example: boolean
  onNewVersion: () => void
  onExport: () => void
}) {
  const segments = highlightClaims(generated.content, generated.unverifiedClaims)
  return (
    <section className="card flex min-w-0 flex-col gap-4" aria-live="polite" data-testid="writer-result">
      {isExample ? (
        <span
          className="w-fit rounded bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900"
          data-testid="writer-example-badge"
        >
          {t('exampleBadge')}
        </span>
      ) : null}
      <h2 className="text-xl font-semibold break-words">{generated.title}</h2>
      <div
        className="whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200"
        data-testid="writer-content"
      >
        {segments.map((s, i) =>
          s.reason ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their order
            <mark key={i} title={s.reason} className="rounded bg-amber-200 px-0.5 text-slate-900">
              {s.text}
            </mark>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <span key={i}>{s.text}</span>
          ),
        )}
      </div>
      {generated.streaming ? <p role="status">{t('streaming')}</p> : null}
      {generated.length.score !== null ? (
        <p className="text-sm" data-testid="writer-length">
          {t('length', {
            length: generated.length.length,
            min: generated.length.ideal?.min,
            max: generated.length.ideal?.max,
            score: generated.length.score,
          })}
        </p>
      ) : null}
      {generated.unverifiedClaims.length ? (
        <div data-testid="writer-claims">
          <h3 className="font-semibold">{t('claims.title', { count: generated.unverifiedClaims.length })}</h3>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {generated.unverifiedClaims.map((c) => (
              <li key={`${c.kind}-${c.text}`}>
                <strong>{c.text}</strong> — {c.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : generated.streaming ? null : (
        <p className="text-sm text-emerald-800 dark:text-emerald-300">{t('claims.none')}</p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          {generated.factsConfirmed
            ? t('facts.confirmed', { count: generated.facts.length })
            : t('facts.extracted', { count: generated.facts.length })}
        </summary>
        <ul className="mt-2 list-disc pl-5">
          {generated.facts.map((f) => (
            <li key={`${f.kind}-${f.value}`} className="break-words">
              {t(`factKinds.${f.kind}`)}: {f.value}{' '}
              <span className="text-slate-600 dark:text-slate-400">({f.source.url})</span>
            </li>
          ))}
        </ul>
      </details>
      {isExample ? null : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('model', { model: generated.model.label })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onNewVersion}>
          {t('newVersion')}
        </button>
        <button type="button" className="btn-outline" onClick={onExport} disabled={generated.streaming}>
          {t('export')}
        </button>
      </div>
    </section>
  )
}

/** 'Ver exemplo': a fixed sample, always under its "exemplo" badge, never presented as a result. */
function example(t: (key: string) => string): Generated {
  const content = t('example.content')
  return {
    title: t('example.title'),
    content,
    fileName: 'exemplo.txt',
    unverifiedClaims: [{ text: t('example.claim'), kind: 'percentage', reason: t('example.claimReason') }],
    facts: [],
    factsConfirmed: false,
    length: { length: content.length, score: null, ideal: null },
    model: { key: 'example', label: '—', modelId: '—' },
    streaming: false,
  }
}
