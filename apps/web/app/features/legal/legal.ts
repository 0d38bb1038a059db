import type { Lang } from '../../lib/route-table.ts'
import { formatDay } from '../ui/format.ts'
import type { LegalDocument } from './data.ts'

export interface LocalizedLegal {
  updated: string
  sections: { id: string; heading: string; paragraphs: string[]; list: string[]; contact: boolean }[]
}

export function localizeLegal(doc: LegalDocument, lang: Lang): LocalizedLegal {
  return {
    updated: formatDay(doc.updated, lang, 'long'),
    sections: doc.sections.map((s) => ({
      id: s.id,
      heading: s.heading[lang],
      paragraphs: s.paragraphs[lang],
      list: s.list?.[lang] ?? [],
      contact: s.contact ?? false,
    })),
  }
}
