import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import { X } from '~/features/ui/icons.tsx'
import { BrandMark, useClientBrand } from '~/features/workspaces/client-brand.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath, useRootData } from '~/lib/root-data.ts'
import { AuthButtons } from './auth-buttons.tsx'
import { LanguageToggle } from './language-toggle.tsx'
import { resourceNav } from './nav-items.ts'

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'
const link =
  'block rounded-md px-3 py-3 text-lg font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'

/** The open slide-out panel: focus trapped inside, Escape or the overlay closes it. */
export default function MobileMenuPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation()
  const path = useLocalizedPath()
  const root = useRootData()
  // A branded workspace's client: the same as the desktop header, the agency's client area and none of
  // Farol's pages.
  const brand = useClientBrand()
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    document.body.style.overflow = 'hidden'
    panelRef.current?.querySelector<HTMLElement>(focusable)?.focus()
    return () => {
      document.body.style.overflow = ''
    }
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !panelRef.current) return
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(focusable))
    const first = items[0]
    const last = items.at(-1)
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return (
    <div className="fixed inset-0 z-50">
      <div
        className="absolute inset-0 bg-slate-900/50 dark:bg-black/70"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        data-testid="mobile-menu"
        className="absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900 dark:text-slate-100 motion-safe:animate-[slide-in_200ms_ease-out]"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('nav.mobileMenu')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="btn-icon dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <X className="size-6" />
            <span className="sr-only">{t('nav.closeMenu')}</span>
          </button>
        </div>
        {brand ? (
          <nav aria-label={t('nav.label')}>
            <Link to="/dashboard/client" className={link}>
              <BrandMark brand={brand} />
            </Link>
          </nav>
        ) : (
          <nav aria-label={t('nav.label')}>
            <ul className="space-y-1">
              <li>
                <Link to={path('home')} className={link}>
                  {t('nav.home')}
                </Link>
              </li>
              <li>
                <p className="px-3 pt-3 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                  {t('nav.resources')}
                </p>
                <ul className="ml-3 border-l border-slate-200 dark:border-slate-700">
                  {resourceNav.map((item) => (
                    <li key={item.key}>
                      <Link to={path(item.key)} className={link}>
                        {t(item.label)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
              {(['howItWorks', 'faq', 'blog', 'contact'] as const).map((key) => (
                <li key={key}>
                  <Link to={path(key)} className={link}>
                    {t(`nav.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="mt-auto space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
          <LanguageToggle />
          <AuthButtons user={root?.user ?? null} className="flex-col" />
        </div>
      </div>
    </div>
  )
}
