import { htmlLang, languages, localizedPath } from '../../lib/route-table.ts'
import { isIsoDate } from './posts.ts'

function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** `<url>` entries of every blog post in both languages, with hreflang alternates and lastmod. */
export function blogSitemapEntries(
  publicUrl: string,
  posts: readonly { slug: string; date: string | null }[],
): string {
  const base = publicUrl.replace(/\/+$/, '')
  const entries: string[] = []
  for (const post of posts) {
    const pt = base + localizedPath('blogPost', 'pt', { slug: post.slug })
    const en = base + localizedPath('blogPost', 'en', { slug: post.slug })
    const lastmod = isIsoDate(post.date) ? `\n    <lastmod>${post.date}</lastmod>` : ''
    const links = [
      `    <xhtml:link rel="alternate" hreflang="${htmlLang.pt}" href="${xmlEscape(pt)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="${htmlLang.en}" href="${xmlEscape(en)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(pt)}"/>`,
    ].join('\n')
    for (const lang of languages) {
      const loc = lang === 'pt' ? pt : en
      entries.push(`  <url>\n    <loc>${xmlEscape(loc)}</loc>${lastmod}\n${links}\n  </url>\n`)
    }
  }
  return entries.join('')
}

/** Adds entries before the closing `</urlset>` of a sitemap. */
export function withEntries(xml: string, entries: string): string {
  return entries ? xml.replace('</urlset>', `${entries}</urlset>`) : xml
}
