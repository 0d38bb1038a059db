import type { AuditResult, SeoResult } from '@farol/engine'
import { withOnPageFacts } from '@farol/engine/analysis/one-verdict.ts'
import {
  DESCRIPTION_IDEAL,
  headingScore,
  metaScore,
  type Rating,
  rateCls,
  rateFid,
  rateLcp,
  rateTbt,
  TITLE_IDEAL,
} from '@farol/engine/scores/index.ts'
import { CheckCircle2, XCircle } from 'lucide-react'
import { opportunityIn } from '~/features/analysis/localized.ts'
import { MarkdownText } from '~/features/analysis/markdown-text.tsx'
import { performanceColour } from '~/features/analysis/score-display.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { MetricList, type MetricRow } from '../dashboard/metrics-card.tsx'
import { FindingsList } from '../shared/findings-list.tsx'
import { formatNumber } from '../shared/format.ts'
import { ImpactBadge } from '../shared/recommendation-item.tsx'
import { ScoreRing } from '../shared/score-ring.tsx'

/**
 * What Lighthouse 13 measures in the lab: LCP and CLS, and TBT as the lab stand-in for INP. Neither INP nor
 * the real FID can be measured without real visits; Lighthouse's max-potential-fid is shown under its
 * own name as another lab metric, never as a Core Web Vital.
 */
function cwvRows(seo: SeoResult, lang: 'pt' | 'en', tc: (key: string) => string): MetricRow[] {
  const rows: MetricRow[] = []
  const push = (
    key: MetricRow['key'],
    value: number | null,
    format: (n: number) => string,
    rate: (n: number) => Rating,
    label?: { label: string; threshold?: string },
  ) => {
    if (value !== null) rows.push({ key, value: format(value), rating: rate(value), ...label })
  }
  push('lcp', seo.lcp, (n) => `${formatNumber(n, lang, 2)} s`, rateLcp)
  push('cls', seo.cls, (n) => formatNumber(n, lang, 3), rateCls)
  push('tbt', seo.tbt, (n) => `${formatNumber(n, lang, 0)} ms`, rateTbt, { label: tc('cwv.tbt') })
  return rows
}

function maxFidRows(seo: SeoResult, lang: 'pt' | 'en', tc: (key: string) => string): MetricRow[] {
  if (seo.fid === null) return []
  return [
    {
      key: 'fid',
      value: `${formatNumber(seo.fid, lang, 0)} ms`,
      rating: rateFid(seo.fid),
      label: tc('cwv.maxFid'),
      threshold: tc('cwv.thresholdMaxFid'),
    },
  ]
}

/**
 * The verdict of a technical check: Farol's own on-page finding when the analysis has one (the same
 * verdict the findings list shows below), else Lighthouse's. One screen never says both "HTTPS ✓" and
 * "A página não usa HTTPS — Falha".
 */
function checkVerdict(result: AuditResult | null, findingId: string, lighthouseOk: boolean): boolean {
  const finding = result?.onPage?.findings.find((f) => f.id === findingId)
  if (!finding || finding.verdict === 'na' || finding.verdict === 'info') return lighthouseOk
  return finding.verdict === 'pass'
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <li className="flex items-center gap-2" data-ok={ok ? 'true' : 'false'}>
      {ok ? (
        <CheckCircle2 className="size-5 text-green-700 dark:text-green-400" aria-hidden="true" />
      ) : (
        <XCircle className="size-5 text-red-700 dark:text-red-400" aria-hidden="true" />
      )}
      <span>{label}</span>
      <span className="sr-only">: {ok ? '✓' : '✗'}</span>
    </li>
  )
}

/** One device's Lighthouse report: performance, Core Web Vitals, technical audits, opportunities. */
export function DeviceReport({
  device,
  seo: lighthouseSeo,
  result,
}: {
  device: 'desktop' | 'mobile'
  seo: SeoResult | null
  result: AuditResult | null
}) {
  const { t, lang } = useTranslation('suite')
  const { t: tc } = useTranslation('core')
  // Headings and HTTPS from Farol's on-page checks, the same on both device tabs and in the PDF.
  const seo = lighthouseSeo ? withOnPageFacts(lighthouseSeo, result?.onPage?.summary) : null
  const meta = seo ? metaScore({ title: seo.metaTags.title, description: seo.metaTags.description }) : null
  return (
    <div className="flex flex-col gap-6" data-testid={`seo-report-${device}`}>
      {seo ? (
        <>
          <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
            <section className="card" data-testid={`performance-card-${device}`}>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
                {t('seo.performanceTitle')}
              </h3>
              {seo.performanceScore === null ? (
                <p className="mt-4 text-slate-700 dark:text-slate-300">{t('errors.noData')}</p>
              ) : (
                <div className="mt-4 flex items-center gap-4">
                  <ScoreRing
                    score={seo.performanceScore}
                    colour={performanceColour(seo.performanceScore)}
                    label={t('seo.performanceScore')}
                    testId={`performance-score-${device}`}
                  />
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {t('seo.otherMetrics', {
                      si: seo.speedIndex === null ? '—' : `${formatNumber(seo.speedIndex, lang, 1)} s`,
                      tti: seo.tti === null ? '—' : `${formatNumber(seo.tti, lang, 1)} s`,
                    })}
                  </p>
                </div>
              )}
            </section>
            <section className="card" data-testid={`cwv-card-${device}`}>
              <h3 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
                {tc('cwv.title')}
              </h3>
              {cwvRows(seo, lang, tc).length ? (
                <MetricList rows={cwvRows(seo, lang, tc)} />
              ) : (
                <p>{t('errors.noData')}</p>
              )}
              <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="cwv-field-note">
                {tc('cwv.fieldNote')}
              </p>
              {maxFidRows(seo, lang, tc).length ? (
                <div className="mt-4">
                  <h4 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
                    {tc('cwv.otherLab')}
                  </h4>
                  <MetricList rows={maxFidRows(seo, lang, tc)} />
                </div>
              ) : null}
            </section>
          </div>
          <section className="card" data-testid={`technical-${device}`}>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
              {t('seo.technicalTitle')}
            </h3>
            <div className="mt-4 grid gap-6 md:grid-cols-3">
              <ul className="flex flex-col gap-2 text-sm">
                <Check ok={seo.mobileFriendly} label={t('seo.mobileFriendly')} />
                <Check ok={checkVerdict(result, 'https', seo.security.https)} label={t('seo.https')} />
                <Check
                  ok={checkVerdict(result, 'mixed-content', !seo.security.mixedContent)}
                  label={t('seo.mixedContent')}
                />
              </ul>
              <div className="text-sm">
                <h4 className="font-semibold text-slate-900 dark:text-slate-50">{t('seo.headingsTitle')}</h4>
                <ul className="mt-2 flex flex-col gap-2">
                  <Check ok={seo.headingsStructure.hasH1} label={t('seo.hasH1')} />
                  <Check ok={!seo.headingsStructure.multipleH1} label={t('seo.singleH1')} />
                  <Check ok={seo.headingsStructure.headingsOrder} label={t('seo.headingsOrder')} />
                </ul>
                <p className="mt-2 font-medium">
                  {t('seo.headingScore', { score: headingScore(seo.headingsStructure) })}
                </p>
              </div>
              <div className="text-sm">
                <h4 className="font-semibold text-slate-900 dark:text-slate-50">{t('seo.metaTitle')}</h4>
                <dl className="mt-2 flex flex-col gap-2">
                  <div>
                    <dt className="font-medium">{t('seo.metaTitleTag')}</dt>
                    <dd className="break-words text-slate-700 dark:text-slate-300">
                      {seo.metaTags.title || t('seo.metaMissing')}
                    </dd>
                    <dd className="text-slate-600 dark:text-slate-400">
                      {t('seo.metaLength', {
                        length: seo.metaTags.titleLength,
                        min: TITLE_IDEAL.min,
                        max: TITLE_IDEAL.max,
                      })}
                    </dd>
                  </div>
                  <div>
                    <dt className="font-medium">{t('seo.metaDescriptionTag')}</dt>
                    <dd className="break-words text-slate-700 dark:text-slate-300">
                      {seo.metaTags.description || t('seo.metaMissing')}
                    </dd>
                    <dd className="text-slate-600 dark:text-slate-400">
                      {t('seo.metaLength', {
                        length: seo.metaTags.descriptionLength,
                        min: DESCRIPTION_IDEAL.min,
                        max: DESCRIPTION_IDEAL.max,
                      })}
                    </dd>
                  </div>
                </dl>
                {meta ? (
                  <p className="mt-2 font-medium">{t('seo.metaScore', { score: meta.overall })}</p>
                ) : null}
              </div>
            </div>
          </section>
          <section className="card" data-testid={`opportunities-${device}`}>
            <h3 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
              {t('seo.opportunitiesTitle')}
            </h3>
            {seo.recommendations.length ? (
              <ul className="flex flex-col gap-3">
                {seo.recommendations.map((r) => {
                  const text = opportunityIn(r, lang)
                  return (
                    <li key={r.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h4 className="font-semibold text-slate-900 dark:text-slate-50">{text.title}</h4>
                        <ImpactBadge impact={r.impact} />
                      </div>
                      {text.displayValue ? (
                        <p className="mt-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                          {text.displayValue}
                        </p>
                      ) : null}
                      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                        <MarkdownText text={text.description} />
                      </p>
                    </li>
                  )
                })}
              </ul>
            ) : (
              <p className="text-slate-700 dark:text-slate-300">{t('seo.noOpportunities')}</p>
            )}
          </section>
        </>
      ) : (
        <p className="card text-slate-700 dark:text-slate-300" data-testid={`seo-nodata-${device}`}>
          {t('errors.noData')}
        </p>
      )}
      {result ? (
        <section className="card">
          <h3 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('seo.findingsTitle')}
          </h3>
          <FindingsList findings={result.onPage.findings} testId={`onpage-findings-${device}`} />
        </section>
      ) : null}
    </div>
  )
}
