import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { siteConfig } from '~/lib/site-config.ts'

type PlaceholderKey =
  | 'howItWorks'
  | 'faq'
  | 'contact'
  | 'blog'
  | 'guides'
  | 'checklist'
  | 'glossary'
  | 'terms'
  | 'privacy'

/** A real heading and paragraph for public pages whose full content arrives in a later issue. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation('pages')
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-slate-50">{t(`${page}.title`)}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        {t(`${page}.body`, { email: siteConfig.contactEmail })}
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{t('comingSoon')}</p>
      <Link to={path('home')} className="mt-8 btn-primary">
        {t('analyzeCta')}
      </Link>
    </div>
  )
}
