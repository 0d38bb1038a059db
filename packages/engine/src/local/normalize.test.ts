import { describe, expect, it } from 'vitest'
import {
  detectCountry,
  normalizeAddress,
  normalizeName,
  normalizePhone,
  normalizePostalCode,
  searchName,
} from './normalize.ts'

describe('normalizePhone', () => {
  it.each([
    // Portugal: landlines (2x), mobiles (9x), with and without +351 / 00351, spaces and dots.
    ['213 421 000', 'PT', '+351213421000'],
    ['+351 213 421 000', 'PT', '+351213421000'],
    ['00351 213421000', 'PT', '+351213421000'],
    ['(+351) 21 342 10 00', 'PT', '+351213421000'],
    ['912.345.678', 'PT', '+351912345678'],
    ['22 205 5555', 'PT', '+351222055555'],
    // Brazil: São Paulo landline, mobile with the 9 prefix, country code written with 0055.
    ['(11) 3071-4000', 'BR', '+551130714000'],
    ['+55 11 98765-4321', 'BR', '+5511987654321'],
    ['0055 21 2543-1234', 'BR', '+552125431234'],
    // A Brazilian number typed in a Portuguese search keeps its own country code.
    ['+55 11 3071-4000', 'PT', '+551130714000'],
  ] as const)('%s (%s) → %s', (raw, country, e164) => {
    expect(normalizePhone(raw, country)).toBe(e164)
  })

  it.each([
    ['123', 'PT'],
    ['', 'PT'],
    ['sem telefone', 'PT'],
    ['(11) 1234', 'BR'],
  ] as const)('refuses %j', (raw, country) => {
    expect(normalizePhone(raw, country)).toBeNull()
  })
})

describe('normalizePostalCode', () => {
  it.each([
    ['1100-148', 'PT', '1100-148'],
    ['4000 - 322'.replace(/ /g, ''), 'PT', '4000-322'],
    ['1100148', 'PT', '1100-148'],
    [' 9000-018 ', 'PT', '9000-018'],
    ['01310-200', 'BR', '01310-200'],
    ['01310200', 'BR', '01310-200'],
    ['22070-011', 'BR', '22070-011'],
  ] as const)('%j → %s %s', (raw, country, code) => {
    expect(normalizePostalCode(raw)).toEqual({ country, code })
  })

  it.each(['1100', '1100-14', '013102000', 'ABCD-EFG', ''])('refuses %j', (raw) => {
    expect(normalizePostalCode(raw)).toBeNull()
  })

  it('detects the country from the postal code, then the phone, else Portugal', () => {
    expect(detectCountry('01310-200', '')).toBe('BR')
    expect(detectCountry('1100-148', '+55 11 3071-4000')).toBe('PT')
    expect(detectCountry('', '+55 11 3071-4000')).toBe('BR')
    expect(detectCountry('', '213 421 000')).toBe('PT')
    expect(detectCountry('', '', 'Av. Paulista, 1578 São Paulo - SP')).toBe('BR')
    expect(detectCountry('', '', 'Rua Augusta, 24 Lisboa https://alfama.pt/')).toBe('PT')
    expect(detectCountry('', '', 'Rua XV de Novembro, 100 Curitiba https://padaria.com.br/')).toBe('BR')
  })
})

describe('normalizeName', () => {
  it.each([
    ['Pastelaria Alfama, Lda.', 'pastelaria alfama'],
    ['PASTELARIA ALFAMA LDA', 'pastelaria alfama'],
    ['Café A Brasileira, Unipessoal Lda', 'cafe a brasileira'],
    ['Sonae MC – Modelo Continente Hipermercados, S.A.', 'sonae mc modelo continente hipermercados'],
    ['Padaria São Jorge LTDA', 'padaria sao jorge'],
    ['Auto Peças Irmãos Silva ME', 'auto pecas irmaos silva'],
    ['Construtora Nova Era EIRELI', 'construtora nova era'],
    ['Açaí & Cia Ltda. - ME', 'acai e cia'],
    // "Me" inside a name is a word, not a company form.
    ['Me Gusta Tapas', 'me gusta tapas'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeName(raw)).toBe(expected)
  })
})

describe('normalizeAddress', () => {
  it.each([
    // Portugal
    ['R. Augusta, 24', 'rua augusta', '24'],
    ['Rua Augusta n.º 24, 2.º Esq.', 'rua augusta', '24'],
    ['R. Augusta 24, 1100-053 Lisboa, Portugal', 'rua augusta', '24'],
    ['Av. da Liberdade, 110', 'avenida da liberdade', '110'],
    ['Pç. do Comércio 3', 'praca do comercio', '3'],
    ['Lg. do Chiado, 12A', 'largo do chiado', '12a'],
    ['Tv. do Carmo 1', 'travessa do carmo', '1'],
    ['Estr. de Benfica 529', 'estrada de benfica', '529'],
    ['Rua 25 de Abril, 10', 'rua 25 de abril', '10'],
    ['Avenida 5 de Outubro', 'avenida 5 de outubro', null],
    // Brazil
    ['Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200, Brasil', 'avenida paulista', '1578'],
    ['Rod. Raposo Tavares, km 14', 'rodovia raposo tavares', null],
    ['R. Oscar Freire, 379 - Jardins', 'rua oscar freire', '379'],
    ['Rua Sete de Setembro, nº 99', 'rua sete de setembro', '99'],
  ])('%s → %s / %s', (raw, street, number) => {
    expect(normalizeAddress(raw)).toEqual({ street, number })
  })
})

describe('searchName', () => {
  it.each([
    ['Pastelaria Alfama, Lda.', 'Pastelaria Alfama'],
    ['Café A Brasileira, Unipessoal Lda', 'Café A Brasileira'],
    ['Sonae MC, S.A.', 'Sonae MC'],
    ['Padaria São Jorge LTDA', 'Padaria São Jorge'],
    ['Açaí & Cia Ltda. - ME', 'Açaí & Cia'],
    ['Me Gusta Tapas', 'Me Gusta Tapas'],
  ])('%s → %s', (raw, expected) => {
    expect(searchName(raw)).toBe(expected)
  })
})
