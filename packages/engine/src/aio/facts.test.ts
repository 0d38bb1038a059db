import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { mainText } from './content.ts'
import {
  countAttributedQuotes,
  countDates,
  countStatistics,
  measureFacts,
  outboundCitations,
} from './facts.ts'

describe('countStatistics', () => {
  it('counts percentages, currency, units and ratios', () => {
    const r = countStatistics(
      'Em 2024, 45% dos sites usavam HTTPS; o custo médio foi de €120 e a página pesa 2,5 MB. Cerca de 1 em cada 4 utilizadores, 3 milhões de pessoas, 12.5 percent and $30.',
    )
    expect(r.examples).toEqual(['45%', '€120', '2,5 MB', '1 em cada 4', '3 milhões'])
    expect(r.count).toBe(7)
  })
  it('does not count bare numbers, years or dates', () => {
    expect(countStatistics('No capítulo 3, em 2024, a 12 de março de 2023.').count).toBe(0)
  })
  it('does not take a unit from inside a word', () => {
    expect(countStatistics('Temos 3 magníficas salas e 2 gatos.').count).toBe(0)
  })
})

describe('countDates', () => {
  it('counts full dates once and bare years', () => {
    expect(countDates('Publicado a 12 de março de 2024, revisto em 2025-01-10 e em março de 2025.')).toBe(3)
    expect(countDates('Updated March 3, 2025; founded in 1998; on 10/01/2024.')).toBe(3)
    expect(countDates('Sem datas aqui, só 42 coisas.')).toBe(0)
  })
})

describe('countAttributedQuotes', () => {
  it('counts quotes with attribution and ignores scare quotes', () => {
    expect(countAttributedQuotes('“A clareza vence sempre a esperteza”, disse Ana Silva.')).toBe(1)
    expect(
      countAttributedQuotes('According to Jane Doe, "structured data makes entities clear to machines."'),
    ).toBe(1)
    expect(countAttributedQuotes('Chamam-lhe a "melhor solução do mercado atual" na loja.')).toBe(0)
    expect(countAttributedQuotes('Ele disse "sim".')).toBe(0)
  })
})

describe('outboundCitations', () => {
  it('counts links to other domains inside the content, not chrome or share buttons', () => {
    const $ = load(`<body><nav><a href="https://other.com/">nav</a></nav>
      <p><a href="https://www.ine.pt/dados">INE</a> <a href="/interno">interno</a> <a href="https://www.farol.pt/x">self</a>
      <a href="https://facebook.com/sharer/sharer.php?u=x">share</a> <a href="https://arxiv.org/abs/2311.09735">GEO</a></p></body>`)
    expect(outboundCitations($, 'https://farol.pt/artigo')).toEqual(['ine.pt', 'arxiv.org'])
  })
})

describe('measureFacts', () => {
  it('counts blockquote and q once each, plus attributed quotes in text', () => {
    const $ = load(`<body><article><p>Segundo o estudo, 30% dos utilizadores confiam.</p>
      <blockquote><p>"Isto é uma citação longa de alguém", disse o Rui.</p></blockquote>
      <p>Ela disse <q>nunca mais volto a este sítio</q> ontem.</p>
      <p>“A estrutura importa mais do que parece”, afirmou Ana Costa.</p></article></body>`)
    const r = measureFacts($, mainText($), 'https://farol.pt/')
    expect(r.quotations).toBe(3)
    expect(r.statistics).toBe(1)
    expect(r.statisticsPer500Words).toBeGreaterThan(10)
  })
})
