import { htmlLang, languages, localizedPath, type PageKey } from '../../lib/route-table.ts'
import { glossaryTerms } from '../glossary/data.ts'
import { CHECKLIST_SLUG, guides } from './guides-data.ts'
import { GUIDES_UPDATED } from './seo.ts'

function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function pairEntries(base: string, key: PageKey, slug: string, lastmod?: string): string[] {
  const pt = base + localizedPath(key, 'pt', { slug })
  const en = base + localizedPath(key, 'en', { slug })
  const links = [
    `    <xhtml:link rel="alternate" hreflang="${htmlLang.pt}" href="${xmlEscape(pt)}"/>`,
    `    <xhtml:link rel="alternate" hreflang="${htmlLang.en}" href="${xmlEscape(en)}"/>`,
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(pt)}"/>`,
  ].join('\n')
  const mod = lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ''
  return languages.map(
    (lang) => `  <url>\n    <loc>${xmlEscape(lang === 'pt' ? pt : en)}</loc>${mod}\n${links}\n  </url>\n`,
  )
}

/** `<url>` entries of every guide page (the checklist is a static page already listed) and glossary term. */
export function contentSitemapEntries(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return [
    ...guides
      .filter((guide) => guide.slug !== CHECKLIST_SLUG)
      .flatMap((guide) => pairEntries(base, 'guide', guide.slug, GUIDES_UPDATED)),
    ...glossaryTerms.flatMap((term) => pairEntries(base, 'glossaryTerm', term.slug)),
  ].join('')
}
