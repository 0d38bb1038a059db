import { useEffect } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'

import { emailVerifiedNotice, noticeCookie, readNotice } from './notice.ts'

/** Shows the email-confirmed toast once, then forgets the note. */
export function VerifiedNotice() {
  const { t } = useTranslation('auth')
  useEffect(() => {
    if (readNotice(document.cookie) !== emailVerifiedNotice) return
    // biome-ignore lint/suspicious/noDocumentCookie: forgetting the one-time note once shown.
    document.cookie = `${noticeCookie}=; Path=/; Max-Age=0; SameSite=Lax`
    notify('success', t('callback.verifiedTitle'), t('callback.verifiedBody'))
  }, [t])
  return null
}
