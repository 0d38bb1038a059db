import { useTranslation } from '~/lib/i18n.tsx'

/** Until the suite issue builds the dashboard: the received analysis request. */
export function SuitePlaceholder({ url, projectId }: { url: string | null; projectId: string | null }) {
  const { t } = useTranslation('pages')
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold text-slate-900">{t('suite.title')}</h1>
      {url ? (
        <dl className="mt-6 grid gap-2 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="font-semibold text-slate-700">{t('suite.receivedUrl')}</dt>
          <dd className="break-all text-slate-900" data-testid="suite-url">
            {url}
          </dd>
          {projectId ? (
            <>
              <dt className="font-semibold text-slate-700">{t('suite.projectId')}</dt>
              <dd className="break-all text-slate-900" data-testid="suite-project">
                {projectId}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="mt-6 text-lg text-slate-700">{t('suite.noUrl')}</p>
      )}
      <p className="mt-6 text-slate-700">{t('suite.pending')}</p>
    </div>
  )
}
