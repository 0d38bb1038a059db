import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { ChevronDown } from '~/features/ui/icons.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { resourceNav } from './nav-items.ts'

/**
 * Resources dropdown as a disclosure navigation menu: Enter/Space/ArrowDown open it, arrow keys,
 * Home and End move between links, Escape closes it and returns focus to the button.
 */
export function ResourcesMenu() {
  const { t } = useTranslation()
  const path = useLocalizedPath()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes.
  useEffect(() => setOpen(false), [location.pathname])

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function links(): HTMLAnchorElement[] {
    return Array.from(listRef.current?.querySelectorAll('a') ?? [])
  }

  function focusLink(index: number) {
    const all = links()
    all[(index + all.length) % all.length]?.focus()
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      const last = event.key === 'ArrowUp'
      requestAnimationFrame(() => focusLink(last ? -1 : 0))
    } else if (event.key === 'Escape') {
      setOpen(false)
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = links()
    const index = all.indexOf(document.activeElement as HTMLAnchorElement)
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 }
    if (event.key in moves) {
      event.preventDefault()
      focusLink(moves[event.key]!)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the menu when focus leaves it.
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {t('nav.resources')}
        <ChevronDown className={open ? 'size-4 rotate-180' : 'size-4'} />
      </button>
      <ul
        ref={listRef}
        id={menuId}
        hidden={!open}
        onKeyDown={onListKeyDown}
        className="absolute left-0 top-full z-40 mt-1 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/40"
      >
        {resourceNav.map((item) => (
          <li key={item.key}>
            <Link
              to={path(item.key)}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2.5 text-slate-800 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
