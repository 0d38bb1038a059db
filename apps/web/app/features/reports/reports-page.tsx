import { Lock } from 'lucide-react'
import { Link } from 'react-router'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { GenerateForm } from './generate-form.tsx'
import { ReportList } from './report-list.tsx'
import type { Report } from './types.ts'
import { useReports } from './use-reports.ts'

export interface ReportsPageData {
  signedIn: boolean
  reports: Report[]
  loadFailed: boolean
}

/** Signed-out visitors: 'You must be logged in to generate reports' and a way to sign in. */
function LoginPrompt() {
  const { t } = useTranslation('reports')
  return (
    <section
      className="card mx-auto max-w-md text-center"
      data-testid="reports-login"
      aria-labelledby="reports-login-title"
    >
      <Lock className="mx-auto size-8 text-blue-700 dark:text-blue-400" aria-hidden="true" />
      <h2 id="reports-login-title" className="mt-3 text-xl font-bold text-slate-900 dark:text-slate-50">
        {t('page.loginTitle')}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('page.loginBody')}</p>
      <Link
        to={`/signin?redirect=${encodeURIComponent('/suite/reports')}`}
        className="btn-primary btn-small mt-4"
      >
        {t('page.loginButton')}
      </Link>
    </section>
  )
}

/** /suite/reports (spec §2): generate a report from an address; the list of reports, kept live. */
export function ReportsPage({ data }: { data: ReportsPageData }) {
  const { t } = useTranslation('reports')
  const { reports, add } = useReports(data.reports, { enabled: data.signedIn, loadFailed: data.loadFailed })
  // A client reads the reports of the sites shared with them; making one is for those who change sites.
  const can = useCan()
  if (!data.signedIn) return <LoginPrompt />
  return (
    <div className="flex flex-col gap-6" data-testid="reports-page">
      <p className="text-slate-700 dark:text-slate-300">{t('page.lead')}</p>
      {can.write ? <GenerateForm onCreated={add} /> : null}
      <ReportList reports={reports} />
    </div>
  )
}
