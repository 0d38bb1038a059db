// /suite/google-ai (issue 43): Google's AI Overviews and AI Mode for a site's keywords, read through
// DataForSEO. Nothing is spent before the user sees the calls and their estimated cost and confirms. A run
// is an `ai_overviews` task followed like every capability; its report reads from /api/ai-overviews.
// Without DataForSEO the page says what is needed (the variables only for the administrator) and shows
// no result, no example.
import { Loader2, PlugZap } from 'lucide-react'
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { useCapabilityTask } from '~/features/capability-task/use-capability-task.ts'
import { OperatorOnly } from '~/features/ui/operator-only.tsx'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { AccessGate } from '../suite/shared/access-gate.tsx'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { formatDateTime } from '../ui/format.ts'
import {
  type Device,
  type Estimate,
  estimateRun,
  listOf,
  type OverviewsStatus,
  overviewsStatus,
  type RunBody,
  type RunListItem,
  type RunView,
  runList,
  runView,
  type Surface,
  startRun,
} from './overviews-api.ts'
import {
  Card,
  Checkboxes,
  Field,
  inputClass,
  Loading,
  messageOf,
  TextField,
  useAction,
} from './overviews-fields.tsx'
import { OverviewsHistory } from './overviews-history.tsx'
import { OverviewsReport } from './overviews-report.tsx'
import { KeywordSourcePicker } from './overviews-sources.tsx'
import { TrackingSection } from './overviews-tracking.tsx'
import { usd } from './overviews-view.ts'

export function OverviewsPage() {
  const { t: tSuite } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  // Runs are the team's (the server refuses them to a workspace's client): a client is told where their
  // results are, and the page asks the server nothing.
  const can = useCan()
  return (
    <AccessGate body={tSuite('aio.gateBodyGeneric')} signedIn={Boolean(user)} returnTo="/suite/google-ai">
      {!user ? <div className="card h-64" /> : can.write ? <Overviews /> : <ForClients />}
    </AccessGate>
  )
}

function ForClients() {
  const { t } = useTranslation('overviews')
  return (
    <div className="card flex flex-col items-start gap-3" data-testid="overviews-for-clients">
      <p className="text-slate-700 dark:text-slate-300">{t('forClients')}</p>
      <Link to="/dashboard/client" className="btn-outline">
        {t('clientArea')}
      </Link>
    </div>
  )
}

function Overviews() {
  const { t, lang } = useTranslation('overviews')
  const [status, setStatus] = useState<OverviewsStatus | 'loading' | 'error'>('loading')
  const load = useCallback(() => {
    setStatus('loading')
    overviewsStatus(lang).then(setStatus, () => setStatus('error'))
  }, [lang])
  useEffect(load, [load])

  return (
    <div className="flex flex-col gap-6" data-testid="overviews-page">
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {status === 'loading' ? (
        <Loading label={t('loading')} />
      ) : status === 'error' ? (
        <ErrorPanel messages={[t('loadError')]} onRetry={load} />
      ) : !status.configured ? (
        <NotConnected />
      ) : (
        <Runner status={status} />
      )}
    </div>
  )
}

/** No DataForSEO: what is missing in user words; the variables for the administrator only. */
function NotConnected() {
  const { t } = useTranslation('overviews')
  return (
    <section
      className="card flex flex-col gap-3"
      data-testid="overviews-not-connected"
      aria-labelledby="ov-nc"
    >
      <h2
        id="ov-nc"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50"
      >
        <PlugZap className="size-5" aria-hidden="true" />
        {t('notConnected.title')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('notConnected.body')}</p>
      <OperatorOnly
        others={
          <p className="text-slate-700 dark:text-slate-300" data-testid="overviews-ask-admin">
            {t('notConnected.askAdmin')}
          </p>
        }
      >
        <p className="text-slate-700 dark:text-slate-300">{t('notConnected.admin')}</p>
        <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {'DATAFORSEO_LOGIN=…\nDATAFORSEO_PASSWORD=…'}
        </pre>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('notConnected.readme')}</p>
      </OperatorOnly>
    </section>
  )
}

function Runner({ status }: { status: OverviewsStatus }) {
  const { t, lang } = useTranslation('overviews')
  const ids = { site: useId(), keywords: useId(), competitors: useId(), code: useId(), language: useId() }
  const [site, setSite] = useState('')
  const [keywords, setKeywords] = useState('')
  const [competitors, setCompetitors] = useState('')
  const [places, setPlaces] = useState<string[]>(status.locations.map((l) => l.name))
  const [otherCode, setOtherCode] = useState('')
  const [otherLanguage, setOtherLanguage] = useState('pt')
  const [devices, setDevices] = useState<Device[]>(['desktop'])
  const [surfaces, setSurfaces] = useState<Surface[]>(['ai_overview', 'ai_mode'])
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState<{ body: RunBody; estimate: Estimate } | null>(null)
  const { busy, run } = useAction(setFormError)
  const [view, setView] = useState<RunView | null>(null)
  const [viewError, setViewError] = useState<string | null>(null)
  const [runs, setRuns] = useState<RunListItem[] | null>(null)
  const task = useCapabilityTask<{ runId: string; done?: number; total?: number }>('ai_overviews', lang)
  const { resume } = task

  const refreshRuns = useCallback(() => {
    runList(lang).then(
      (r) => setRuns(r.runs),
      () => setRuns([]),
    )
  }, [lang])
  useEffect(refreshRuns, [refreshRuns])

  const open = useCallback(
    async (id: string) => {
      setViewError(null)
      try {
        setView(await runView(id, lang))
      } catch (e) {
        setViewError(messageOf(e))
      }
    },
    [lang],
  )

  // A finished task: read its run's report (partial results carry the run id while it runs).
  const runId = task.state.results?.runId ?? null
  const finished = task.state.status === 'success' || task.state.status === 'failed'
  useEffect(() => {
    if (finished && runId) {
      void open(runId)
      refreshRuns()
    }
  }, [finished, runId, open, refreshRuns])

  /** The places the form has chosen (the tracking of a site asks the same). */
  function chosenLocations() {
    const locations = status.locations
      .filter((l) => places.includes(l.name))
      .map(({ locationCode, languageCode }) => ({ locationCode, languageCode }))
    const code = Number(otherCode)
    if (otherCode.trim() && Number.isInteger(code) && code > 0)
      locations.push({ locationCode: code, languageCode: otherLanguage.trim() || 'pt' })
    return locations
  }

  function body(): RunBody | null {
    const list = listOf(keywords)
    const missing = !site.trim() ? t('form.needSite') : list.length === 0 ? t('form.needKeywords') : null
    if (missing) {
      setFormError(missing)
      return null
    }
    const locations = chosenLocations()
    return {
      site: site.trim(),
      keywords: list,
      competitors: listOf(competitors),
      locations,
      devices,
      surfaces,
    }
  }

  async function onEstimate(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const b = body()
    if (!b) return
    await run(async () => {
      const r = await estimateRun(b, lang)
      setPending({ body: b, estimate: r.estimate })
    })
  }

  async function onConfirm() {
    if (!pending) return
    await run(async () => {
      const { taskId } = await startRun(pending.body, pending.estimate.cost, lang)
      setPending(null)
      setView(null)
      resume(taskId)
    })
  }

  const toggle = <T,>(list: T[], value: T, set: (v: T[]) => void) =>
    set(list.includes(value) ? list.filter((x) => x !== value) : [...list, value])
  const progress = task.state.results
  const running = task.busy

  return (
    <>
      <form
        className="card flex flex-col gap-4"
        onSubmit={onEstimate}
        data-testid="overviews-form"
        noValidate
      >
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('form.title')}</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            id={ids.site}
            label={t('form.site')}
            value={site}
            onChange={setSite}
            placeholder={t('form.sitePlaceholder')}
            autoComplete="url"
            data-testid="overviews-site"
          />
          <TextField
            id={ids.competitors}
            label={t('form.competitors')}
            value={competitors}
            onChange={setCompetitors}
            placeholder={t('form.competitorsPlaceholder')}
            data-testid="overviews-competitors"
          />
        </div>
        <KeywordSourcePicker
          onPicked={(picked) => {
            if (picked.site) setSite(picked.site)
            if (picked.keywords.length) setKeywords(picked.keywords.join('\n'))
          }}
        />
        <Field label={t('form.keywords')} htmlFor={ids.keywords}>
          <textarea
            id={ids.keywords}
            className={`${inputClass} min-h-28 py-2`}
            value={keywords}
            onChange={(e) => setKeywords(e.target.value)}
            data-testid="overviews-keywords"
            aria-describedby={`${ids.keywords}-hint`}
          />
          <span
            id={`${ids.keywords}-hint`}
            className="text-xs font-normal text-slate-600 dark:text-slate-400"
          >
            {t('form.keywordsHint', { max: status.maxKeywords })}
          </span>
        </Field>
        <div className="grid gap-4 md:grid-cols-3">
          <Checkboxes
            legend={t('form.places')}
            options={status.locations.map((l) => ({ value: l.name, label: t(`form.place.${l.name}`) }))}
            chosen={places}
            onToggle={(name) => toggle(places, name, setPlaces)}
            testId="overviews-place"
          >
            <div className="flex gap-2">
              <TextField
                id={ids.code}
                label={t('form.otherPlace')}
                className="flex-1"
                inputMode="numeric"
                value={otherCode}
                onChange={(v) => setOtherCode(v.replace(/\D/g, ''))}
                placeholder="2826"
              />
              <TextField
                id={ids.language}
                label={t('form.otherLanguage')}
                className="w-20"
                value={otherLanguage}
                onChange={setOtherLanguage}
              />
            </div>
          </Checkboxes>
          <Checkboxes
            legend={t('form.devices')}
            options={(['desktop', 'mobile'] as const).map((d) => ({
              value: d,
              label: t(`form.device.${d}`),
            }))}
            chosen={devices}
            onToggle={(d) => toggle(devices, d, setDevices)}
            testId="overviews-device"
          />
          <Checkboxes
            legend={t('form.surfaces')}
            options={(['ai_overview', 'ai_mode'] as const).map((v) => ({
              value: v,
              label: t(`surface.${v}`),
            }))}
            chosen={surfaces}
            onToggle={(v) => toggle(surfaces, v, setSurfaces)}
            testId="overviews-surface"
          />
        </div>
        {formError ? (
          <p
            role="alert"
            className="text-sm font-medium text-red-700 dark:text-red-400"
            data-testid="overviews-form-error"
          >
            {formError}
          </p>
        ) : null}
        <div>
          <button
            type="submit"
            className="btn-primary"
            disabled={busy || running}
            data-testid="overviews-estimate"
          >
            {busy && !pending ? t('form.estimating') : t('form.estimate')}
          </button>
        </div>
      </form>

      {pending ? (
        <EstimatePanel
          estimate={pending.estimate}
          busy={busy}
          onConfirm={() => void onConfirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}

      {running ? (
        <p
          className="flex items-center gap-2 text-slate-700 dark:text-slate-300"
          role="status"
          data-testid="overviews-progress"
        >
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {progress?.total
            ? t('progress', { done: progress.done ?? 0, total: progress.total })
            : t('starting')}
        </p>
      ) : null}
      {task.state.status === 'failed' && task.state.error ? (
        <div data-testid="overviews-run-error">
          <ErrorPanel messages={[task.state.error.message]} />
        </div>
      ) : null}
      {viewError ? <ErrorPanel messages={[viewError]} /> : null}
      {view ? <OverviewsReport view={view} /> : null}

      <TrackingSection
        settings={() => ({
          competitors: listOf(competitors),
          locations: chosenLocations(),
          devices,
          surfaces,
        })}
      />

      <OverviewsHistory competitors={listOf(competitors)} />

      <Card id="ov-runs" title={t('runs.title')} data-testid="overviews-runs">
        {runs === null ? (
          <Loading label={t('loading')} />
        ) : runs.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300" data-testid="overviews-empty">
            {t('report.empty')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
            {runs.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-sm text-slate-800 dark:text-slate-200">
                  <strong>{r.site}</strong> · {t('runs.keywords', { count: r.keywords })} ·{' '}
                  {formatDateTime(r.createdAt, lang)} · {t(`runs.status.${r.status}`)} · {usd(r.spent, lang)}
                </span>
                <button type="button" className="btn-outline" onClick={() => void open(r.id)}>
                  {t('runs.open')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  )
}

function EstimatePanel({
  estimate,
  busy,
  onConfirm,
  onCancel,
}: {
  estimate: Estimate
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t, lang } = useTranslation('overviews')
  return (
    <Card
      id="ov-estimate"
      title={t('estimate.title')}
      className="border-2 border-blue-700 dark:border-blue-400"
      data-testid="overviews-estimate-panel"
    >
      {estimate.calls === 0 ? (
        <p className="text-slate-800 dark:text-slate-200">{t('estimate.nothing')}</p>
      ) : (
        <ul className="list-disc pl-5 text-slate-800 dark:text-slate-200">
          <li data-testid="overviews-estimate-calls">{t('estimate.calls', { count: estimate.calls })}</li>
          <li data-testid="overviews-estimate-cost">
            {t('estimate.cost', { cost: usd(estimate.cost, lang) })}
          </li>
          <li>{t('estimate.seconds', { seconds: estimate.seconds })}</li>
        </ul>
      )}
      {estimate.cached > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('estimate.cached', { count: estimate.cached })}
        </p>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('estimate.note')}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          onClick={onConfirm}
          data-testid="overviews-confirm"
        >
          {t('estimate.confirm')}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          {t('estimate.cancel')}
        </button>
      </div>
    </Card>
  )
}
