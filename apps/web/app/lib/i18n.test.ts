import { describe, expect, it } from 'vitest'
import { createRequestTranslator } from './i18n.server.ts'
import { createTranslator, type LangResources } from './i18n.tsx'
import type { Lang } from './route-table.ts'

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
})

function resourcesOf(lang: Lang): LangResources {
  const out: LangResources = {}
  for (const [path, json] of Object.entries(files)) {
    const match = /locales\/(pt|en)\/([a-z-]+)\.json$/.exec(path)
    if (match?.[1] === lang) out[match[2]!] = json
  }
  return out
}

function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k))
}

const vars = { year: 2026, email: 'contacto@farol.app', count: 344, number: 2, current: 1, total: 3 }

describe('translations', () => {
  const pt = resourcesOf('pt')
  const en = resourcesOf('en')

  it('have the same keys in Portuguese and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(pt).sort())
    for (const ns of Object.keys(pt)) expect(leafKeys(en[ns]).sort(), ns).toEqual(leafKeys(pt[ns]).sort())
  })

  it('keep the specification strings verbatim in Portuguese', () => {
    const t = createTranslator('pt', pt).t
    expect(t('analyze.submit')).toBe('Analisar site grátis')
    expect(t('analyze.submitSignedIn')).toBe('Analisar site')
    expect(t('analyze.busy')).toBe('A analisar…')
    expect(t('analyze.empty')).toBe('Por favor, insira um URL válido')
    expect(t('landing:hero.note')).toBe('Sem necessidade de registo. Resultados instantâneos.')
    expect(t('notFound.title')).toBe('Página não encontrada')
    expect(t('notFound.back')).toBe('Voltar à página inicial')
    expect(t('closing.createAccount', { ns: 'landing' })).toBe('Criar Conta Gratuita')
    expect(createTranslator('en', en).t('analyze.empty')).toBe('Please enter a valid URL')
  })

  for (const lang of ['pt', 'en'] as const) {
    it(`give the same text in the browser as i18next on the server (${lang})`, () => {
      const resources = resourcesOf(lang)
      const browser = createTranslator(lang, resources)
      const server = createRequestTranslator(lang, resources)
      for (const ns of Object.keys(resources)) {
        for (const key of leafKeys(resources[ns])) {
          expect(browser.t(key, { ns, ...vars }), `${ns}:${key}`).toBe(server.t(key, { ns, ...vars }))
          expect(browser.t(`${ns}:${key}`, vars)).toBe(server.t(`${ns}:${key}`, vars))
        }
      }
      expect(browser.t('does.not.exist')).toBe(server.t('does.not.exist'))
    })
  }
})
