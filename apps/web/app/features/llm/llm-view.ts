// Pure helpers of the page: how a rate with its interval reads, the presence band, highlight segments.
import type { Proportion } from '@farol/engine/visibility/metrics.ts'
import type { Lang } from '~/lib/route-table.ts'
import { formatPercent } from '../ui/format.ts'

function percent(x: number | null, lang: Lang): string {
  return x === null ? '—' : formatPercent(x, lang, 0)
}

/** "60% (IC 95%: 31%–83%; n = 10)" through the page's translation. */
export function intervalText(
  p: Proportion,
  t: (key: string, values?: Record<string, unknown>) => string,
  lang: Lang = 'en',
): string {
  if (p.n === 0 || p.rate === null) return t('presence.intervalEmpty')
  return t('presence.interval', {
    rate: percent(p.rate, lang),
    low: percent(p.low, lang),
    high: percent(p.high, lang),
    n: p.n,
  })
}

/** Spec: LLM presence 70+ high, 40+ moderate, else low. */
export function presenceLevel(score: number): 'high' | 'moderate' | 'low' {
  return score >= 70 ? 'high' : score >= 40 ? 'moderate' : 'low'
}

/** Splits `text` into plain and highlighted runs from non-overlapping spans (sorted, merged). */
export function highlightSegments(
  text: string,
  spans: { start: number; end: number }[],
): { text: string; mark: boolean; start: number }[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start)
  const out: { text: string; mark: boolean; start: number }[] = []
  let at = 0
  for (const s of sorted) {
    const start = Math.max(s.start, at)
    if (start >= s.end) continue
    if (start > at) out.push({ text: text.slice(at, start), mark: false, start: at })
    out.push({ text: text.slice(start, s.end), mark: true, start })
    at = s.end
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false, start: at })
  return out
}
