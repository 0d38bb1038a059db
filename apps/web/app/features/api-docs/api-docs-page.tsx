import { useTranslation } from '~/lib/i18n.tsx'

/** The parts of the OpenAPI document the reference shows. */
export interface DocOperation {
  method: string
  path: string
  summary: string
  scope: string
  parameters: { name: string; in: string; required: boolean; schema: unknown }[]
  body: unknown | null
  responses: { status: string; description: string }[]
}

/** Operations of an OpenAPI document, with their summary in the page's language. */
export function operationsOf(document: unknown, lang: 'pt' | 'en'): DocOperation[] {
  const paths = ((document ?? {}) as { paths?: Record<string, Record<string, Record<string, unknown>>> })
    .paths
  const list: DocOperation[] = []
  for (const [path, methods] of Object.entries(paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content
      list.push({
        method: method.toUpperCase(),
        path,
        summary: String((lang === 'pt' ? op['x-summary-pt'] : null) ?? op.summary ?? ''),
        scope: String(op['x-scope'] ?? ''),
        parameters: (op.parameters as DocOperation['parameters']) ?? [],
        body: content?.['application/json']?.schema ?? null,
        responses: Object.entries((op.responses ?? {}) as Record<string, { description: string }>).map(
          ([status, r]) => ({ status, description: r.description }),
        ),
      })
    }
  }
  return list
}

export function ApiDocsPage({
  operations,
  publicUrl,
}: {
  operations: DocOperation[] | null
  publicUrl: string
}) {
  const { t } = useTranslation('api-docs')
  const base = publicUrl.replace(/\/+$/, '')
  const code = 'rounded bg-slate-100 px-1 text-sm dark:bg-slate-800'
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-100">{t('title')}</h1>
        <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      </header>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{t('authTitle')}</h2>
        <p className="text-slate-700 dark:text-slate-300">{t('auth')}</p>
        <pre className="overflow-x-auto rounded bg-slate-900 p-3 text-sm text-slate-100">
          {`curl -H "Authorization: Bearer farol_…" ${base}/api/v1/sites`}
        </pre>
        <h3 className="font-semibold text-slate-900 dark:text-slate-100">{t('scopesTitle')}</h3>
        <ul className="list-disc pl-6 text-slate-700 dark:text-slate-300">
          {(['read', 'audit', 'sites'] as const).map((s) => (
            <li key={s}>
              <code className={code}>{s}</code>: {t(`scope.${s}`)}
            </li>
          ))}
        </ul>
        <p className="text-slate-700 dark:text-slate-300">{t('limits')}</p>
        <p>
          <a href="/api/v1/openapi.json" className="text-blue-700 underline dark:text-blue-300">
            {t('openapi')}
          </a>
        </p>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{t('mcpTitle')}</h2>
        <p className="text-slate-700 dark:text-slate-300">{t('mcp', { url: `${base}/mcp` })}</p>
      </section>
      <section className="space-y-6" data-testid="api-operations">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{t('operationsTitle')}</h2>
        {operations === null ? <p role="alert">{t('unavailable')}</p> : null}
        {(operations ?? []).map((op) => (
          <article
            key={`${op.method} ${op.path}`}
            className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <h3 className="font-mono text-lg text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
              <span className="mr-2 font-bold">{op.method}</span>
              /api/v1{op.path}
            </h3>
            <p className="text-slate-700 dark:text-slate-300">{op.summary}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('scopeLabel')}: <code className={code}>{op.scope}</code>
            </p>
            {op.parameters.length ? (
              <div>
                <h4 className="font-medium">{t('parameters')}</h4>
                <ul className="list-disc pl-6 text-sm">
                  {op.parameters.map((p) => (
                    <li key={`${p.in}:${p.name}`}>
                      <code className={code}>{p.name}</code> ({p.in}
                      {p.required ? `, ${t('required')}` : ''}):{' '}
                      <code className="[overflow-wrap:anywhere]">{JSON.stringify(p.schema)}</code>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {op.body ? (
              <div>
                <h4 className="font-medium">{t('body')}</h4>
                <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
                  {JSON.stringify(op.body, null, 2)}
                </pre>
              </div>
            ) : null}
            <div>
              <h4 className="font-medium">{t('responses')}</h4>
              <ul className="text-sm">
                {op.responses.map((r) => (
                  <li key={r.status}>
                    <code className={code}>{r.status}</code> {r.description}
                  </li>
                ))}
              </ul>
            </div>
          </article>
        ))}
      </section>
    </main>
  )
}
