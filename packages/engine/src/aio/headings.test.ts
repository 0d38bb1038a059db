import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { contentBlocks } from './content.ts'
import { isQuestionHeading, measureHeadings } from './headings.ts'

const measure = (html: string) => {
  const $ = load(html)
  return measureHeadings($, contentBlocks($))
}

describe('isQuestionHeading', () => {
  it.each([
    ['O que é a AIO?', true],
    ['O que é a AIO', true],
    ['Como funciona o Farol', true],
    ['Porquê usar dados estruturados', true],
    ['Quanto custa', true],
    ['What is AIO', true],
    // Section titles built on an interrogative are not questions (issue 12: real headings).
    ['How it works', false],
    ['O que fazemos', false],
    ['Quem somos', false],
    ['Como trabalhamos', false],
    ['What we do', false],
    ['Why you should choose us', false],
    ['O que fazemos?', true],
    ['Como funcionamos?', true],
    ['Onde estamos', false],
    ['Quanto custa o plano anual', true],
    ['Who is Farol for', true],
    ['Can I cancel anytime', true],
    ['¿Qué es?', true],
    ['Serviços', false],
    ['Comofazer', false],
    ['Island tours', false],
    ['Whatever you need', false],
    ['Preços e planos', false],
    // Issue #27: questions by their grammar, on real documentation headings.
    ['WHERE Clause', false],
    ['Where do I start', true],
    ['How-to guides', false],
    ['How to install Python', true],
    ['HOW DOES IT WORK', true],
    ['How Does It Work', true],
    ['Which plan is right for me', true],
    ['What happens when the page is blocked', true],
    ["What's New In Python 3.11", false],
    ['Why Farol', false],
    ['When to use a tuple', true],
    ['Is it free', true],
    ['Where we are', false],
    ['Onde fica a loja', true],
    ['Onde estamos?', true],
    ['Quando usar listas', true],
  ])('%s → %s', (text, expected) => expect(isQuestionHeading(text)).toBe(expected))
})

describe('measureHeadings', () => {
  it('finds skipped levels and counts h1', () => {
    const r = measure('<body><h1>A</h1><h2>B</h2><h4>C</h4><h2>D</h2><h3>E</h3></body>')
    expect(r.h1Count).toBe(1)
    expect(r.skippedLevels).toEqual([{ from: 2, to: 4, text: 'C' }])
  })
  it('counts question headings answered right below with a short first sentence', () => {
    const long = `${Array.from({ length: 70 }, () => 'palavra').join(' ')}.`
    const r = measure(
      `<body><h2>O que é a AIO?</h2><p>A AIO é a otimização para modelos de linguagem. Mais detalhes.</p>
       <h2>Como funciona?</h2><h3>Passo 1</h3><p>x</p>
       <h2>Quem usa?</h2><p>${long}</p>
       <h2>Preços</h2><p>Baratos.</p></body>`,
    )
    expect(r.questionHeadings).toBe(3)
    expect(r.answeredQuestions).toBe(1)
    expect(r.unansweredQuestions).toEqual(['Como funciona?', 'Quem usa?'])
  })
})
