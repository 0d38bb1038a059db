// What one answer says about a site and its competitors: whether it cites the site (which URLs, at which
// positions among the references, in which sections), which other domains it cites, and the answer's text
// cut into runs with the site's and competitors' mentions marked.
import { bareHost, citedHost, cleanUrl, isSiteUrl, siteHostOf } from './match.ts'
import type { Answer } from './types.ts'

export interface SiteCitation {
  position: number
  url: string
  /** Positions of the sections that cite it (empty when Google lists it only beside the answer). */
  sections: number[]
}

export interface AnswerCitations {
  shown: boolean
  cited: boolean
  site: SiteCitation[]
  /** Other domains cited, in the order of their first reference, with that position. */
  others: { domain: string; position: number }[]
  /** The given competitors this answer cites. */
  competitors: string[]
}

/** Pure: the answer read for one site and its competitors (domains as the user typed them). */
export function citationsOf(answer: Answer, site: string, competitors: string[] = []): AnswerCitations {
  const siteRefs: SiteCitation[] = []
  const others: { domain: string; position: number }[] = []
  for (const ref of answer.references) {
    const sections = answer.sections.filter((s) => s.references.includes(ref.position)).map((s) => s.position)
    if (isSiteUrl(ref.url, site)) {
      siteRefs.push({ position: ref.position, url: cleanUrl(ref.url) ?? ref.url, sections })
      continue
    }
    const host = citedHost(ref.url) ?? (ref.domain ? bareHost(ref.domain) : null)
    if (host && !others.some((o) => o.domain === host)) others.push({ domain: host, position: ref.position })
  }
  const cited = new Set<string>()
  for (const competitor of competitors) {
    const own = siteHostOf(competitor)
    if (own && answer.references.some((r) => isSiteUrl(r.url, own))) cited.add(own)
  }
  return {
    shown: answer.shown,
    cited: siteRefs.length > 0,
    site: siteRefs,
    others,
    competitors: [...cited],
  }
}

export type MarkKind = 'site' | 'competitor'
export interface TextRun {
  text: string
  mark: MarkKind | null
  /** The domain or name the mark stands for. */
  of: string | null
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Pure: the answer's text in runs, the site's and competitors' names marked. A name is its domain
 * ("exemplo.pt") and, given, brand names ("Exemplo Seguros"); matched whole-word, any case, longest first.
 */
export function markText(
  text: string,
  site: { domain: string; names?: string[] },
  competitors: { domain: string; names?: string[] }[] = [],
): TextRun[] {
  const terms: { term: string; mark: MarkKind; of: string }[] = []
  const add = (who: { domain: string; names?: string[] }, mark: MarkKind) => {
    const host = siteHostOf(who.domain)
    if (!host) return
    for (const term of [host, ...(who.names ?? [])]) {
      if (term.trim().length >= 3) terms.push({ term: term.trim(), mark, of: host })
    }
  }
  add(site, 'site')
  for (const c of competitors) add(c, 'competitor')
  if (terms.length === 0 || !text) return text ? [{ text, mark: null, of: null }] : []
  terms.sort((a, b) => b.term.length - a.term.length)
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}.-])(${terms.map((t) => escapeRegExp(t.term)).join('|')})(?![\\p{L}\\p{N}-]|\\.[\\p{L}\\p{N}])`,
    'giu',
  )
  const runs: TextRun[] = []
  let last = 0
  for (const m of text.matchAll(pattern)) {
    const found = terms.find((t) => t.term.toLowerCase() === m[0].toLowerCase())!
    if (m.index > last) runs.push({ text: text.slice(last, m.index), mark: null, of: null })
    runs.push({ text: m[0], mark: found.mark, of: found.of })
    last = m.index + m[0].length
  }
  if (last < text.length) runs.push({ text: text.slice(last), mark: null, of: null })
  return runs
}
