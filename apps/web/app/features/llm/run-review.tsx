// Before the first run of an address: what will be asked (brand, competitors, questions), of which
// assistants, how many calls that is and what it should cost, from GET /api/llm/plan (the same plan the run
// uses, server llm/plan.ts). A signed-in owner or admin edits the brand, competitors and questions here;
// they are saved as the workspace's settings for the site and the run asks exactly them. A member's edits
// of the competitors and questions go with this run only (requested_data), and the form says so; the brand
// is the workspace's (issue 40). Nothing is spent until "Perguntar agora".
import { Loader2 } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { formatMoney } from '../ui/format.ts'
import { type LlmPlan, loadLlmPlan, loadLlmSettings, saveLlmSettings } from './llm-api.ts'
import { editsForThisRun, lines, parseCompetitorLines, type RunEdits } from './run-edits.ts'

export function RunReview({
  url,
  signedIn,
  onStart,
}: {
  url: string
  signedIn: boolean
  /** Starts the run; `forThisRun`: a member's edits, asked in this run only (never saved). */
  onStart: (forThisRun?: RunEdits) => void
}) {
  const { t, lang } = useTranslation('llm')
  // The settings are the workspace's: only its owners and admins save them (a member's run asks as reviewed
  // from the workspace's saved ones, without saving).
  const can = useCan()
  const id = useId()
  const [plan, setPlan] = useState<LlmPlan | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [brand, setBrand] = useState('')
  const [competitors, setCompetitors] = useState('')
  const [questions, setQuestions] = useState('')
  const [saving, setSaving] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    void attempt
    let live = true
    setPlan(null)
    setError(null)
    loadLlmPlan(url, lang).then(
      (p) => {
        if (!live) return
        setPlan(p)
        setBrand(p.brand)
        setCompetitors(p.competitors.map((c) => (c.url ? `${c.name}, ${c.url}` : c.name)).join('\n'))
        setQuestions(p.prompts.map((q) => q.text).join('\n'))
      },
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : t('review.loadError')),
    )
    return () => {
      live = false
    }
  }, [url, lang, attempt, t])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!plan) return
    if (!signedIn) return onStart()
    const typed = lines(questions)
    if (typed.length === 0) return setError(t('review.noQuestions'))
    // A member's edits go with this run only: the workspace's settings are its owners' and admins'.
    if (!can.manage) return onStart(editsForThisRun(plan, competitors, questions))
    setSaving(true)
    setError(null)
    try {
      const saved = await loadLlmSettings(url, lang)
      const unchanged = typed.join('\n') === plan.prompts.map((q) => q.text).join('\n')
      // Edited questions keep the kind and language of the built ones they match; new ones are discovery.
      // Questions left as built from the site stay unsaved, so they follow later edits of brand and competitors.
      const prompts = unchanged
        ? plan.promptSource === 'site'
          ? null
          : plan.prompts
        : typed.map((text) => {
            const before = plan.prompts.find((q) => q.text === text)
            return before ?? { text, kind: 'discovery' as const, lang }
          })
      await saveLlmSettings(
        url,
        {
          brand: brand.trim() && brand.trim() !== plan.brand ? brand.trim() : saved.brand,
          aliases: saved.aliases,
          competitors: parseCompetitorLines(competitors),
          prompts,
        },
        lang,
      )
      onStart()
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('review.saveError'))
    } finally {
      setSaving(false)
    }
  }

  if (error && !plan) return <ErrorPanel messages={[error]} onRetry={() => setAttempt((n) => n + 1)} />
  if (!plan)
    return (
      <p
        className="flex items-center gap-2 text-slate-700 dark:text-slate-300"
        role="status"
        data-testid="llm-review-loading"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t('review.loading')}
      </p>
    )

  const e = plan.estimate
  const cost = formatMoney(Math.max(e.costUsd, 0.01), lang)
  const fieldClass =
    'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 read-only:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800'
  return (
    <form
      className="card flex flex-col gap-4"
      onSubmit={onSubmit}
      data-testid="llm-review"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('review.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="llm-review-help">
        {t(!signedIn ? 'review.helpAnonymous' : can.manage ? 'review.help' : 'review.helpThisRunOnly')}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-brand`} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {t('review.brand')}
        </label>
        <input
          id={`${id}-brand`}
          className={fieldClass}
          value={brand}
          maxLength={100}
          readOnly={!signedIn || !can.manage}
          onChange={(ev) => setBrand(ev.target.value)}
          data-testid="llm-review-brand"
        />
      </div>
      {signedIn ? (
        <div className="flex flex-col gap-1">
          <label
            htmlFor={`${id}-competitors`}
            className="text-sm font-medium text-slate-900 dark:text-slate-100"
          >
            {t('review.competitors')}
          </label>
          <span id={`${id}-competitors-help`} className="text-xs text-slate-600 dark:text-slate-400">
            {t('review.competitorsHelp')}
          </span>
          <textarea
            id={`${id}-competitors`}
            aria-describedby={`${id}-competitors-help`}
            className={fieldClass}
            rows={3}
            value={competitors}
            onChange={(ev) => setCompetitors(ev.target.value)}
            data-testid="llm-review-competitors"
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-questions`} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {t('review.questions', { count: lines(questions).length })}
        </label>
        <textarea
          id={`${id}-questions`}
          className={fieldClass}
          rows={Math.min(12, Math.max(4, lines(questions).length + 1))}
          value={questions}
          readOnly={!signedIn}
          onChange={(ev) => setQuestions(ev.target.value)}
          data-testid="llm-review-questions"
        />
      </div>
      <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="llm-review-calls">
        {t('review.calls', {
          calls: e.calls,
          questions: plan.prompts.length,
          models: plan.models.length,
          repeats: plan.repeats,
        })}
        {e.journeyCalls ? ` ${t('review.journeyCalls', { count: e.journeyCalls })}` : ''}{' '}
        {e.costUsd > 0 ? t('review.cost', { cost }) : t('review.free')}
        {!e.priced ? ` ${t('review.unpriced')}` : ''}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn-primary" disabled={saving} data-testid="llm-review-start">
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {t('review.start', { calls: e.calls })}
        </button>
      </div>
    </form>
  )
}
