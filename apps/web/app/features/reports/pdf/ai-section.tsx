import { BrainCircuit, CheckCircle2, Lightbulb, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { aioViewLabel, aiViewScores } from '~/features/analysis/aio-view.ts'
import { aioListsIn } from '~/features/analysis/localized.ts'
import { AiCrawlersSection } from '~/features/suite/aio/ai-crawlers.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import type { SectionData, ShownAio } from '../types.ts'
import { Card, FindingList, NoDataCard, ScoreTile, SectionHeading } from './parts.tsx'

function TextList({ items, icon, testId }: { items: ReactNode[]; icon: ReactNode; testId: string }) {
  const { t } = useTranslation('reports')
  if (!items.length) return <p className="text-sm text-slate-700">{t('pdf.none')}</p>
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-slate-800" data-testid={testId}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the engine's lists have no ids; their order is fixed
        <li key={index} className="flex items-start gap-2">
          <span className="mt-0.5 shrink-0">{icon}</span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

function AioBody({ aio }: { aio: ShownAio }) {
  const { t, lang } = useTranslation('reports')
  const lists = aioListsIn(aio, lang)
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="report-aio-scores">
        {/* The AIO score under the suite's name, never titled like the analysis's overall score. */}
        <ScoreTile
          label={t('suite:dashboard.aioCard')}
          score={aio.scores.overall}
          testId="report-score-aio"
        />
        {/* The sub-scores under the AIO page's names and values (analysis/aio-view.ts). */}
        {(['contentClarity', 'naturalLanguage', 'logicalStructure'] as const).map((key) => (
          <ScoreTile key={key} label={t(aioViewLabel(key))} score={aiViewScores(aio)[key]} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {/* Long lists: they continue on the next page (a whole card moved on left a half-empty page). */}
        <Card title={t('pdf.strengthsTitle')} splittable>
          <TextList
            testId="report-strengths"
            items={lists.strengths}
            icon={<CheckCircle2 className="size-4 text-green-700" aria-hidden="true" />}
          />
        </Card>
        <Card title={t('pdf.weaknessesTitle')} splittable>
          <TextList
            testId="report-weaknesses"
            items={lists.weaknesses}
            icon={<TriangleAlert className="size-4 text-amber-700" aria-hidden="true" />}
          />
        </Card>
      </div>
      <Card title={t('pdf.recommendationsTitle')} splittable>
        <TextList
          testId="report-aio-recommendations"
          items={lists.recommendations.map((r) => (
            <>
              <span className="font-semibold text-slate-900">{r.title}</span>
              {r.explanation ? <span className="block text-slate-700">{r.explanation}</span> : null}
            </>
          ))}
          icon={<Lightbulb className="size-4 text-blue-700" aria-hidden="true" />}
        />
      </Card>
      {aio.signals ? (
        <Card title="" splittable>
          <AiCrawlersSection aio={aio} print headingLevel={3} />
        </Card>
      ) : null}
      <div>
        <h3 className="report-keep-with-next mb-2 text-base font-semibold text-slate-900">
          {t('pdf.findingsTitle')}
        </h3>
        <FindingList findings={aio.findings} testId="report-aio-findings" />
      </div>
    </div>
  )
}

/** AI optimisation: scores, strengths, weaknesses, recommendations, and findings with their evidence. */
export function AiSection({ data }: { data: SectionData }) {
  const { t } = useTranslation('reports')
  return (
    <section className="report-section" data-testid="report-section-ai" aria-labelledby="report-ai">
      <SectionHeading
        id="report-ai"
        title={t('pdf.aiTitle')}
        icon={<BrainCircuit className="size-6" aria-hidden="true" />}
      />
      {data?.aio ? <AioBody aio={data.aio} /> : <NoDataCard testId="report-no-data-ai" />}
    </section>
  )
}
