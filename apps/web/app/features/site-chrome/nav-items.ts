import type { PageKey } from '~/lib/route-table.ts'

export const mainNav: { key: PageKey; label: string }[] = [
  { key: 'howItWorks', label: 'nav.howItWorks' },
  { key: 'faq', label: 'nav.faq' },
  { key: 'blog', label: 'nav.blog' },
  { key: 'contact', label: 'nav.contact' },
]

export const resourceNav: { key: PageKey; label: string }[] = [
  { key: 'checklist', label: 'nav.checklist' },
  { key: 'guides', label: 'nav.guides' },
  { key: 'blog', label: 'nav.blog' },
  { key: 'glossary', label: 'nav.glossary' },
]
