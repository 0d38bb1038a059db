import { BadgeCheck, BookOpen, ChevronDown, Download, Layers, Printer, RotateCcw, Smile } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { formatDate } from '../ui/format.ts'
import { RelevanceBadge } from './badge.tsx'
import { Breadcrumbs } from './breadcrumbs.tsx'
import {
  CHECKLIST_STORAGE_KEY,
  type ChecklistSection,
  type ChecklistState,
  checkedCount,
  checklistMarkdown,
  isChecked,
  parseChecklistState,
  progressPercent,
  toggleItem,
  totalItems,
} from './checklist.ts'
import { GuidesCta } from './guides-cta.tsx'

export interface ChecklistPageData {
  sections: ChecklistSection[]
  /** Absolute URL of this page (written into the Markdown export). */
  url: string
  updated: string
  author: string
}

const icons = { fundamentos: Layers, conteudo: BookOpen, autoridade: BadgeCheck, usuario: Smile } as const

function download(fileName: string, text: string) {
  const blob = new Blob([text], { type: 'text/markdown;charset=utf-8' })
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}

export function ChecklistPage({ sections, url, updated, author }: ChecklistPageData) {
  const { t, lang } = useTranslation('guides')
  const path = useLocalizedPath()
  const [state, setState] = useState<ChecklistState>({})
  const loaded = useRef(false)
  const total = totalItems(sections)
  const checked = checkedCount(state)
  const percent = progressPercent(state, total)

  useEffect(() => {
    try {
      setState(parseChecklistState(localStorage.getItem(CHECKLIST_STORAGE_KEY), sections))
    } catch {
      // Storage unavailable (private mode): progress lives for this visit only.
    }
    loaded.current = true
  }, [sections])

  useEffect(() => {
    if (!loaded.current) return
    try {
      localStorage.setItem(CHECKLIST_STORAGE_KEY, JSON.stringify(state))
    } catch {
      // Ignore: see above.
    }
  }, [state])

  // Printing shows every section, open or closed; the page goes back to how it was afterwards.
  useEffect(() => {
    let closed: HTMLDetailsElement[] = []
    const before = () => {
      closed = Array.from(
        document.querySelectorAll<HTMLDetailsElement>('details[data-checklist]:not([open])'),
      )
      for (const details of closed) details.open = true
    }
    const after = () => {
      for (const details of closed) details.open = false
      closed = []
    }
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
    return () => {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }, [])

  function exportMarkdown() {
    const date = formatDate(new Date(), lang, 'long')
    const markdown = checklistMarkdown(
      sections,
      state,
      {
        title: t('checklist.title'),
        progress: `${t('checklist.markdownProgress', { percent, checked, total })}  \n${t('checklist.markdownDate', { date })}`,
        source: t('checklist.markdownSource', { url }),
        relevance: t('relevance'),
      },
      url,
    )
    download(t('checklist.fileName'), markdown)
  }

  return (
    <article className="checklist-page mx-auto max-w-3xl px-4 py-12">
      <style>{`@media print {
  body > a, header, footer, .print-hidden { display: none !important; }
  .checklist-page { max-width: none; padding: 0; }
  .checklist-page details { break-inside: avoid; border-color: #94a3b8; }
  .checklist-page a { color: inherit; text-decoration: none; }
}`}</style>
      <div className="print-hidden">
        <Breadcrumbs
          items={[
            { label: t('home'), to: path('home') },
            { label: t('breadcrumb'), to: path('guides') },
            { label: t('checklist.title') },
          ]}
        />
      </div>
      <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-slate-50">{t('checklist.title')}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t('guide.updated', { author, date: updated })}
      </p>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t('checklist.intro')}</p>

      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-baseline justify-between gap-4">
          <p id="checklist-progress-label" className="font-semibold text-slate-900 dark:text-slate-50">
            {t('checklist.progressLabel')}
          </p>
          <p className="text-2xl font-bold text-blue-800 dark:text-blue-300" data-testid="checklist-percent">
            {percent}%
          </p>
        </div>
        <div
          role="progressbar"
          aria-labelledby="checklist-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% — ${t('checklist.progress', { checked, total })}`}
          className="mt-3 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full rounded-full bg-blue-700 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="checklist-count">
          {t('checklist.progress', { checked, total })}
        </p>
        <div className="print-hidden mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-outline gap-2" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t('checklist.print')}
          </button>
          <button
            type="button"
            className="btn-outline gap-2"
            onClick={exportMarkdown}
            data-testid="checklist-download"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('checklist.download')}
          </button>
          <button
            type="button"
            className="btn-outline gap-2"
            onClick={() => setState({})}
            disabled={checked === 0}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('checklist.reset')}
          </button>
        </div>
        <p className="print-hidden mt-3 text-xs text-slate-700 dark:text-slate-300">
          {t('checklist.savedNote')}
        </p>
      </div>

      <div className="mt-8 space-y-4">
        {sections.map((section) => {
          const Icon = icons[section.id as keyof typeof icons] ?? Layers
          const done = state[section.id]?.length ?? 0
          return (
            <details
              key={section.id}
              open
              data-checklist
              className="group rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
              data-testid={`checklist-section-${section.id}`}
            >
              <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-xl px-5 py-3 hover:bg-slate-50 [&::-webkit-details-marker]:hidden dark:hover:bg-slate-800">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-blue-700 dark:text-blue-400" />
                <h2 className="flex-1 text-xl font-semibold text-slate-900 dark:text-slate-50">
                  {section.title}
                </h2>
                <span className="text-sm font-medium text-slate-700 dark:text-slate-300">
                  {t('checklist.sectionProgress', { checked: done, total: section.items.length })}
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className="print-hidden size-5 text-slate-700 transition-transform group-open:rotate-180 dark:text-slate-300"
                />
              </summary>
              <ul className="space-y-1 border-t border-slate-200 px-5 py-4 dark:border-slate-700">
                {section.items.map((item, index) => {
                  const id = `item-${section.id}-${index}`
                  const on = isChecked(state, section.id, index)
                  return (
                    <li
                      key={item.title}
                      className="flex gap-3 rounded-lg p-2 hover:bg-slate-50 dark:hover:bg-slate-800"
                    >
                      <input
                        id={id}
                        type="checkbox"
                        checked={on}
                        onChange={() => setState((s) => toggleItem(s, section.id, index))}
                        aria-describedby={`${id}-description`}
                        className="mt-1 size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                      />
                      <div className="flex-1">
                        <label
                          htmlFor={id}
                          className="cursor-pointer font-medium text-slate-900 dark:text-slate-50"
                        >
                          {item.title}
                        </label>
                        <p id={`${id}-description`} className="mt-1 text-slate-700 dark:text-slate-300">
                          {item.description}
                        </p>
                        <p className="mt-2 flex flex-wrap items-center gap-2">
                          <span className="sr-only">{t('relevance')}:</span>
                          {item.relevance.map((kind) => (
                            <RelevanceBadge key={kind} kind={kind} />
                          ))}
                          {item.link ? (
                            <Link
                              to={item.link.url}
                              className="text-sm font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
                            >
                              {item.link.text}
                            </Link>
                          ) : null}
                        </p>
                      </div>
                    </li>
                  )
                })}
              </ul>
            </details>
          )
        })}
      </div>

      <GuidesCta id="checklist-cta" className="print-hidden mt-12" />
    </article>
  )
}
