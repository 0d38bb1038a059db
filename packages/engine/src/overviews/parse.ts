// DataForSEO's answer → Answer. Both endpoints put Google's AI answer in an item of type `ai_overview`
// (organic: among the results page's items; AI Mode: usually the only item): its `items` are the answer's
// sections (`ai_overview_element`, each with text, markdown and its own `references`), its top-level
// `references` the sources Google lists beside the answer (source, domain, url, title, text).
import type { Answer, Reference, Section, Surface } from './types.ts'

interface RawReference {
  source?: unknown
  domain?: unknown
  url?: unknown
  title?: unknown
  text?: unknown
}
interface RawElement {
  type?: unknown
  title?: unknown
  text?: unknown
  markdown?: unknown
  references?: unknown
}
interface RawOverview {
  type?: unknown
  asynchronous_ai_overview?: unknown
  markdown?: unknown
  text?: unknown
  items?: unknown
  references?: unknown
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** The first `ai_overview` item of a result's items, or null (Google showed none). */
export function overviewItem(items: unknown[]): RawOverview | null {
  for (const raw of items) {
    const item = raw as RawOverview | null
    if (item && typeof item === 'object' && item.type === 'ai_overview') return item
  }
  return null
}

/**
 * Pure: one answer from a task's first result. References are numbered in Google's order; a section's
 * reference that the top-level list lacks is appended, so every cited URL has one position.
 */
export function answerFromResult(
  surface: Surface,
  keyword: string,
  result: { items?: unknown; datetime?: unknown } | null,
  cost: number,
): Answer {
  const checkedAt = str(result?.datetime)
  const overview = overviewItem(list(result?.items))
  const base = { surface, keyword, cost, checkedAt: checkedAt ? toIso(checkedAt) : null }
  if (!overview) {
    return { ...base, shown: false, asynchronous: false, text: '', sections: [], references: [] }
  }
  const references: Reference[] = []
  const positionOf = (raw: RawReference): number | null => {
    const url = str(raw.url)
    if (!url) return null
    const known = references.find((r) => r.url === url)
    if (known) return known.position
    const position = references.length + 1
    references.push({
      position,
      url,
      domain: str(raw.domain),
      title: str(raw.title),
      text: str(raw.text),
      source: str(raw.source),
    })
    return position
  }
  for (const raw of list(overview.references)) positionOf(raw as RawReference)
  const sections: Section[] = []
  for (const raw of list(overview.items)) {
    const element = raw as RawElement
    const text = str(element.text) ?? str(element.markdown)
    if (!text) continue
    const refs = list(element.references)
      .map((r) => positionOf(r as RawReference))
      .filter((p): p is number => p !== null)
    sections.push({ position: sections.length + 1, title: str(element.title), text, references: refs })
  }
  const text =
    sections.length > 0
      ? sections.map((s) => (s.title ? `${s.title}\n${s.text}` : s.text)).join('\n\n')
      : (str(overview.text) ?? str(overview.markdown) ?? '')
  return {
    ...base,
    shown: true,
    asynchronous: overview.asynchronous_ai_overview === true,
    text,
    sections,
    references,
  }
}

/** DataForSEO writes "2026-11-23 10:00:00 +00:00"; anything unreadable stays as sent. */
function toIso(datetime: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2}:\d{2})$/.exec(datetime)
  const parsed = m ? new Date(`${m[1]}T${m[2]}${m[3]}`) : new Date(datetime)
  return Number.isNaN(parsed.getTime()) ? datetime : parsed.toISOString()
}
