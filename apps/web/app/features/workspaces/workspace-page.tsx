// /suite/workspace: the active workspace (name, your role), creating another one, and for its owners and
// admins the members (their role changed, removed), invitations by email and which sites each client sees.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { TrackedSite } from '../sites/api.ts'
import { type WorkspaceList, type WorkspaceMembers, workspacesApi } from './api.ts'
import { BrandForm } from './brand-form.tsx'
import { MemberControls } from './member-controls.tsx'
import { ReportSchedules } from './report-schedules.tsx'
import { WorkspaceSettings } from './workspace-settings.tsx'

const input =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function WorkspacePage() {
  const { t, lang } = useTranslation('workspaces')
  const ids = useId()
  const [list, setList] = useState<WorkspaceList | null>(null)
  const [people, setPeople] = useState<WorkspaceMembers | null>(null)
  const [sites, setSites] = useState<TrackedSite[]>([])
  const [error, setError] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<'member' | 'admin' | 'client'>('client')
  // The invitation email's language for someone without an account: the inviter's own unless changed.
  const [emailLang, setEmailLang] = useState<'pt' | 'en'>(lang)

  const load = useCallback(async () => {
    try {
      const l = await workspacesApi<WorkspaceList>('/workspaces', lang)
      setList(l)
      // Only those who may change the workspace read its people and sites here (a client gets neither).
      if (!l.active.can.write) return
      const [p, s] = await Promise.all([
        workspacesApi<WorkspaceMembers>('/workspaces/current/members', lang),
        workspacesApi<{ sites: TrackedSite[] }>('/sites', lang),
      ])
      setPeople(p)
      setSites(s.sites)
    } catch (e) {
      setError((e as Error).message)
    }
  }, [lang])
  useEffect(() => {
    void load()
  }, [load])

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action()
      if (done) notify('success', done)
      await load()
    } catch (e) {
      notify('error', (e as Error).message)
    }
  }
  const create = async (e: FormEvent) => {
    e.preventDefault()
    await run(async () => {
      await workspacesApi('/workspaces', lang, { method: 'POST', body: JSON.stringify({ name }) })
      window.location.reload()
    }, t('page.created'))
  }
  const invite = async (e: FormEvent) => {
    e.preventDefault()
    await run(
      async () => {
        await workspacesApi('/workspaces/current/invitations', lang, {
          method: 'POST',
          body: JSON.stringify({ email, role, lang: emailLang }),
        })
        setEmail('')
      },
      t('page.invited', { email }),
    )
  }
  const share = (siteId: string, userId: string, on: boolean) =>
    run(() =>
      on
        ? workspacesApi(`/sites/${siteId}/shares`, lang, { method: 'POST', body: JSON.stringify({ userId }) })
        : workspacesApi(`/sites/${siteId}/shares/${userId}`, lang, { method: 'DELETE' }),
    )

  if (error) return <p role="alert">{error}</p>
  if (!list) return <p role="status">{t('page.loading')}</p>
  const roleName = (r: string | null) => (r ? t(`roles.${r}`) : '')
  return (
    <div className="space-y-8" data-testid="workspace-page">
      <section className="card dark:border-slate-700 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">{t('page.current', { name: list.active.name })}</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {t('page.yourRole', { role: roleName(list.active.role) })}
        </p>
        {list.active.role === 'client' ? <p className="mt-2">{t('page.readOnly')}</p> : null}
      </section>

      {people ? (
        <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid="workspace-members">
          <h2 className="text-lg font-semibold">{t('page.membersTitle')}</h2>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {people.members.map((m) => (
              <li key={m.id} className="py-3">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-medium">{m.name || m.email}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">{m.email}</span>
                  <span
                    className="rounded bg-slate-100 px-2 py-0.5 text-sm dark:bg-slate-800"
                    data-testid="member-role"
                  >
                    {roleName(m.role)}
                  </span>
                </div>
                {people.canManage ? (
                  <MemberControls member={m} viewer={list.active.role} onChanged={load} />
                ) : null}
                {m.role === 'client' && people.canManage ? (
                  <fieldset className="mt-2">
                    <legend className="text-sm font-medium">{t('page.sharedSites')}</legend>
                    {sites.length === 0 ? (
                      <p className="text-sm">{t('page.noSites')}</p>
                    ) : (
                      sites.map((s) => (
                        <label key={s.id} className="mr-4 inline-flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            checked={m.sites.includes(s.id)}
                            onChange={(e) => void share(s.id, m.userId, e.target.checked)}
                          />
                          {s.url}
                        </label>
                      ))
                    )}
                  </fieldset>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {people?.canManage ? (
        <section className="card dark:border-slate-700 dark:bg-slate-900">
          <h2 className="text-lg font-semibold">{t('page.inviteTitle')}</h2>
          <form
            className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]"
            onSubmit={(e) => void invite(e)}
            data-testid="invite-form"
          >
            <div>
              <label htmlFor={`${ids}-email`} className="text-sm font-medium">
                {t('page.email')}
              </label>
              <input
                id={`${ids}-email`}
                type="email"
                required
                className={input}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${ids}-role`} className="text-sm font-medium">
                {t('page.role')}
              </label>
              <select
                id={`${ids}-role`}
                className={input}
                value={role}
                onChange={(e) => setRole(e.target.value as typeof role)}
              >
                {(['client', 'member', 'admin'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${ids}-lang`} className="text-sm font-medium">
                {t('page.emailLang')}
              </label>
              <select
                id={`${ids}-lang`}
                className={input}
                value={emailLang}
                onChange={(e) => setEmailLang(e.target.value === 'en' ? 'en' : 'pt')}
                aria-describedby={`${ids}-lang-hint`}
                data-testid="invite-lang"
              >
                <option value="pt" lang="pt">
                  Português
                </option>
                <option value="en" lang="en">
                  English
                </option>
              </select>
            </div>
            <button type="submit" className="btn-primary self-end">
              {t('page.invite')}
            </button>
            <p id={`${ids}-lang-hint`} className="text-sm text-slate-600 sm:col-span-4 dark:text-slate-400">
              {t('page.emailLangHint')}
            </p>
          </form>
          <h3 className="mt-5 font-semibold">{t('page.pendingTitle')}</h3>
          {people.invitations.length === 0 ? (
            <p className="text-sm">{t('page.noPending')}</p>
          ) : (
            <ul className="mt-2 space-y-2" data-testid="workspace-invitations">
              {people.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center gap-3 text-sm">
                  <span>{i.email}</span>
                  <span>{roleName(i.role)}</span>
                  <button
                    type="button"
                    className="btn-outline btn-small"
                    onClick={() =>
                      void run(() =>
                        workspacesApi(`/workspaces/current/invitations/${i.id}`, lang, { method: 'DELETE' }),
                      )
                    }
                  >
                    {t('page.cancel')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {people?.canManage ? <BrandForm defaultName={list.active.name} /> : null}
      {people?.canManage ? <ReportSchedules sites={sites} /> : null}

      <WorkspaceSettings workspace={list.active} can={list.active.can} />

      <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid="workspace-create">
        <h2 className="text-lg font-semibold">{t('page.createTitle')}</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('page.createHint')}</p>
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(e) => void create(e)}>
          <div className="min-w-60 flex-1">
            <label htmlFor={`${ids}-name`} className="text-sm font-medium">
              {t('page.name')}
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
          <button type="submit" className="btn-primary">
            {t('page.create')}
          </button>
        </form>
      </section>
    </div>
  )
}
