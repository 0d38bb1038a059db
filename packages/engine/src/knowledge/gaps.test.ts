import { describe, expect, it } from 'vitest'
import { contentGaps, covers, pageOutline, THIN_PAGE_WORDS } from './gaps.ts'

const filler = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ')

const site = pageOutline(
  `<html><head><title>Oficina Ribeiro — Braga</title></head><body><main>
  <h1>Oficina Ribeiro</h1><p>Revisões e reparações automóveis em Braga. ${filler(320)}</p>
  <h2>Quanto custa uma revisão?</h2><p>Depende.</p>
  <h2>Preços de pneus</h2><p>${filler(40)}</p>
  </main></body></html>`,
  'https://ribeiro.pt/',
)

const competitor = pageOutline(
  `<html><body><main><h1>Auto Silva</h1>
  <h2>Quanto tempo demora uma inspeção?</h2><p>${filler(60)}</p>
  <h2>Preço dos pneus</h2><p>${filler(30)}</p>
  <h2>Carros elétricos</h2><p>${filler(80)}</p>
  </main></body></html>`,
  'https://silva.pt/',
)

describe('pageOutline', () => {
  it('lists headings with how much text follows each', () => {
    expect(site.headings.map((h) => [h.level, h.text])).toEqual([
      [1, 'Oficina Ribeiro'],
      [2, 'Quanto custa uma revisão?'],
      [2, 'Preços de pneus'],
    ])
    expect(site.headings[1]?.wordsAfter).toBe(1)
    expect(site.headings[2]?.wordsAfter).toBe(40)
  })

  it('reads the content, not the chrome: nav, page header and footer, aside, cookie banner, testimonials', () => {
    const outline = pageOutline(
      `<html><body><header><h2>Passo 1: Insira o URL</h2><nav><h2>Navegação</h2></nav></header>
      <div class="cookie-consent"><h3>Usamos cookies</h3></div>
      <main><article><header><h1>Revisões em Braga</h1></header><h2>Preços de pneus</h2><p>${filler(40)}</p>
      <section class="testimonials"><h2>O que dizem os clientes</h2></section></article></main>
      <aside><h2>Recursos</h2></aside><footer><h2>Contacto</h2></footer></body></html>`,
      'https://ribeiro.pt/',
    )
    expect(outline.headings.map((h) => h.text)).toEqual(['Revisões em Braga', 'Preços de pneus'])
  })
})

describe('covers', () => {
  it('matches topics regardless of accents, case and plural', () => {
    expect(covers(site, 'Preço dos pneus')).toBe(true)
    expect(covers(site, 'REVISÕES em braga')).toBe(true)
    expect(covers(site, 'revisão automóvel braga')).toBe(true)
    expect(covers(site, 'Carros elétricos')).toBe(false)
  })
})

describe('contentGaps', () => {
  const gaps = contentGaps({
    site,
    competitor,
    aiQuestions: [
      { query: 'melhor oficina para carros elétricos em Braga', mentioned: 0, answers: 3 },
      { query: 'oficina de confiança em Braga', mentioned: 2, answers: 3 },
      { query: 'pergunta sem respostas', mentioned: 0, answers: 0 },
    ],
    keywords: ['alinhamento de direção braga', 'revisão automóvel braga'],
  })
  const byKind = (kind: string) => gaps.filter((g) => g.kind === kind).map((g) => g.topic)

  it('suggests what the competitor covers and the site does not, questions apart', () => {
    expect(byKind('competitor-question')).toEqual(['Quanto tempo demora uma inspeção?'])
    expect(byKind('competitor-topic')).toEqual(['Carros elétricos'])
    expect(gaps.find((g) => g.kind === 'competitor-question')?.evidence).toBe('https://silva.pt/')
  })

  it('suggests the AI questions where the site was never named, with the count', () => {
    expect(byKind('ai-question')).toEqual(['melhor oficina para carros elétricos em Braga'])
    expect(gaps.find((g) => g.kind === 'ai-question')?.reason.pt).toContain('0 de 3 respostas')
  })

  it('drops a topic already suggested from another source', () => {
    const again = contentGaps({ site, competitor, keywords: ['carros elétricos'] })
    expect(again.filter((g) => g.keywords.includes('elétricos'))).toHaveLength(1)
  })

  it('suggests keywords the site does not cover', () => {
    expect(byKind('keyword')).toEqual(['alinhamento de direção braga'])
  })

  it('flags the site’s own question answered in too few words', () => {
    expect(byKind('unanswered-question')).toEqual(['Quanto custa uma revisão?'])
  })

  it('flags a thin page only when it is thin', () => {
    expect(byKind('thin-page')).toEqual([])
    const thin = pageOutline(
      '<html><body><main><h1>Olá</h1><p>Pouco texto.</p></main></body></html>',
      'https://x.pt/',
    )
    const gap = contentGaps({ site: thin }).find((g) => g.kind === 'thin-page')
    expect(gap?.topic).toBe('Olá')
    expect(gap?.reason.en).toContain(`under ${THIN_PAGE_WORDS}`)
  })
})
