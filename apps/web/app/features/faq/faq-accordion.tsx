import { ChevronDown } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { cx } from '~/lib/cx.ts'
import { type FaqItem, nextOpen } from './faq.ts'

/**
 * Single-open accordion (WAI-ARIA pattern): each question is a button with aria-expanded and
 * aria-controls; Enter/Space toggle, ArrowUp/ArrowDown/Home/End move between questions.
 * Without JavaScript every answer is shown (the <noscript> style below).
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [open, setOpen] = useState<string | null>(null)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1
    const target =
      event.key === 'ArrowDown'
        ? (index + 1) % items.length
        : event.key === 'ArrowUp'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (target === null) return
    event.preventDefault()
    buttons.current[target]?.focus()
  }

  return (
    <div
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900"
      data-testid="faq-list"
    >
      <noscript>
        <style>{'.faq-panel[hidden]{display:block!important}'}</style>
      </noscript>
      {items.map((item, index) => {
        const expanded = open === item.id
        const buttonId = `faq-q-${item.id}`
        const panelId = `faq-a-${item.id}`
        return (
          <div key={item.id}>
            <h3>
              <button
                ref={(element) => {
                  buttons.current[index] = element
                }}
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpen(current, item.id))}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50 dark:text-slate-50 dark:hover:bg-slate-800"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={cx(
                    'size-5 shrink-0 text-slate-700 transition-transform dark:text-slate-300',
                    expanded && 'rotate-180',
                  )}
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="faq-panel px-5 pb-5 leading-relaxed text-slate-800 dark:text-slate-200"
            >
              {item.answer}
            </section>
          </div>
        )
      })}
    </div>
  )
}
