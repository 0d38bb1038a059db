import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Outlet, useLocation, useMatches } from 'react-router'
import { VerifiedNotice } from '~/features/auth/verified-notice.tsx'
import { recordVisit, visitPageOf } from '~/features/onboarding/api.ts'
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

  // A signed-in visit to a checklist step's page completes that step for the account (issue 12).
  const { pathname } = useLocation()
  const signedIn = Boolean(user)
  useEffect(() => {
    const page = visitPageOf(pathname)
    if (signedIn && page) void recordVisit(page)
  }, [signedIn, pathname])

  // Escape closes the phone's sidebar, as the backdrop does.
  useEffect(() => {
    if (!navOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [navOpen])

  return (
    <HeaderDetailsProvider>
      <VerifiedNotice />
      <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6" data-testid="suite-layout">
        {handle.hideSidebar ? null : (
          <>
            {/* On a phone the open sidebar covers the page: a backdrop dims it and closes on a tap. */}
            {navOpen ? (
              <div
                aria-hidden="true"
                className="fixed inset-0 z-30 bg-slate-900/50 md:hidden"
                onClick={() => setNavOpen(false)}
                data-testid="suite-nav-backdrop"
              />
            ) : null}
            <aside
              className={cx(
                'w-56 shrink-0 md:block',
                navOpen
                  ? 'fixed inset-y-0 left-0 z-40 block w-64 border-r border-slate-200 bg-white p-4 pt-20 md:static md:z-auto md:w-56 md:border-0 md:bg-transparent md:p-0 dark:border-slate-700 dark:bg-slate-900 md:dark:bg-transparent'
                  : 'hidden',
              )}
              data-testid="suite-sidebar"
            >
              <div className="md:sticky md:top-20">
                <SuiteNav signedIn={Boolean(user)} onNavigate={() => setNavOpen(false)} />
              </div>
            </aside>
          </>
        )}
        <div className="min-w-0 flex-1">
          <SuiteHeader
            title={title}
            user={user}
            userKnown={Boolean(root)}
            leading={
              handle.hideSidebar ? null : (
                <button
                  type="button"
                  className="btn-icon"
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
              )
            }
          />
          <div className="pt-6">
            <Outlet />
          </div>
        </div>
      </div>
    </HeaderDetailsProvider>
  )
}
