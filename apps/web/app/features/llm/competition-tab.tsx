// Competition (signed-in users): share of voice with growth since the previous run, its evolution over
// runs, names the answers put beside the brand (candidates), the most cited sites, and the editor of the
// brand's names, competitors (spec rules: empty ignored, 'URL inválido', 'Concorrente duplicado') and
// questions used by the next run.

import { type FormEvent, useEffect, useId, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import type { Lang } from '~/lib/route-table.ts'
import { ApiError } from '../../lib/api-error.ts'
import { formatDate, formatPercent } from '../ui/format.ts'
import {
  type HistoryRun,
  type LlmPresenceResult,
  type LlmSettings,
  llmHistory,
  loadLlmSettings,
  saveLlmSettings,
} from './llm-api.ts'

export function CompetitionTab({ url, result }: { url: string; result: LlmPresenceResult | null }) {
  const { t } = useTranslation('llm')
  const [settings, setSettings] = useState<LlmSettings | null>(null)
  const [history, setHistory] = useState<HistoryRun[]>([])
  const { lang } = useTranslation('llm')
  const finished = result?.finishedAt ?? null

  useEffect(() => {
    loadLlmSettings(url, lang).then(setSettings, () => setSettings(null))
  }, [url, lang])
  useEffect(() => {
    // refreshed when a run finishes
    void finished
    llmHistory(url, lang).then(
      (h) => setHistory(h.runs),
      () => setHistory([]),
    )
  }, [url, lang, finished])

  const r = result?.report
  const yesNo = (v: boolean | undefined) =>
    v === undefined ? '—' : v ? t('competition.yes') : t('competition.no')
  return (
    <div className="flex flex-col gap-6 pt-4" data-testid="llm-competition">
      {r ? (
        <section className="card flex flex-col gap-3" aria-labelledby="llm-sov">
          <h2 id="llm-sov" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('competition.shareOfVoice')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('competition.shareOfVoiceHelp')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('competition.auditedHelp')}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="llm-sov-table">
              <thead className="whitespace-nowrap">
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th className="py-2 pr-4">{t('competition.name')}</th>
                  <th className="py-2 pr-4">{t('competition.mentions')}</th>
                  <th className="py-2 pr-4">{t('competition.share')}</th>
                  <th className="py-2 pr-4">{t('competition.growth')}</th>
                  <th className="py-2 pr-4">SEO</th>
                  <th className="py-2 pr-4">AIO</th>
                  <th className="py-2 pr-4">llms.txt</th>
                  <th className="py-2 pr-4">{t('competition.faq')}</th>
                  <th className="py-2">{t('competition.crawlers')}</th>
                </tr>
              </thead>
              <tbody>
                {r.competitors.map((c) => (
                  <tr key={c.name} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">
                      {c.name}
                      {c.isBrand ? (
                        <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">
                          ({t('competition.you')})
                        </span>
                      ) : null}
                      {c.domain ? (
                        <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">{c.domain}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-4">{c.mentions}</td>
                    <td className="py-2 pr-4">
                      {c.score === null ? '—' : formatPercent(c.score / 100, lang, 0)}
                    </td>
                    <td className="py-2 pr-4">
                      {c.growth === null ? '—' : `${c.growth > 0 ? '+' : ''}${c.growth}`}
                    </td>
                    <td className="py-2 pr-4">{c.signals ? c.signals.seo : '—'}</td>
                    <td className="py-2 pr-4">{c.signals ? c.signals.aio : '—'}</td>
                    <td className="py-2 pr-4">{yesNo(c.signals?.llmsTxt)}</td>
                    <td className="py-2 pr-4">{yesNo(c.signals?.faqMarkup)}</td>
                    <td className="py-2">
                      {c.signals
                        ? c.signals.aiCrawlersBlocked
                          ? t('competition.blocked', { count: c.signals.aiCrawlersBlocked })
                          : t('competition.allowed')
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <HistoryChart runs={history} names={r.competitors.map((c) => c.name)} />
        </section>
      ) : null}

      {r?.candidates.length ? (
        <section className="card flex flex-col gap-2" aria-labelledby="llm-candidates">
          <h2 id="llm-candidates" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('competition.candidates')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('competition.candidatesHelp')}</p>
          <ul className="flex flex-wrap gap-2" data-testid="llm-candidates">
            {r.candidates.map((c) => (
              <li key={c.name}>
                <button
                  type="button"
                  className="min-h-11 rounded-full border border-slate-300 px-3 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
                  aria-label={t('competition.addCandidate', { name: c.name })}
                  disabled={!settings}
                  onClick={() =>
                    settings &&
                    setSettings({
                      ...settings,
                      competitors: [...settings.competitors, { name: c.name, url: null }],
                    })
                  }
                >
                  + {c.name} ({c.count})
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {r?.topSources.length ? (
        <section className="card flex flex-col gap-2" aria-labelledby="llm-top-sources">
          <h2 id="llm-top-sources" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('competition.topSources')}
          </h2>
          <ol className="list-decimal pl-5 text-sm">
            {r.topSources.map((s) => (
              <li key={s.host}>
                {s.host} ({s.count})
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {settings ? (
        <SettingsForm
          url={url}
          settings={settings}
          onChange={setSettings}
          brandName={result?.brand.name ?? ''}
        />
      ) : null}
    </div>
  )
}

/** Share of voice per brand over runs, as small inline bars (one row per run). */
function HistoryChart({ runs, names }: { runs: HistoryRun[]; names: string[] }) {
  const { t, lang } = useTranslation('llm')
  if (runs.length < 2)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('competition.noHistory')}</p>
  const colours = [
    'bg-blue-600',
    'bg-amber-500',
    'bg-emerald-600',
    'bg-rose-500',
    'bg-violet-600',
    'bg-slate-500',
  ]
  return (
    <figure className="flex flex-col gap-2" data-testid="llm-sov-history">
      <figcaption className="font-medium">{t('competition.overRuns')}</figcaption>
      <ul className="flex flex-wrap gap-3 text-xs">
        {names.map((n, i) => (
          <li key={n} className="flex items-center gap-1">
            <span
              className={`inline-block size-3 rounded ${colours[i % colours.length]}`}
              aria-hidden="true"
            />
            {n}
          </li>
        ))}
      </ul>
      {runs.map((run) => (
        <div key={run.taskId} className="flex items-center gap-2 text-xs">
          <span className="w-28 shrink-0">{run.date ? formatDate(run.date, lang) : '—'}</span>
          <div className="flex h-3 flex-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
            {names.map((n, i) => (
              <div
                key={n}
                className={colours[i % colours.length]}
                style={{ width: `${run.shareOfVoice[n] ?? 0}%` }}
                title={`${n}: ${formatShareOfVoice(run.shareOfVoice[n], lang)}`}
              />
            ))}
          </div>
        </div>
      ))}
    </figure>
  )
}

function SettingsForm({
  url,
  settings,
  onChange,
  brandName,
}: {
  url: string
  settings: LlmSettings
  onChange: (s: LlmSettings) => void
  brandName: string
}) {
  const { t, lang } = useTranslation('llm')
  // The workspace's settings: owners and admins save them; the others read them.
  const can = useCan()
  const ids = { brand: useId(), aliases: useId(), name: useId(), url: useId(), prompts: useId() }
  const [aliases, setAliases] = useState(settings.aliases.join('\n'))
  const [prompts, setPrompts] = useState((settings.prompts ?? []).map((p) => p.text).join('\n'))
  const [brand, setBrand] = useState(settings.brand ?? '')
  const [newName, setNewName] = useState('')
  const [newUrl, setNewUrl] = useState('')
  const [saving, setSaving] = useState(false)

  function addCompetitor(event: FormEvent) {
    event.preventDefault()
    const name = newName.trim()
    const raw = newUrl.trim()
    if (!name && !raw) return // spec: empty ignored
    let domain: string | null = null
    if (raw) {
      try {
        const u = new URL(raw)
        if (!/^https?:$/.test(u.protocol)) throw new Error('scheme')
        domain = u.hostname.replace(/^www\./, '')
      } catch {
        notify('error', t('competition.invalidUrlTitle'), t('competition.invalidUrl'))
        return
      }
      const taken = settings.competitors.some(
        (c) => c.url && new URL(c.url).hostname.replace(/^www\./, '') === domain,
      )
      if (taken) {
        notify('error', t('competition.duplicateTitle'), t('competition.duplicate'))
        return
      }
    }
    onChange({
      ...settings,
      competitors: [...settings.competitors, { name: name || (domain as string), url: raw || null }],
    })
    setNewName('')
    setNewUrl('')
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!can.manage) return
    setSaving(true)
    try {
      const lines = prompts
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
      const saved = await saveLlmSettings(
        url,
        {
          brand: brand.trim() || null,
          aliases: aliases.split('\n'),
          competitors: settings.competitors,
          prompts: lines.length
            ? lines.map((text) => ({ text, kind: kindOf(text, brand.trim() || brandName), lang }))
            : null,
        },
        lang,
      )
      onChange(saved)
      notify('success', t('competition.saved'), t('competition.savedDescription'))
    } catch (error) {
      const e = error instanceof ApiError ? error : null
      const title =
        e?.code === 'COMPETITOR_INVALID_URL'
          ? t('competition.invalidUrlTitle')
          : e?.code === 'COMPETITOR_DUPLICATE'
            ? t('competition.duplicateTitle')
            : t('competition.saveError')
      notify('error', title, e?.message ?? String(error))
    } finally {
      setSaving(false)
    }
  }

  const input =
    'min-h-11 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900'
  return (
    <section className="card flex flex-col gap-4" aria-labelledby="llm-settings" data-testid="llm-settings">
      <h2 id="llm-settings" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('competition.settings')}
      </h2>
      <form onSubmit={save} className="flex flex-col gap-4">
        <label htmlFor={ids.brand} className="flex flex-col gap-1 text-sm font-medium">
          {t('competition.brand')}
          <input id={ids.brand} className={input} value={brand} onChange={(e) => setBrand(e.target.value)} />
        </label>
        <label htmlFor={ids.aliases} className="flex flex-col gap-1 text-sm font-medium">
          {t('competition.aliases')}
          <textarea
            id={ids.aliases}
            className={`${input} py-2`}
            rows={3}
            value={aliases}
            onChange={(e) => setAliases(e.target.value)}
          />
        </label>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('competition.competitors')}</legend>
          <ul className="flex flex-col gap-1" data-testid="llm-competitors">
            {settings.competitors.map((c) => (
              <li key={`${c.name}|${c.url}`} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  {c.name}{' '}
                  {c.url ? <span className="text-slate-600 dark:text-slate-400">{c.url}</span> : null}
                </span>
                <button
                  type="button"
                  className="min-h-11 px-2 text-red-800 underline dark:text-red-300"
                  aria-label={t('competition.remove', { name: c.name })}
                  onClick={() =>
                    onChange({ ...settings, competitors: settings.competitors.filter((x) => x !== c) })
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-2">
            <label htmlFor={ids.name} className="flex flex-col gap-1 text-sm">
              {t('competition.competitorName')}
              <input
                id={ids.name}
                className={input}
                value={newName}
                onChange={(e) => setNewName(e.target.value)}
                data-testid="llm-competitor-name"
              />
            </label>
            <label htmlFor={ids.url} className="flex flex-col gap-1 text-sm">
              {t('competition.competitorUrl')}
              <input
                id={ids.url}
                className={input}
                value={newUrl}
                onChange={(e) => setNewUrl(e.target.value)}
                data-testid="llm-competitor-url"
              />
            </label>
            <button
              type="button"
              className="btn-secondary min-h-11"
              onClick={addCompetitor}
              data-testid="llm-competitor-add"
            >
              {t('competition.addCompetitor')}
            </button>
          </div>
        </fieldset>
        <label htmlFor={ids.prompts} className="flex flex-col gap-1 text-sm font-medium">
          {t('competition.prompts')}
          <textarea
            id={ids.prompts}
            className={`${input} py-2`}
            rows={4}
            value={prompts}
            onChange={(e) => setPrompts(e.target.value)}
          />
        </label>
        {can.manage ? (
          <button
            type="submit"
            className="btn-primary self-start"
            disabled={saving}
            data-testid="llm-settings-save"
          >
            {saving ? t('competition.saving') : t('competition.save')}
          </button>
        ) : null}
      </form>
    </section>
  )
}

/** A question naming the brand is about the brand; any other is a discovery question. */
function kindOf(text: string, brand: string): 'branded' | 'discovery' {
  return brand && text.toLowerCase().includes(brand.toLowerCase()) ? 'branded' : 'discovery'
}

/** A share of voice (0-100) as the page writes percentages; — when the model was not asked. */
function formatShareOfVoice(value: number | null | undefined, lang: Lang): string {
  return value === null || value === undefined ? '—' : formatPercent(value / 100, lang, 0)
}
