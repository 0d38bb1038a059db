// Presence: the score ring and its formula, rates with their intervals, per-assistant bars with the
// interval drawn, recommendations with evidence, and every answer readable with the mention highlighted.
import type { Proportion } from '@farol/engine/visibility/metrics.ts'
import { useId, useState } from 'react'
import { bandOf } from '~/features/analysis/score-display.ts'
import { OperatorOnly } from '~/features/ui/operator-only.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { ScoreRing } from '../suite/shared/score-ring.tsx'
import { formatDateTime, formatNumber } from '../ui/format.ts'
import type { LlmPresenceResult } from './llm-api.ts'
import { highlightSegments, intervalText, presenceLevel } from './llm-view.ts'

type Answer = LlmPresenceResult['report']['answers'][number]
type Filter = 'all' | 'mentioned' | 'absent' | 'errors'

export function PresenceTab({ result }: { result: LlmPresenceResult }) {
  const { t, lang } = useTranslation('llm')
  const r = result.report
  const score = r.presenceScore
  return (
    <div className="flex flex-col gap-6 pt-4" data-testid="llm-presence">
      <section className="card flex flex-wrap items-center gap-6">
        {score === null ? (
          <p className="font-semibold" data-testid="llm-score">
            {t('presence.scoreNone')}
          </p>
        ) : (
          <ScoreRing score={score} colour={bandOf(score)} label={t('presence.score')} testId="llm-score" />
        )}
        <div className="flex min-w-64 flex-1 flex-col gap-2">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('presence.score')}
            {score !== null ? ` · ${t(`presence.level.${presenceLevel(score)}`)}` : ''}
          </h2>
          {score !== null ? (
            <p className="text-slate-700 dark:text-slate-300">
              {t(`presence.advice.${presenceLevel(score)}`)}
            </p>
          ) : null}
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="llm-rates">
            <Rate label={t('presence.mentionRate')} p={r.overall.mention} />
            <Rate label={t('presence.unbranded')} p={r.overall.unbranded} />
            <Rate label={t('presence.branded')} p={r.overall.branded} />
            <Rate label={t('presence.citation')} p={r.overall.citation} />
          </dl>
          <details className="text-sm text-slate-700 dark:text-slate-300">
            <summary className="cursor-pointer font-medium">{t('presence.formula')}</summary>
            <p className="mt-2" data-testid="llm-formula">
              {t('presence.formulaText')}
            </p>
          </details>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t('presence.cost', {
              answers: r.totals.answers,
              tokens: r.totals.inputTokens + r.totals.outputTokens,
              cost: formatNumber(r.totals.costUsd, lang, 4),
            })}
          </p>
        </div>
      </section>

      <section className="card flex flex-col gap-4" aria-labelledby="llm-per-model">
        <h2 id="llm-per-model" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('presence.perModel')}
        </h2>
        <ul className="flex flex-col gap-4" data-testid="llm-models-bars">
          {r.models.map((m) => (
            <li key={m.key} className="flex flex-col gap-1" data-testid="llm-model-row">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-slate-100">{m.name}</span>
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  {intervalText(m.mention, t, lang)} · {t(`presence.trend.${m.trend}`)}
                </span>
              </div>
              <IntervalBar p={m.mention} />
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {m.lastMention
                  ? t('presence.lastMention', {
                      date: formatDateTime(m.lastMention, lang),
                    })
                  : t('presence.never')}
                {m.errors ? ` · ${t('presence.errors', { count: m.errors })}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <Sentiment result={result} />

      {r.recommendations.length ? (
        <section className="card flex flex-col gap-3" aria-labelledby="llm-recs">
          <h2 id="llm-recs" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('presence.recommendations')}
          </h2>
          <ul className="flex flex-col gap-3" data-testid="llm-recommendations">
            {r.recommendations.map((rec) => (
              <li key={rec.id}>
                <p className="font-medium text-slate-900 dark:text-slate-100">{rec.title[lang]}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{rec.detail[lang]}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t('presence.evidence')} ({t(`presence.grade.${rec.grade}`)}): {rec.evidence.join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Answers answers={r.answers} />
    </div>
  )
}

/** Sentiment only as the judge model rated it; without a judge the card says how to configure one. */
function Sentiment({ result }: { result: LlmPresenceResult }) {
  const { t } = useTranslation('llm')
  // Runs stored before sentiment existed have no summary: treat them as judged by nobody.
  const s = result.report.sentiment ?? { judge: null, n: 0, positive: 0, neutral: 0, negative: 0, errors: 0 }
  return (
    <section className="card flex flex-col gap-2" aria-labelledby="llm-sentiment" data-testid="llm-sentiment">
      <h2 id="llm-sentiment" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('presence.sentiment.title')}
      </h2>
      {s.judge === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <OperatorOnly others={t('presence.sentiment.needsJudge')}>
            {t('presence.sentiment.needsJudgeAdmin')}
          </OperatorOnly>
        </p>
      ) : s.n + s.errors === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('presence.sentiment.none')}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900 dark:text-slate-100" data-testid="llm-sentiment-counts">
            {t('presence.sentiment.counts', {
              positive: s.positive,
              neutral: s.neutral,
              negative: s.negative,
            })}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('presence.sentiment.by', { judge: s.judge, n: s.n })}
            {s.errors ? ` ${t('presence.sentiment.failed', { count: s.errors })}` : ''}
          </p>
        </>
      )}
    </section>
  )
}

function Rate({ label, p }: { label: string; p: Proportion }) {
  const { t, lang } = useTranslation('llm')
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-900 dark:text-slate-100">{intervalText(p, t, lang)}</dd>
    </>
  )
}

/** The rate as a bar, its 95% interval as a whisker over it. */
function IntervalBar({ p }: { p: Proportion }) {
  const rate = p.rate ?? 0
  return (
    <div className="relative h-3 w-full rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden="true">
      <div className="h-3 rounded-full bg-blue-600 dark:bg-blue-400" style={{ width: `${rate * 100}%` }} />
      {p.n > 0 ? (
        <div
          className="absolute top-1/2 h-1 -translate-y-1/2 rounded bg-slate-900/60 dark:bg-white/70"
          style={{ left: `${p.low * 100}%`, width: `${Math.max(0.5, (p.high - p.low) * 100)}%` }}
        />
      ) : null}
    </div>
  )
}

function Answers({ answers }: { answers: Answer[] }) {
  const { t } = useTranslation('llm')
  const [filter, setFilter] = useState<Filter>('all')
  const filterId = useId()
  const shown = answers.filter((a) =>
    filter === 'all'
      ? true
      : filter === 'errors'
        ? a.status === 'error'
        : filter === 'mentioned'
          ? a.analysis?.mentioned === true
          : a.status === 'ok' && !a.analysis?.mentioned,
  )
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="llm-answers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="llm-answers" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('presence.answers', { count: answers.length })}
        </h2>
        <label htmlFor={filterId} className="flex items-center gap-2 text-sm">
          {t('presence.filter.label')}
          <select
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
            data-testid="llm-answer-filter"
          >
            {(['all', 'mentioned', 'absent', 'errors'] as const).map((f) => (
              <option key={f} value={f}>
                {t(`presence.filter.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="flex flex-col gap-2" data-testid="llm-answers">
        {shown.map((a) => (
          <AnswerRow key={`${a.modelKey}|${a.promptId}|${a.repeat}`} a={a} />
        ))}
      </ul>
    </section>
  )
}

function AnswerRow({ a }: { a: Answer }) {
  const { t, lang } = useTranslation('llm')
  const x = a.analysis
  const badge =
    a.status === 'error'
      ? { text: t('presence.failed'), cls: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' }
      : x?.mentioned
        ? {
            text: t('presence.mentioned'),
            cls: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
          }
        : x?.negated
          ? {
              text: t('presence.negated'),
              cls: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
            }
          : {
              text: t('presence.notMentioned'),
              cls: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
            }
  return (
    <li className="rounded-lg border border-slate-200 dark:border-slate-700" data-testid="llm-answer">
      <details>
        <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
          <span className={cx('rounded px-2 py-0.5 text-xs font-medium', badge.cls)}>{badge.text}</span>
          <span className="font-medium text-slate-900 dark:text-slate-100">{a.modelLabel}</span>
          <span className="text-slate-700 dark:text-slate-300">«{a.prompt}»</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t(`presence.kind.${a.kind}`)} · {a.lang.toUpperCase()} ·{' '}
            {t('presence.repeat', { repeat: a.repeat })}
          </span>
        </summary>
        <div className="flex flex-col gap-2 border-t border-slate-200 px-3 py-3 text-sm dark:border-slate-700">
          {a.status === 'error' ? (
            <p className="text-red-800 dark:text-red-300" data-testid="llm-answer-error">
              {a.error ? a.error[lang] : ''}{' '}
              {a.error?.message ? <span className="text-xs">({a.error.message})</span> : null}
            </p>
          ) : (
            <>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {a.modelId} · {formatDateTime(a.date, lang)} ·{' '}
                {a.webSearch ? t('presence.webSearch') : t('presence.noWebSearch')}
                {x?.position ? ` · ${t('presence.position', { position: x.position })}` : ''}
                {x?.cited ? ` · ${t('presence.cited')}` : ''}
              </p>
              {a.sentiment && x?.mentioned ? (
                <p
                  className="text-xs font-medium text-slate-800 dark:text-slate-200"
                  data-testid="llm-answer-sentiment"
                >
                  {a.sentiment.label === null
                    ? t('presence.sentiment.answerFailed', { judge: a.sentiment.judge })
                    : `${t('presence.sentiment.answer', {
                        judge: a.sentiment.judge,
                        label: t(`presence.sentiment.label.${a.sentiment.label}`),
                      })} — ${a.sentiment.reason}`}
                </p>
              ) : null}
              <p
                className="whitespace-pre-wrap text-slate-800 dark:text-slate-200"
                data-testid="llm-answer-text"
              >
                {highlightSegments(a.text, x?.spans ?? []).map((s) =>
                  s.mark ? (
                    <mark
                      key={s.start}
                      className="rounded bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-700 dark:text-white"
                    >
                      {s.text}
                    </mark>
                  ) : (
                    <span key={s.start}>{s.text}</span>
                  ),
                )}
              </p>
              {a.sources.length ? (
                <div>
                  <p className="text-xs font-medium text-slate-700 dark:text-slate-300">
                    {t('presence.sources')}
                  </p>
                  <ul className="list-disc pl-5 text-xs">
                    {a.sources.map((s) => (
                      <li key={s.url}>
                        <a
                          href={s.url}
                          rel="noopener noreferrer nofollow"
                          target="_blank"
                          className="break-all text-blue-800 underline dark:text-blue-300"
                        >
                          {s.title || s.host || s.url}
                        </a>{' '}
                        <span className="text-slate-600 dark:text-slate-400">({s.host})</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </>
          )}
        </div>
      </details>
    </li>
  )
}
