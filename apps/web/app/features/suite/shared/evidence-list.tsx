import type { Evidence, Finding, Lang } from '@farol/engine'
import { inLang } from '~/features/analysis/localized.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatNumber } from '../../ui/format.ts'

/** A measured value as people read it in their language: yes/no, 31,5 in Portuguese, — when unknown. */
export function formatEvidenceValue(value: Evidence['value'], lang: Lang, yes: string, no: string): string {
  if (value === null) return '—'
  if (typeof value === 'boolean') return value ? yes : no
  if (typeof value === 'number') return formatNumber(value, lang, 3)
  return value
}

/** What a finding measured, and how strong the evidence is that it matters (with its source). */
export function EvidenceList({
  evidence,
  strength,
}: {
  evidence: Evidence[]
  strength?: Finding['strength']
}) {
  const { t, lang } = useTranslation('suite')
  if (!evidence.length && !strength) return null
  return (
    <div className="mt-2 text-sm">
      {evidence.length ? (
        <dl
          className="grid gap-x-3 gap-y-1 text-slate-700 sm:grid-cols-[auto_1fr] dark:text-slate-300"
          aria-label={t('evidence.title')}
        >
          {evidence.map((item, index) => (
            // Evidence items have no id; their order is fixed by the engine.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <div key={index} className="contents">
              <dt className="font-medium">{inLang(item.signal, lang)}</dt>
              <dd className="break-words">
                {formatEvidenceValue(item.value, lang, t('evidence.yes'), t('evidence.no'))}
                {item.target ? (
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    ({t('evidence.target', { target: inLang(item.target, lang) })})
                  </span>
                ) : null}
                {item.where ? (
                  <span
                    className="block text-xs text-slate-600 dark:text-slate-400"
                    data-testid="evidence-where"
                  >
                    {t('evidence.where', { where: inLang(item.where, lang) })}
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {strength ? (
        <p
          className="mt-2 rounded-md bg-slate-100 px-3 py-2 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          data-testid="evidence-strength"
          data-level={strength.level}
        >
          <span className="font-semibold">{t(`evidence.strength.${strength.level}`)}:</span>{' '}
          {strength.note[lang]}
        </p>
      ) : null}
    </div>
  )
}
