/**
 * The suite's one data table (issue 41, item 4): the long tables (inventory, issues, bots, keywords,
 * sites, reports) keep their own rows and cells but sit in this box, which
 * - scrolls sideways inside itself, so the page is never wider than the window (375 px included): the box
 *   is `max-w-full`/`min-w-0` and `overflow-x-auto`, and it never takes its width from the table;
 * - never clips a column: nothing around it hides overflow, the box scrolls instead;
 * - keeps the first column (what the row is: the URL, the bot, the keyword) in view while it scrolls:
 *   sticky at the left edge, on the background of its row.
 * What an export of such a table writes is the page's business (its shown columns, its language).
 */
import type { ReactNode } from 'react'
import { cx } from '~/lib/cx.ts'

/** The sticky first column: every row's first cell, with the row's background so others pass under it. */
const STICKY_FIRST =
  '[&_tr>*:first-child]:sticky [&_tr>*:first-child]:left-0 [&_tr>*:first-child]:z-10 ' +
  '[&_tbody_tr>*:first-child]:bg-white dark:[&_tbody_tr>*:first-child]:bg-slate-900 ' +
  '[&_thead_tr>*:first-child]:bg-slate-50 dark:[&_thead_tr>*:first-child]:bg-slate-800'

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
