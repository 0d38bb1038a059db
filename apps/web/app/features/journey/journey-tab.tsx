// Journey tab of /suite/llm (issue #15 item 3, signed-in users; the page gates it for visitors): what each
// kind of customer finds when asking an assistant at each stage of deciding. A full presence run carries
// the journey (`journey` in the llm_presence result, answered across the connected models); the page hands
// that run in. "Percorrer a jornada" re-runs the journey alone (`llm_journey`), as do runs made before the
// presence run carried one; the newer of the two is shown. A persona switch (newCustomer by default) shows
// that persona's timeline of stages with the question, the answer, its status and what to improve.
import { Loader2 } from 'lucide-react'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { useCapabilityTask } from '~/features/capability-task/use-capability-task.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { latestTask } from '../knowledge/knowledge-api.ts'
import type { LlmPresenceResult } from '../llm/llm-api.ts'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { formatDateTime } from '../ui/format.ts'
import {
  type JourneyResult,
  PERSONAS,
  type Persona,
  type PersonaStage,
  pickJourney,
} from './journey-source.ts'

const statusStyle: Record<PersonaStage['status'], { dot: string; badge: string }> = {
  positive: {
    dot: 'bg-emerald-600',
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  },
  warning: {
    dot: 'bg-amber-500',
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
  negative: { dot: 'bg-red-600', badge: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
}

export function JourneyTab({ url, presence = null }: { url: string; presence?: LlmPresenceResult | null }) {
  const { t, lang } = useTranslation('journey')
  const task = useCapabilityTask<JourneyResult>('llm_journey', lang)
  const { resume } = task
  const [persona, setPersona] = useState<Persona>('newCustomer')

  useEffect(() => {
    let live = true
    latestTask('llm_journey', url, lang).then((id) => {
      if (live && id) resume(id)
    })
    return () => {
      live = false
    }
  }, [url, lang, resume])

  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const i = PERSONAS.indexOf(persona)
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % PERSONAS.length
        : event.key === 'ArrowLeft'
          ? (i + PERSONAS.length - 1) % PERSONAS.length
          : null
    if (next === null) return
    event.preventDefault()
    const key = PERSONAS[next] as Persona
    setPersona(key)
    document.getElementById(`journey-persona-${key}`)?.focus()
  }

  const result = task.state.results
  const shown = pickJourney(presence, result, task.busy)
  const stages = shown?.journey[persona] ?? []
  const counts = { positive: 0, warning: 0, negative: 0 }
  for (const s of stages) counts[s.status]++
  // A presence run's stages come from several models: the summary names each that answered.
  const models = [...new Set(stages.map((s) => s.model))].join(' · ')

  return (
    <div className="flex flex-col gap-6" data-testid="journey-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t('intro')}</p>
        <button
          type="button"
          className="btn-primary"
          data-testid="journey-run"
          disabled={task.busy}
          onClick={() => void task.start({ url })}
        >
          {task.busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {t('run')}
        </button>
      </div>
      {task.busy ? (
        <p className="text-slate-700 dark:text-slate-300" role="status" data-testid="journey-progress">
          {result
            ? t('progress', { done: result.progress.done, total: result.progress.total })
            : t('running')}
        </p>
      ) : null}
      {task.state.status === 'failed' && task.state.error ? (
        task.state.error.code === 'LLM_NOT_CONFIGURED' ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="journey-no-llm"
          >
            {t('noLlm')}
          </p>
        ) : (
          <ErrorPanel messages={[task.state.error.message]} onRetry={() => void task.start({ url })} />
        )
      ) : null}
      {shown ? (
        <>
          {shown.presenceRunning ? (
            <p
              className="text-sm text-slate-700 dark:text-slate-300"
              role="status"
              data-testid="journey-from-presence-running"
            >
              {t('fromPresenceRunning', { count: Object.values(shown.journey).flat().length })}
            </p>
          ) : shown.fromPresence ? (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="journey-from-presence">
              {t('fromPresence', {
                date: formatDateTime(shown.fromPresence, lang),
              })}
            </p>
          ) : null}
          <div
            role="tablist"
            aria-label={t('personas.label')}
            className="flex flex-wrap gap-2"
            data-testid="journey-personas"
          >
            {PERSONAS.map((key) => (
              <button
                key={key}
                id={`journey-persona-${key}`}
                type="button"
                role="tab"
                aria-selected={persona === key}
                aria-controls="journey-timeline"
                tabIndex={persona === key ? 0 : -1}
                onClick={() => setPersona(key)}
                onKeyDown={onKey}
                data-testid={`journey-persona-${key}`}
                className={cx(
                  'min-h-11 rounded-full border px-4 text-sm font-medium',
                  persona === key
                    ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-500'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                {t(`personas.${key}`)}
              </button>
            ))}
          </div>
          <section
            id="journey-timeline"
            role="tabpanel"
            aria-labelledby={`journey-persona-${persona}`}
            className="card flex flex-col gap-4"
            data-testid="journey-timeline"
          >
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="journey-summary">
              {t('summary', { ...counts, total: stages.length, model: models })}
            </p>
            <ol className="relative flex flex-col gap-6 border-l-2 border-slate-200 pl-6 dark:border-slate-700">
              {stages.map((s) => (
                <li key={s.stage} className="relative" data-testid="journey-stage" data-status={s.status}>
                  <span
                    className={cx(
                      'absolute -left-[33px] top-1.5 size-4 rounded-full ring-4 ring-white dark:ring-slate-900',
                      statusStyle[s.status].dot,
                    )}
                    aria-hidden="true"
                  />
                  <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-slate-50">
                    {s.stage}
                    <span
                      className={cx('rounded px-2 py-0.5 text-xs font-medium', statusStyle[s.status].badge)}
                    >
                      {t(`status.${s.status}`)}
                    </span>
                  </h3>
                  <p className="mt-1 text-slate-800 dark:text-slate-200">
                    <span className="font-medium">{t('query')}</span> {s.query}
                  </p>
                  <details className="mt-1 text-slate-700 dark:text-slate-300">
                    <summary className="cursor-pointer">{t('answer', { model: s.model })}</summary>
                    <p className="mt-1 whitespace-pre-wrap text-sm">{s.aiResponse}</p>
                  </details>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-medium">{t('improvement')}</span> {s.improvement}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : null}
    </div>
  )
}
