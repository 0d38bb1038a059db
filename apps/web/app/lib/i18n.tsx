/**
 * Translations for components. The server renders with a real i18next instance created per request
 * (lib/i18n.server.ts, set up in entry.server.tsx); the browser hydrates with `createTranslator`, a
 * small lookup over the same resources (sent in the root loader data), so i18next stays off the
 * first-load JavaScript. i18n.test.ts checks both give the same string for every key.
 */
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react'
import { htmlLang, type Lang } from './route-table.ts'

/** One language's namespaces (common, landing, pages…) as loaded from app/locales. */
export type LangResources = Record<string, Record<string, unknown>>

export interface TOptions {
  ns?: string
  count?: number
  [name: string]: unknown
}

export interface Translator {
  lang: Lang
  t(key: string, options?: TOptions): string
}

export const defaultNamespace = 'common'

function lookup(root: unknown, path: string): unknown {
  let current = root
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[part]
  }
  return current
}

/** i18next-compatible lookup: `ns:key.path`, `{{name}}` interpolation and `_one`/`_other` plurals. */
export function createTranslator(lang: Lang, resources: LangResources): Translator {
  const plurals = new Intl.PluralRules(htmlLang[lang])
  return {
    lang,
    t(key, options = {}) {
      const split = key.indexOf(':')
      const ns = split > 0 ? key.slice(0, split) : (options.ns ?? defaultNamespace)
      const path = split > 0 ? key.slice(split + 1) : key
      const bundle = resources[ns]
      let value: unknown
      if (typeof options.count === 'number')
        value = lookup(bundle, `${path}_${plurals.select(options.count)}`)
      if (value === undefined) value = lookup(bundle, path)
      if (typeof value !== 'string') return path
      return value.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
        name in options ? String(options[name]) : match,
      )
    },
  }
}

const TranslatorContext = createContext<Translator | null>(null)

export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator
  children: ReactNode
}) {
  return createElement(TranslatorContext.Provider, { value: translator }, children)
}

const browserTranslators = new Map<Lang, Translator>()

/**
 * The translator for this render: the per-request i18next one provided by entry.server when it is
 * for this language, else (in the browser) one lookup translator per language.
 */
export function useTranslatorFor(lang: Lang, resources: LangResources): Translator {
  const provided = useContext(TranslatorContext)
  return useMemo(() => {
    if (provided?.lang === lang) return provided
    let translator = browserTranslators.get(lang)
    if (!translator || typeof document === 'undefined') {
      translator = createTranslator(lang, resources)
      if (typeof document !== 'undefined') browserTranslators.set(lang, translator)
    }
    return translator
  }, [provided, lang, resources])
}

/** `const { t } = useTranslation('landing')`: keys are looked up in that namespace by default. */
export function useTranslation(ns: string = defaultNamespace) {
  const translator = useContext(TranslatorContext)
  if (!translator) throw new Error('useTranslation needs a TranslatorProvider')
  return useMemo(
    () => ({
      lang: translator.lang,
      t: (key: string, options?: TOptions) => translator.t(key, { ns, ...options }),
    }),
    [translator, ns],
  )
}
