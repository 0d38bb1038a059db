// "Google: AI Overviews e AI Mode" (issue 43): the workspace's latest run of Google's AI answers for the
// site (the day, per surface the answers shown and citing the site, with the count beside every rate and
// the 95% interval, the most cited domains and the gaps), and the latest scheduled check's citations lost
// and gained. Printed only when the workspace has run one for the site.
import { Sparkles } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatPercent } from '../../ui/format.ts'
import { formatUtcDay } from '../format.ts'
import type { GoogleAiReport } from '../types.ts'
import { SectionHeading } from './parts.tsx'

type Share = GoogleAiReport['surfaces'][number]['site']

export function GoogleAiSection({ report }: { report: GoogleAiReport }) {
  const { t, lang } = useTranslation('reports')
  const rate = (s: Share) =>
    s.n === 0
      ? t('pdf.googleAi.noAnswers')
      : t('pdf.googleAi.rate', {
          rate: formatPercent(s.rate ?? 0, lang, 0),
          k: s.k,
          n: s.n,
          low: formatPercent(s.low ?? 0, lang, 0),
          high: formatPercent(s.high ?? 0, lang, 0),
        })
  return (
    <section
      className="report-section"
      data-testid="report-section-google-ai"
      aria-labelledby="report-google-ai"
    >
      <SectionHeading
        id="report-google-ai"
        title={t('pdf.googleAi.title')}
        subtitle={t('pdf.googleAi.subtitle', {
          day: formatUtcDay(report.day, lang),
          count: report.keywords,
          site: report.site,
        })}
        icon={<Sparkles className="size-6" aria-hidden="true" />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {report.surfaces.map((s) => (
          <div
            key={s.surface}
            className="rounded-lg border border-slate-200 p-3"
            data-testid={`report-google-ai-${s.surface}`}
          >
            <h3 className="font-semibold text-slate-900">{t(`pdf.googleAi.surface.${s.surface}`)}</h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
              <dt className="text-slate-600">{t('pdf.googleAi.shown')}</dt>
              <dd>{rate(s.shown)}</dd>
              <dt className="text-slate-600">{t('pdf.googleAi.cites')}</dt>
              <dd data-testid="report-google-ai-site">{rate(s.site)}</dd>
            </dl>
            {s.domains.length ? (
              <>
                <h4 className="mt-3 text-sm font-medium text-slate-900">{t('pdf.googleAi.domains')}</h4>
                <ul className="text-sm text-slate-800">
                  {s.domains.map((d) => (
                    <li key={d.domain}>
                      {d.domain}
                      {d.competitor ? ` (${t('pdf.googleAi.competitor')})` : ''}: {rate(d.share)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <h4 className="mt-3 text-sm font-medium text-slate-900">{t('pdf.googleAi.gaps')}</h4>
            {s.gaps.length ? (
              <ul className="list-disc pl-5 text-sm text-slate-800">
                {s.gaps.map((g) => (
                  <li key={g.keyword}>
                    {g.keyword}: {g.competitors.join(', ')}
                  </li>
                ))}
                {s.gapsTotal > s.gaps.length ? (
                  <li>{t('pdf.googleAi.moreGaps', { count: s.gapsTotal - s.gaps.length })}</li>
                ) : null}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">{t('pdf.googleAi.noGaps')}</p>
            )}
          </div>
        ))}
      </div>
      {report.changes ? (
        <div className="mt-4" data-testid="report-google-ai-changes">
          <h3 className="font-semibold text-slate-900">
            {t('pdf.googleAi.changes', { day: formatUtcDay(report.changes.day, lang) })}
          </h3>
          {report.changes.items.length ? (
            <ul className="list-disc pl-5 text-sm text-slate-800">
              {report.changes.items.map((c) => (
                <li key={c.text.en}>{c.text[lang === 'en' ? 'en' : 'pt']}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">{t('pdf.googleAi.noChanges')}</p>
          )}
        </div>
      ) : null}
    </section>
  )
}
