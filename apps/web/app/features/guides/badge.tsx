import { cx } from '~/lib/cx.ts'

const tones: Record<string, string> = {
  SEO: 'bg-blue-100 text-blue-900 ring-blue-200 dark:bg-blue-900/60 dark:text-blue-200 dark:ring-blue-800',
  AIO: 'bg-violet-100 text-violet-900 ring-violet-200 dark:bg-violet-900/60 dark:text-violet-200 dark:ring-violet-800',
  IA: 'bg-emerald-100 text-emerald-900 ring-emerald-200 dark:bg-emerald-900/60 dark:text-emerald-200 dark:ring-emerald-800',
}

/** A small SEO / AIO / IA relevance label (dark text on a light tint: contrast above 7:1). */
export function RelevanceBadge({ kind, label }: { kind: string; label?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[kind] ??
          'bg-slate-100 text-slate-900 ring-slate-200 dark:bg-slate-800 dark:text-slate-50 dark:ring-slate-700',
      )}
    >
      {label ?? kind}
    </span>
  )
}
