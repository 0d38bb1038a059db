/** Localised guides and checklist, and the figures shown on the guide cards (computed, so they stay true). */
import type { Lang } from '../../lib/route-table.ts'
import type { ChecklistSection } from './checklist.ts'
import { type ChecklistSectionData, checklistSections } from './checklist-data.ts'
import { readingMinutes } from './content-kit.ts'
import { CHECKLIST_SLUG, type GuideData, guides } from './guides-data.ts'

export interface GuideCard {
  slug: string
  title: string
  description: string
  relevance: ('SEO' | 'AIO')[]
  items: number
  readMinutes: number
}

export interface Guide extends GuideCard {
  intro: string[]
  sections: { title: string; items: { title: string; text: string }[] }[]
  glossary: string[]
}

function checklistText(sections: readonly ChecklistSectionData[], lang: Lang): string {
  return sections
    .flatMap((section) => [
      section.title[lang],
      ...section.items.flatMap((i) => [i.title[lang], i.description[lang]]),
    ])
    .join(' ')
}

export function localizeGuide(guide: GuideData, lang: Lang): Guide {
  const isChecklist = guide.slug === CHECKLIST_SLUG
  const sections = guide.sections.map((section) => ({
    title: section.title[lang],
    items: section.items.map((i) => ({ title: i.title[lang], text: i.text[lang] })),
  }))
  const items = isChecklist
    ? checklistSections.reduce((sum, s) => sum + s.items.length, 0)
    : sections.reduce((sum, s) => sum + s.items.length, 0)
  const text = isChecklist
    ? checklistText(checklistSections, lang)
    : [
        ...guide.intro[lang],
        ...sections.flatMap((s) => [s.title, ...s.items.flatMap((i) => [i.title, i.text])]),
      ].join(' ')
  return {
    slug: guide.slug,
    title: guide.title[lang],
    description: guide.description[lang],
    relevance: guide.relevance,
    items,
    readMinutes: readingMinutes(text),
    intro: guide.intro[lang],
    sections,
    glossary: guide.glossary,
  }
}

export function guideCards(lang: Lang): GuideCard[] {
  return guides.map((guide) => {
    const { slug, title, description, relevance, items, readMinutes } = localizeGuide(guide, lang)
    return { slug, title, description, relevance, items, readMinutes }
  })
}

/** The checklist in one language; links become paths of glossary term pages. */
export function localizeChecklist(lang: Lang, termPath: (slug: string) => string): ChecklistSection[] {
  return checklistSections.map((section) => ({
    id: section.id,
    title: section.title[lang],
    items: section.items.map((i) => ({
      title: i.title[lang],
      description: i.description[lang],
      relevance: i.relevance,
      ...(i.link ? { link: { text: i.link.text[lang], url: termPath(i.link.glossary) } } : {}),
    })),
  }))
}
