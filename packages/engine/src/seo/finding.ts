// Building findings: every check declares its meta (id, titles, description in PT and EN) beside its code,
// like a Lighthouse audit, and returns findings through this helper so the shape is uniform.
import type { Evidence, Finding, Localized, Verdict } from '../types.ts'

export interface CheckMeta {
  /** Lighthouse's audit id where Lighthouse judges the same thing, so verdicts can be compared. */
  id: string
  category: Finding['category']
  impact: Finding['impact']
  /** Shown when the check passes (or is not applicable). */
  title: Localized
  /** Shown when it warns or fails. */
  failureTitle: Localized
  /** Why it matters and what to do. */
  description: Localized
}

export interface FindingOptions {
  score?: number | null
  evidence?: Evidence[]
  /** What was found on this page; put before the generic description. */
  detail?: Localized | null
  /** A more specific title than the meta's. */
  title?: Localized
  impact?: Finding['impact']
}

export function makeFinding(meta: CheckMeta, verdict: Verdict, opts: FindingOptions = {}): Finding {
  const passing = verdict === 'pass' || verdict === 'na' || verdict === 'info'
  const detail = opts.detail
  return {
    id: meta.id,
    category: meta.category,
    verdict,
    score: opts.score ?? null,
    title: opts.title ?? (passing ? meta.title : meta.failureTitle),
    description: detail
      ? { pt: `${detail.pt} ${meta.description.pt}`, en: `${detail.en} ${meta.description.en}` }
      : meta.description,
    evidence: opts.evidence ?? [],
    impact: opts.impact ?? meta.impact,
  }
}

/** Text that reads the same in both languages (numbers, symbols, code), e.g. an evidence target "≥ 2". */
export const same = (text: string): Localized => ({ pt: text, en: text })

export const EXAMPLES: Localized = { pt: 'exemplos', en: 'examples' }

/** Joins PT and EN lists for messages ("a, b e c" / "a, b and c"). */
export function listOf(items: readonly string[]): Localized {
  const join = (and: string): string =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`
  return { pt: join('e'), en: join('and') }
}

/** Shortens a list for evidence values so a page with 500 failing links does not make a 500-item string. */
export function sample(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join(', ')
  return items.length > max ? `${shown} (+${items.length - max})` : shown
}

/** Whether a verdict would be a Lighthouse pass (score 1 or not applicable) rather than a failure (score 0). */
export function isLighthousePass(verdict: Verdict): boolean {
  return verdict !== 'fail'
}

const RENDERED_NOTE: Localized = {
  pt: 'Medido na página tal como o Lighthouse a mostrou no Chromium, depois do JavaScript.',
  en: 'Measured on the page as Lighthouse rendered it in Chromium, after JavaScript.',
}

/** Says which page was read; on the rendered one, the description says so too (the screens show it). */
export function measured(f: Finding, measuredOn: 'raw' | 'rendered'): Finding {
  if (measuredOn === 'raw') return { ...f, measuredOn }
  return {
    ...f,
    measuredOn,
    description: {
      pt: `${f.description.pt} ${RENDERED_NOTE.pt}`,
      en: `${f.description.en} ${RENDERED_NOTE.en}`,
    },
  }
}
