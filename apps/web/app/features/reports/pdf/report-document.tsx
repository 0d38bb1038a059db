import { ArrowLeft, Printer } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDateTime, formatLongDate, formatNumber, hostOf } from '../format.ts'
import type { ReportData, SectionData } from '../types.ts'
import { AiSection } from './ai-section.tsx'
import { BotsSection } from './bots-section.tsx'
import { DeviceSection } from './device-section.tsx'
import { GoogleAiSection } from './google-ai-section.tsx'
import { OnPageSection } from './on-page-section.tsx'
import { ScoreTile, WhiteLabel } from './parts.tsx'
import { PeriodSection } from './period-section.tsx'
import { ReadySignal } from './ready-signal.tsx'
import { SiteAuditSection } from './site-audit-section.tsx'

/** Back to the list and print: on screen only. */
export function ReportToolbar() {
  const { t } = useTranslation('reports')
  return (
    <div className="report-screen-only mb-6 flex flex-wrap items-center justify-between gap-2 print:hidden">
      <Link to="/suite/reports" className="btn-outline btn-small gap-1.5" data-testid="report-back">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('pdf.back')}
      </Link>
      <button type="button" className="btn-outline btn-small gap-1.5" onClick={() => window.print()}>
        <Printer className="size-4" aria-hidden="true" />
        {t('pdf.print')}
      </button>
    </div>
  )
}

/** When the analysis ran: the first task that has a result. */
function analysedAt(data: ReportData): string | null {
  const sections: SectionData[] = [data.desktop.data, data.mobile.data, data.aiOptimization.data]
  return sections.find((s) => s?.fetchedAt)?.fetchedAt ?? null
}

function ReportHeader({ data, generatedAt }: { data: ReportData; generatedAt: string }) {
  const { t, lang } = useTranslation('reports')
  const date = analysedAt(data) ?? generatedAt
  const brand = data.brand ?? null
  return (
    <header
      className="report-card mb-6 rounded-xl bg-blue-800 p-6 text-white"
      data-testid="report-header"
      // A workspace's white label: its colour instead of Farol's blue (text stays white: the owner picks a
      // dark enough colour, as on their own site).
      style={brand ? { backgroundColor: brand.color } : undefined}
    >
      {brand ? (
        <div className="flex items-center gap-3" data-testid="report-brand">
          {brand.logo ? <img src={brand.logo} alt="" className="h-10 w-auto rounded bg-white p-1" /> : null}
          <p className="text-sm font-semibold tracking-wide text-white/90">
            {brand.name} · {t('pdf.title')}
          </p>
        </div>
      ) : (
        <p className="text-sm font-semibold tracking-wide text-blue-100">Farol · {t('pdf.title')}</p>
      )}
      <h1 className="mt-2 break-words text-3xl font-bold" data-testid="report-host">
        {hostOf(data.siteUrl)}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-blue-50">
        <dt className="font-semibold">{t('pdf.siteLabel')}</dt>
        <dd className="break-all">{data.siteUrl}</dd>
        <dt className="font-semibold">{t('pdf.dateLabel')}</dt>
        <dd>
          <time dateTime={date} suppressHydrationWarning data-testid="report-date">
            {formatLongDate(date, lang)}
          </time>
        </dd>
        {brand?.contact ? (
          <>
            <dt className="font-semibold">{t('pdf.contactLabel')}</dt>
            <dd className="break-all" data-testid="report-contact">
              {brand.contact}
            </dd>
          </>
        ) : null}
      </dl>
    </header>
  )
}

/**
 * The analysis's scores under the suite's names and values (issue 41: the summary said "SEO on-page 89"
 * beside the suite's "Pontuação SEO 92" and had no overall): the same keys and the same rule as the
 * dashboard's cards, then each device's performance.
 */
function Summary({ data }: { data: ReportData }) {
  const { t, lang } = useTranslation('reports')
  const scores = data.scores ?? null
  const parts = scores?.seoParts ?? null
  const note = !parts
    ? null
    : parts.performance === null
      ? t('pdf.seoOnPageOnly', { onPage: parts.onPage ?? '—' })
      : t('suite:dashboard.seoBlended', {
          onPage: parts.onPage ?? '—',
          wOnPage: formatNumber(parts.weights.onPage, lang, 2),
          performance: parts.performance,
          wPerformance: formatNumber(parts.weights.performance, lang, 2),
        })
  return (
    <section className="report-card mb-6" aria-labelledby="report-summary" data-testid="report-summary">
      <h2 id="report-summary" className="mb-3 text-lg font-bold text-slate-900">
        {t('pdf.summaryTitle')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <ScoreTile
          label={t('suite:dashboard.overallTitle')}
          score={scores?.overall ?? null}
          testId="report-score-overall"
        />
        <ScoreTile
          label={t('suite:dashboard.seoCard')}
          score={scores?.seo ?? null}
          testId="report-score-seo"
        />
        <ScoreTile
          label={t('suite:dashboard.aioCard')}
          score={scores?.aio ?? null}
          testId="report-score-aio-summary"
        />
        <ScoreTile
          label={t('pdf.desktopPerformance')}
          score={data.desktop.data?.lighthouse?.desktop?.performanceScore ?? null}
          testId="report-score-desktop-performance-summary"
        />
        <ScoreTile
          label={t('pdf.mobilePerformance')}
          score={data.mobile.data?.lighthouse?.mobile?.performanceScore ?? null}
          testId="report-score-mobile-performance-summary"
        />
      </div>
      {note ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="report-seo-note">
          {t('suite:dashboard.seoCard')}: {note}
        </p>
      ) : null}
    </section>
  )
}

function ReportFooter({ data, generatedAt }: { data: ReportData; generatedAt: string }) {
  const { t, lang } = useTranslation('reports')
  const version =
    data.desktop.data?.lighthouseResult?.lighthouseVersion ??
    data.mobile.data?.lighthouseResult?.lighthouseVersion
  return (
    <footer
      className="report-card mt-8 border-t border-slate-300 pt-3 text-xs text-slate-600"
      data-testid="report-footer"
    >
      {/* A workspace's white label names the agency, never Farol. */}
      <p suppressHydrationWarning>
        {data.brand
          ? t('pdf.footerBrand', { name: data.brand.name, date: formatDateTime(generatedAt, lang) })
          : t('pdf.footer', { date: formatDateTime(generatedAt, lang) })}
      </p>
      {version ? <p>{t('pdf.footerLighthouse', { version })}</p> : null}
      <p>{t('pdf.footerNote')}</p>
    </footer>
  )
}

/**
 * The printable report (spec §2 "PDF report"): header, a scheduled report's period changes, summary, desktop, mobile, on-page, AI, the site
 * audit when the owner crawled the site, footer.
 */
export function ReportDocument({ data, generatedAt }: { data: ReportData; generatedAt: string }) {
  return (
    <WhiteLabel.Provider value={Boolean(data.brand)}>
      <article className="report mx-auto max-w-4xl" data-testid="pdf-report">
        <ReportToolbar />
        <ReportHeader data={data} generatedAt={generatedAt} />
        {/* A scheduled report opens on what changed in its period. */}
        {data.period ? <PeriodSection period={data.period} /> : null}
        <Summary data={data} />
        <div className="flex flex-col gap-8">
          <DeviceSection device="desktop" data={data.desktop.data} />
          <DeviceSection device="mobile" data={data.mobile.data} />
          <OnPageSection data={data.desktop.data ?? data.mobile.data} />
          <AiSection data={data.aiOptimization.data} />
          {/* Only with a crawl of the site: a report without one reads as before. */}
          {data.siteAudit ? <SiteAuditSection audit={data.siteAudit} /> : null}
          {data.botLogs ? <BotsSection findings={data.botLogs} /> : null}
          {data.googleAi ? <GoogleAiSection report={data.googleAi} /> : null}
        </div>
        <ReportFooter data={data} generatedAt={generatedAt} />
        <ReadySignal />
      </article>
    </WhiteLabel.Provider>
  )
}
