import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { contentBlocks, mainRoot, mainText, splitSentences } from './content.ts'

describe('mainRoot', () => {
  it('prefers <main>, then a single <article>, then <body>', () => {
    expect(mainRoot(load('<body><main id="m"></main><article></article></body>')).attr('id')).toBe('m')
    expect(mainRoot(load('<body><article id="a"></article></body>')).attr('id')).toBe('a')
    expect(mainRoot(load('<body><article></article><article></article></body>')).is('body')).toBe(true)
  })
})

describe('contentBlocks', () => {
  it('skips navigation, header and footer chrome when the root is <body>', () => {
    const $ = load(
      '<body><header><p>Logo</p></header><nav><ul><li>Menu</li></ul></nav><h1>Título</h1><p>Texto do artigo.</p><footer><p>Rodapé</p></footer></body>',
    )
    expect(contentBlocks($).map((b) => b.text)).toEqual(['Título', 'Texto do artigo.'])
  })
  it('keeps an article header inside <article>', () => {
    const $ = load('<body><article><header><h1>Título</h1></header><p>Corpo.</p></article></body>')
    expect(contentBlocks($).map((b) => b.tag)).toEqual(['h1', 'p'])
  })
  it('counts nested prose once and separates block children', () => {
    const $ = load('<body><ul><li><p>Um ponto</p></li><li>Dois<br>três</li></ul></body>')
    expect(contentBlocks($).map((b) => b.text)).toEqual(['Um ponto', 'Dois três'])
  })
  it('joins inline elements without inventing spaces', () => {
    expect(mainText(load('<body><p>otimi<b>zação</b> de sites</p></body>'))).toBe('otimização de sites')
  })
})

describe('splitSentences', () => {
  it('splits at end punctuation followed by a capital', () => {
    expect(splitSentences('Olá mundo. Tudo bem? Sim! ok')).toEqual(['Olá mundo.', 'Tudo bem?', 'Sim! ok'])
  })
  it('does not split abbreviations, initials or decimals', () => {
    expect(splitSentences('O Dr. Silva mediu 3.5 kg. J. Smith concordou.')).toEqual([
      'O Dr. Silva mediu 3.5 kg.',
      'J. Smith concordou.',
    ])
  })
  it('handles closing quotes', () => {
    expect(splitSentences('Ele disse "sim." Depois saiu.')).toEqual(['Ele disse "sim."', 'Depois saiu.'])
  })
})

describe('contentBlocks on div soup', () => {
  it('reads leaf divs as prose when there are no paragraphs, skipping short labels', () => {
    const $ = load(
      '<body><div><div><a href="/">Início</a></div><div class="t">Um texto <b>solto</b> numa div. Segunda frase.</div><div><div>Sem pontuação mas com bastantes palavras nesta linha aqui</div></div></div></body>',
    )
    expect(contentBlocks($).map((b) => [b.tag, b.text])).toEqual([
      ['div', 'Um texto solto numa div. Segunda frase.'],
      ['div', 'Sem pontuação mas com bastantes palavras nesta linha aqui'],
    ])
  })
  it('does not fall back when real paragraphs exist', () => {
    const $ = load('<body><div>Texto numa div com muitas palavras soltas aqui.</div><p>Parágrafo.</p></body>')
    expect(contentBlocks($).map((b) => b.tag)).toEqual(['p'])
  })
})
