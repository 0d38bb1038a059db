import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { useState } from 'react'
import { Outlet, useMatches } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { HeaderDetailsProvider } from './header-context.tsx'
import { SuiteHeader } from './suite-header.tsx'
import { SuiteNav } from './suite-nav.tsx'

/** Extra `handle` fields of suite routes: the header title key (suite:titles.*) and options. */
export interface SuiteHandle {
  suiteTitle?: string
  /** Pages that want all the width hide the sidebar. */
  hideSidebar?: boolean
}

/** The shared layout of /suite and its children: side navigation and page header. */
export function SuiteLayout() {
  const { t } = useTranslation('suite')
  const root = useRootData()
  const matches = useMatches()
  const handle = (matches.at(-1)?.handle ?? {}) as SuiteHandle
  const [navOpen, setNavOpen] = useState(false)
  const user = root?.user ?? null
  const title = handle.suiteTitle ? t(`titles.${handle.suiteTitle}`) : t('titles.dashboard')

  return (
    <HeaderDetailsProvider>
      <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6" data-testid="suite-layout">
        {handle.hideSidebar ? null : (
          <aside
            className={cx(
              'w-56 shrink-0 md:block',
              navOpen
                ? 'fixed inset-y-0 left-0 z-40 block w-64 border-r border-slate-200 bg-white p-4 pt-20 dark:border-slate-700 dark:bg-slate-900'
                : 'hidden',
            )}
            data-testid="suite-sidebar"
          >
            <div className="md:sticky md:top-20">
              <SuiteNav signedIn={Boolean(user)} onNavigate={() => setNavOpen(false)} />
            </div>
          </aside>
        )}
        <div className="min-w-0 flex-1">
          {handle.hideSidebar ? null : (
            <button
              type="button"
              className="btn-icon mb-2 md:hidden"
              aria-expanded={navOpen}
              aria-label={navOpen ? t('nav.hide') : t('nav.show')}
              onClick={() => setNavOpen((open) => !open)}
              data-testid="suite-nav-toggle"
            >
              {navOpen ? (
                <PanelLeftClose className="size-5" aria-hidden="true" />
              ) : (
                <PanelLeftOpen className="size-5" aria-hidden="true" />
              )}
            </button>
          )}
          <SuiteHeader title={title} user={user} userKnown={Boolean(root)} />
          <div className="pt-6">
            <Outlet />
          </div>
        </div>
      </div>
    </HeaderDetailsProvider>
  )
}
