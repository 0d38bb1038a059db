import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useLocation } from 'react-router'
import { Menu } from '~/features/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n.tsx'

const loadPanel = () => import('./mobile-menu-panel.tsx')
const MobileMenuPanel = lazy(loadPanel)

/** Slide-out menu below 768 px. The panel's code loads on first use (or when the button is hovered). */
export function MobileMenu() {
  const { t } = useTranslation()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes.
  useEffect(() => setOpen(false), [location.pathname, location.search])

  useEffect(() => {
    if (open) wasOpen.current = true
    else if (wasOpen.current) {
      wasOpen.current = false
      buttonRef.current?.focus()
    }
  }, [open])

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadPanel()}
        onTouchStart={() => void loadPanel()}
        className="btn-icon dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Menu className="size-6" />
        <span className="sr-only">{t('nav.openMenu')}</span>
      </button>
      {/* Into <body>: the header's backdrop blur makes it the containing block of fixed elements, which
          would clip the full-height panel to the header's 64 px. Only open after a click, so never on the server. */}
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <MobileMenuPanel id={panelId} onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </div>
  )
}
