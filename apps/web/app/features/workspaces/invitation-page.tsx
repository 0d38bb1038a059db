// /invitation/:id: the page the invitation email links to. Says who invites which address to which
// workspace with which role; a signed-in addressee accepts or declines, anyone else signs in or creates
// an account (and comes back here after confirming the email).
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { AuthCard, Banner } from '~/features/auth/ui.tsx'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { type InvitationView, workspacesApi } from './api.ts'

export function InvitationPage({ id }: { id: string }) {
  const { t, lang } = useTranslation('workspaces')
  const navigate = useNavigate()
  const user = useRootData()?.user ?? null
  const [invitation, setInvitation] = useState<InvitationView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    workspacesApi<InvitationView>(`/invitations/${encodeURIComponent(id)}`, lang)
      .then(setInvitation)
      .catch((e: Error) => setError(e.message))
  }, [id, lang])

  async function answer(what: 'accept' | 'decline') {
    setBusy(true)
    try {
      await workspacesApi(`/invitations/${encodeURIComponent(id)}/${what}`, lang, { method: 'POST' })
      notify('success', t(what === 'accept' ? 'invitation.accepted' : 'invitation.declined'))
      if (what === 'accept')
        window.location.assign(invitation?.role === 'client' ? '/dashboard/client' : '/suite/sites')
      else await navigate('/suite')
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  const here = `/invitation/${id}`
  return (
    <AuthCard title={t('invitation.title')} titleTestId="invitation-title">
      {error ? (
        <Banner tone="error" testId="invitation-error">
          {error}
        </Banner>
      ) : !invitation ? (
        <p role="status">{t('invitation.loading')}</p>
      ) : (
        <div className="space-y-4" data-testid="invitation">
          <p>
            {t('invitation.body', {
              inviter: invitation.inviter,
              email: invitation.email,
              workspace: invitation.workspace,
              role: t(`roles.${invitation.role}`),
            })}
          </p>
          {invitation.status !== 'pending' ? (
            <Banner tone="info">{t(`invitation.status.${invitation.status}`)}</Banner>
          ) : user ? (
            <div className="flex gap-3">
              <button
                type="button"
                className="btn-primary"
                disabled={busy}
                onClick={() => void answer('accept')}
              >
                {t('invitation.accept')}
              </button>
              <button
                type="button"
                className="btn-outline"
                disabled={busy}
                onClick={() => void answer('decline')}
              >
                {t('invitation.decline')}
              </button>
            </div>
          ) : (
            <>
              <p>{t('invitation.signedOut', { email: invitation.email })}</p>
              <div className="flex gap-3">
                <Link to={`/signin?redirect=${encodeURIComponent(here)}`} className="btn-outline">
                  {t('invitation.signIn')}
                </Link>
                <Link to="/signin" state={{ tab: 'signup', returnTo: here }} className="btn-primary">
                  {t('invitation.signUp')}
                </Link>
              </div>
            </>
          )}
        </div>
      )}
    </AuthCard>
  )
}
