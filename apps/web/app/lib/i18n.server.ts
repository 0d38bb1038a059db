import i18next from 'i18next'
import type { LangResources, Translator } from './i18n.tsx'
import { defaultNamespace } from './i18n.tsx'
import type { Lang } from './route-table.ts'

/** A fresh i18next instance for one request, fixed to its language (nothing shared between requests). */
export function createRequestTranslator(lang: Lang, resources: LangResources): Translator {
  const instance = i18next.createInstance()
  instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resources },
    ns: Object.keys(resources),
    defaultNS: defaultNamespace,
    initAsync: false,
    interpolation: { escapeValue: false },
  })
  return { lang, t: (key, options) => String(instance.t(key, options ?? {})) }
}
