import { describe, expect, it } from 'vitest'
import { detectLanguage, isKnownPrimaryLanguage, isValidLangTag, primaryLanguage } from './language.ts'

const pt =
  'O Farol analisa o seu site e mostra o que pode ser melhorado para que os motores de pesquisa e os assistentes de inteligência artificial compreendam melhor o conteúdo da sua página.'
const en =
  'Farol audits your website and shows what can be improved so that search engines and AI assistants understand the content of your page better than they do today.'

describe('detectLanguage', () => {
  it('detects Portuguese prose', () => expect(detectLanguage(pt)).toBe('pt'))
  it('detects English prose', () => expect(detectLanguage(en)).toBe('en'))
  it('returns null for short or non-prose text', () => {
    expect(detectLanguage('Farol')).toBeNull()
    expect(detectLanguage('Início Blog Contacto Preços FAQ')).toBeNull()
  })
  it('returns null for a page mixing both languages evenly', () => {
    expect(detectLanguage(`${pt} ${en}`)).toBeNull()
  })
  it('returns null for another language', () => {
    expect(
      detectLanguage('Der schnelle braune Fuchs springt über den faulen Hund und läuft weiter.'),
    ).toBeNull()
  })
})

describe('language tags', () => {
  it('accepts well-formed tags', () => {
    for (const t of ['pt', 'pt-PT', 'pt-BR', 'en-GB', 'zh-Hant-TW', 'es-419'])
      expect(isValidLangTag(t)).toBe(true)
  })
  it('rejects malformed or unknown tags', () => {
    for (const t of ['', 'pt_BR', 'xx', 'english', 'en-', '123']) expect(isValidLangTag(t)).toBe(false)
  })
  it('checks only the primary subtag like Lighthouse', () => {
    expect(isKnownPrimaryLanguage('en-UK-whatever')).toBe(true)
    expect(isKnownPrimaryLanguage('zz-PT')).toBe(false)
  })
  it('extracts the primary subtag', () => expect(primaryLanguage('pt-BR')).toBe('pt'))
})
