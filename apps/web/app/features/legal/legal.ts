import type { Lang } from '../../lib/route-table.ts'
import type { LegalDocument } from './data.ts'

export interface LocalizedLegal {
  updated: string
  sections: { id: string; heading: string; paragraphs: string[]; list: string[]; contact: boolean }[]
}

export function localizeLegal(doc: LegalDocument, lang: Lang): LocalizedLegal {
  return {
    updated: new Intl.DateTimeFormat(lang === 'pt' ? 'pt-PT' : 'en-GB', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(doc.updated)),
    sections: doc.sections.map((s) => ({
      id: s.id,
      heading: s.heading[lang],
      paragraphs: s.paragraphs[lang],
      list: s.list?.[lang] ?? [],
      contact: s.contact ?? false,
    })),
  }
}
