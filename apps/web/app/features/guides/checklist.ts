/** Pure functions of the interactive checklist: state, progress and the Markdown export. */
import type { ChecklistRelevance } from './checklist-data.ts'

/** Checked item indexes per section id (spec §3), as kept in local storage. */
export type ChecklistState = Record<string, number[]>

export interface ChecklistSection {
  id: string
  title: string
  items: {
    title: string
    description: string
    relevance: ChecklistRelevance[]
    link?: { text: string; url: string }
  }[]
}

export const CHECKLIST_STORAGE_KEY = 'farol.checklist.seo-aio.v1'

export function totalItems(sections: readonly Pick<ChecklistSection, 'items'>[]): number {
  return sections.reduce((sum, section) => sum + section.items.length, 0)
}

export function checkedCount(state: ChecklistState): number {
  return Object.values(state).reduce((sum, indexes) => sum + new Set(indexes).size, 0)
}

/** Checked divided by the total, as a rounded percent (spec §4). */
export function progressPercent(state: ChecklistState, total: number): number {
  if (total <= 0) return 0
  return Math.round((Math.min(checkedCount(state), total) / total) * 100)
}

export function isChecked(state: ChecklistState, sectionId: string, index: number): boolean {
  return state[sectionId]?.includes(index) ?? false
}

export function toggleItem(state: ChecklistState, sectionId: string, index: number): ChecklistState {
  const current = state[sectionId] ?? []
  const next = current.includes(index)
    ? current.filter((i) => i !== index)
    : [...current, index].sort((a, b) => a - b)
  return { ...state, [sectionId]: next }
}

/** Reads stored progress, keeping only indexes that exist in the current checklist. */
export function parseChecklistState(
  raw: string | null,
  sections: readonly Pick<ChecklistSection, 'id' | 'items'>[],
): ChecklistState {
  if (!raw) return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return {}
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {}
  const state: ChecklistState = {}
  for (const section of sections) {
    const stored = (value as Record<string, unknown>)[section.id]
    if (!Array.isArray(stored)) continue
    const valid = stored.filter(
      (i): i is number => Number.isInteger(i) && (i as number) >= 0 && (i as number) < section.items.length,
    )
    state[section.id] = [...new Set(valid)].sort((a, b) => a - b)
  }
  return state
}

/** A site path as a full address (left as it is when it cannot be resolved). */
function absoluteUrl(path: string, base: string): string {
  try {
    return new URL(path, base).href
  } catch {
    return path
  }
}

export interface MarkdownLabels {
  title: string
  progress: string
  source: string
  relevance: string
}

/**
 * The checklist as a Markdown task list, with the checked state, for download. The file is read away
 * from the site, so its links are absolute: resolved against `pageUrl` (the checklist's public address).
 */
export function checklistMarkdown(
  sections: readonly ChecklistSection[],
  state: ChecklistState,
  labels: MarkdownLabels,
  pageUrl: string,
): string {
  const lines = [`# ${labels.title}`, '', labels.progress, '', labels.source, '']
  for (const section of sections) {
    lines.push(`## ${section.title}`, '')
    section.items.forEach((item, index) => {
      const mark = isChecked(state, section.id, index) ? 'x' : ' '
      lines.push(`- [${mark}] **${item.title}** (${labels.relevance}: ${item.relevance.join(', ')})`)
      lines.push(`  ${item.description}`)
      if (item.link) lines.push(`  [${item.link.text}](${absoluteUrl(item.link.url, pageUrl)})`)
    })
    lines.push('')
  }
  return lines.join('\n')
}
