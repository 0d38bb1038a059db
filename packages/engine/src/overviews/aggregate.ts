// Across a run's keywords: the share of shown answers that cite the site and each competitor, each with
// its count and the Wilson interval AI presence uses (visibility/metrics.ts), and the keywords where a
// competitor is cited while the site is not (the gaps worth writing for).
import { type Proportion, wilson } from '../visibility/metrics.ts'
import { type AnswerCitations, citationsOf } from './citations.ts'
import { siteHostOf } from './match.ts'
import type { Answer, Surface } from './types.ts'

export interface SurfaceSummary {
  surface: Surface
  /** Keywords asked on this surface. */
  asked: number
  /** Keywords for which Google showed an answer (of those asked). */
  shown: Proportion
  /** Shown answers that cite the site (of those shown). */
  site: Proportion
  /** Per domain, shown answers that cite it (of those shown): the given competitors first, then the rest. */
  domains: { domain: string; competitor: boolean; share: Proportion }[]
  /** Keywords whose answer cites a competitor and not the site. */
  gaps: { keyword: string; competitors: string[] }[]
}

/** Pure: one surface's figures over its answers (answers of other surfaces are ignored). */
export function summarize(
  surface: Surface,
  answers: Answer[],
  site: string,
  competitors: string[] = [],
  topOthers = 10,
): SurfaceSummary {
  const own = answers.filter((a) => a.surface === surface)
  const read: { answer: Answer; c: AnswerCitations }[] = own.map((answer) => ({
    answer,
    c: citationsOf(answer, site, competitors),
  }))
  const shown = read.filter((r) => r.c.shown)
  const n = shown.length
  const counts = new Map<string, number>()
  for (const r of shown) for (const o of r.c.others) counts.set(o.domain, (counts.get(o.domain) ?? 0) + 1)
  const domains: SurfaceSummary['domains'] = []
  for (const competitor of competitors) {
    const domain = siteHostOf(competitor)
    if (!domain || domains.some((d) => d.domain === domain)) continue
    const k = shown.filter((r) => r.c.competitors.includes(domain)).length
    domains.push({ domain, competitor: true, share: wilson(k, n) })
  }
  const rest = [...counts.entries()]
    .filter(([domain]) => !domains.some((d) => d.domain === domain || domain.endsWith(`.${d.domain}`)))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, topOthers)
  for (const [domain, k] of rest) domains.push({ domain, competitor: false, share: wilson(k, n) })
  const gaps = shown
    .filter((r) => !r.c.cited && r.c.competitors.length > 0)
    .map((r) => ({ keyword: r.answer.keyword, competitors: r.c.competitors }))
  return {
    surface,
    asked: own.length,
    shown: wilson(n, own.length),
    site: wilson(shown.filter((r) => r.c.cited).length, n),
    domains,
    gaps,
  }
}
