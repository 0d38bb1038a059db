import { Lock } from 'lucide-react'
import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'

const AuthModal = lazy(() => import('~/features/auth/auth-modal.tsx').then((m) => ({ default: m.AuthModal })))

/**
 * Spec §2 "Access gate": for anonymous visitors the content is blurred and an 'Acesso restrito' panel
 * asks them to sign in. The blurred content is inert and hidden from assistive technology, so neither
 * the keyboard nor a screen reader reaches it; the panel's button is the first focusable element.
 * 'Entrar' opens the sign-in modal and comes back to `returnTo` (the gated page) after success; without
 * JavaScript it is a plain link to /signin with the same destination.
 */
export function AccessGate({
  signedIn,
  children,
  returnTo,
  body,
}: {
  signedIn: boolean
  /** What signing in gives on this page; default: the AIO page's text. */
  body?: string
  children: ReactNode
  /** A local path, e.g. /suite/aio?url=… */
  returnTo: string
}) {
  const { t } = useTranslation('suite')
  const [authOpen, setAuthOpen] = useState(false)
  if (signedIn) return <>{children}</>

  function openModal(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setAuthOpen(true)
  }

  return (
    <div className="relative" data-testid="access-gate">
      <div
        className="pointer-events-none select-none blur-sm"
        aria-hidden="true"
        inert
        data-testid="access-gate-content"
      >
        {children}
      </div>
      <div className="absolute inset-0 flex items-start justify-center p-4 pt-16">
        <section
          className="card max-w-md text-center shadow-lg"
          aria-labelledby="access-gate-title"
          data-testid="access-gate-panel"
        >
          <Lock className="mx-auto size-8 text-blue-700 dark:text-blue-400" aria-hidden="true" />
          <h2 id="access-gate-title" className="mt-3 text-xl font-bold text-slate-900 dark:text-slate-50">
            {t('aio.gateTitle')}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{body ?? t('aio.gateBody')}</p>
          <Link
            to={`/signin?${new URLSearchParams({ redirect: returnTo })}`}
            onClick={openModal}
            aria-haspopup="dialog"
            className="btn-primary btn-small mt-4"
          >
            {t('aio.gateButton')}
          </Link>
        </section>
      </div>
      {authOpen ? (
        <Suspense fallback={null}>
          <AuthModal open={authOpen} onOpenChange={setAuthOpen} defaultTab="signin" returnTo={returnTo} />
        </Suspense>
      ) : null}
    </div>
  )
}
