// One member's role and removal, for the workspace's owners and admins (the server decides: only an owner
// touches an owner, and the last owner is neither demoted nor removed — its message is shown here).
// Native controls: a labelled select with its own save button (no change on arrow keys), and a removal
// asked twice, focus moving to the confirmation and back.
import { useEffect, useId, useRef, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type WorkspaceMember, type WorkspaceRole, workspacesApi } from './api.ts'
import { assignableRoles } from './roles.ts'

const select =
  'min-h-11 rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function MemberControls(props: {
  member: WorkspaceMember
  viewer: WorkspaceRole
  onChanged: () => Promise<void>
}) {
  const { member, viewer } = props
  const { t, lang } = useTranslation('workspaces')
  const id = useId()
  const [role, setRole] = useState<WorkspaceRole>(member.role ?? 'member')
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  const roles = assignableRoles(viewer, member.role)
  const name = member.name || member.email
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  if (roles.length === 0) return null

  const act = async (action: () => Promise<unknown>, done: string) => {
    setError(null)
    try {
      await action()
      notify('success', done)
      await props.onChanged()
    } catch (e) {
      setError((e as Error).message)
      setConfirming(false)
    }
  }
  const changeRole = () =>
    act(
      () =>
        workspacesApi(`/workspaces/current/members/${member.id}`, lang, {
          method: 'PATCH',
          body: JSON.stringify({ role }),
        }),
      t('page.roleChanged', { name, role: t(`roles.${role}`) }),
    )
  const remove = () =>
    act(
      () => workspacesApi(`/workspaces/current/members/${member.id}`, lang, { method: 'DELETE' }),
      t('page.removed'),
    )

  return (
    <div className="mt-2" data-testid="member-controls">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium">
            {t('page.roleOf', { name })}
          </label>
          <select
            id={`${id}-role`}
            className={select}
            value={role}
            onChange={(e) => setRole(e.target.value as WorkspaceRole)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn-outline btn-small"
          disabled={role === member.role}
          onClick={() => void changeRole()}
        >
          {t('page.changeRole')}
        </button>
        {confirming ? null : (
          <button
            ref={removeRef}
            type="button"
            className="btn-outline btn-small"
            aria-label={t('page.removeMember', { name })}
            onClick={() => setConfirming(true)}
          >
            {t('page.remove')}
          </button>
        )}
      </div>
      {confirming ? (
        <fieldset className="mt-2 flex flex-wrap items-center gap-2">
          <legend className="text-sm">{t('page.confirmRemove', { name })}</legend>
          <button
            ref={confirmRef}
            type="button"
            className="btn-primary btn-small"
            onClick={() => void remove()}
          >
            {t('page.confirm')}
          </button>
          <button
            type="button"
            className="btn-outline btn-small"
            onClick={() => {
              setConfirming(false)
              // Back to the button that asked, once it is shown again.
              requestAnimationFrame(() => removeRef.current?.focus())
            }}
          >
            {t('page.keep')}
          </button>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  )
}
