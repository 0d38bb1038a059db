import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'

export interface BreadcrumbLink {
  label: string
  /** Path of the page; the last crumb (the current page) has none. */
  to?: string
}

/** Visible breadcrumb trail; the same trail is given to search engines as BreadcrumbList JSON-LD. */
export function Breadcrumbs({ items }: { items: BreadcrumbLink[] }) {
  const { t } = useTranslation('guides')
  return (
    <nav aria-label={t('breadcrumbLabel')} className="text-sm text-slate-700 dark:text-slate-300">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 ? (
              <ChevronRight aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
            ) : null}
            {item.to ? (
              <Link to={item.to} className="underline-offset-2 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-50">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
