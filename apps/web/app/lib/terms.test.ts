/**
 * The terms list (terms.ts) over every locale file: no string uses a form the list forbids in its language
 * (the specification's own strings excepted, exactly), and no string is a translation key left as text.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { forbiddenTerms, looksLikeRawKey, specStrings } from './terms.ts'

const localesDir = new URL('../locales', import.meta.url).pathname

function strings(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === 'string') return [[path.join('.'), value]]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]))
}

const files = (lang: string) =>
  readdirSync(join(localesDir, lang)).map((file) => ({
    ns: file.replace(/\.json$/, ''),
    entries: strings(JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8'))),
  }))

describe('the terms list', () => {
  it('catches each form it lists, and lets the right word through', () => {
    expect(forbiddenTerms('pt', 'Abrir as Configurações').map((t) => t.instead)).toEqual(['Definições'])
    expect(forbiddenTerms('pt', 'Alterar a password')).toHaveLength(1)
    expect(forbiddenTerms('pt', 'os motores de busca')).toHaveLength(1)
    expect(forbiddenTerms('pt', 'Crawlers de IA')).toHaveLength(1)
    expect(forbiddenTerms('pt', 'Voltar ao dashboard')).toHaveLength(1)
    expect(forbiddenTerms('pt', 'um caractere especial')).toHaveLength(1)
    expect(forbiddenTerms('en', 'AI Optimization')).toHaveLength(1)
    expect(forbiddenTerms('en', 'Analyze the site')).toHaveLength(1)
    for (const ok of ['Definições', 'palavra-passe', 'motores de pesquisa', 'Rastreadores de IA', 'Painel'])
      expect(forbiddenTerms('pt', ok)).toEqual([])
    expect(forbiddenTerms('pt', 'até 80 caracteres')).toEqual([])
    expect(forbiddenTerms('en', 'AI optimisation')).toEqual([])
    expect(forbiddenTerms('en', 'AI crawlers and search engines')).toEqual([])
    // Names as their standards spell them: schema.org's Organization type, the ai-catalog.json file.
    expect(forbiddenTerms('en', 'Structured data (Organization, sameAs)')).toEqual([])
    expect(forbiddenTerms('en', 'Valid ai-catalog.json schema')).toEqual([])
    expect(forbiddenTerms('en', 'the organization behind the site')).toHaveLength(1)
    expect(forbiddenTerms('en', 'Organize your pages')).toHaveLength(1)
    expect(forbiddenTerms('en', 'a product catalog')).toHaveLength(1)
  })

  it("allows the specification's strings exactly, and nothing near them", () => {
    expect(forbiddenTerms('pt', 'Password deve conter pelo menos um caractere especial')).toEqual([])
    expect(forbiddenTerms('pt', 'A password deve conter pelo menos um caractere especial')).not.toEqual([])
    expect(specStrings.pt.every((s) => forbiddenTerms('pt', `${s} `).length > 0)).toBe(true)
  })

  it('tells a raw key from an address or a file', () => {
    expect(looksLikeRawKey('inventory.columns.url')).toBe(true)
    expect(looksLikeRawKey('dashboard.kinds.llm_presence')).toBe(true)
    for (const text of ['loja-exemplo.pt', 'robots.txt', 'www.example.com', 'Fim.', 'v1.2'])
      expect(looksLikeRawKey(text)).toBe(false)
  })

  for (const lang of ['pt', 'en'] as const) {
    it(`no ${lang} string uses a forbidden form`, () => {
      const found = files(lang).flatMap(({ ns, entries }) =>
        entries.flatMap(([key, text]) =>
          forbiddenTerms(lang, text).map(
            (term) => `${ns}:${key} "${text.slice(0, 80)}" (${term.form.source} → ${term.instead})`,
          ),
        ),
      )
      expect(found).toEqual([])
    })

    it(`no ${lang} string is a raw key or empty`, () => {
      const found = files(lang).flatMap(({ ns, entries }) =>
        entries
          .filter(([, text]) => text.trim() === '' || looksLikeRawKey(text))
          .map(([key, text]) => `${ns}:${key} "${text}"`),
      )
      expect(found).toEqual([])
    })
  }
})
