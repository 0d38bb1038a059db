import { ListChecks } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'
import type { SectionData } from '../types.ts'
import { FindingList, NoDataCard, SectionHeading, useBrandedKey } from './parts.tsx'

/** Farol's own on-page checks (device-independent): what failed or warned, with the evidence. */
export function OnPageSection({ data }: { data: SectionData }) {
  const { t } = useTranslation('reports')
  const title = useBrandedKey('pdf.onPageTitle')
  return (
    <section className="report-section" data-testid="report-section-onpage" aria-labelledby="report-onpage">
      <SectionHeading
        id="report-onpage"
        title={t(title)}
        icon={<ListChecks className="size-6" aria-hidden="true" />}
      />
      {data?.onPage ? (
        <FindingList findings={data.onPage.findings} testId="report-onpage-findings" />
      ) : (
        <NoDataCard testId="report-no-data-onpage" />
      )}
    </section>
  )
}
