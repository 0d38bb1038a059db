// Lighthouse's own texts of a result (audit titles, descriptions, display values) in both product
// languages. Lighthouse writes an LHR in the one locale it ran in, but it also records where each of its
// messages sits (lhr.i18n.icuMessagePaths), so its swapLocale re-renders the result in any locale it
// ships, with its own translations. Farol's results are read in either language whatever the run's.
import type { Lang } from '../types.ts'
import type { LighthouseResult, LighthouseTexts } from './types.ts'

/** Portuguese as Farol's users write it (Lighthouse ships both pt and pt-PT); the same as the run locale. */
export const LIGHTHOUSE_LOCALES = { pt: 'pt-PT', en: 'en-US' } as const satisfies Record<Lang, string>

/**
 * Every audit's texts in both languages. Loads Lighthouse's localisation (all its locales, several MB),
 * so it belongs in the Lighthouse child process, which has them loaded already. Throws on an LHR without
 * i18n.icuMessagePaths (one trimmed by hand, or from an old Lighthouse).
 */
export async function lighthouseTexts(lhr: LighthouseResult): Promise<LighthouseTexts> {
  const { swapLocale } = await import('lighthouse/shared/localization/swap-locale.js')
  // Lighthouse's declaration names its global LH.Result type, which is not in scope here: the same type.
  const audits = (locale: string) => (swapLocale(lhr, locale as never).lhr as LighthouseResult).audits
  const pt = audits(LIGHTHOUSE_LOCALES.pt)
  const en = audits(LIGHTHOUSE_LOCALES.en)
  const out: LighthouseTexts = {}
  for (const [id, e] of Object.entries(en)) {
    // swapLocale rewrites strings in place, so both renderings have the same audits and fields.
    const p = pt[id] ?? e
    out[id] = {
      title: { pt: p.title, en: e.title },
      description: { pt: p.description, en: e.description },
      ...(e.displayValue !== undefined
        ? { displayValue: { pt: p.displayValue ?? e.displayValue, en: e.displayValue } }
        : {}),
    }
  }
  return out
}
