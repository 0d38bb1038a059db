import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../lib/i18n.tsx'
import en from '../../locales/en/core.json'
import pt from '../../locales/pt/core.json'
import { errorText, lighthouseErrorText, suggestsHttp } from './error-text.ts'

const tPt = createTranslator('pt', { core: pt }).t
const tEn = createTranslator('en', { core: en }).t

describe('errorText', () => {
  it('translates an engine code into the reader language, whatever language the server answered in', () => {
    expect(errorText(tPt, 'INVALID_URL', 'The address is not a valid URL.')).toBe(
      'O endereço não é um URL válido.',
    )
    expect(errorText(tPt, 'QUOTA_EXCEEDED', 'You have reached the daily analysis limit.')).toMatch(/^Atingiu/)
    expect(errorText(tEn, 'CONNECTION_REFUSED', 'O servidor recusou')).toMatch(/^The server refused/)
  })

  it('tells what to try: http after https failed', () => {
    expect(errorText(tPt, 'HTTPS_UNAVAILABLE', null)).toBe('O site não respondeu em https — tentar http?')
    expect(suggestsHttp('HTTPS_UNAVAILABLE', 'https://a.pt/')).toBe(true)
    expect(suggestsHttp('TLS_FAILURE', 'http://a.pt/')).toBe(false)
    expect(suggestsHttp('CONNECTION_REFUSED', 'https://a.pt/')).toBe(false)
  })

  it("keeps the server's message for a code it does not know", () => {
    expect(errorText(tPt, 'SOMETHING_NEW', 'Mensagem do servidor')).toBe('Mensagem do servidor')
  })

  it('every code has both languages', () => {
    expect(Object.keys(pt.errors).sort()).toEqual(Object.keys(en.errors).sort())
    expect(Object.keys(pt.lighthouse.refused).sort()).toEqual(Object.keys(en.lighthouse.refused).sort())
  })
})

describe('lighthouseErrorText', () => {
  it("shows Lighthouse's own reason for refusing a page, with its status code", () => {
    const error = {
      code: 'LIGHTHOUSE_REFUSED' as const,
      detail: 'ERRORED_DOCUMENT_REQUEST: Lighthouse was unable to reliably load the page. (Status code: 404)',
    }
    expect(lighthouseErrorText(tPt, error)).toBe(
      'O Lighthouse recusou a página: respondeu com o código HTTP 404.',
    )
    expect(lighthouseErrorText(tEn, error)).toBe(
      'Lighthouse refused the page: it answered with HTTP status 404.',
    )
  })

  it('falls back to the code when the reason is unknown', () => {
    expect(lighthouseErrorText(tPt, { code: 'LIGHTHOUSE_FAILED', detail: 'worker exited (1)' })).toBe(
      'A análise de desempenho (Lighthouse) falhou.',
    )
  })
})
