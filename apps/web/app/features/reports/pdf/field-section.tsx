import type { FieldResult } from '@farol/engine'
import { FieldBody, FieldVerdictBadge } from '~/features/field/field-card.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { Card } from './parts.tsx'

/**
 * The report's "Real-user data (CrUX)" for one device, above the lab's Core Web Vitals as on the SEO page:
 * the assessment, p75s with thresholds and bins, the weekly history, the lab-vs-field findings. A report is
 * read by people who cannot configure Farol (an agency's client among them, in its white label): without
 * a key there is nothing measured to show and no sentence about this Farol's setup, so the card is left out.
 */
export function FieldSection({ field, device }: { field: FieldResult; device: 'desktop' | 'mobile' }) {
  const { t } = useTranslation('field')
  if (field.status === 'no-key') return null
  return (
    <Card title={t('title')} testId={`report-field-${device}`}>
      <div className="flex flex-col gap-3">
        {field.status === 'ok' ? (
          <FieldVerdictBadge verdict={field.record.verdict} testId={`report-field-verdict-${device}`} />
        ) : null}
        <FieldBody field={field} device={device} isAdmin={false} />
      </div>
    </Card>
  )
}
