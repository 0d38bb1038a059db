// Knowledge tab of /suite/llm (issue #15 item 2, signed-in users; the page gates it for visitors): the
// site's facts — what the site states and what the user confirmed, each with its page — editable and
// saved as numbered versions; "Verificar respostas" runs `knowledge_check` on the user's latest AI
// presence run: accuracy with n, each branded answer's claims with their verdict, the fact and its page,
// where to fix each wrong one, "Corrigir" with the spec's toast, and the follow-up of past corrections.

import { Loader2, Plus, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useCapabilityTask } from '~/features/capability-task/use-capability-task.ts'
import { notify } from '~/features/toasts/notify.ts'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { formatDateTime, formatPercent } from '../ui/format.ts'
import {
  type FactKind,
  type FactsResponse,
  type HubClaim,
  type HubResult,
  invalidFacts,
  latestTask,
  loadFacts,
  recordCorrection,
  type SiteFact,
  saveFacts,
} from './knowledge-api.ts'

const inputClass =
  'min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50'

const KINDS: FactKind[] = [
  'name',
  'alternateName',
  'description',
  'address',
  'postalCode',
  'city',
  'phone',
  'email',
  'openingHours',
  'service',
  'price',
  'foundingYear',
  'person',
  'url',
]

export function KnowledgeTab({ url }: { url: string }) {
  const { t, lang } = useTranslation('knowledge')
  return (
    <div className="flex flex-col gap-6" data-testid="knowledge-tab">
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <FactsEditor url={url} />
      <HubCheck url={url} lang={lang} />
    </div>
  )
}

/** Where a fact comes from (the site or the user) and its page, under the fact in both views. */
function FactSource({ fact }: { fact: SiteFact }) {
  const { t } = useTranslation('knowledge')
  return (
    <span className="text-xs text-slate-600 dark:text-slate-400">
      {t(`from.${fact.source.from}`)}
      {fact.source.url ? (
        <>
          {' · '}
          <a className="underline" href={fact.source.url} target="_blank" rel="noreferrer">
            {fact.source.url}
          </a>
        </>
      ) : null}
    </span>
  )
}

function FactsEditor({ url }: { url: string }) {
  const { t, lang } = useTranslation('knowledge')
  // The workspace's facts: those who may write confirm a version; a client reads them.
  const can = useCan()
  const [data, setData] = useState<FactsResponse | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [draft, setDraft] = useState<SiteFact[]>([])
  const [invalid, setInvalid] = useState<number[]>([])
  const [saving, setSaving] = useState(false)

  const load = useCallback(() => {
    setLoadError(null)
    setData(null)
    loadFacts(url, lang).then(
      (d) => {
        setData(d)
        setDraft(d.current?.facts ?? d.extracted)
        setInvalid([])
      },
      (e) => setLoadError(e instanceof Error ? e.message : String(e)),
    )
  }, [url, lang])
  useEffect(load, [load])

  async function save() {
    const bad = invalidFacts(draft)
    setInvalid(bad)
    if (bad.length) {
      notify('error', t('facts.invalidTitle'), t('facts.invalid'))
      return
    }
    setSaving(true)
    try {
      const v = await saveFacts(
        url,
        draft.map((f) => ({ ...f, value: f.value.trim() })),
        lang,
      )
      setData((d) => (d ? { ...d, previous: d.current, current: v } : d))
      notify('success', t('facts.saved', { version: v.version }))
    } catch (e) {
      notify('error', t('facts.saveError'), e instanceof Error ? e.message : String(e))
    } finally {
      setSaving(false)
    }
  }

  const update = (i: number, patch: Partial<SiteFact>) =>
    setDraft((list) =>
      list.map((f, j) =>
        j === i ? { ...f, ...patch, source: { url: f.source.url, from: patch.source?.from ?? 'user' } } : f,
      ),
    )

  return (
    <section
      className="card flex flex-col gap-4"
      aria-labelledby="knowledge-facts-title"
      data-testid="knowledge-facts"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="knowledge-facts-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('facts.title')}
        </h2>
        {data ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="knowledge-version">
            {data.current
              ? t('facts.version', {
                  version: data.current.version,
                  date: formatDateTime(data.current.createdAt, lang),
                })
              : t('facts.unconfirmed')}
          </p>
        ) : null}
      </div>
      {loadError ? (
        <ErrorPanel messages={[loadError]} onRetry={load} />
      ) : !data ? (
        <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('facts.loading')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('facts.extractedCount', { count: data.extracted.length })}
          </p>
          {draft.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">{t('facts.none')}</p>
          ) : !can.write ? (
            // A client reads the facts: no field, select or button the server would refuse.
            <ul className="flex flex-col gap-2">
              {draft.map((fact, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order
                <li key={i} className="flex flex-col gap-1" data-testid="knowledge-fact">
                  <span className="text-slate-900 dark:text-slate-50">
                    <span className="font-medium">{t(`kinds.${fact.kind}`)}:</span> {fact.value}
                  </span>
                  <FactSource fact={fact} />
                </li>
              ))}
            </ul>
          ) : (
            <ul className="flex flex-col gap-2">
              {draft.map((fact, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is the row
                  key={i}
                  className="flex flex-wrap items-start gap-2"
                  data-testid="knowledge-fact"
                >
                  <label className="sr-only" htmlFor={`fact-kind-${i}`}>
                    {t('facts.kind')}
                  </label>
                  <select
                    id={`fact-kind-${i}`}
                    className={cx(inputClass, 'w-44')}
                    value={fact.kind}
                    onChange={(e) => update(i, { kind: e.target.value as FactKind })}
                  >
                    {KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`kinds.${k}`)}
                      </option>
                    ))}
                  </select>
                  <div className="flex min-w-56 flex-1 flex-col gap-1">
                    <label className="sr-only" htmlFor={`fact-value-${i}`}>
                      {t('facts.value')}
                    </label>
                    <input
                      id={`fact-value-${i}`}
                      className={cx(inputClass, invalid.includes(i) && 'border-red-600 dark:border-red-400')}
                      value={fact.value}
                      aria-invalid={invalid.includes(i)}
                      aria-describedby={invalid.includes(i) ? `fact-error-${i}` : undefined}
                      onChange={(e) => update(i, { value: e.target.value })}
                    />
                    {invalid.includes(i) ? (
                      <span id={`fact-error-${i}`} className="text-sm text-red-700 dark:text-red-400">
                        {t('facts.invalid')}
                      </span>
                    ) : null}
                    <FactSource fact={fact} />
                  </div>
                  <button
                    type="button"
                    className="btn-outline min-h-11"
                    aria-label={t('facts.remove', { value: fact.value })}
                    onClick={() => setDraft((list) => list.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {can.write ? (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-outline"
                data-testid="knowledge-add"
                onClick={() =>
                  setDraft((list) => [...list, { kind: 'service', value: '', source: { url, from: 'user' } }])
                }
              >
                <Plus className="size-4" aria-hidden="true" />
                {t('facts.add')}
              </button>
              <button
                type="button"
                className="btn-primary"
                data-testid="knowledge-save"
                disabled={saving}
                onClick={() => void save()}
              >
                {saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                {t('facts.save')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

function HubCheck({ url, lang }: { url: string; lang: 'pt' | 'en' }) {
  const { t } = useTranslation('knowledge')
  const task = useCapabilityTask<HubResult>('knowledge_check', lang)
  const { resume } = task
  useEffect(() => {
    let live = true
    latestTask('knowledge_check', url, lang).then((id) => {
      if (live && id) resume(id)
    })
    return () => {
      live = false
    }
  }, [url, lang, resume])

  const result = task.state.status === 'success' ? task.state.results : null
  const code = task.state.error?.code
  return (
    <section
      className="card flex flex-col gap-4"
      aria-labelledby="knowledge-check-title"
      data-testid="knowledge-check"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="knowledge-check-title" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('check.title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          data-testid="knowledge-verify"
          disabled={task.busy}
          onClick={() => void task.start({ url })}
        >
          {task.busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {t('check.run')}
        </button>
      </div>
      {task.busy ? (
        <p className="text-slate-700 dark:text-slate-300" role="status">
          {t('check.running')}
        </p>
      ) : null}
      {task.state.status === 'failed' && task.state.error ? (
        code === 'KNOWLEDGE_NO_RUN' ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="knowledge-no-run"
          >
            {t('check.noRun')}
          </p>
        ) : code === 'LLM_NOT_CONFIGURED' ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="knowledge-no-llm"
          >
            {t('check.noLlm')}
          </p>
        ) : (
          <ErrorPanel messages={[task.state.error.message]} onRetry={() => void task.start({ url })} />
        )
      ) : null}
      {result ? <HubView result={result} url={url} /> : null}
    </section>
  )
}

const verdictStyle: Record<string, string> = {
  supported: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  contradicted: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  outdated: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  unsupported: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
}

function HubView({ result, url }: { result: HubResult; url: string }) {
  const { t, lang } = useTranslation('knowledge')
  const date = (iso: string) => formatDateTime(iso, lang)
  return (
    <div className="flex flex-col gap-4" data-testid="knowledge-result">
      <p className="text-slate-900 dark:text-slate-50" data-testid="knowledge-accuracy">
        <span className="text-2xl font-semibold">
          {result.accuracyScore === null ? '—' : formatPercent(result.accuracyScore / 100, lang, 0)}
        </span>{' '}
        {t('check.accuracy', { n: result.accuracy.n })}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('check.basis', { date: date(result.runDate), extractor: result.extractor })}{' '}
        {result.factsConfirmed ? '' : t('check.factsUnconfirmed')}
      </p>
      {result.outdatedInfo.length ? (
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-slate-50">{t('check.outdated')}</h3>
          <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
            {result.outdatedInfo.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.answers.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t('check.noAnswers')}</p>
      ) : null}
      {result.answers.map((answer, i) => (
        <article
          // biome-ignore lint/suspicious/noArrayIndexKey: answers are a fixed list of one result
          key={i}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          data-testid="knowledge-answer"
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {answer.model} · {date(answer.date)}
            {answer.needsCorrection ? (
              <span className="ml-2 font-medium text-red-700 dark:text-red-400">
                {t('check.needsCorrection')}
              </span>
            ) : null}
          </p>
          <p className="font-medium text-slate-900 dark:text-slate-50">{answer.query}</p>
          {answer.noInformation ? (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="knowledge-no-information">
              <span className="font-medium">{t('check.noInformationLabel')}</span> ·{' '}
              {t('check.noInformation')}
            </p>
          ) : answer.claims.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('check.noClaims')}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-3">
              {answer.claims.map((claim, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: claims are a fixed list of one answer
                <ClaimRow key={j} claim={claim} url={url} />
              ))}
            </ul>
          )}
        </article>
      ))}
      <div data-testid="knowledge-corrections">
        <h3 className="font-semibold text-slate-900 dark:text-slate-50">{t('corrections.title')}</h3>
        {result.corrections.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('corrections.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
            {result.corrections.map((c) => (
              <li key={c.id}>
                “{c.claim}” · {date(c.createdAt)} ·{' '}
                <strong>{c.stillInAnswers ? t('corrections.still') : t('corrections.gone')}</strong>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function ClaimRow({ claim, url }: { claim: HubClaim; url: string }) {
  const { t, lang } = useTranslation('knowledge')
  const can = useCan()
  const [sent, setSent] = useState(false)
  const [sending, setSending] = useState(false)
  const wrong = claim.verdict === 'contradicted' || claim.verdict === 'outdated'
  async function correct() {
    setSending(true)
    try {
      const r = await recordCorrection(
        {
          url,
          claim: claim.claim.text,
          attribute: claim.claim.attribute,
          value: claim.fact?.value ?? claim.claim.value,
        },
        lang,
      )
      setSent(true)
      notify('success', r.message)
    } catch (e) {
      notify('error', t('corrections.error'), e instanceof ApiError ? e.message : String(e))
    } finally {
      setSending(false)
    }
  }
  return (
    <li className="flex flex-col gap-1" data-testid="knowledge-claim" data-verdict={claim.verdict}>
      <p className="text-slate-900 dark:text-slate-50">
        <span className={cx('mr-2 rounded px-2 py-0.5 text-xs font-medium', verdictStyle[claim.verdict])}>
          {t(`verdicts.${claim.verdict}`)}
        </span>
        “{claim.claim.text}”
      </p>
      {claim.fact ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('check.fact', { kind: t(`kinds.${claim.fact.kind}`), value: claim.fact.value })}{' '}
          {claim.fact.source.url ? (
            <a className="underline" href={claim.fact.source.url} target="_blank" rel="noreferrer">
              {claim.fact.source.url}
            </a>
          ) : null}
        </p>
      ) : null}
      {wrong && claim.fixes.length ? (
        <div className="text-sm text-slate-700 dark:text-slate-300">
          <p className="font-medium">{t('check.fixWhere')}</p>
          <ul className="list-disc pl-5" data-testid="knowledge-fixes">
            {claim.fixes.map((f) => (
              <li key={`${f.where}-${f.detail}`}>
                {t(`fixes.${f.where}`)}
                {f.detail ? `: ${f.detail}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {wrong && can.write ? (
        <button
          type="button"
          className="btn-outline self-start"
          data-testid="knowledge-correct"
          disabled={sent || sending}
          onClick={() => void correct()}
        >
          {sent ? t('corrections.sent') : t('corrections.fix')}
        </button>
      ) : null}
    </li>
  )
}
