import { describe, expect, it } from 'vitest'
import { glossaryTerms } from '../glossary/data.ts'
import {
  type ChecklistState,
  checkedCount,
  checklistMarkdown,
  parseChecklistState,
  progressPercent,
  toggleItem,
  totalItems,
} from './checklist.ts'
import { checklistSections } from './checklist-data.ts'
import { guideCards, localizeChecklist, localizeGuide } from './guides.ts'
import { guides } from './guides-data.ts'

const sections = localizeChecklist('pt', (slug) => `/glossario/${slug}`)

describe('checklist data', () => {
  it('has the four sections of spec §3 with 5, 6, 4 and 4 items: 19 in all', () => {
    expect(checklistSections.map((s) => [s.id, s.items.length])).toEqual([
      ['fundamentos', 5],
      ['conteudo', 6],
      ['autoridade', 4],
      ['usuario', 4],
    ])
    expect(totalItems(sections)).toBe(19)
  })

  it('links only to glossary terms that exist', () => {
    const slugs = new Set(glossaryTerms.map((t) => t.slug))
    for (const section of checklistSections)
      for (const item of section.items)
        if (item.link) expect(slugs.has(item.link.glossary), item.link.glossary).toBe(true)
  })
})

describe('progress', () => {
  it('is checked / 19 as a rounded percent', () => {
    let state: ChecklistState = {}
    expect(progressPercent(state, 19)).toBe(0)
    state = toggleItem(state, 'fundamentos', 0)
    expect(progressPercent(state, 19)).toBe(5) // 5.26
    state = toggleItem(state, 'conteudo', 3)
    expect(progressPercent(state, 19)).toBe(11) // 10.53
    for (const section of sections)
      section.items.forEach((_, i) => {
        if (!state[section.id]?.includes(i)) state = toggleItem(state, section.id, i)
      })
    expect(checkedCount(state)).toBe(19)
    expect(progressPercent(state, 19)).toBe(100)
    expect(progressPercent({}, 0)).toBe(0)
  })

  it('toggles an item on and off, keeping indexes sorted and the input untouched', () => {
    const before: ChecklistState = { conteudo: [4] }
    const after = toggleItem(before, 'conteudo', 1)
    expect(after).toEqual({ conteudo: [1, 4] })
    expect(before).toEqual({ conteudo: [4] })
    expect(toggleItem(after, 'conteudo', 4)).toEqual({ conteudo: [1] })
  })

  it('reads stored progress defensively', () => {
    expect(parseChecklistState(null, sections)).toEqual({})
    expect(parseChecklistState('not json', sections)).toEqual({})
    expect(parseChecklistState('[1,2]', sections)).toEqual({})
    expect(
      parseChecklistState(
        JSON.stringify({ fundamentos: [4, 5, 1, 1, -1, 'x', 2.5], usuario: 'no', other: [0] }),
        sections,
      ),
    ).toEqual({ fundamentos: [1, 4] })
  })
})

describe('checklistMarkdown', () => {
  it('writes a task list with the checked state, relevance and links', () => {
    const state = toggleItem(toggleItem({}, 'fundamentos', 0), 'usuario', 3)
    const md = checklistMarkdown(
      sections,
      state,
      {
        title: 'Checklist SEO + AIO',
        progress: 'Progresso: 11% (2 de 19)',
        source: 'https://farol.example/guias/seo-aio-checklist',
        relevance: 'Relevância',
      },
      'https://farol.example/guias/seo-aio-checklist',
    )
    const lines = md.split('\n')
    expect(lines[0]).toBe('# Checklist SEO + AIO')
    expect(md).toContain('Progresso: 11% (2 de 19)')
    expect(lines.filter((l) => l.startsWith('## '))).toHaveLength(4)
    expect(lines.filter((l) => l.startsWith('- [x] '))).toHaveLength(2)
    expect(lines.filter((l) => l.startsWith('- [ ] '))).toHaveLength(17)
    expect(md).toContain(`- [x] **${sections[0]!.items[0]!.title}** (Relevância: SEO, AIO)`)
    // Absolute links: the file is read outside the site.
    expect(md).toContain('](https://farol.example/glossario/crawlability)')
    expect(md).not.toMatch(/\]\(\//)
  })
})

describe('guide cards', () => {
  it('show the real item count of each guide page and a reading time', () => {
    const cards = guideCards('pt')
    expect(cards.map((c) => c.slug)).toEqual([
      'seo-aio-checklist',
      'estrutura-conteudo',
      'audito-tecnico-seo',
      'otimizacao-local',
    ])
    expect(Object.fromEntries(cards.map((c) => [c.slug, c.items]))).toEqual({
      'seo-aio-checklist': 19,
      'estrutura-conteudo': 18,
      'audito-tecnico-seo': 30,
      'otimizacao-local': 15,
    })
    for (const card of cards) expect(card.readMinutes).toBeGreaterThanOrEqual(1)
  })

  it('has every guide in both languages with the same structure', () => {
    for (const guide of guides) {
      const pt = localizeGuide(guide, 'pt')
      const en = localizeGuide(guide, 'en')
      expect(en.items).toBe(pt.items)
      expect(en.sections.map((s) => s.items.length)).toEqual(pt.sections.map((s) => s.items.length))
      expect(pt.title).not.toBe('')
      for (const slug of guide.glossary) expect(glossaryTerms.some((t) => t.slug === slug)).toBe(true)
    }
  })
})
