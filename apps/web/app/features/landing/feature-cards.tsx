import { Bot, Gauge, MessageSquareQuote } from '~/features/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n.tsx'

const cards = [
  { key: 'seo', Icon: Gauge },
  { key: 'aio', Icon: Bot },
  { key: 'llm', Icon: MessageSquareQuote },
] as const

export function FeatureCards() {
  const { t } = useTranslation('landing')
  return (
    <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-title">
      <h2 id="features-title" className="section-title">
        {t('features.title')}
      </h2>
      <p className="section-lead">{t('features.subtitle')}</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {cards.map(({ key, Icon }) => (
          <li key={key} className="card">
            <Icon className="size-8 text-blue-700 dark:text-blue-400" />
            <h3 className="mt-4 text-xl font-semibold text-slate-900 dark:text-slate-50">
              {t(`features.items.${key}.title`)}
            </h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {t(`features.items.${key}.description`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
