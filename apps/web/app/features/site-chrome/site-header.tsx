import { Link } from 'react-router'
import { BrandMark, useClientBrand } from '~/features/workspaces/client-brand.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath, useRootData } from '~/lib/root-data.ts'
import { AuthButtons } from './auth-buttons.tsx'
import { LanguageToggle } from './language-toggle.tsx'
import { LogoMark } from './logo.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { mainNav } from './nav-items.ts'
import { ResourcesMenu } from './resources-menu.tsx'

export function SiteHeader() {
  const { t } = useTranslation()
  const path = useLocalizedPath()
  const root = useRootData()
  // A client of a workspace with a brand sees the agency's name and logo, and none of Farol's pages.
  const brand = useClientBrand()

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        {brand ? (
          <Link
            to="/dashboard/client"
            className="flex min-h-11 min-w-0 items-center text-xl font-bold text-slate-900 dark:text-slate-50"
          >
            <BrandMark brand={brand} />
          </Link>
        ) : (
          <Link
            to={path('home')}
            aria-label={t('nav.homeLink')}
            className="flex min-h-11 items-center gap-2 text-xl font-bold text-slate-900 dark:text-slate-50"
          >
            <LogoMark className="rounded-lg dark:ring-1 dark:ring-slate-600" />
            <span>{t('brand')}</span>
          </Link>
        )}
        <nav aria-label={t('nav.label')} className={brand ? 'hidden' : 'ml-4 hidden md:block'}>
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.key}>
                <Link to={path(item.key)} className="nav-link dark:text-slate-100 dark:hover:bg-slate-800">
                  {t(item.label)}
                </Link>
              </li>
            ))}
            <li>
              <ResourcesMenu />
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageToggle />
          <AuthButtons user={root?.user ?? null} className="hidden md:flex" />
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
