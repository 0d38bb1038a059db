import type { Finding } from '@farol/engine'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { EvidenceList } from './evidence-list.tsx'
import { ImpactBadge } from './recommendation-item.tsx'

const verdictOrder: Record<Finding['verdict'], number> = { fail: 0, warn: 1, pass: 2, info: 3, na: 4 }
const verdictClasses: Record<Finding['verdict'], string> = {
  info: 'bg-blue-50 text-blue-800 dark:bg-blue-950/40 dark:text-blue-300',
  na: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  pass: 'bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-300',
  warn: 'bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-300',
  fail: 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300',
}

/**
 * Farol's findings with their verdict, impact, evidence and evidence strength; problems first, then what
 * passed, then the information-only findings (robots.txt blocking GPTBot, no llms.txt), then what could
 * not be assessed and why (a 404 page is not audited as content): every finding the analysis computed.
 */
export function FindingsList({ findings, testId }: { findings: Finding[]; testId: string }) {
  const { t, lang } = useTranslation('suite')
  const shown = [...findings].sort((a, b) => verdictOrder[a.verdict] - verdictOrder[b.verdict])
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
                  verdictClasses[finding.verdict],
                )}
              >
                {finding.verdict === 'info' || finding.verdict === 'na'
                  ? t(`core:findings.${finding.verdict}`)
                  : t(`seo.${finding.verdict}`)}
              </span>
              {finding.verdict !== 'fail' && finding.verdict !== 'warn' ? null : (
                <ImpactBadge impact={finding.impact} />
              )}
            </div>
          </div>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{finding.description[lang]}</p>
          <EvidenceList evidence={finding.evidence} strength={finding.strength} />
        </li>
      ))}
    </ul>
  )
}
