// Scheduled summary emails of the workspace's sites (/suite/workspace): for each site, weekly, monthly or
// none, and who receives it (reports/scheduled.ts sends each period once).
import { type FormEvent, useEffect, useId, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { TrackedSite } from '../sites/api.ts'
import { workspacesApi } from './api.ts'

interface Schedule {
  frequency: 'weekly' | 'monthly'
  recipients: string[]
  language: 'pt' | 'en'
}

function SiteSchedule({ site }: { site: TrackedSite }) {
  const { t, lang } = useTranslation('workspaces')
  const ids = useId()
  const [frequency, setFrequency] = useState<'none' | 'weekly' | 'monthly'>('none')
  const [recipients, setRecipients] = useState('')

  useEffect(() => {
    workspacesApi<{ schedule: Schedule | null }>(`/sites/${site.id}/report-schedule`, lang)
      .then(({ schedule }) => {
        if (!schedule) return
        setFrequency(schedule.frequency)
        setRecipients(schedule.recipients.join(', '))
      })
      .catch(() => {})
  }, [site.id, lang])

  const save = async (e: FormEvent) => {
    e.preventDefault()
    try {
      if (frequency === 'none')
        await workspacesApi(`/sites/${site.id}/report-schedule`, lang, { method: 'DELETE' })
      else
        await workspacesApi(`/sites/${site.id}/report-schedule`, lang, {
          method: 'PUT',
          body: JSON.stringify({
            frequency,
            recipients: recipients
              .split(/[,;\s]+/)
              .map((r) => r.trim())
              .filter(Boolean),
            language: lang,
          }),
        })
      notify('success', t('schedule.saved'))
    } catch (err) {
      notify('error', (err as Error).message)
    }
  }
  return (
    <li className="py-3">
      <form className="grid gap-2 sm:grid-cols-[12rem_1fr_auto]" onSubmit={(e) => void save(e)}>
        <p className="font-medium break-all sm:col-span-3">{site.url}</p>
        <div>
          <label htmlFor={`${ids}-f`} className="text-sm">
            {t('schedule.frequency')}
          </label>
          <select
            id={`${ids}-f`}
            className="block min-h-11 w-full rounded-md border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-900"
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as typeof frequency)}
          >
            <option value="none">{t('schedule.none')}</option>
            <option value="weekly">{t('schedule.weekly')}</option>
            <option value="monthly">{t('schedule.monthly')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-r`} className="text-sm">
            {t('schedule.recipients')}
          </label>
          <input
            id={`${ids}-r`}
            className="block min-h-11 w-full rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900"
            value={recipients}
            disabled={frequency === 'none'}
            onChange={(e) => setRecipients(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-outline self-end">
          {t('schedule.save')}
        </button>
      </form>
    </li>
  )
}

export function ReportSchedules({ sites }: { sites: TrackedSite[] }) {
  const { t } = useTranslation('workspaces')
  return (
    <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid="report-schedules">
      <h2 className="text-lg font-semibold">{t('schedule.title')}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('schedule.hint')}</p>
      {sites.length === 0 ? (
        <p className="mt-2 text-sm">{t('page.noSites')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {sites.map((s) => (
            <SiteSchedule key={s.id} site={s} />
          ))}
        </ul>
      )}
    </section>
  )
}
