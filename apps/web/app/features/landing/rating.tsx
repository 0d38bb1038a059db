import { Star } from '~/features/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import type { LandingRating } from './proof.ts'

/** The average of the operator's own testimonials' ratings (content/testimonials.json), as plain text. */
export function Rating({ rating }: { rating: LandingRating }) {
  const { t } = useTranslation('landing')
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 text-center" aria-label={t('rating.label')}>
      <p className="flex items-center justify-center gap-1 text-amber-500" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Star key={i} className="size-6 fill-current" />
        ))}
      </p>
      <p className="mt-2 text-3xl font-bold text-slate-900 dark:text-slate-50">
        {t('rating.value', { value: rating.value, best: rating.best })}
      </p>
      <p className="text-slate-700 dark:text-slate-300">{t('rating.reviews', { count: rating.count })}</p>
    </section>
  )
}
