import type { LucideIcon } from 'lucide-react'
import { BarChart3, Bot, FileText, Lock, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import { tourTargets } from '~/features/onboarding/tour-state.ts'
import { useTranslation } from '~/lib/i18n.tsx'

interface Tile {
  key: 'seo' | 'aio' | 'directories' | 'reports'
  to: string
  icon: LucideIcon
  restricted: boolean
}

const tiles: Tile[] = [
  { key: 'seo', to: '/suite/seo', icon: BarChart3, restricted: false },
  { key: 'aio', to: '/suite/aio', icon: Bot, restricted: true },
  { key: 'directories', to: '/suite/directories', icon: MapPin, restricted: true },
  { key: 'reports', to: '/suite/reports', icon: FileText, restricted: true },
]

/** The tool grid; the last three are locked for anonymous visitors ('Disponível com conta'). */
export function ToolTiles({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('suite')
  return (
    <section id={tourTargets.tools} data-testid="tool-tiles">
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('dashboard.toolsTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => {
          const locked = tile.restricted && !signedIn
          const Icon = tile.icon
          const content = (
            <>
              <Icon className="size-6 text-blue-700 dark:text-blue-400" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-slate-50">
                {t(`dashboard.tools.${tile.key}`)}
              </h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {t(`dashboard.tools.${tile.key}Description`)}
              </p>
            </>
          )
          return (
            <li
              key={tile.key}
              className="relative"
              data-testid={`tool-${tile.key}`}
              data-locked={locked ? 'true' : undefined}
            >
              {locked ? (
                <div className="card h-full">
                  <div aria-hidden="true" className="opacity-40">
                    {content}
                  </div>
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-xl bg-white/70 text-center dark:bg-slate-900/70">
                    <Lock className="size-5 text-slate-700 dark:text-slate-300" aria-hidden="true" />
                    <span className="text-sm font-semibold text-slate-900 dark:text-slate-50">
                      <span className="sr-only">{t(`dashboard.tools.${tile.key}`)}: </span>
                      {t('dashboard.locked')}
                    </span>
                  </div>
                </div>
              ) : (
                <Link
                  to={tile.to}
                  className="card block h-full hover:border-blue-300 hover:shadow dark:hover:border-blue-700"
                >
                  {content}
                </Link>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
