import type { Lang } from '../../lib/route-table.ts'
import type { FaqEntry } from './data.ts'

export interface FaqItem {
  id: string
  question: string
  answer: string
}

export function localizeFaq(entries: readonly FaqEntry[], lang: Lang): FaqItem[] {
  return entries.map((e) => ({ id: e.id, question: e.question[lang], answer: e.answer[lang] }))
}

/** FAQPage structured data from the same items the page shows. */
export function faqPageJsonLd(items: readonly FaqItem[], url: string, lang: Lang) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    url,
    inLanguage: lang === 'pt' ? 'pt-PT' : 'en',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

/** Single-open accordion: opening one closes the other; opening the open one closes it. */
export function nextOpen(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked
}
