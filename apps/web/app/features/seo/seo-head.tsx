import { useMatches } from 'react-router'
import { type TOptions, useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { defaultLang, type Params, seoLinks } from '~/lib/route-table.ts'
import { siteConfig } from '~/lib/site-config.ts'
import { homeJsonLd, jsonLdString } from './json-ld.ts'
import type { PageHandle } from './page-handle.ts'

const ogLocale = { pt: 'pt_PT', en: 'en_GB' } as const

/** A private page's own title: `titles:<key>`, or `titles:<key>WithValues` when its data gives values. */
function privateTitle(
  handle: Extract<PageHandle, { privatePage: string }>,
  loaderData: unknown,
  t: (key: string, options?: TOptions) => string,
): string | null {
  if (!handle.title) return null
  const values = handle.titleValues?.(loaderData) ?? null
  return values ? t(`titles:${handle.title}WithValues`, values) : t(`titles:${handle.title}`)
}

/** Title, description, canonical, hreflang, Open Graph, Twitter and JSON-LD of the current page. */
export function SeoHead() {
  const { t } = useTranslation()
  const root = useRootData()
  const matches = useMatches()
  const lang = root?.lang ?? defaultLang
  const publicUrl = (root?.publicUrl ?? '').replace(/\/+$/, '')
  const match = matches.at(-1)
  const handle = match?.handle as PageHandle | undefined

  if (!handle || !('page' in handle)) {
    const key = handle && 'privatePage' in handle ? handle.privatePage : 'notFound'
    const own = handle && 'privatePage' in handle ? privateTitle(handle, match?.loaderData, t) : null
    return (
      <>
        <title>{own ?? t(`seo.${key}.title`)}</title>
        {/* The not-found page carries its own noindex (also when a page route answers 404). */}
        {key === 'notFound' ? null : <meta name="robots" content="noindex" />}
      </>
    )
  }

  // A page whose title depends on its data (a guide, a glossary term) returns `seo` from its loader.
  const own = (match?.loaderData as { seo?: { title?: string; description?: string } } | undefined)?.seo
  const title = own?.title ?? t(`seo.${handle.page}.title`)
  const description = own?.description ?? t(`seo.${handle.page}.description`)
  const { canonical, alternates } = seoLinks(
    { key: handle.page, lang, params: (match?.params ?? {}) as Params },
    publicUrl,
  )
  const image = `${publicUrl}/og-image.png`
  const other = lang === 'pt' ? 'en' : 'pt'
  const imageAlt = t('seo.ogImageAlt')

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {alternates.map((alt) => (
        <link key={alt.hreflang} rel="alternate" hrefLang={alt.hreflang} href={alt.href} />
      ))}
      {[
        ['og:type', 'website'],
        ['og:site_name', siteConfig.name],
        ['og:title', title],
        ['og:description', description],
        ['og:url', canonical],
        ['og:locale', ogLocale[lang]],
        ['og:locale:alternate', ogLocale[other]],
        ['og:image', image],
        ['og:image:width', '1200'],
        ['og:image:height', '630'],
        ['og:image:alt', imageAlt],
      ].map(([property, content]) => (
        <meta key={property} property={property} content={content} />
      ))}
      {[
        ['twitter:card', 'summary_large_image'],
        ['twitter:title', title],
        ['twitter:description', description],
        ['twitter:image', image],
        ['twitter:image:alt', imageAlt],
      ].map(([name, content]) => (
        <meta key={name} name={name} content={content} />
      ))}
      {handle.page === 'home' ? (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: jsonLdString(homeJsonLd(publicUrl, lang, canonical, description)),
          }}
        />
      ) : null}
    </>
  )
}
