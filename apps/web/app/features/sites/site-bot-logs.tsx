// A tracked site's access-log sources: a folder under the administrator's log root and/or an S3 prefix,
// read on a schedule into the AI crawlers page. Off on this server: said in user words; the variable to
// set is shown to administrators only (the server sends it to them alone).
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDateTime } from '../ui/format.ts'
import { sitesApi } from './api.ts'

interface SourceView {
  folder: { enabled: boolean; value: string | null }
  s3: { enabled: boolean; value: string | null }
  adminHint: { folder: string; s3: string[] } | null
  lastReadAt: string | null
  lastError: { code: string; message: string } | null
  lastNewLines: number | null
}

export function SiteBotLogs({ siteId, siteUrl }: { siteId: string; siteUrl: string }) {
  const { t, lang } = useTranslation('sites')
  const ids = useId()
  const [view, setView] = useState<SourceView | null>(null)
  const [folder, setFolder] = useState('')
  const [s3, setS3] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  const show = useCallback((v: SourceView) => {
    setView(v)
    setFolder(v.folder.value ?? '')
    setS3(v.s3.value ?? '')
  }, [])
  const load = useCallback(async () => {
    try {
      show(await sitesApi<SourceView>(`/sites/${siteId}/bot-logs`, lang))
    } catch (e) {
      setError((e as Error).message)
    }
  }, [siteId, lang, show])
  useEffect(() => {
    void load()
  }, [load])

  async function save(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setSaved(false)
    try {
      show(
        await sitesApi<SourceView>(`/sites/${siteId}/bot-logs`, lang, {
          method: 'PUT',
          body: JSON.stringify({ folder: folder || null, s3Url: s3 || null }),
        }),
      )
      setSaved(true)
    } catch (e) {
      setError((e as Error).message)
    }
  }

  async function remove() {
    setError(null)
    setSaved(false)
    try {
      await sitesApi(`/sites/${siteId}/bot-logs`, lang, { method: 'DELETE' })
      await load()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  if (!view) return null
  const input =
    'mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900'
  const anyOn = view.folder.enabled || view.s3.enabled
  return (
    <section aria-labelledby={`${ids}-botlogs`} className="mt-6 space-y-3" data-testid="site-bot-logs">
      <h3 id={`${ids}-botlogs`} className="font-semibold">
        {t('botLogs.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('botLogs.description')}</p>
      {!view.folder.enabled ? <p className="text-sm">{t('botLogs.folderOff')}</p> : null}
      {!view.s3.enabled ? <p className="text-sm">{t('botLogs.s3Off')}</p> : null}
      {view.adminHint ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="bot-logs-admin-hint">
          {t('botLogs.adminHint', { folder: view.adminHint.folder, s3: view.adminHint.s3.join(', ') })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {t('botLogs.saved')}
        </p>
      ) : null}
      {anyOn ? (
        <form onSubmit={save} className="space-y-2">
          {view.folder.enabled ? (
            <label className="block text-sm">
              {t('botLogs.folder')}
              <input
                value={folder}
                onChange={(e) => setFolder(e.target.value)}
                placeholder={t('botLogs.folderHint')}
                aria-describedby={`${ids}-folder-hint`}
                className={input}
              />
              <span id={`${ids}-folder-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                {t('botLogs.folderHint')}
              </span>
            </label>
          ) : null}
          {view.s3.enabled ? (
            <label className="block text-sm">
              {t('botLogs.s3')}
              <input
                value={s3}
                onChange={(e) => setS3(e.target.value)}
                placeholder={t('botLogs.s3Hint')}
                className={input}
              />
            </label>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              className="min-h-11 rounded-md bg-blue-700 px-4 text-white hover:bg-blue-800"
            >
              {t('botLogs.save')}
            </button>
            {view.folder.value || view.s3.value ? (
              <button
                type="button"
                onClick={remove}
                className="min-h-11 px-2 text-red-800 underline dark:text-red-300"
              >
                {t('botLogs.remove')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {view.folder.value || view.s3.value ? (
        <p className="text-sm" data-testid="bot-logs-last-read">
          {view.lastError
            ? t('botLogs.lastError', { message: view.lastError.message })
            : view.lastReadAt
              ? t('botLogs.lastRead', {
                  date: formatDateTime(view.lastReadAt, lang === 'en' ? 'en' : 'pt'),
                  count: view.lastNewLines ?? 0,
                })
              : t('botLogs.never')}
          {view.lastReadAt ? (
            <>
              {' '}
              <Link className="underline" to={`/suite/bots?${new URLSearchParams({ url: siteUrl })}`}>
                {t('botLogs.see')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  )
}
