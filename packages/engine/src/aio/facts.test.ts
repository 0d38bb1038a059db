import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { pageText } from '../page/dom.ts'
import { codeSamples, contentBlocks } from './content.ts'
import {
  countAttributedQuotes,
  countDates,
  countStatistics,
  factFindings,
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
    const r = measureFacts($, contentBlocks($), 'https://farol.pt/')
    expect(r.quotations).toBe(3)
    expect(r.statistics).toBe(1)
    expect(r.statisticsPer500Words).toBeGreaterThan(10)
  })
})

// Issue #27: claims that were false on real documentation pages, each beside its true twin.
describe('statistics are numbers with a meaning, never code', () => {
  it.each([
    ['the modulo operator', 'The expression 17 % 3 returns the remainder.', 0],
    ['a percentage in prose', 'About 17% of the visits come from search.', 1],
    ['a runlevel glob', 'Scripts live in rc[0123456S].d directories.', 0],
    ['seconds in prose', 'The page loads in 3 s on a phone.', 1],
    ['a code-page name', 'Windows uses CP125x encodings.', 0],
    ['a product "times"', 'Multiply 3 x 4 to get twelve.', 0],
    ['a "times" comparison', 'It is 10x faster than before.', 1],
    ['an SQL placeholder', 'WHERE id = $1 AND name = $2', 0],
    ['a dollar amount', 'It costs $30.00 a month, or $2 million a year.', 2],
    ['an identifier', 'Use the x86_64 build or utf-8 and h264.', 0],
    ['a counted noun', 'Mais de 300 clientes e 12 empresas usam o Farol.', 2],
    ['a year alone', 'Em 2024 mudámos de casa.', 0],
  ])('%s', (_name, text, count) => {
    expect(countStatistics(text).count).toBe(count)
  })
})

describe('quotations are prose with someone named', () => {
  it.each([
    ['a string literal in code-like text', 'print(\'"Yes," they said.\') and f("a b c d e")', 0],
    ['speech with an author', '"We ship every week to our customers," said Ana Silva.', 1],
    ['scare quotes', 'They call it the "best tool on the market today" in the shop.', 0],
    ['a quote with a dash attribution', '"A clareza vence sempre a esperteza" — Ana Silva', 1],
    // Issue 42: a quoted title of a cross-referenced table, figure or section quotes no one, and an
    // attribution in the next sentence attributes that sentence.
    [
      'a table title, then "according to" in the next sentence',
      'See Table 3, “Status codes and their meaning”. According to RFC 9110, a 404 means not found.',
      0,
    ],
    [
      'a quadro title (pt)',
      'Consulte o Quadro 2, «Códigos de estado e o seu significado». Segundo o RFC 9110, 404 é não encontrado.',
      0,
    ],
    [
      'a section title with an attribution verb nearby',
      'As explained in section 4.2, “How the crawler reads a page”, said nothing new.',
      0,
    ],
    ['speech, then another sentence', '“We ship every week to our customers,” said Ana. It is true.', 1],
    [
      'a quote whose attribution is only in the next sentence',
      'The slogan was “faster pages for every reader”. According to Ana, it worked.',
      0,
    ],
  ])('%s', (_name, text, count) => {
    expect(countAttributedQuotes(text)).toBe(count)
  })

  it('a reference page: the cross-referenced table title is no quotation (issue 42)', () => {
    const $ = load(`<body><main><h1>HTTP status codes</h1>
      <p>The server answers every request with a code; see Table 3, “Status codes and their meaning”. According to RFC 9110, a 404 means the resource was not found.</p>
      <table><caption>Table 3</caption><tr><td>404</td><td>Not Found</td></tr></table>
      <p>Consulte a Figura 2, «O pedido e a resposta do servidor». Segundo a especificação, a resposta leva cabeçalhos.</p></main></body>`)
    expect(measureFacts($, contentBlocks($), 'https://x.pt/').quotations).toBe(0)
  })

  it('a FAQ page: a quotation in a <details> answer is found (issue 42)', () => {
    const $ = load(`<body><main><h1>Perguntas frequentes</h1><p>As dúvidas mais comuns sobre o serviço.</p>
      <details><summary>O Farol é fiável?</summary>“O Farol mostrou-nos o que faltava no nosso site”, disse Ana Costa, diretora da Loja X.</details></main></body>`)
    expect(measureFacts($, contentBlocks($), 'https://x.pt/').quotations).toBe(1)
  })

  it('a FAQ built of <div>s beside prose: a quotation in a closed (hidden) answer panel is found', () => {
    const $ = load(`<body><main><h1>Perguntas frequentes</h1><p>As dúvidas mais comuns sobre o serviço.</p>
      <div class="faq-list"><div class="faq-item"><button aria-expanded="false">O Farol é fiável?</button>
      <div class="faq-answer" hidden>“O Farol mostrou-nos o que faltava no nosso site”, disse Ana Costa, diretora da Loja X.</div>
      </div></div></main></body>`)
    const blocks = contentBlocks($)
    expect(blocks.map((b) => b.text)).toContain(
      '“O Farol mostrou-nos o que faltava no nosso site”, disse Ana Costa, diretora da Loja X.',
    )
    expect(measureFacts($, blocks, 'https://x.pt/').quotations).toBe(1)
  })

  it('a FAQ the page draws with script: the quotation in its FAQPage answer is found, once', () => {
    const faq = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'O Farol é fiável?',
          acceptedAnswer: {
            '@type': 'Answer',
            text: '<p>“O Farol mostrou-nos o que faltava no nosso site”, disse Ana Costa, diretora da Loja X.</p>',
          },
        },
      ],
    })
    const script = `<script type="application/ld+json">${faq}</script>`
    const drawn = load(
      `<head>${script}</head><body><main><h1>Perguntas</h1><p>Respostas às dúvidas.</p><div id="app"></div></main></body>`,
    )
    expect(measureFacts(drawn, contentBlocks(drawn), 'https://x.pt/').quotations).toBe(1)
    // The same answer on the page and in its markup is one quotation, not two.
    const both = load(`<head>${script}</head><body><main><h1>Perguntas</h1>
      <p>“O Farol mostrou-nos o que faltava no nosso site”, disse Ana Costa, diretora da Loja X.</p></main></body>`)
    expect(measureFacts(both, contentBlocks(both), 'https://x.pt/').quotations).toBe(1)
  })

  it('a hidden <div> outside any FAQ stays out of the text', () => {
    const $ = load(`<body><main><p>Texto da página com conteúdo visível.</p>
      <div class="modal" hidden>“Oferta só hoje”, disse o gerente da loja ao cliente.</div></main></body>`)
    expect(contentBlocks($).map((b) => b.text)).toEqual(['Texto da página com conteúdo visível.'])
  })

  it('an indented <blockquote> (Sphinx) quotes no one; one with <cite> does', () => {
    const page = (inner: string) =>
      load(`<body><main><p>Intro text here for the page.</p>${inner}</main></body>`)
    const indented = page(
      '<blockquote><div><p>The following modules are documented in this chapter of the manual.</p></div></blockquote>',
    )
    expect(measureFacts(indented, contentBlocks(indented), 'https://x.pt/').quotations).toBe(0)
    const cited = page(
      '<blockquote><p>Simple is better than complex, always and everywhere.</p><footer>— <cite>Tim Peters</cite></footer></blockquote>',
    )
    const r = measureFacts(cited, contentBlocks(cited), 'https://x.pt/')
    expect(r.quotations).toBe(1)
    expect(r.quotationExamples[0]?.element).toBe('blockquote')
  })
})

describe('code is not prose', () => {
  const python = `<body><div class="body" role="main"><h1>An Informal Introduction</h1>
    <p>The integer numbers have type int; about 17% of beginners confuse them.</p>
    <div class="highlight-python3 notranslate"><div class="highlight"><pre>&gt;&gt;&gt; 17 % 3  # the remainder
2
&gt;&gt;&gt; print('"Yes," they said.')
&gt;&gt;&gt; cost = $1</pre></div></div>
    <p>Use <code>rc[0123456S].d</code> and the operator <code class="docutils literal">17 % 3</code> here.</p>
    <pre>"Isto é uma citação longa de alguém", disse o Rui.</pre>
  </div></body>`

  it('leaves code out of statistics, quotations and the text, and counts the samples', () => {
    const $ = load(python)
    const blocks = contentBlocks($)
    expect(blocks.map((b) => b.text).join(' ')).not.toMatch(/Yes|rc\[|17 % 3|Isto/)
    const r = measureFacts($, blocks, 'https://docs.python.org/', codeSamples($))
    expect(r.statistics).toBe(1)
    expect(r.statisticExamples).toEqual([{ text: '17%', element: 'p' }])
    expect(r.quotations).toBe(0)
    expect(r.codeSamples.count).toBe(2)
    expect(r.codeSamples.first).toEqual({
      text: '>>> 17 % 3 # the remainder',
      element: 'div class="highlight-python3"',
    })
    expect(r.region).toBe('<div role="main">')
  })

  it('keeps a marketing box with a bare "highlight" class as prose', () => {
    const $ = load(
      '<body><main><div class="highlight"><p>Mais de 300 clientes confiam em nós.</p></div></main></body>',
    )
    expect(contentBlocks($).map((b) => b.text)).toEqual(['Mais de 300 clientes confiam em nós.'])
    expect(codeSamples($).count).toBe(0)
  })

  it('keeps inline code in a heading (it names the subject)', () => {
    const $ = load('<body><main><h2><code>WHERE</code> Clause</h2><p>Filters rows.</p></main></body>')
    expect(contentBlocks($)[0]?.text).toBe('WHERE Clause')
  })
})

describe('the word count of the statistics finding (issue 41: 473 and 439 words for one page)', () => {
  it("names its count as the main text's, apart from the page's visible words", () => {
    const $ = load(
      `<html><body><nav>${'Início Produtos Sobre Contactos Loja Blog '.repeat(5)}</nav><main><h1>Vinhos</h1><p>${'A quinta produz vinho do Douro desde sempre. '.repeat(12)}</p></main><footer>${'Morada telefone email horário '.repeat(5)}</footer></body></html>`,
    )
    const facts = measureFacts($, contentBlocks($), 'https://quinta.pt/')
    const visible = pageText($).words
    expect(facts.words).toBeLessThan(visible)
    const stats = factFindings(facts).find((b) => b.finding.id === 'aio-statistics')!.finding
    expect(stats.title.pt).toBe(
      `Poucos dados concretos: 0 números em ${facts.words} palavras do texto principal`,
    )
    expect(stats.title.en).toBe(`Few concrete figures: 0 numbers in ${facts.words} words of main text`)
    expect(stats.title.pt).not.toContain(`${visible} palavras`)
  })
})
