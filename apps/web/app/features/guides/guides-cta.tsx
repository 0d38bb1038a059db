import { Link } from 'react-router'
import { CtaPanel } from '~/features/ui/content-page.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'

/** The guides' closing call to analyse a site (the guide list, each guide and the checklist). */
export function GuidesCta({
  id,
  className,
  bodyClassName,
}: {
  id: string
  className: string
  bodyClassName?: string
}) {
  const { t } = useTranslation('guides')
  const path = useLocalizedPath()
  return (
    <CtaPanel
      id={id}
      title={t('listCtaTitle')}
      body={t('listCtaBody')}
      className={className}
      bodyClassName={bodyClassName}
    >
      <Link to={path('home')} className="btn-primary mt-6">
        {t('analyze')}
      </Link>
    </CtaPanel>
  )
}
