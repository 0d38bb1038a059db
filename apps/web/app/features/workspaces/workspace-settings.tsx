// The active workspace's own life, as far as the role allows (the server's abilities): its owners rename
// it and delete it (typing its name, everything in it erased), anyone leaves it (an owner only while another
// owner stays: the page says so, and the server's refusal is shown translated). A personal
// workspace is neither deleted nor left: the page says so instead of offering it.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { WorkspaceAbilities } from '~/lib/session.ts'
import { type Workspace, workspacesApi } from './api.ts'

const input =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function WorkspaceSettings({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilities }) {
  const { t, lang } = useTranslation('workspaces')
  const ids = useId()
  const [name, setName] = useState(workspace.name)
  const [confirm, setConfirm] = useState('')
  const [stage, setStage] = useState<'idle' | 'leave' | 'delete'>('idle')
  const [error, setError] = useState<string | null>(null)
  const confirmRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (stage !== 'idle') confirmRef.current?.focus()
  }, [stage])

  if (!can.rename && !can.leave && !can.delete && !workspace.personal) return null

  // After leaving or deleting, the suite goes on in the personal workspace (the server falls back to it).
  const act = async (action: () => Promise<unknown>, done: string, reload: boolean) => {
    setError(null)
    try {
      await action()
      notify('success', done)
      if (reload) window.location.assign('/suite/workspace')
      else window.location.reload()
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const rename = (e: FormEvent) => {
    e.preventDefault()
    void act(
      () => workspacesApi('/workspaces/current', lang, { method: 'PATCH', body: JSON.stringify({ name }) }),
      t('settings.renamed'),
      false,
    )
  }
  const leave = () =>
    act(
      () => workspacesApi('/workspaces/current/leave', lang, { method: 'POST' }),
      t('settings.left', { name: workspace.name }),
      true,
    )
  const remove = (e: FormEvent) => {
    e.preventDefault()
    void act(
      () =>
        workspacesApi('/workspaces/current', lang, {
          method: 'DELETE',
          body: JSON.stringify({ confirm }),
        }),
      t('settings.deleted', { name: workspace.name }),
      true,
    )
  }

  return (
    <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid="workspace-settings">
      <h2 className="text-lg font-semibold">{t('settings.title')}</h2>
      {can.rename ? (
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={rename}>
          <div className="min-w-60 flex-1">
            <label htmlFor={`${ids}-name`} className="text-sm font-medium">
              {t('settings.name')}
            </label>
            <input
              id={`${ids}-name`}
              required
              maxLength={80}
              className={input}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-outline" disabled={!name.trim() || name === workspace.name}>
            {t('settings.rename')}
          </button>
        </form>
      ) : null}
      {workspace.personal ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t('settings.personal')}</p>
      ) : null}
      {can.leave ? (
        <div className="mt-4">
          {stage === 'leave' ? (
            <fieldset className="flex flex-wrap items-center gap-2">
              <legend className="mb-2 text-sm">
                {t('settings.confirmLeave', { name: workspace.name })}
                {workspace.role === 'owner' ? ` ${t('settings.ownerLeaves')}` : ''}
              </legend>
              <button
                ref={(el) => {
                  confirmRef.current = el
                }}
                type="button"
                className="btn-primary btn-small"
                onClick={() => void leave()}
              >
                {t('settings.leaveYes')}
              </button>
              <button type="button" className="btn-outline btn-small" onClick={() => setStage('idle')}>
                {t('settings.stay')}
              </button>
            </fieldset>
          ) : (
            <button
              type="button"
              className="btn-outline btn-small"
              onClick={() => setStage('leave')}
              data-testid="workspace-leave"
            >
              {t('settings.leave')}
            </button>
          )}
        </div>
      ) : null}
      {can.delete ? (
        <div className="mt-5 rounded-md border border-red-300 p-4 dark:border-red-800">
          <h3 className="font-semibold text-red-800 dark:text-red-300">{t('settings.deleteTitle')}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('settings.deleteHint')}</p>
          {stage === 'delete' ? (
            <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={remove}>
              <div className="min-w-60 flex-1">
                <label htmlFor={`${ids}-confirm`} className="text-sm font-medium">
                  {t('settings.typeName', { name: workspace.name })}
                </label>
                <input
                  id={`${ids}-confirm`}
                  ref={(el) => {
                    confirmRef.current = el
                  }}
                  className={input}
                  value={confirm}
                  autoComplete="off"
                  onChange={(e) => setConfirm(e.target.value)}
                />
              </div>
              <button
                type="submit"
                className="btn-primary bg-red-700 hover:bg-red-800"
                disabled={confirm.trim() !== workspace.name.trim()}
              >
                {t('settings.deleteYes')}
              </button>
              <button type="button" className="btn-outline" onClick={() => setStage('idle')}>
                {t('settings.keep')}
              </button>
            </form>
          ) : (
            <button
              type="button"
              className="btn-outline btn-small mt-3"
              onClick={() => setStage('delete')}
              data-testid="workspace-delete"
            >
              {t('settings.delete')}
            </button>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  )
}
