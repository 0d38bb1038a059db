import { Link, useLocation, useNavigate, useRevalidator } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { SessionUser } from '~/lib/session.ts'
import { requestSignOut } from '../auth/sign-out.ts'
import { notify } from '../toasts/notify.ts'

const secondary = 'btn-outline dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800'
const primary = 'btn-primary btn-small'

/** Suite pages have their own sign-in / sign-out in the page header (spec §2): one of each per screen. */
function isSuitePath(pathname: string): boolean {
  return pathname === '/suite' || pathname.startsWith('/suite/')
}

/**
 * Sign in / Sign up when signed out; Admin or Suite plus sign-out when signed in. On suite pages the
 * page header holds sign-in and sign-out, so the site header keeps only the Admin or Suite link.
 */
export function AuthButtons({ user, className }: { user: SessionUser | null; className?: string }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  const inSuite = isSuitePath(useLocation().pathname)

  async function signOut() {
    try {
      await requestSignOut()
      notify('success', t('toasts.signOutSuccess'))
      // To the sign-in page first (spec §8): revalidating a signed-in-only page would redirect
      // instead. Then the header and theme follow the ended session.
      await navigate('/signin')
      await revalidator.revalidate()
    } catch (error) {
      notify('error', t('toasts.signOutError'), error instanceof Error ? error.message : undefined)
    }
  }

  if (!user) {
    if (inSuite) return null
    return (
      <div className={cx('flex gap-2', className)}>
        <Link to="/signin" state={{ tab: 'signin' }} className={secondary}>
          {t('nav.signIn')}
        </Link>
        <Link to="/signin" state={{ tab: 'signup' }} className={primary}>
          {t('nav.signUp')}
        </Link>
      </div>
    )
  }
  const isAdmin = user.role === 'admin'
  return (
    <div className={cx('flex gap-2', className)}>
      <Link to={isAdmin ? '/dashboard' : '/suite'} className={primary}>
        {isAdmin ? t('nav.admin') : t('nav.suite')}
      </Link>
      {inSuite ? null : (
        <button type="button" onClick={() => void signOut()} className={secondary}>
          {t('nav.signOut')}
        </button>
      )}
    </div>
  )
}
