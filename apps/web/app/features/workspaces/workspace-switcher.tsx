// The suite header's workspace switcher: which workspace the suite shows. Choosing one makes it the
// session's active workspace on the server (workspaces/access.ts), then the page reloads its data.
import { Settings2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type Workspace, type WorkspaceList, workspacesApi } from './api.ts'

export function WorkspaceSwitcher() {
  const { t, lang } = useTranslation('workspaces')
  const id = useId()
  const [data, setData] = useState<WorkspaceList | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    workspacesApi<WorkspaceList>('/workspaces', lang)
      .then(setData)
      .catch(() => setData(null))
  }, [lang])

  if (!data) return null
  async function choose(workspaceId: string) {
    setBusy(true)
    try {
      await workspacesApi('/workspaces/active', lang, {
        method: 'POST',
        body: JSON.stringify({ workspaceId }),
      })
      window.location.reload()
    } catch (error) {
      notify('error', t('switcher.error'), error instanceof Error ? error.message : undefined)
      setBusy(false)
    }
  }
  const label = (w: Workspace) => (w.personal ? `${t('switcher.personal')} · ${w.name}` : w.name)
  return (
    <div className="flex min-w-0 items-center gap-1" data-testid="workspace-switcher">
      <label htmlFor={id} className="sr-only">
        {t('switcher.label')}
      </label>
      <select
        id={id}
        className="min-h-9 w-24 truncate sm:w-auto sm:max-w-48 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        value={data.active.id}
        disabled={busy}
        onChange={(e) => void choose(e.target.value)}
      >
        {data.workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {label(w)}
          </option>
        ))}
      </select>
      <Link
        to="/suite/workspace"
        className="btn-icon hidden sm:inline-flex"
        aria-label={t('switcher.manage')}
        title={t('switcher.manage')}
      >
        <Settings2 className="size-4" aria-hidden="true" />
      </Link>
    </div>
  )
}
