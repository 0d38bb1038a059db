import { Star } from '~/features/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { siteConfig } from '~/lib/site-config.ts'

/** The claimed average rating, as plain text only (no AggregateRating: the reviews are not verifiable). */
export function Rating() {
  const { t } = useTranslation('landing')
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 text-center" aria-label={t('rating.label')}>
      <p className="flex items-center justify-center gap-1 text-amber-500" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Star key={i} className="size-6 fill-current" />
        ))}
      </p>
      <p className="mt-2 text-3xl font-bold text-slate-900 dark:text-slate-50">{t('rating.value')}</p>
      <p className="text-slate-700 dark:text-slate-300">
        {t('rating.reviews', { count: siteConfig.rating.count })}
      </p>
    </section>
  )
}
