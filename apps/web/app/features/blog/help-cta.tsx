import { MessageCircle } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'

/** 'Need help?' call to action linking to the contact page of the current language. */
export function HelpCta() {
  const { t } = useTranslation('blog')
  const path = useLocalizedPath()
  return (
    <section
      aria-labelledby="blog-help-title"
      className="mt-16 flex flex-col items-start gap-4 rounded-2xl bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between dark:bg-slate-800"
    >
      <div>
        <h2 id="blog-help-title" className="text-2xl font-bold">
          {t('help.title')}
        </h2>
        <p className="mt-2 max-w-xl text-slate-200">{t('help.description')}</p>
      </div>
      <Link
        to={path('contact')}
        className="inline-flex min-h-12 shrink-0 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {t('help.cta')}
      </Link>
    </section>
  )
}
