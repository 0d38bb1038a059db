import type { SeoRecommendation } from '@farol/engine'
import {
  DESCRIPTION_IDEAL,
  type Rating,
  rateCls,
  rateLcp,
  rateTbt,
  TITLE_IDEAL,
} from '@farol/engine/scores/index.ts'
import { CheckCircle2, Monitor, Smartphone, XCircle } from 'lucide-react'
import { opportunityIn } from '~/features/analysis/localized.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { Lang } from '~/lib/route-table.ts'
import { formatNumber, plainText } from '../format.ts'
import type { SectionData, ShownSeo } from '../types.ts'
import { FieldSection } from './field-section.tsx'
import { Card, ImpactBadge, NoDataCard, ScoreTile, SectionHeading, useBrandedKey } from './parts.tsx'

const ratingClasses: Record<Rating, string> = {
  good: 'bg-green-50 text-green-800',
  'needs-improvement': 'bg-amber-50 text-amber-800',
  poor: 'bg-red-50 text-red-800',
}

interface Vital {
  key: 'lcp' | 'cls' | 'tbt'
  value: string
  rating: Rating
}

/** Spec §9 thresholds: LCP ≤ 2.5 s good, ≤ 4 s warning; CLS ≤ 0.1, ≤ 0.25; TBT (Lighthouse) ≤ 200, ≤ 600 ms. */
function vitals(seo: ShownSeo, lang: Lang): Vital[] {
  const rows: Vital[] = []
  if (seo.lcp !== null)
    rows.push({ key: 'lcp', value: `${formatNumber(seo.lcp, lang, 2)} s`, rating: rateLcp(seo.lcp) })
  if (seo.cls !== null)
    rows.push({ key: 'cls', value: formatNumber(seo.cls, lang, 3), rating: rateCls(seo.cls) })
  if (seo.tbt !== null)
    rows.push({ key: 'tbt', value: `${formatNumber(seo.tbt, lang, 0)} ms`, rating: rateTbt(seo.tbt) })
  return rows
}

function CoreWebVitals({ seo, device }: { seo: ShownSeo; device: string }) {
  const { t, lang } = useTranslation('reports')
  const rows = vitals(seo, lang)
  return (
    <Card title={t('pdf.cwvTitle')} testId={`report-cwv-${device}`}>
      {rows.length ? (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {rows.map((row) => (
            <li
              key={row.key}
              className={cx('rounded-md p-3', ratingClasses[row.rating])}
              data-rating={row.rating}
            >
              <p className="text-xs text-slate-700">{t(`pdf.${row.key}`)}</p>
              <p className="text-xl font-bold">{row.value}</p>
              <p className="text-sm font-medium">{t(`pdf.rating.${row.rating}`)}</p>
              <p className="mt-1 text-xs text-slate-600">
                {t(`pdf.threshold${row.key[0]!.toUpperCase()}${row.key.slice(1)}`)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t('pdf.noDataBody')}</p>
      )}
    </Card>
  )
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  const { t } = useTranslation('reports')
  return (
    <li className="flex items-center gap-2" data-ok={ok ? 'true' : 'false'}>
      {ok ? (
        <CheckCircle2 className="size-4 shrink-0 text-green-700" aria-hidden="true" />
      ) : (
        <XCircle className="size-4 shrink-0 text-red-700" aria-hidden="true" />
      )}
      <span>{label}</span>
      <span className="sr-only">: {ok ? t('pdf.pass') : t('pdf.fail')}</span>
    </li>
  )
}

function TechnicalAudits({ seo, device }: { seo: ShownSeo; device: string }) {
  const { t } = useTranslation('reports')
  const meta = [
    { key: 'metaTitle', text: seo.metaTags.title, length: seo.metaTags.titleLength, ideal: TITLE_IDEAL },
    {
      key: 'metaDescription',
      text: seo.metaTags.description,
      length: seo.metaTags.descriptionLength,
      ideal: DESCRIPTION_IDEAL,
    },
  ]
  return (
    <Card title={t('pdf.technicalTitle')} testId={`report-technical-${device}`}>
      <div className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
        <ul className="flex flex-col gap-1.5">
          <Check ok={seo.mobileFriendly} label={t('pdf.mobileFriendly')} />
          <Check ok={seo.security.https} label={t('pdf.https')} />
          <Check ok={!seo.security.mixedContent} label={t('pdf.noMixedContent')} />
          <Check ok={seo.headingsStructure.hasH1} label={t('pdf.hasH1')} />
          <Check ok={!seo.headingsStructure.multipleH1} label={t('pdf.singleH1')} />
          <Check ok={seo.headingsStructure.headingsOrder} label={t('pdf.headingsOrder')} />
        </ul>
        <dl className="flex flex-col gap-2">
          {meta.map((m) => (
            <div key={m.key}>
              <dt className="font-medium text-slate-900">{t(`pdf.${m.key}`)}</dt>
              <dd className="break-words text-slate-700">{m.text || t('pdf.metaMissing')}</dd>
              <dd className="text-xs text-slate-600">
                {t('pdf.metaLength', { length: m.length, min: m.ideal.min, max: m.ideal.max })}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  )
}

const impactRank = { high: 0, medium: 1, low: 2 }
const MAX_OPPORTUNITIES = 10

function Opportunities({ items, device }: { items: SeoRecommendation[]; device: string }) {
  const { t, lang } = useTranslation('reports')
  const shown = [...items]
    .sort((a, b) => impactRank[a.impact] - impactRank[b.impact])
    .slice(0, MAX_OPPORTUNITIES)
  return (
    <div data-testid={`report-opportunities-${device}`}>
      <h3 className="report-keep-with-next mb-2 text-base font-semibold text-slate-900">
        {t('pdf.opportunitiesTitle')}
      </h3>
      {shown.length ? (
        <ul className="flex flex-col gap-2">
          {shown.map((item) => {
            const text = opportunityIn(item, lang)
            return (
              <li
                key={item.id}
                className="report-card rounded-lg border border-slate-200 p-3"
                data-testid="report-opportunity"
              >
                <div className="flex items-start justify-between gap-2">
                  <h4 className="font-semibold text-slate-900">{text.title}</h4>
                  <ImpactBadge impact={item.impact} />
                </div>
                {text.displayValue ? (
                  <p className="text-sm font-medium text-slate-800">{text.displayValue}</p>
                ) : null}
                <p className="mt-1 text-sm text-slate-700">{plainText(text.description)}</p>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t('pdf.noOpportunities')}</p>
      )}
    </div>
  )
}

/** One device's Lighthouse results: scores, Core Web Vitals, technical audits and opportunities. */
export function DeviceSection({ device, data }: { device: 'desktop' | 'mobile'; data: SectionData }) {
  const { t, lang } = useTranslation('reports')
  const seo = data?.lighthouse?.[device] ?? null
  const error = data?.lighthouse?.errors?.[device]
  const Icon = device === 'desktop' ? Monitor : Smartphone
  const seoNote = useBrandedKey('pdf.lighthouseSeoNote')
  return (
    <section
      className="report-section"
      data-testid={`report-section-${device}`}
      aria-labelledby={`report-${device}`}
    >
      <SectionHeading
        id={`report-${device}`}
        title={t(`pdf.${device}Title`)}
        icon={<Icon className="size-6" aria-hidden="true" />}
      />
      {data?.field && data.field.status !== 'no-key' ? (
        <div className="mb-4">
          <FieldSection field={data.field} device={device} />
        </div>
      ) : null}
      {seo ? (
        <div className="flex flex-col gap-4">
          {/* Lighthouse's own categories, named as Lighthouse's: its SEO category is not Farol's SEO score. */}
          <div data-testid={`report-lighthouse-categories-${device}`}>
            <h3 className="report-keep-with-next mb-2 text-base font-semibold text-slate-900">
              {t('pdf.lighthouseCategories')}
            </h3>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <ScoreTile
                label={t('pdf.performance')}
                score={seo.performanceScore}
                testId={`report-score-${device}-performance`}
              />
              <ScoreTile
                label={t('pdf.lighthouseSeo')}
                score={seo.categories.seo}
                testId={`report-score-${device}-seo`}
              />
              <ScoreTile label={t('pdf.accessibility')} score={seo.categories.accessibility} />
              <ScoreTile label={t('pdf.bestPractices')} score={seo.categories.bestPractices} />
            </div>
            <p className="mt-2 text-xs text-slate-600">{t(seoNote)}</p>
          </div>
          <CoreWebVitals seo={seo} device={device} />
          <TechnicalAudits seo={seo} device={device} />
          <Opportunities items={seo.recommendations} device={device} />
        </div>
      ) : (
        <NoDataCard
          testId={`report-no-data-${device}`}
          reason={error ? t('pdf.lighthouseFailed', { message: error.message[lang] }) : null}
        />
      )}
    </section>
  )
}
