import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { SignUpForm } from './signup-form.tsx'
import { AuthCard } from './ui.tsx'

/** /signup: the create-account form alone, with a link back to /signin (signed-in visitors never see it). */
export function SignupPage() {
  const { t } = useTranslation('auth')
  return (
    <AuthCard title={t('signup.title')}>
      <SignUpForm idPrefix="signup-page" destination={{}} />
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        {t('signup.haveAccount')}{' '}
        <Link to="/signin" className="font-semibold text-blue-800 hover:underline dark:text-blue-300">
          {t('signup.signinLink')}
        </Link>
      </p>
    </AuthCard>
  )
}
