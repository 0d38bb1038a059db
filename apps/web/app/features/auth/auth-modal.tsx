/**
 * Sign-in / sign-up dialog with two tabs, for pages that ask for an account in place (the suite).
 *
 * Usage:
 *   const [open, setOpen] = useState(false)
 *   <AuthModal
 *     open={open}
 *     onOpenChange={setOpen}
 *     defaultTab="signin"                // or 'signup'
 *     returnTo="/suite/aio?url=…"        // where to go after success (when no onSuccess is given)
 *     onSuccess={(user) => { setOpen(false); runPendingAnalysis() }}  // optional: stay on the page
 *   />
 *
 * After a sign-in the root data is revalidated (header, theme), then `onSuccess(user)` is called if
 * given, else the spec §4 routing applies with `returnTo` (an admin goes to /dashboard). A sign-up
 * with email verification on goes to /verification, carrying returnTo. Focus is trapped in the dialog,
 * Escape and the close button close it, and the title labels it (Radix Dialog).
 */
import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import type { SessionUser } from '~/lib/session.ts'
import { AuthTabs } from './auth-tabs.tsx'
import type { AuthTab } from './routing.ts'

export interface AuthModalProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  defaultTab?: AuthTab
  /** A local path to go to after success, when there is no onSuccess. */
  returnTo?: string
  onSuccess?: (user: SessionUser) => void
}

export function AuthModal({
  open,
  onOpenChange,
  defaultTab = 'signin',
  returnTo,
  onSuccess,
}: AuthModalProps) {
  const { t } = useTranslation('auth')
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, '')
  const [tab, setTab] = useState<AuthTab>(defaultTab)

  useEffect(() => {
    if (open) setTab(defaultTab)
  }, [open, defaultTab])

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid="auth-modal"
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">
                {tab === 'signin' ? t('signin.title') : t('signup.title')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t('modal.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close className="btn-icon -mr-2 -mt-2 dark:text-slate-100 dark:hover:bg-slate-800">
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">{t('modal.close')}</span>
            </Dialog.Close>
          </div>
          <AuthTabs
            idPrefix={`auth-modal-${idPrefix}`}
            tab={tab}
            onTabChange={setTab}
            destination={{ onSuccess, returnTo, onFinished: () => onOpenChange(false) }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
