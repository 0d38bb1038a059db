// /suite/llm (spec "AI presence view"): `?url=`, else the last analysed address. Without a connected
// assistant the page explains how to connect one (a local Ollama included) and shows no result. With one,
// "Verificar presença" runs an `llm_presence` task; answers appear as they arrive. Tabs: Presence,
// Competition, Knowledge, Journey; the last three are 'Funcionalidade Premium' for anonymous visitors
// (spec §6). Knowledge (features/knowledge) and Journey (features/journey) are their own features.
import { Loader2, Lock, PlugZap } from 'lucide-react'
import { type KeyboardEvent, lazy, Suspense, useEffect, useState } from 'react'
import { analysisRunKey, readRun, sameAddress } from '~/features/analysis/run-storage.ts'
import { useCapabilityTask } from '~/features/capability-task/use-capability-task.ts'
import { notify } from '~/features/toasts/notify.ts'
import { OperatorOnly } from '~/features/ui/operator-only.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { JourneyTab } from '../journey/journey-tab.tsx'
import { KnowledgeTab } from '../knowledge/knowledge-tab.tsx'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { UrlForm } from '../suite/shared/url-form.tsx'
import { CompetitionTab } from './competition-tab.tsx'
import { type LlmPresenceResult, type LlmStatus, latestLlmTask, llmStatus } from './llm-api.ts'
import { rememberLlmScore } from './llm-score.ts'
import { PresenceTab } from './presence-tab.tsx'
import { RunReview } from './run-review.tsx'

const AuthModal = lazy(() => import('~/features/auth/auth-modal.tsx').then((m) => ({ default: m.AuthModal })))

const tabs = ['presence', 'competition', 'knowledge', 'journey'] as const
type Tab = (typeof tabs)[number]

export function LlmPage({ queryUrl }: { queryUrl: string | null }) {
  const { t, lang } = useTranslation('llm')
  const user = useRootData()?.user ?? null
  const [status, setStatus] = useState<LlmStatus | 'loading' | 'error'>('loading')
  const [url, setUrl] = useState<string | null>(queryUrl)
  const [tab, setTab] = useState<Tab>('presence')
  // Reviewing what the next run asks (and costs) before any call: the first run of an address, or a new address.
  const [reviewing, setReviewing] = useState(false)
  const task = useCapabilityTask<LlmPresenceResult>('llm_presence', lang)
  const { resume } = task

  useEffect(() => {
    llmStatus(lang).then(setStatus, () => setStatus('error'))
  }, [lang])

  // Spec: the query's address, else the last analysed one kept in this browser.
  useEffect(() => {
    if (queryUrl) setUrl(queryUrl)
    else setUrl(readRun(analysisRunKey)?.url ?? null)
  }, [queryUrl])

  // A signed-in user opens on their latest run of the address.
  useEffect(() => {
    if (!user || !url || typeof status !== 'object' || !status.configured) return
    let live = true
    latestLlmTask(url, lang).then((id) => {
      if (live && id) resume(id)
    })
    return () => {
      live = false
    }
  }, [user, url, status, lang, resume])

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const i = tabs.indexOf(tab)
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (i + tabs.length - 1) % tabs.length
          : null
    if (next === null) return
    event.preventDefault()
    const key = tabs[next] as Tab
    setTab(key)
    document.getElementById(`llm-tab-${key}`)?.focus()
  }

  const result = task.state.results
  const running = task.busy

  // The dashboard's overall score takes its LLM part from the latest finished run of the address.
  useEffect(() => {
    if (task.state.status === 'success' && result) rememberLlmScore(result.url, result.report.presenceScore)
  }, [task.state.status, result])

  return (
    <div className="flex flex-col gap-6" data-testid="llm-page">
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {status === 'loading' ? (
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('form.running')}
        </p>
      ) : status === 'error' || !status.configured ? (
        <NoProvider />
      ) : (
        <>
          <UrlForm
            initialUrl={url}
            busy={running}
            testId="llm-form"
            validate={(raw) => {
              const checked = normalizeAnalysisUrl(raw)
              if (!checked) {
                notify('error', t('form.emptyTitle'), t('form.emptyDescription'))
                return { error: t('form.emptyDescription') }
              }
              return { url: checked }
            }}
            onSubmit={(checked) => {
              setUrl(checked)
              setTab('presence')
              // An address already asked about runs again at once with its saved settings; a new one is
              // reviewed first (brand, competitors, questions, calls and cost).
              if (result && sameAddress(result.url, checked)) void task.start({ url: checked, fresh: true })
              else setReviewing(true)
            }}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="llm-models">
            {status.models.map((m) => m.label).join(' · ')}
          </p>
          {!user ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('small', { prompts: 5 })}</p>
          ) : null}
          {task.state.status === 'failed' && task.state.error ? (
            <ErrorPanel
              messages={[task.state.error.message]}
              onRetry={url ? () => void task.start({ url }) : undefined}
            />
          ) : null}
          {running ? (
            <p
              className="flex items-center gap-2 text-slate-700 dark:text-slate-300"
              role="status"
              data-testid="llm-progress"
            >
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              {result
                ? t('progress', { done: result.progress.done, total: result.progress.total })
                : t('form.running')}
              {result ? <span className="text-sm">· {t('partial')}</span> : null}
            </p>
          ) : null}
          <div
            role="tablist"
            aria-label={t('tabs.label')}
            className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
          >
            {tabs.map((key) => {
              const locked = !user && key !== 'presence'
              return (
                <button
                  key={key}
                  id={`llm-tab-${key}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  aria-controls="llm-panel"
                  tabIndex={tab === key ? 0 : -1}
                  onClick={() => setTab(key)}
                  onKeyDown={onTabKey}
                  data-testid={`llm-tab-${key}`}
                  className={cx(
                    '-mb-px inline-flex min-h-11 items-center gap-1.5 border-b-2 px-4 text-sm font-medium',
                    tab === key
                      ? 'border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300'
                      : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                  )}
                >
                  {locked ? <Lock className="size-3.5" aria-hidden="true" /> : null}
                  {t(`tabs.${key}`)}
                </button>
              )
            })}
          </div>
          <div
            id="llm-panel"
            role="tabpanel"
            aria-labelledby={`llm-tab-${tab}`}
            data-testid={`llm-panel-${tab}`}
          >
            {tab !== 'presence' && !user ? (
              <Premium returnTo={url ? `/suite/llm?${new URLSearchParams({ url })}` : '/suite/llm'} />
            ) : tab === 'presence' ? (
              url && !running && (reviewing || !result) ? (
                <RunReview
                  url={url}
                  signedIn={Boolean(user)}
                  onStart={(forThisRun) => {
                    setReviewing(false)
                    // Asking is a new run: saved brand, competitors and questions take effect (no reused task),
                    // with a member's edits for this run only.
                    void task.start({ url, fresh: true, ...forThisRun })
                  }}
                />
              ) : result ? (
                <>
                  {task.state.status === 'success' && url ? (
                    <button
                      type="button"
                      className="btn-outline mb-4"
                      data-testid="llm-rerun"
                      onClick={() => void task.start({ url, fresh: true })}
                    >
                      {t('rerun')}
                    </button>
                  ) : null}
                  <PresenceTab result={result} />
                </>
              ) : running ? null : (
                <p className="card text-slate-700 dark:text-slate-300" data-testid="llm-presence-empty">
                  {t('presenceEmpty')}
                </p>
              )
            ) : tab === 'competition' ? (
              url ? (
                <CompetitionTab url={url} result={result} />
              ) : null
            ) : tab === 'knowledge' && url ? (
              <KnowledgeTab url={url} />
            ) : tab === 'journey' && url ? (
              <JourneyTab url={url} presence={result} />
            ) : (
              <p className="card text-slate-700 dark:text-slate-300" data-testid={`llm-coming-${tab}`}>
                {t(`comingSoon.${tab}`)}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  )
}

/** Spec §6: a gated tab shows 'Funcionalidade Premium' with a login prompt. */
function Premium({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('llm')
  const [open, setOpen] = useState(false)
  return (
    <section className="card flex flex-col items-start gap-3" data-testid="llm-premium">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50">
        <Lock className="size-5" aria-hidden="true" />
        {t('premium.title')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('premium.body')}</p>
      <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
        {t('premium.signIn')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AuthModal open={open} onOpenChange={setOpen} defaultTab="signin" returnTo={returnTo} />
        </Suspense>
      ) : null}
    </section>
  )
}

/** No provider: say so plainly and how to connect one, a local Ollama included. No result is shown. */
function NoProvider() {
  const { t } = useTranslation('llm')
  return (
    <section
      className="card flex flex-col gap-3"
      data-testid="llm-no-provider"
      aria-labelledby="llm-no-provider-title"
    >
      <h2
        id="llm-no-provider-title"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50"
      >
        <PlugZap className="size-5" aria-hidden="true" />
        {t('noProvider.title')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('noProvider.body')}</p>
      {/* Setup steps are the administrator's; everyone else reads what the page will do. */}
      <OperatorOnly
        others={
          <p className="text-slate-700 dark:text-slate-300" data-testid="llm-ask-admin">
            {t('noProvider.askAdmin')}
          </p>
        }
      >
        <p className="text-slate-700 dark:text-slate-300">{t('noProvider.hosted')}</p>
        <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {'OPENAI_API_KEY=…\nANTHROPIC_API_KEY=…\nGOOGLE_GENERATIVE_AI_API_KEY=…\nPERPLEXITY_API_KEY=…'}
        </pre>
        <p className="text-slate-700 dark:text-slate-300">{t('noProvider.local')}</p>
        <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {
            'ollama pull llama3.2\nFAROL_LLM_COMPATIBLE_URL=http://127.0.0.1:11434/v1\nFAROL_LLM_COMPATIBLE_MODEL=llama3.2'
          }
        </pre>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('noProvider.readme')}</p>
      </OperatorOnly>
    </section>
  )
}
