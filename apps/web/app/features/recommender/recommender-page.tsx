// /suite/recommender (also /suite/content-recommender): topics to write about, from measured gaps
// (task content_suggestions). Suggestions are selectable and go to the writer as saved ideas.
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useCapabilityTask } from '~/features/capability-task/use-capability-task.ts'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatList } from '../ui/format.ts'
import { queueWriterIdeas } from '../writer/ideas.ts'
import { emptyVerdict, type SuggestionSources } from './empty-state.ts'

interface Suggestion {
  topic: string
  reason: string
  keywords: string[]
  selected: boolean
  kind: string
  evidence: string
}

interface SuggestionsResult {
  url: string
  competitor: string | null
  suggestions: Suggestion[]
  sources: SuggestionSources
  competitorError: string | null
}

const input =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function RecommenderPage({ initialUrl }: { initialUrl: string | null }) {
  const { t, lang } = useTranslation('recommender')
  const navigate = useNavigate()
  const ids = useId()
  const [url, setUrl] = useState(initialUrl ?? '')
  const [competitor, setCompetitor] = useState('')
  const [language, setLanguage] = useState(lang === 'en' ? 'English' : 'Português')
  const [urlError, setUrlError] = useState<string | null>(null)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const task = useCapabilityTask<SuggestionsResult>('content_suggestions', lang)
  const results = task.state.status === 'success' ? task.state.results : null

  useEffect(() => {
    if (task.state.status === 'starting') setSelected(new Set())
  }, [task.state.status])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!url.trim()) {
      setUrlError(t('urlRequired'))
      return
    }
    setUrlError(null)
    void task.start({
      url: url.trim(),
      competitor: competitor.trim() || null,
      language: language.trim() || null,
    })
  }

  function toggle(index: number) {
    setSelected((prev) => {
      const next = new Set(prev)
      if (next.has(index)) next.delete(index)
      else next.add(index)
      return next
    })
  }

  function sendToWriter() {
    if (!results || selected.size === 0) {
      notify('error', t('selectAtLeastOne'))
      return
    }
    const chosen = results.suggestions.filter((_, i) => selected.has(i))
    queueWriterIdeas(chosen.map((s) => ({ title: s.topic, keywords: s.keywords, reason: s.reason })))
    navigate(`/suite/writer?title=${encodeURIComponent(chosen[0]!.topic)}`)
  }

  return (
    <div className="flex flex-col gap-6" data-testid="recommender-page">
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
        <div className="grid gap-4 md:grid-cols-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('urlLabel')}
            <input
              className={input}
              name="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="exemplo.pt"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${ids}-url-error` : undefined}
            />
            {urlError ? (
              <span id={`${ids}-url-error`} className="text-sm text-red-700 dark:text-red-400" role="alert">
                {urlError}
              </span>
            ) : null}
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('competitorLabel')}
            <input
              className={input}
              name="competitor"
              value={competitor}
              onChange={(e) => setCompetitor(e.target.value)}
              placeholder="concorrente.pt"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('languageLabel')}
            <input
              className={input}
              name="language"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            />
          </label>
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={task.busy}>
            {task.busy ? t('generating') : t('generate')}
          </button>
        </div>
      </form>

      {task.busy ? (
        <p className="text-slate-700 dark:text-slate-300" role="status">
          {t('generating')}
        </p>
      ) : null}
      {task.state.status === 'failed' && task.state.error ? (
        <div className="card border-red-300 dark:border-red-800" role="alert" data-testid="recommender-error">
          <p className="font-semibold">{t('failed')}</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{task.state.error.message}</p>
        </div>
      ) : null}

      {results ? (
        <section
          className="card flex flex-col gap-4"
          aria-labelledby={`${ids}-results`}
          data-testid="recommender-results"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${ids}-results`} className="text-lg font-semibold">
              {t('resultsTitle', { count: results.suggestions.length })}
            </h2>
            <button type="button" className="btn-primary btn-small" onClick={sendToWriter}>
              {t('sendToWriter')}
            </button>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="recommender-sources">
            {[
              t('sources.site'),
              results.sources.competitor === true ? t('sources.competitor') : null,
              results.sources.competitor === false ? t('sources.competitorFailed') : null,
              results.sources.llmPresence ? t('sources.llm') : t('sources.noLlm'),
              results.sources.keywords ? t('sources.keywords') : t('sources.noKeywords'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {results.suggestions.length === 0 ? (
            <EmptySuggestions sources={results.sources} url={results.url} />
          ) : null}
          <ul className="flex flex-col gap-3">
            {results.suggestions.map((s, i) => (
              <li
                key={`${s.kind}-${s.topic}`}
                className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
              >
                <label className="flex cursor-pointer items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 size-5"
                    checked={selected.has(i)}
                    onChange={() => toggle(i)}
                    data-testid="suggestion-checkbox"
                  />
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="font-medium break-words">{s.topic}</span>
                    <span className="text-sm text-slate-700 dark:text-slate-300">{s.reason}</span>
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {t(`kinds.${s.kind}`)}
                      {s.keywords.length ? ` · ${s.keywords.join(', ')}` : ''}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** An empty list says why: nothing found in what was compared, or nothing to compare with (and how to get it). */
function EmptySuggestions({ sources, url }: { sources: SuggestionSources; url: string }) {
  const { t, lang } = useTranslation('recommender')
  const verdict = emptyVerdict(sources)
  const link = 'font-medium text-blue-800 underline dark:text-blue-300'
  return (
    <div
      className="flex flex-col gap-2 text-sm text-slate-800 dark:text-slate-200"
      data-testid="recommender-empty"
    >
      <p data-kind={verdict.kind}>
        {verdict.kind === 'nothingCompared'
          ? t('empty.nothingCompared')
          : t('none', {
              compared: formatList(
                verdict.compared.map((c) => t(`empty.compared.${c}`)),
                lang,
              ),
            })}
      </p>
      {verdict.missing.length > 0 ? (
        <>
          <p className="font-medium">{t('empty.missingTitle')}</p>
          <ul className="list-disc pl-5" data-testid="recommender-missing">
            {verdict.missing.map((m) => (
              <li key={m} data-missing={m}>
                {t(`empty.missing.${m}`)}
                {m === 'llmPresence' ? (
                  <>
                    {' '}
                    <Link className={link} to={`/suite/llm?${new URLSearchParams({ url })}`}>
                      {t('empty.runLlm')}
                    </Link>
                  </>
                ) : m === 'keywords' ? (
                  <>
                    {' '}
                    <Link className={link} to="/suite/keywords">
                      {t('empty.runKeywords')}
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
