import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'

export function NotFound() {
  const { t } = useTranslation()
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      {/* React hoists this into <head>: a missing page (unknown post or term too) is never indexed. */}
      <meta name="robots" content="noindex" />
      <p className="text-7xl font-extrabold text-blue-800 dark:text-blue-300">{t('notFound.code')}</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-slate-50">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t('notFound.description')}</p>
      <Link to={path('home')} className="mt-8 btn-primary">
        {t('notFound.back')}
      </Link>
    </div>
  )
}

export function ErrorPage() {
  const { t } = useTranslation()
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('error.title')}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t('error.description')}</p>
      <Link to={path('home')} className="mt-8 btn-primary">
        {t('error.back')}
      </Link>
    </div>
  )
}
