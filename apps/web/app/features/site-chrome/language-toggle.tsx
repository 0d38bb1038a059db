import { Link, useLocation } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang } from '~/lib/root-data.ts'
import { htmlLang, twinPath } from '~/lib/route-table.ts'
import { rememberLang } from './remember-lang.ts'

/** PT/EN toggle: goes to the twin path of a public page, or reloads other pages in the other language. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation()
  const lang = useLang()
  const location = useLocation()
  const other = lang === 'pt' ? 'en' : 'pt'
  const twin = twinPath(location.pathname, other)
  const search = new URLSearchParams(location.search)
  search.delete('lang')
  if (!twin) search.set('lang', other)
  const query = search.toString()
  const to = `${twin ?? location.pathname}${query ? `?${query}` : ''}`

  return (
    <Link
      to={to}
      hrefLang={htmlLang[other]}
      onClick={() => rememberLang(other)}
      data-testid="language-toggle"
      className={cx(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
        className,
      )}
    >
      <span className="sr-only">{t('language.switchTo')}, </span>
      <span lang={htmlLang[other]}>{t('language.short')}</span>
    </Link>
  )
}
