import { describe, expect, it } from 'vitest'
import { accuracyOf, checkClaim, type ExtractedClaim } from './check.ts'
import { extractSiteFacts, factPages, mergeFacts, type SiteFact } from './site-facts.ts'

const page = `<!doctype html><html lang="pt"><head>
<meta property="og:site_name" content="Oficina Ribeiro">
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'AutoRepair',
  name: 'Oficina Ribeiro',
  alternateName: 'Ribeiro Auto',
  telephone: '+351 253 000 111',
  email: 'geral@oficina-ribeiro.pt',
  foundingDate: '1998-03-12',
  founder: { '@type': 'Person', name: 'Joaquim Ribeiro' },
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'Rua do Souto, 12',
    postalCode: '4700-329',
    addressLocality: 'Braga',
  },
  openingHoursSpecification: [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Friday'],
      opens: '09:00',
      closes: '18:00',
    },
  ],
  makesOffer: [
    {
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: 'Revisão completa' },
      price: 89,
      priceCurrency: 'EUR',
    },
  ],
})}</script></head><body><main><h1>Oficina Ribeiro</h1><p>Desde 1998 ao seu serviço.</p></main>
<footer><a href="tel:+351253000222">253 000 222</a> <a href="mailto:oficina@exemplo.pt?subject=Ol%C3%A1">Email</a>
<p>Rua Nova 5, 4700-001 Braga</p></footer></body></html>`

describe('extractSiteFacts', () => {
  const facts = extractSiteFacts(page, 'https://oficina-ribeiro.pt/')
  const values = (kind: SiteFact['kind']) => facts.filter((f) => f.kind === kind).map((f) => f.value)

  it('reads the business from its JSON-LD, with the page it came from', () => {
    expect(values('name')).toEqual(['Oficina Ribeiro'])
    expect(values('alternateName')).toEqual(['Ribeiro Auto'])
    expect(values('address')).toEqual(['Rua do Souto, 12'])
    expect(values('postalCode')).toContain('4700-329')
    expect(values('city')).toEqual(['Braga'])
    expect(values('foundingYear')).toEqual(['1998'])
    expect(values('person')).toEqual(['Joaquim Ribeiro'])
    expect(values('service')).toEqual(['Revisão completa'])
    expect(values('price')).toEqual(['Revisão completa: 89 EUR'])
    expect(values('openingHours')).toEqual(['Monday, Friday 09:00-18:00'])
    expect(facts.find((f) => f.kind === 'name')?.source).toEqual({
      url: 'https://oficina-ribeiro.pt/',
      from: 'json-ld',
    })
  })

  it('adds what the footer states beside it', () => {
    expect(values('phone')).toEqual(['+351 253 000 111', '+351253000222'])
    expect(values('email')).toEqual(['geral@oficina-ribeiro.pt', 'oficina@exemplo.pt'])
    expect(values('postalCode')).toContain('4700-001')
    expect(facts.find((f) => f.value === '4700-001')?.source.from).toBe('footer')
  })

  it('finds a founding year in the text when the markup has none', () => {
    const facts = extractSiteFacts('<p>Fundada em 1987, a Casa Lima…</p>', 'https://lima.pt/')
    expect(facts).toEqual([
      { kind: 'foundingYear', value: '1987', source: { url: 'https://lima.pt/', from: 'text' } },
    ])
    expect(extractSiteFacts('<p>Founded in 2004 in Leeds.</p>', 'https://x.uk/')[0]?.value).toBe('2004')
  })

  it('merges pages without duplicating a value (accents and case ignored)', () => {
    const a = extractSiteFacts('<footer><a href="tel:253000111">x</a></footer>', 'https://a.pt/')
    const b = extractSiteFacts('<footer><a href="tel:253000111">y</a></footer>', 'https://a.pt/contactos')
    expect(mergeFacts(a, b)).toHaveLength(1)
  })
})

describe('checkClaim', () => {
  const facts = extractSiteFacts(page, 'https://oficina-ribeiro.pt/')
  const previous: SiteFact[] = [
    {
      kind: 'address',
      value: 'Avenida da Liberdade 100',
      source: { url: 'https://oficina-ribeiro.pt/', from: 'user' },
    },
  ]
  const claim = (attribute: ExtractedClaim['attribute'], value: string): ExtractedClaim => ({
    text: value,
    attribute,
    value,
  })

  it.each([
    [claim('phone', '253 000 111'), 'supported'],
    [claim('phone', '(+351) 253-000-111'), 'supported'],
    [claim('phone', '253 999 999'), 'contradicted'],
    [claim('foundingYear', 'fundada em 1998'), 'supported'],
    [claim('foundingYear', '2001'), 'contradicted'],
    [claim('city', 'braga'), 'supported'],
    [claim('city', 'Porto'), 'contradicted'],
    [claim('name', 'Ribeiro Auto'), 'supported'],
    [claim('address', 'Avenida da Liberdade 100'), 'outdated'],
    [claim('address', 'Rua do Souto 12'), 'supported'],
    [claim('service', 'Pintura automóvel'), 'unsupported'],
    [claim('service', 'revisão completa'), 'supported'],
    [claim('other', 'Tem estacionamento gratuito'), 'unsupported'],
  ] as Array<[ExtractedClaim, string]>)('%o → %s', (c, verdict) => {
    expect(checkClaim(c, facts, previous).verdict).toBe(verdict)
  })

  it('scores accuracy over checkable claims only, with n', () => {
    const checks = [
      checkClaim(claim('phone', '253 000 111'), facts),
      checkClaim(claim('city', 'Porto'), facts),
      checkClaim(claim('service', 'Pintura'), facts),
    ]
    expect(accuracyOf(checks)).toEqual({
      score: 50,
      n: 2,
      supported: 1,
      contradicted: 1,
      outdated: 0,
      unsupported: 1,
    })
    expect(accuracyOf([]).score).toBeNull()
  })
})

describe('factPages', () => {
  const page = (
    url: string,
    extra: Partial<{ title: string; status: number; contentType: string; depth: number }> = {},
  ) => ({
    url,
    title: extra.title ?? null,
    status: extra.status ?? 200,
    contentType: extra.contentType ?? 'text/html; charset=utf-8',
    depth: extra.depth ?? 1,
  })

  it('picks contact, about, team, services, prices and hours pages from a crawl, best first', () => {
    const pages = [
      page('https://o.pt/'),
      page('https://o.pt/blog/dicas-de-inverno', { title: 'Dicas de inverno' }),
      page('https://o.pt/tabela-de-precos', { depth: 2 }),
      page('https://o.pt/a-nossa-equipa'),
      page('https://o.pt/quem-somos'),
      page('https://o.pt/contactos'),
      page('https://o.pt/p/17', { title: 'Horário de funcionamento' }),
      page('https://o.pt/servicos/revisao', { depth: 2 }),
      page('https://o.pt/servicos', { depth: 1 }),
    ]
    expect(factPages(pages)).toEqual([
      'https://o.pt/contactos',
      'https://o.pt/quem-somos',
      'https://o.pt/a-nossa-equipa',
      'https://o.pt/servicos',
      'https://o.pt/servicos/revisao',
      'https://o.pt/tabela-de-precos',
      'https://o.pt/p/17',
    ])
    expect(factPages(pages, 2)).toEqual(['https://o.pt/contactos', 'https://o.pt/quem-somos'])
  })

  it('leaves out pages that did not answer 200 with HTML, and words inside other words', () => {
    expect(
      factPages([
        page('https://o.pt/contact', { status: 404 }),
        page('https://o.pt/about.pdf', { contentType: 'application/pdf' }),
        page('https://o.pt/contactless-payments'),
        page('https://o.pt/teamwork-tips'),
        page('https://o.pt/about-us'),
      ]),
    ).toEqual(['https://o.pt/about-us'])
  })
})
