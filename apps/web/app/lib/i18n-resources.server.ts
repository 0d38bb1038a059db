import type { LangResources } from './i18n.tsx'
import type { Lang } from './route-table.ts'

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
})

const byLang: Record<Lang, LangResources> = { pt: {}, en: {} }
for (const [path, json] of Object.entries(files)) {
  const match = /locales\/(pt|en)\/([a-z-]+)\.json$/.exec(path)
  if (match) byLang[match[1] as Lang][match[2]!] = json
}

/** Every namespace of a language; sent to the browser with the root loader data. */
export function resourcesFor(lang: Lang): LangResources {
  return byLang[lang]
}
