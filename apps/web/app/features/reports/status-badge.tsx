import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { ReportStatus } from './types.ts'

const known = {
  pending: {
    icon: Loader2,
    classes: 'bg-blue-50 text-blue-800 dark:bg-blue-950/60 dark:text-blue-300',
    spin: true,
  },
  success: {
    icon: CheckCircle2,
    classes: 'bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-300',
    spin: false,
  },
  failed: {
    icon: XCircle,
    classes: 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300',
    spin: false,
  },
} as const

/** Spec §4: 'Processando', 'Sucesso', 'Falhou'; any other status is shown as it is. */
export function StatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation('reports')
  const style = status in known ? known[status as keyof typeof known] : null
  const Icon = style?.icon
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium',
        style?.classes ?? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
      )}
      data-testid="report-status"
      data-status={status}
    >
      {Icon ? <Icon className={cx('size-4', style?.spin && 'animate-spin')} aria-hidden="true" /> : null}
      {style ? t(`status.${status}`) : status}
    </span>
  )
}
