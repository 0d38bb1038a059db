import { Link } from 'react-router'
import { ArrowRight } from '~/features/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { AnalyzeForm } from '../analyze/analyze-form.tsx'

export function Hero() {
  const { t } = useTranslation('landing')
  const path = useLocalizedPath()

  return (
    <section
      className="bg-gradient-to-b from-slate-50 to-white dark:from-slate-900 dark:to-slate-950"
      aria-labelledby="hero-title"
    >
      <div className="mx-auto max-w-3xl px-4 pb-16 pt-14 text-center sm:pt-20">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-800 dark:text-blue-300">
          {t('hero.eyebrow')}
        </p>
        <h1
          id="hero-title"
          className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-slate-50"
        >
          {t('hero.title')}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          {t('hero.subtitle')}
        </p>
        <AnalyzeForm variant="hero" className="mx-auto mt-8 max-w-xl text-left" />
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('hero.note')}</p>
        <Link
          to={path('howItWorks')}
          className="mt-4 inline-flex min-h-11 items-center gap-1 font-semibold text-blue-800 hover:underline dark:text-blue-300"
        >
          {t('hero.howItWorksLink')}
          <ArrowRight className="size-4" />
        </Link>
      </div>
    </section>
  )
}
