import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { AnalyzeForm } from '../analyze/analyze-form.tsx'

export function ClosingCta() {
  const { t } = useTranslation('landing')
  return (
    <section className="bg-blue-900 py-16 text-white dark:bg-blue-950" aria-labelledby="closing-title">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h2 id="closing-title" className="text-3xl font-bold">
          {t('closing.title')}
        </h2>
        <p className="mt-3 text-blue-50">{t('closing.subtitle')}</p>
        <Link
          to="/signin"
          state={{ tab: 'signup' }}
          className="mt-6 inline-flex min-h-12 items-center rounded-lg bg-white px-6 font-semibold text-blue-900 hover:bg-blue-50"
        >
          {t('closing.createAccount')}
        </Link>
        <div className="mx-auto mt-10 max-w-xl rounded-xl bg-white p-6 text-left text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          <h3 className="mb-4 text-lg font-semibold">{t('closing.formTitle')}</h3>
          <AnalyzeForm variant="closing" />
        </div>
      </div>
    </section>
  )
}
