import type { Finding } from '@farol/engine'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { EvidenceList } from './evidence-list.tsx'
import { ImpactBadge } from './recommendation-item.tsx'

const verdictOrder: Record<Finding['verdict'], number> = { fail: 0, warn: 1, pass: 2, info: 3, na: 4 }
const verdictClasses: Record<'pass' | 'warn' | 'fail', string> = {
  pass: 'bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-300',
  warn: 'bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-300',
  fail: 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300',
}

/** Farol's findings with their verdict, impact, evidence and evidence strength; problems first. */
export function FindingsList({ findings, testId }: { findings: Finding[]; testId: string }) {
  const { t, lang } = useTranslation('suite')
  const shown = findings
    .filter((f) => f.verdict === 'fail' || f.verdict === 'warn' || f.verdict === 'pass')
    .sort((a, b) => verdictOrder[a.verdict] - verdictOrder[b.verdict])
  if (!shown.length) return <p className="text-slate-700 dark:text-slate-300">{t('aio.none')}</p>
  return (
    <ul className="flex flex-col gap-3" data-testid={testId}>
      {shown.map((finding) => (
        <li
          key={finding.id}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          data-testid="finding"
          data-verdict={finding.verdict}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h4 className="font-semibold text-slate-900 dark:text-slate-50">{finding.title[lang]}</h4>
            <div className="flex gap-2">
              <span
                className={cx(
                  'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                  verdictClasses[finding.verdict as 'pass' | 'warn' | 'fail'],
                )}
              >
                {t(`seo.${finding.verdict}`)}
              </span>
              {finding.verdict === 'pass' ? null : <ImpactBadge impact={finding.impact} />}
            </div>
          </div>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{finding.description[lang]}</p>
          <EvidenceList evidence={finding.evidence} strength={finding.strength} />
        </li>
      ))}
    </ul>
  )
}
