import { Lock } from 'lucide-react'
import { useId } from 'react'
import { NavLink, useSearchParams } from 'react-router'
import { tourTargets } from '~/features/onboarding/tour-state.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type SuiteNavItem, suiteNav } from './nav-items.ts'

/** The pages that open on the latest analysis of an address (features/analysis/use-analysis-run.ts). */
const analysisPages = new Set(['/suite', '/suite/seo', '/suite/aio', '/suite/recommendations'])

/** The suite's side navigation; protected items carry a lock and a tooltip when signed out. */
export function SuiteNav({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('suite')
  return (
    <nav id={tourTargets.navigation} aria-label={t('nav.label')} data-testid="suite-nav">
      <ul className="flex flex-col gap-1">
        {suiteNav.map((item) => (
          <NavItem
            key={item.key}
            item={item}
            locked={item.loginRequired && !signedIn}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  )
}

function NavItem({
  item,
  locked,
  onNavigate,
}: {
  item: SuiteNavItem
  locked: boolean
  onNavigate?: () => void
}) {
  const { t } = useTranslation('suite')
  const tooltipId = useId()
  const Icon = item.icon
  // The analysed address moves with the reader between the pages that show an analysis (issue 12).
  const [search] = useSearchParams()
  const url = search.get('url')
  const to = url && analysisPages.has(item.to) ? `${item.to}?${new URLSearchParams({ url })}` : item.to
  return (
    <li className="group relative">
      <NavLink
        to={to}
        end={item.to === '/suite'}
        onClick={onNavigate}
        aria-describedby={locked ? tooltipId : undefined}
        data-locked={locked ? 'true' : undefined}
        className={({ isActive }) =>
          cx(
            'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium',
            isActive
              ? 'bg-blue-50 text-blue-800 dark:bg-blue-950/60 dark:text-blue-300'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )
        }
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">{t(`nav.${item.key}`)}</span>
        {locked ? <Lock className="size-4 text-slate-500 dark:text-slate-400" aria-hidden="true" /> : null}
      </NavLink>
      {locked ? (
        <span
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute left-full top-1/2 z-20 ml-2 hidden -translate-y-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white group-focus-within:block group-hover:block dark:bg-slate-700"
        >
          {t('nav.loginRequired')}
        </span>
      ) : null}
    </li>
  )
}
