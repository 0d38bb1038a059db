import { htmlLang, type Lang } from '../../lib/route-table.ts'
import { siteConfig } from '../../lib/site-config.ts'

/** Organization and WebSite structured data for the home page. */
export function homeJsonLd(publicUrl: string, lang: Lang, homeUrl: string, description: string) {
  const base = publicUrl.replace(/\/+$/, '')
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${base}/#organization`,
        name: siteConfig.name,
        url: `${base}/`,
        logo: `${base}/icon-512.png`,
        email: siteConfig.contactEmail,
        ...(siteConfig.social.length ? { sameAs: siteConfig.social.map((s) => s.href) } : {}),
        contactPoint: [
          { '@type': 'ContactPoint', contactType: 'customer support', email: siteConfig.supportEmail },
        ],
      },
      {
        '@type': 'WebSite',
        '@id': `${base}/#website`,
        name: siteConfig.name,
        url: homeUrl,
        description,
        inLanguage: htmlLang[lang],
        publisher: { '@id': `${base}/#organization` },
      },
    ],
  }
}

/** JSON for a `<script type="application/ld+json">`, safe against `</script>` injection. */
export function jsonLdString(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
