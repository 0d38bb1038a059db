import { describe, expect, it } from 'vitest'
import { findCheckableClaims, numberValues, unverifiedClaims } from './claims.ts'
import type { SiteFact } from './site-facts.ts'

const fact = (kind: SiteFact['kind'], value: string): SiteFact => ({
  kind,
  value,
  source: { url: 'https://oficina.pt/', from: 'json-ld' },
})

const facts: SiteFact[] = [
  fact('name', 'Oficina Ribeiro'),
  fact('foundingYear', '1998'),
  fact('phone', '+351 253 000 111'),
  fact('price', 'Revisão completa: 89 EUR'),
  fact('openingHours', 'Mo-Fr 09:00-18:00'),
  fact('description', 'Mais de 1.200 clientes por ano, 95% voltam. Aberta desde 12 de março de 1998.'),
]

const flagged = (text: string, lang: 'pt' | 'en' = 'pt', extra: string[] = []) =>
  unverifiedClaims(text, facts, lang, extra).map((c) => [c.kind, c.text])

describe('unverifiedClaims', () => {
  it.each([
    // [text, expected flagged [kind, text] pairs]
    ['A Oficina Ribeiro foi fundada em 1998.', []],
    ['A Oficina Ribeiro foi fundada em 1995.', [['date', '1995']]],
    ['Mais de 1.200 clientes por ano.', []],
    ['More than 1,200 customers a year.', []],
    ['Mais de 1.500 clientes por ano.', [['number', '1.500']]],
    ['95% dos clientes voltam.', []],
    ['30% dos clientes voltam.', [['percentage', '30%']]],
    ['30 por cento dos clientes voltam.', [['percentage', '30 por cento']]],
    ['95 por cento dos clientes voltam.', []],
    ['A revisão custa 89 €.', []],
    ['A revisão custa 99 €.', [['number', '99 €']]],
    ['A revisão custa €120.', [['number', '€120']]],
    ['Aberta desde 12 de março de 1998.', []],
    ['Aberta desde 13 de março de 1998.', [['date', '13 de março de 1998']]],
    ['Open since March 12, 1998.', []],
    ['Open since 12/03/1998.', []],
    ['Atendemos 2 milhões de clientes.', [['number', '2 milhões']]],
    ['Atendemos das 09:00 às 18:00.', []],
    ['Ligue 253 000 111.', []],
    ['Segundo o INE, o setor cresce.', [['source', 'Segundo o INE']]],
    ['According to Gartner, repairs grow.', [['source', 'According to Gartner']]],
    ['Crescem, segundo a Deco. Como sempre.', [['source', 'segundo a Deco']]],
    [
      'Foi eleita a melhor oficina pela Deco Proteste.',
      [['source', 'eleita a melhor oficina pela Deco Proteste']],
    ],
    [
      'Voted best garage by the Jornal de Notícias.',
      [['source', 'Voted best garage by the Jornal de Notícias']],
    ],
    // A percentage is grounded only by a percentage, not by the same number elsewhere (a phone, a street).
    ['Ligue 253 000 111; 111 por cento de satisfação.', [['percentage', '111 por cento']]],
    ['Segundo a Galp S.A. o preço sobe.', [['source', 'Segundo a Galp S.A']]],
    ['Um estudo da Universidade do Minho mostra isso.', [['source', 'Um estudo da Universidade do Minho']]],
    [
      'Como diz o mecânico: «Um carro bem tratado dura o dobro».',
      [['quote', '«Um carro bem tratado dura o dobro»']],
    ],
    ['Ele disse “o melhor serviço da cidade” ontem.', [['quote', '“o melhor serviço da cidade”']]],
    ['Ele disse „o melhor serviço da cidade“ ontem.', [['quote', '„o melhor serviço da cidade“']]],
    ['The owner said "we fix every car in a day".', [['quote', '"we fix every car in a day"']]],
    ['A Oficina Ribeiro cuida do seu carro com rigor.', []],
  ] as Array<[string, string[][]]>)('%s', (text, expected) => {
    expect(flagged(text)).toEqual(expected)
  })

  it('does not count list numbering as a claim', () => {
    expect(flagged('1. Verifique os pneus\n2) Mude o óleo')).toEqual([])
  })

  it('accepts what the user gave (keyword, title) as grounding', () => {
    expect(flagged('5 dicas para o inverno', 'pt', ['5 dicas para o inverno'])).toEqual([])
    expect(flagged('5 dicas para o inverno')).toEqual([['number', '5']])
  })

  it('gives the reason in the reader’s language', () => {
    expect(unverifiedClaims('30% more', facts, 'en')[0]?.reason).toMatch(/verify before publishing/)
    expect(unverifiedClaims('30% mais', facts, 'pt')[0]?.reason).toMatch(/verificar antes de publicar/)
  })

  it('takes the date before the numbers inside it', () => {
    expect(findCheckableClaims('Em 12/03/2020 abrimos.').map((c) => c.kind)).toEqual(['date'])
  })
})

describe('numberValues', () => {
  it.each([
    ['1.234,5', [1234.5]],
    ['1,234.5', [1234.5]],
    ['1.234', [1234, 1.234]],
    ['2 milhões', [2, 2_000_000]],
    ['3 million', [3, 3_000_000]],
    ['1 234', [1234]],
  ])('%s', (raw, values) => {
    for (const v of values) expect(numberValues(raw)).toContain(v)
  })
})
