import type { Finding } from '@farol/engine'
import { Ban } from 'lucide-react'
import { createContext, type ReactNode, useContext } from 'react'
import { inLang } from '~/features/analysis/localized.ts'
import { formatEvidenceValue } from '~/features/suite/shared/evidence-list.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { scoreLabel, scoreTone } from '../format.ts'

/** A report in a workspace's white label: it names the agency, never Farol (report-document.tsx sets it). */
export const WhiteLabel = createContext(false)

/** The key of a string, or its white-label twin (`<key>Brand`, without Farol's name) in a branded report. */
export function useBrandedKey(key: string): string {
  return useContext(WhiteLabel) ? `${key}Brand` : key
}

/** A block that never splits across printed pages (unless `splittable`). */
export function Card({
  title,
  children,
  testId,
  className,
  splittable = false,
}: {
  title?: string
  children: ReactNode
  testId?: string
  className?: string
  /** Long lists may continue on the next page (their items still stay whole). */
  splittable?: boolean
}) {
  return (
    <section
      className={cx(
        splittable ? 'report-splittable' : 'report-card',
        'rounded-lg border border-slate-200 bg-white p-4',
        className,
      )}
      data-testid={testId}
    >
      {title ? <h3 className="mb-3 text-base font-semibold text-slate-900">{title}</h3> : null}
      {children}
    </section>
  )
}

/** A 0-100 score with the spec's label (Excelente, Bom, Razoável, Fraco) and band colour. */
export function ScoreTile({
  label,
  score,
  testId,
}: {
  label: string
  score: number | null
  testId?: string
}) {
  const { t } = useTranslation('reports')
  if (score === null) {
    return (
      <div className="report-card rounded-lg border border-slate-200 p-3" data-testid={testId}>
        <p className="text-sm break-words hyphens-auto text-slate-700">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-500">—</p>
        <p className="text-sm text-slate-600">{t('pdf.noData')}</p>
      </div>
    )
  }
  const value = Math.round(score)
  const tone = scoreTone(value)
  return (
    <div
      className={cx('report-card rounded-lg border-l-4 p-3', tone.bg, tone.ring)}
      data-testid={testId}
      data-score={value}
    >
      <p className="text-sm break-words hyphens-auto text-slate-700">{label}</p>
      <p className={cx('mt-1 text-3xl font-bold', tone.text)}>
        {value}
        <span className="ml-1 text-sm font-medium text-slate-600">{t('pdf.outOf')}</span>
      </p>
      <p className={cx('text-sm font-semibold', tone.text)}>{t(`pdf.labels.${scoreLabel(value)}`)}</p>
    </div>
  )
}

/** Spec §4: each section shows a 'no data' card when its data is missing. */
export function NoDataCard({ reason, testId }: { reason?: string | null; testId?: string }) {
  const { t } = useTranslation('reports')
  return (
    <div
      className="report-card flex items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4"
      data-testid={testId ?? 'no-data'}
    >
      <Ban className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div>
        <p className="font-semibold text-slate-800">{t('pdf.noData')}</p>
        <p className="text-sm text-slate-700">{reason || t('pdf.noDataBody')}</p>
      </div>
    </div>
  )
}

const impactClasses = {
  high: 'bg-red-50 text-red-800',
  medium: 'bg-amber-50 text-amber-800',
  low: 'bg-slate-100 text-slate-700',
} as const

export function ImpactBadge({ impact }: { impact: 'high' | 'medium' | 'low' }) {
  const { t } = useTranslation('reports')
  return (
    <span
      className={cx(
        'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
        impactClasses[impact],
      )}
    >
      {t(`pdf.impact.${impact}`)}
    </span>
  )
}

const verdictClasses = { fail: 'bg-red-50 text-red-800', warn: 'bg-amber-50 text-amber-800' } as const

/** A failed or warned finding: what was found, the evidence measured and how strong that evidence is. */
function FindingItem({ finding }: { finding: Finding }) {
  const { t, lang } = useTranslation('reports')
  const verdict = finding.verdict === 'fail' ? 'fail' : 'warn'
  return (
    <li
      className="report-card rounded-lg border border-slate-200 p-3"
      data-testid="report-finding"
      data-verdict={verdict}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{finding.title[lang]}</h4>
        <div className="flex gap-1.5">
          <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', verdictClasses[verdict])}>
            {t(`pdf.${verdict}`)}
          </span>
          <ImpactBadge impact={finding.impact} />
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-700">{finding.description[lang]}</p>
      {finding.evidence.length ? (
        <dl
          className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm"
          aria-label={t('pdf.evidence')}
        >
          {finding.evidence.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: evidence has no id; its order is the engine's
            <div key={index} className="contents">
              <dt className="font-medium text-slate-800">{inLang(item.signal, lang)}</dt>
              <dd className="break-words text-slate-700">
                {formatEvidenceValue(item.value, lang, t('pdf.yes'), t('pdf.no'))}
                {item.target ? (
                  <span className="text-slate-600">
                    {' '}
                    ({t('pdf.target', { target: inLang(item.target, lang) })})
                  </span>
                ) : null}
                {item.where ? (
                  <span className="block text-xs text-slate-600">
                    {t('pdf.where', { where: inLang(item.where, lang) })}
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {finding.strength ? (
        <p
          className="mt-2 rounded bg-slate-100 px-2 py-1 text-xs text-slate-700"
          data-testid="report-strength"
        >
          <span className="font-semibold">{t(`pdf.strength.${finding.strength.level}`)}:</span>{' '}
          {finding.strength.note[lang]}
        </p>
      ) : null}
    </li>
  )
}

const verdictOrder: Record<Finding['verdict'], number> = { fail: 0, warn: 1, pass: 2, info: 3, na: 4 }

/** Only what failed or warned, failures first then by impact. */
function problemsOf(findings: Finding[]): Finding[] {
  const impact = { high: 0, medium: 1, low: 2 }
  return findings
    .filter((f) => f.verdict === 'fail' || f.verdict === 'warn')
    .sort((a, b) => verdictOrder[a.verdict] - verdictOrder[b.verdict] || impact[a.impact] - impact[b.impact])
}

export function FindingList({ findings, testId }: { findings: Finding[]; testId: string }) {
  const { t } = useTranslation('reports')
  const problems = problemsOf(findings)
  if (!problems.length) return <p className="text-sm text-slate-700">{t('pdf.noFindings')}</p>
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {problems.map((finding) => (
        <FindingItem key={finding.id} finding={finding} />
      ))}
    </ul>
  )
}

export function SectionHeading({
  id,
  title,
  subtitle,
  icon,
}: {
  id: string
  title: string
  subtitle?: string
  icon: ReactNode
}) {
  return (
    <div className="report-keep-with-next mb-4 flex items-center gap-3 border-b-2 border-blue-700 pb-2">
      <span className="text-blue-700">{icon}</span>
      <div>
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {subtitle ? <p className="text-sm text-slate-600">{subtitle}</p> : null}
      </div>
    </div>
  )
}
