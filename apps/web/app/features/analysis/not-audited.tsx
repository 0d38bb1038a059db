import type { AuditResult } from '@farol/engine'
import { FileWarning } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'

/**
 * A page that answered 4xx/5xx is not audited as content (the engine says why): the reader sees its status
 * and the reason, not content scores that would judge an error page.
 */
export function NotAuditedNotice({ result }: { result: AuditResult | null }) {
  const { t, lang } = useTranslation('core')
  const reason = result?.onPage?.summary?.notAudited ?? result?.aio?.notAudited
  if (!result || !reason) return null
  const status = result.onPage?.summary?.statusCode
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
      data-testid="not-audited"
    >
      <p className="flex items-center gap-2 font-semibold">
        <FileWarning className="size-5 shrink-0" aria-hidden="true" />
        {t('notAudited.title', { status })}
      </p>
      <p className="mt-1 text-sm">{reason[lang]}</p>
    </div>
  )
}
