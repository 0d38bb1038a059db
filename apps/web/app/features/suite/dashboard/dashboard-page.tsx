import { Sparkles } from 'lucide-react'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { AnalysisBar } from '~/features/analysis/analysis-bar.tsx'
import { errorText, httpVariant, suggestsHttp } from '~/features/analysis/error-text.ts'
import { LighthouseUnavailable, lighthouseUnavailable } from '~/features/analysis/lighthouse-unavailable.tsx'
import { NotAuditedNotice } from '~/features/analysis/not-audited.tsx'
import { buildRecommendations } from '~/features/analysis/recommendations.ts'
import {
  analysisResult,
  pendingAnalysisUrlKey,
  type SlotKey,
  sameAddress,
} from '~/features/analysis/run-storage.ts'
import { rememberTyped } from '~/features/analysis/scheme-guess.ts'
import { checkDashboardUrl } from '~/features/analysis/url-rules.ts'
import { useAnalysisRun } from '~/features/analysis/use-analysis-run.ts'
import { useBotFindings, withBotFindings } from '~/features/bots/bot-recommendations.ts'
import { DashboardOnboarding } from '~/features/onboarding/dashboard-onboarding.tsx'
import { tourTargets } from '~/features/onboarding/tour-state.ts'
import { siteAuditHref, withSiteAudit } from '~/features/site-audit/site-recommendations.ts'
import { useSiteAudit } from '~/features/site-audit/use-site-audit.ts'
import { TrackSiteButton } from '~/features/sites/track-site-button.tsx'
import { notify } from '~/features/toasts/notify.ts'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { makeProjectId, suiteHref } from '~/lib/analysis-url.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { useSetHeaderDetails } from '../layout/header-context.tsx'
import { AnalysisProgress } from '../shared/analysis-progress.tsx'
import { ErrorPanel } from '../shared/error-panel.tsx'
import { domainOf } from '../shared/format.ts'
import { UrlForm } from '../shared/url-form.tsx'
import { DomainHeader } from './domain-header.tsx'
import { HistoryTab } from './history-tab.tsx'
import { MetricsCard } from './metrics-card.tsx'
import { PriorityCard, RecommendationsCard } from './recommendations-card.tsx'
import { AioScoreCard, OverallScoreCard, SeoScoreCard } from './score-cards.tsx'
import { ToolTiles } from './tool-tiles.tsx'

const AuthModal = lazy(() => import('~/features/auth/auth-modal.tsx').then((m) => ({ default: m.AuthModal })))

/** On-page SEO and AIO (seconds), and Lighthouse desktop for the performance metrics (tens of seconds). */
const dashboardNeeds: SlotKey[] = ['aio', 'desktop']
// Ready by the time the user opens /suite/seo's mobile tab (issue 25: desktop first, then mobile).
const dashboardBackground: SlotKey[] = ['mobile']

type Tab = 'overview' | 'history' | 'reports'

export function DashboardPage({ url, projectId }: { url: string | null; projectId: string | null }) {
  const { t, lang } = useTranslation('suite')
  const root = useRootData()
  const user = root?.user ?? null
  const navigate = useNavigate()
  const [tab, setTab] = useState<Tab>('overview')
  const [authOpen, setAuthOpen] = useState(false)
  const [pendingUrl, setPendingUrl] = useState<string | null>(null)

  const run = useAnalysisRun({
    lang,
    needs: dashboardNeeds,
    background: dashboardBackground,
    queryUrl: url,
    signedIn: Boolean(user),
    onStartError: (error) => notify('error', t('errors.startTitle'), error.message),
    defaultMessage: (key) => (key === 'aio' ? t('errors.aioDefault') : t('errors.desktopDefault')),
  })
  const { ready, state, phase, start } = run

  // An address in the query (the landing page's analyze flow) starts its analysis on arrival, unless the
  // latest analysis of that address exists already (this session's, or the server's): it opens on that one.
  useEffect(() => {
    if (!ready || !url || run.busy) return
    if (state && sameAddress(state.url, url)) return
    void start(url, { projectId })
  }, [ready, url, projectId, state, run.busy, start])

  // After signing in, the address kept as pending is analysed (spec §4).
  useEffect(() => {
    if (!ready || !user || url) return
    let pending: string | null = null
    try {
      pending = sessionStorage.getItem(pendingAnalysisUrlKey)
      if (pending) sessionStorage.removeItem(pendingAnalysisUrlKey)
    } catch {
      // Storage unavailable: nothing pending.
    }
    if (pending) void navigate(suiteHref(pending, makeProjectId(pending)))
  }, [ready, user, url, navigate])

  function submit(next: string, typed?: string) {
    // Typed without a scheme: the analysis may fall back to http (features/analysis/scheme-guess.ts).
    if (typed !== undefined) rememberTyped(typed, next)
    if (!user) {
      // Spec §4: an anonymous submit on the dashboard keeps the address and asks for an account.
      try {
        sessionStorage.setItem(pendingAnalysisUrlKey, next)
      } catch {
        // The modal still opens; the address is passed along as returnTo.
      }
      setPendingUrl(next)
      setAuthOpen(true)
      return
    }
    void navigate(suiteHref(next, makeProjectId(next)))
  }

  const aio = state?.slots.aio
  const desktop = state?.slots.desktop
  // The Lighthouse task's audit has everything once it is done; until then the fast task's.
  const best = analysisResult(state)
  const shownUrl = state?.url ?? url
  // The user's latest crawl of this site (issue 18): its site-wide issues join the page's recommendations.
  const siteAudit = useSiteAudit(state?.url ?? null, Boolean(user), lang)
  // And what its access logs say about the AI crawlers' visits (issue 32), when the user analysed them.
  const botFindings = useBotFindings(state?.url ?? null, Boolean(user), lang)
  // The dashboard's cards list what there is to do; information-only items are on /suite/recommendations.
  const recommendations = useMemo(
    () =>
      withBotFindings(
        withSiteAudit(buildRecommendations([aio?.results, desktop?.results], lang), siteAudit ?? null, lang),
        botFindings ?? null,
        lang,
      ).filter((r) => r.verdict !== 'info'),
    [aio?.results, desktop?.results, lang, siteAudit, botFindings],
  )
  const domain = shownUrl ? domainOf(shownUrl) : null
  const lastAnalysis = best?.fetchedAt ?? desktop?.finishedAt ?? aio?.finishedAt ?? null
  useSetHeaderDetails(domain, lastAnalysis)

  // Each failure in the reader's language, by its code (never the engine's or the API's English).
  const failedSlots = state
    ? [aio, desktop].filter(
        (slot) =>
          slot &&
          (slot.status === 'failed' || slot.status === 'error') &&
          !(slot === desktop && slot.results),
      )
    : []
  const errorCodes = [state?.startError?.code, ...failedSlots.map((slot) => slot?.errorCode)]
  const errorMessages = state
    ? [
        state.startError ? errorText(t, state.startError.code, state.startError.message) : null,
        ...failedSlots.map((slot) => errorText(t, slot?.errorCode, slot?.message)),
      ].filter((m, i, all): m is string => Boolean(m) && all.indexOf(m) === i)
    : []
  const httpAction =
    state && errorCodes.some((code) => suggestsHttp(code, state.url)) ? httpVariant(state.url) : null
  const quota = state?.startError?.code === 'QUOTA_EXCEEDED'
  const signedIn = Boolean(user)
  // Tracking is for those who may change the workspace's sites (not its clients).
  const can = useCan()

  return (
    <div className="flex flex-col gap-6" data-testid="dashboard" data-phase={phase}>
      <div id={tourTargets.form}>
        <UrlForm
          testId="dashboard-form"
          initialUrl={shownUrl}
          busy={run.busy}
          validate={(raw) => {
            const checked = checkDashboardUrl(raw)
            if (checked.ok) return { url: checked.url }
            return {
              error: checked.error === 'empty' ? t('form.dashboardEmpty') : t('form.dashboardInvalid'),
            }
          }}
          onSubmit={submit}
        />
      </div>

      {!shownUrl ? (
        <>
          <section className="card flex items-start gap-4" data-testid="dashboard-welcome">
            <Sparkles className="size-8 shrink-0 text-blue-700 dark:text-blue-400" aria-hidden="true" />
            <div>
              <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50">
                {t('dashboard.welcomeTitle')}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t('dashboard.welcomeBody')}</p>
            </div>
          </section>
          <ToolTiles signedIn={signedIn} />
        </>
      ) : (
        <>
          <DomainHeader key={shownUrl} url={shownUrl} />
          <div
            role="tablist"
            aria-label={t('dashboard.tabs.label')}
            className="flex gap-1 border-b border-slate-200 dark:border-slate-700"
          >
            {(['overview', 'history', 'reports'] as const).map((key) => {
              const disabled = key !== 'overview' && !signedIn
              return (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  disabled={disabled}
                  title={disabled ? t('dashboard.tabs.signedOutHint') : undefined}
                  onClick={() => setTab(key)}
                  data-testid={`dashboard-tab-${key}`}
                  className={cx(
                    '-mb-px min-h-11 border-b-2 px-4 text-sm font-medium disabled:cursor-not-allowed disabled:text-slate-400 dark:disabled:text-slate-500',
                    tab === key
                      ? 'border-blue-700 text-blue-800 dark:text-blue-300 dark:border-blue-400'
                      : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                  )}
                >
                  {t(`dashboard.tabs.${key}`)}
                </button>
              )
            })}
          </div>

          {tab === 'history' && signedIn ? <HistoryTab url={shownUrl} /> : null}
          {tab === 'reports' && signedIn ? (
            <section className="card">
              <p className="text-slate-700 dark:text-slate-300">{t('dashboard.reportsBody')}</p>
              <Link to="/suite/reports" className="btn-outline mt-3">
                {t('dashboard.openReports')}
              </Link>
            </section>
          ) : null}

          {tab === 'overview' ? (
            <div role="tabpanel" className="flex flex-col gap-6">
              {state && !state.startError ? (
                <AnalysisBar
                  state={state}
                  keys={dashboardNeeds}
                  busy={run.busy}
                  onReanalyse={() => void start(state.url, { projectId: state.projectId, fresh: true })}
                />
              ) : null}
              {state && !state.startError && signedIn && can.write ? (
                <div className="flex justify-end">
                  <TrackSiteButton url={state.url} />
                </div>
              ) : null}
              <NotAuditedNotice result={best} />
              {lighthouseUnavailable(state) ? <LighthouseUnavailable /> : null}
              {state && phase === 'analysing' ? (
                <AnalysisProgress
                  slots={dashboardNeeds
                    .map((key) => [key, state.slots[key]!] as const)
                    .filter(([, slot]) => slot)}
                />
              ) : null}
              {errorMessages.length && (phase === 'failed' || quota) ? (
                <ErrorPanel
                  title={quota ? t('errors.quotaTitle') : undefined}
                  messages={errorMessages}
                  onRetry={
                    quota || !state
                      ? undefined
                      : () => void start(state.url, { projectId: state.projectId, fresh: true })
                  }
                  action={
                    httpAction
                      ? {
                          label: t('core:errors.tryHttp'),
                          onClick: () => void navigate(suiteHref(httpAction, makeProjectId(httpAction))),
                        }
                      : undefined
                  }
                />
              ) : null}
              {best ? (
                <>
                  <div id={tourTargets.scores} className="grid gap-6 md:grid-cols-2">
                    <SeoScoreCard result={best} url={best.url} />
                    <AioScoreCard result={best} url={best.url} />
                  </div>
                  <div id={tourTargets.metrics} className="grid gap-6 lg:grid-cols-2">
                    <MetricsCard slot={desktop} />
                    <OverallScoreCard result={best} />
                  </div>
                  <div id={tourTargets.recommendations} className="grid gap-6 lg:grid-cols-[2fr_1fr]">
                    <RecommendationsCard
                      list={recommendations}
                      signedIn={signedIn}
                      siteAuditHint={siteAudit === null && state ? siteAuditHref(state.url) : null}
                    />
                    <PriorityCard list={recommendations} />
                  </div>
                </>
              ) : null}
              <ToolTiles signedIn={signedIn} />
            </div>
          ) : null}
        </>
      )}

      <DashboardOnboarding signedIn={signedIn} analyzedUrl={state?.url ?? null} />

      {authOpen ? (
        <Suspense fallback={null}>
          <AuthModal
            open={authOpen}
            onOpenChange={setAuthOpen}
            defaultTab="signin"
            returnTo={pendingUrl ? suiteHref(pendingUrl, makeProjectId(pendingUrl)) : '/suite'}
            onSuccess={() => {
              setAuthOpen(false)
              try {
                sessionStorage.removeItem(pendingAnalysisUrlKey)
              } catch {
                // Nothing to clear.
              }
              if (pendingUrl) void navigate(suiteHref(pendingUrl, makeProjectId(pendingUrl)))
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
