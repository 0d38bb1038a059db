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
    ['Porquê usar dados estruturados', false],
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
    ['How to install Python', false],
    ['HOW DOES IT WORK', true],
    ['How Does It Work', true],
    ['Which plan is right for me', true],
    ['What happens when the page is blocked', true],
    ["What's New In Python 3.11", false],
    ['Why Farol', false],
    ['When to use a tuple', false],
    ['Is it free', true],
    ['Where we are', false],
    ['Onde fica a loja', true],
    ['Onde estamos?', true],
    ['Quando usar listas', false],
    // Issue 42: a wh-word with an infinitive is a section title, not a question, unless it ends with "?".
    // The four rows above changed for it ('How to install Python', 'When to use a tuple', 'Quando usar
    // listas', 'Porquê usar dados estruturados' were true).
    ['When to use logging', false],
    ['When to use logging?', true],
    ['How to install Python?', true],
    ['What to do next', false],
    ['What not to do', false],
    ['Where to buy tickets', false],
    ['Which to choose', false],
    ['WHEN TO USE LOGGING', false],
    ['When does logging help', true],
    ['What happens next', true],
    ['Como usar o registo', false],
    ['Como usar o registo?', true],
    ['O que fazer em Lisboa', false],
    ['O que fazer em Lisboa?', true],
    ['Onde comprar', false],
    ['Onde ir ao fim de semana', false],
    ['Por que escolher o Farol', false],
    ['Porque ler a auditoria', false],
    ['Como pôr o site no Google', false],
    ['Como compor um título', false],
    ['Como inscrever-se', false],
    ['Como instalá-lo', false],
    ['Como se inscrever', false],
    ['O que não fazer', false],
    ['Quem contactar', false],
    ['Aonde levar as crianças', false],
    ['Quando tiver dúvidas', false],
    // ...and what stays a question: a conjugated verb, a noun or an adjective after the interrogative.
    ['Como funciona o Farol', true],
    ['Quanto custa', true],
    ['O que é a AIO', true],
    ['Onde fica a loja', true],
    ['Qual melhor plano para mim', true],
    ['Qual escolher', true],
    ['Quem paga o envio', true],
    ['Porque mudou o preço', true],
    ['O que qualquer empresa deve saber', true],
    ['Quando abre a loja', true],
    ['Onde estamos', false],
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
  // Issue 42: a documentation page (Python's logging HOWTO) and a pt-PT guide whose section titles are
  // wh-word + infinitive; only the real questions count.
  it('counts no "When to use …" / "Como usar …" section title as a question', () => {
    const docs = measure(
      `<body><div role="main"><h1>Logging HOWTO</h1><p>Logging tracks events while software runs.</p>
       <h2>When to use logging</h2><p>Use logging to report events in normal operation.</p>
       <h2>How to configure logging</h2><p>Call basicConfig once, early.</p>
       <h2>What is a handler?</h2><p>A handler sends records to a destination.</p></div></body>`,
    )
    expect(docs.questionHeadings).toBe(1)
    expect(docs.questionExamples.map((q) => q.text)).toEqual(['What is a handler?'])
    const guide = measure(
      `<body><main><h1>Guia do registo</h1><p>O registo guarda o que o programa faz.</p>
       <h2>Quando usar o registo</h2><p>Sempre que precisar de saber o que aconteceu.</p>
       <h2>O que fazer se falhar</h2><p>Veja a mensagem de erro.</p>
       <h2>Como funciona o registo</h2><p>Cada mensagem vai para um destino.</p></main></body>`,
    )
    expect(guide.questionHeadings).toBe(1)
    expect(guide.questionExamples.map((q) => q.text)).toEqual(['Como funciona o registo'])
  })
})
