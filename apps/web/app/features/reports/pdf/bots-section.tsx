// "Robôs de IA" (issue 32): the report owner's latest access-log analysis of the site, as findings (errors
// served to crawlers, important pages no AI crawler fetched, impostors). Printed only when there is one.
import type { BotLogFindings } from '@farol/engine/logs/findings.ts'
import { Bot } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatLongDate } from '../format.ts'
import { SectionHeading } from './parts.tsx'
import { FindingList } from './site-audit-section.tsx'

export function BotsSection({ findings }: { findings: BotLogFindings }) {
  const { t, lang } = useTranslation('reports')
  const { from, to } = findings.period
  return (
    <section className="report-section" data-testid="report-section-bots" aria-labelledby="report-bots">
      <SectionHeading
        id="report-bots"
        title={t('pdf.bots.title')}
        subtitle={t('pdf.bots.subtitle', {
          from: from ? formatLongDate(from, lang) : '—',
          to: to ? formatLongDate(to, lang) : '—',
          url: findings.url,
        })}
        icon={<Bot className="size-6" aria-hidden="true" />}
      />
      {findings.issues.length ? (
        <FindingList issues={findings.issues} testId="report-bots" countKey="pdf.bots.count" />
      ) : (
        <p className="text-sm text-slate-700">{t('pdf.bots.none')}</p>
      )}
    </section>
  )
}
