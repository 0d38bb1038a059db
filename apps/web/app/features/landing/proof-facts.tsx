import { useTranslation } from '~/lib/i18n.tsx'
import type { LandingProof } from './proof.ts'

/** Facts Farol can stand behind: the checks its engine really runs (counted from the engine's lists). */
export function ProofFacts({ facts }: { facts: LandingProof['facts'] }) {
  const { t } = useTranslation('landing')
  const items = [
    { value: facts.seoChecks, label: t('facts.seoChecks', { count: facts.seoChecks }) },
    { value: facts.aioCriteria, label: t('facts.aioCriteria', { count: facts.aioCriteria }) },
  ]
  return (
    <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="facts-title" data-testid="facts">
      <h2 id="facts-title" className="section-title">
        {t('facts.title')}
      </h2>
      <dl className="mt-8 grid gap-6 text-center sm:grid-cols-2">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="text-slate-700 dark:text-slate-300">{item.label}</dt>
            <dd className="text-4xl font-bold text-slate-900 dark:text-slate-50">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
