/**
 * The suite's one data table (issue 41, item 4): the long tables (inventory, issues, bots, keywords,
 * sites, reports) keep their own rows and cells but sit in this box, which
 * - scrolls sideways inside itself, so the page is never wider than the window (375 px included): the box
 *   is `max-w-full`/`min-w-0` and `overflow-x-auto`, and it never takes its width from the table;
 * - never clips a column: nothing around it hides overflow, the box scrolls instead;
 * - keeps the first column (what the row is: the URL, the bot, the keyword) in view while it scrolls:
 *   sticky at the left edge, on the background of its row.
 * At 1280 px a table with its default columns fits its box without scrolling (tables.spec.ts checks it):
 * a page shows a few columns by default and offers the rest in a `ColumnChooser`; a long value (a URL)
 * is cut to its column with `TRUNCATED`, whole on hover (its `title`) and when focused (it wraps).
 * What an export of such a table writes is the page's business (its shown columns, its language).
 */
import type { ReactNode } from 'react'
import { cx } from '~/lib/cx.ts'

/** The sticky first column: every row's first cell, with the row's background so others pass under it. */
const STICKY_FIRST =
  '[&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-10 ' +
  '[&_tbody_tr>*:first-child]:bg-white dark:[&_tbody_tr>*:first-child]:bg-slate-900 ' +
  '[&_thead_tr>*:first-child]:bg-slate-50 dark:[&_thead_tr>*:first-child]:bg-slate-800'

/**
 * A long value (a URL, a path) cut to its column with an ellipsis: the whole value in its `title` (hover)
 * and, when the element (a button, a link) has the focus, wrapped in place. Narrower on a phone, where the
 * sticky first column must leave room for the others. A URL is cut at its start, where every row of a
 * site repeats the same origin, so the path that tells the rows apart stays in view: give the element
 * `dir="rtl"` and the value inside a `<bdi dir="ltr">` (the text stays the whole URL, read left to right).
 */
export const TRUNCATED =
  'block max-w-[10rem] truncate text-left sm:max-w-[16rem] xl:max-w-[20rem] focus:overflow-visible focus:whitespace-normal focus:break-all'

/** A header cell's words on one line while the table scrolls (a phone), wrapped when it must fit (1024 px+). */
export const HEADER_WRAP = 'whitespace-nowrap lg:whitespace-normal'

/**
 * The columns a table shows beyond its defaults, as checkboxes under a "Colunas" button. `fixed` columns
 * (what the row is) are always shown and not offered.
 */
export function ColumnChooser<K extends string>({
  columns,
  chosen,
  onChange,
  label,
  nameOf,
  testId,
  fixed = [],
  align = 'left',
}: {
  columns: readonly K[]
  chosen: readonly K[]
  onChange(next: K[]): void
  /** The button's words ("Colunas"). */
  label: string
  nameOf(key: K): string
  /** The chooser's data-testid; each checkbox's is `${testId without a trailing s}-${key}`. */
  testId: string
  fixed?: readonly K[]
  /** Which edge of the button the open list lines up with (on a phone it opens in the flow, full width). */
  align?: 'left' | 'right'
}) {
  const item = testId.replace(/s$/, '')
  return (
    <details className="relative text-sm" data-testid={testId}>
      <summary className="btn-outline cursor-pointer list-none">{label}</summary>
      <fieldset
        className={cx(
          'card z-20 mt-1 flex flex-col gap-1 sm:absolute sm:w-64',
          align === 'right' ? 'sm:right-0' : 'sm:left-0',
        )}
      >
        <legend className="sr-only">{label}</legend>
        {columns
          .filter((c) => !fixed.includes(c))
          .map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(c)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, c] : chosen.filter((k) => k !== c))}
                data-testid={`${item}-${c}`}
              />
              {nameOf(c)}
            </label>
          ))}
      </fieldset>
    </details>
  )
}

export function DataTable({
  children,
  testId,
  label,
  className,
  tableClassName,
  bordered = true,
}: {
  /** The table's <thead>, <tbody> (and <caption>, if any). */
  children: ReactNode
  /** data-testid of the <table> (the page's tests find it by that). */
  testId?: string
  /** The scrolling box's accessible name (a named region, which screen readers list). */
  label: string
  className?: string
  tableClassName?: string
  bordered?: boolean
}) {
  return (
    <section
      className={cx(
        'w-full min-w-0 max-w-full overflow-x-auto',
        bordered && 'rounded-xl border border-slate-200 dark:border-slate-700',
        className,
      )}
      aria-label={label}
      data-table-box=""
    >
      <table className={cx('w-full text-left text-sm', STICKY_FIRST, tableClassName)} data-testid={testId}>
        {children}
      </table>
    </section>
  )
}
