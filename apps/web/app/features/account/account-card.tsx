import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'

const links = [
  { to: '/suite/profile', key: 'nav.profile' },
  { to: '/suite/settings', key: 'nav.settings' },
  { to: '/suite/change-password', key: 'nav.changePassword' },
] as const

/** Frame of the account pages inside the suite: a heading, the account sub-navigation and a card. */
export function AccountCard({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  const { t } = useTranslation('account')
  return (
    <section aria-labelledby="account-title" className="max-w-2xl">
      <nav aria-label={t('nav.label')} className="mb-4 flex flex-wrap gap-2">
        {links.map((link) => (
          <NavLink
            key={link.to}
            end
            to={link.to}
            className={cx(
              'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800',
              'text-slate-700 aria-[current=page]:bg-slate-100 aria-[current=page]:text-slate-900 dark:text-slate-300 dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-slate-100',
            )}
          >
            {t(link.key)}
          </NavLink>
        ))}
      </nav>
      <div className="card dark:border-slate-700 dark:bg-slate-900">
        <h2 id="account-title" className="text-xl font-bold text-slate-900 dark:text-slate-100">
          {title}
        </h2>
        {description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  )
}
