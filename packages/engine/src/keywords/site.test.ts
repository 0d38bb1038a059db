import { describe, expect, it } from 'vitest'
import {
  blockGrams,
  coOccurringTerms,
  crawlPagesForKeywords,
  isStopword,
  SiteProvider,
  siteKeywords,
  stemOf,
} from './site.ts'

const ptPage = `<!doctype html><html lang="pt-PT"><head>
<title>Seguro automóvel online | Seguros Farol</title>
<meta name="description" content="Simule o seu seguro automóvel online em 2 minutos.">
</head><body>
<nav><a href="/">Início</a> <a href="/contactos">Contactos</a> <a href="/">Início</a></nav>
<h1>Seguro automóvel</h1>
<p>O nosso seguro automóvel inclui assistência em viagem 24 horas.</p>
<p>Com o seguro automovel da Farol tem assistência em viagem e carro de substituição.</p>
<h2>Carro de substituição</h2>
<p>O carro de substituição está incluído no Seguro Automóvel. Seguros de saúde e seguro de saude familiar também.</p>
<script>var seguro = "seguro seguro seguro"</script>
<footer>Política de privacidade · Política de privacidade</footer>
</body></html>`

const enPage = `<!doctype html><html lang="en"><head>
<title>Running shoes for women - Stride Shop</title>
</head><body>
<h1>Running shoes for women</h1>
<p>Our running shoes are light. Trail running shoes grip on wet rock.</p>
<p>Find the best running shoes for your feet and the right running socks.</p>
<h2>Trail running shoes</h2>
<p>The trail running shoes come with a free return.</p>
</body></html>`

describe('siteKeywords on a Portuguese page', () => {
  const terms = siteKeywords([ptPage], 'pt', 15).map((t) => t.keyword)

  it('puts the page topic first, as a phrase', () => {
    expect(terms[0]).toBe('seguro automóvel')
  })

  it('counts spellings with and without accents, and plurals, as one term in the most frequent form', () => {
    expect(terms).toContain('seguros de saúde')
    expect(terms.filter((t) => /^seguros? de sa[uú]de$/.test(t))).toHaveLength(1)
    expect(terms.filter((t) => /^seguro autom[oó]vel$/i.test(t))).toHaveLength(1)
  })

  it('keeps phrases with a stop word inside but never at their ends', () => {
    expect(terms).toContain('carro de substituição')
    expect(terms).toContain('assistência em viagem')
    const edges = new Set(['de', 'em', 'o', 'a', 'com', 'da', 'do'])
    expect(terms.filter((t) => edges.has(t.split(' ')[0]!) || edges.has(t.split(' ').at(-1)!))).toEqual([])
  })

  it('leaves out navigation, footer, scripts and the brand separator', () => {
    expect(terms).not.toContain('início')
    expect(terms).not.toContain('política de privacidade')
    expect(terms.some((t) => t.includes('online seguros'))).toBe(false)
  })
})

describe('siteKeywords on an English page', () => {
  const terms = siteKeywords([enPage], 'en', 10).map((t) => t.keyword)

  it('finds the topic phrases with English stemming and stop words', () => {
    expect(terms[0]).toBe('running shoes')
    expect(terms).toContain('trail running shoes')
    expect(terms).not.toContain('the')
    expect(terms.some((t) => t.startsWith('for ') || t.endsWith(' for'))).toBe(false)
  })
})

describe('IDF over a crawl', () => {
  it('sinks a phrase repeated on every page below one that only some pages have', () => {
    const page = (body: string) => `<html><body><p>Oficina Lisboa.</p>${body}</body></html>`
    const pages = [
      page('<p>Revisão automóvel rápida. Revisão automóvel barata.</p>'),
      page('<p>Mudança de óleo.</p>'),
      page('<p>Pneus novos.</p>'),
    ]
    const terms = siteKeywords(pages, 'pt', 10).map((t) => t.keyword)
    expect(terms.indexOf('revisão automóvel')).toBeLessThan(terms.indexOf('oficina lisboa'))
  })
})

describe('coOccurringTerms', () => {
  it("lists what the site says in the seed's sentences, without the seed itself", () => {
    const terms = coOccurringTerms([ptPage], 'seguro automóvel', 'pt').map((t) => t.keyword)
    expect(terms).toContain('assistência em viagem')
    expect(terms).toContain('carro de substituição')
    expect(terms).not.toContain('seguro automóvel')
    expect(terms).not.toContain('seguro')
  })

  it('the site provider falls back to the top terms when the seed never appears', async () => {
    const ideas = await new SiteProvider([enPage]).ideas('mortgage', { lang: 'en', country: 'US' })
    expect(ideas[0]).toEqual({
      keyword: 'running shoes',
      source: 'site',
      volume: null,
      cpc: null,
      difficulty: null,
      intent: null,
    })
  })

  it('seeds from the page topic', () => {
    expect(new SiteProvider([ptPage]).topKeyword({ lang: 'pt', country: 'PT' })).toBe('seguro automóvel')
  })
})

describe('words', () => {
  it('stems accent-safely', () => {
    expect(stemOf('Saúde', 'pt')).toBe(stemOf('saude', 'pt'))
    expect(stemOf('seguros', 'pt')).toBe(stemOf('seguro', 'pt'))
  })

  it('uses stopwords-iso in both languages, except topic nouns', () => {
    expect(isStopword('não')).toBe(true)
    expect(isStopword('nao')).toBe(true)
    expect(isStopword('the')).toBe(true)
    expect(isStopword('viagem')).toBe(false)
    expect(isStopword('seguro')).toBe(false)
  })

  it('never builds a gram across two words of a stop-word edge', () => {
    expect(blockGrams('o seguro de', 'pt').map((g) => g.surface)).toEqual(['seguro'])
  })
})

describe('crawlPagesForKeywords', () => {
  const page = (
    url: string,
    linkScore: number | null,
    extra: Partial<{ status: number; contentType: string; noindex: boolean }> = {},
  ) => ({
    url,
    linkScore,
    status: extra.status ?? 200,
    contentType: extra.contentType ?? 'text/html',
    noindex: extra.noindex ?? false,
  })

  it('takes indexable HTML pages, best linked first, without the audited page', () => {
    const pages = [
      page('https://o.pt/', 100),
      page('https://o.pt/servicos', 80),
      page('https://o.pt/blog/a', 20),
      page('https://o.pt/precos', 60),
      page('https://o.pt/obrigado', 90, { noindex: true }),
      page('https://o.pt/antigo', 70, { status: 404 }),
      page('https://o.pt/catalogo.pdf', 75, { contentType: 'application/pdf' }),
      page('https://o.pt/sem-ligacoes', null),
    ]
    expect(crawlPagesForKeywords(pages, 'https://o.pt/')).toEqual([
      'https://o.pt/servicos',
      'https://o.pt/precos',
      'https://o.pt/blog/a',
      'https://o.pt/sem-ligacoes',
    ])
    expect(crawlPagesForKeywords(pages, 'https://o.pt/', 1)).toEqual(['https://o.pt/servicos'])
  })
})
