import { htmlLang, languages, localizedPath, routeTable } from '../../lib/route-table.ts'

function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Every public page without parameters, in both languages, each with its hreflang alternates. */
export function buildSitemap(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  const entries: string[] = []
  for (const route of routeTable) {
    if (route.pt.includes(':')) continue
    const pt = base + localizedPath(route.key, 'pt')
    const en = base + localizedPath(route.key, 'en')
    const links = [
      `    <xhtml:link rel="alternate" hreflang="${htmlLang.pt}" href="${xmlEscape(pt)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="${htmlLang.en}" href="${xmlEscape(en)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(pt)}"/>`,
    ].join('\n')
    for (const lang of languages) {
      const loc = lang === 'pt' ? pt : en
      entries.push(`  <url>\n    <loc>${xmlEscape(loc)}</loc>\n${links}\n  </url>`)
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

export function buildRobots(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n')
}
