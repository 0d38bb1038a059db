import { Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { signInPath } from './sign-in.ts'

/**
 * Spec §2 "Access gate": for anonymous visitors the content is blurred and an 'Acesso restrito' panel
 * asks them to sign in. The blurred content is inert and hidden from assistive technology, so neither
 * the keyboard nor a screen reader reaches it; the panel's button is the first focusable element.
 */
export function AccessGate({
  signedIn,
  children,
  returnUrl,
}: {
  signedIn: boolean
  children: ReactNode
  returnUrl?: string | null
}) {
  const { t } = useTranslation('suite')
  if (signedIn) return <>{children}</>
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
          <Lock className="mx-auto size-8 text-blue-700" aria-hidden="true" />
          <h2 id="access-gate-title" className="mt-3 text-xl font-bold text-slate-900">
            {t('aio.gateTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('aio.gateBody')}</p>
          <Link to={signInPath(returnUrl)} className="btn-primary btn-small mt-4">
            {t('aio.gateButton')}
          </Link>
        </section>
      </div>
    </div>
  )
}
