import { Construction } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'

/** Suite tools that arrive with later issues. */
export function ComingSoon() {
  const { t } = useTranslation('suite')
  return (
    <div className="card flex flex-col items-start gap-3" data-testid="suite-coming-soon">
      <Construction className="size-8 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{t('comingSoon.title')}</h2>
      <p className="text-slate-700 dark:text-slate-300">{t('comingSoon.body')}</p>
      <Link to="/suite" className="btn-outline">
        {t('comingSoon.back')}
      </Link>
    </div>
  )
}
