/** Pieces of the administrator's and the client's dashboards: titled card sections and plain tables. */
import type { ReactNode } from 'react'
import { cx } from '~/lib/cx.ts'

export function DashboardSection({
  title,
  children,
  testId,
}: {
  title: string
  children: ReactNode
  testId?: string
}) {
  return (
    <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {children}
    </section>
  )
}

export interface Column<T> {
  /** Translated heading; also the column's key, so it must be unique in the table. */
  header: string
  cell: (row: T) => ReactNode
  /** Cell classes besides the padding, which the table sets (none to the right of the last column). */
  className?: string
}

/** A table that scrolls sideways on narrow screens, one row per item. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
}) {
  const last = columns.length - 1
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.header}
                scope="col"
                className={index === last ? 'py-2 font-semibold' : 'py-2 pr-4 font-semibold'}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 dark:border-slate-800">
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  className={cx(column.className, index === last ? 'py-2' : 'py-2 pr-4')}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
