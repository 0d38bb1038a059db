import { describe, expect, it } from 'vitest'
import { extractSiteNap, napFromFooterText } from './site-nap.ts'

describe('extractSiteNap', () => {
  it('reads a LocalBusiness JSON-LD block inside @graph', () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Pastelaria Alfama', url: 'https://alfama.example/' },
        {
          '@type': 'Bakery',
          name: 'Pastelaria Alfama, Lda.',
          telephone: '+351 213 421 000',
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Rua Augusta, 24',
            postalCode: '1100-053',
            addressLocality: 'Lisboa',
            addressCountry: 'PT',
          },
        },
      ],
    })}</script></head><body></body></html>`
    expect(extractSiteNap(html, 'PT')).toEqual({
      nap: {
        name: 'Pastelaria Alfama, Lda.',
        address: 'Rua Augusta, 24',
        postalCode: '1100-053',
        city: 'Lisboa',
        phone: '+351 213 421 000',
      },
      sources: ['jsonld'],
    })
  })

  it('completes a JSON-LD Organization without an address from the footer', () => {
    const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Café Nicola"}</script></head>
      <body><main>Bem-vindo</main><footer><p>Praça Dom Pedro IV, 24-25</p><p>1100-200 Lisboa</p><p>Tel.: 21 346 0579</p></footer></body></html>`
    expect(extractSiteNap(html, 'PT')).toEqual({
      nap: {
        name: 'Café Nicola',
        address: 'Praça Dom Pedro IV, 24-25',
        postalCode: '1100-200',
        city: 'Lisboa',
        phone: '+351213460579',
      },
      sources: ['jsonld', 'footer'],
    })
  })

  it('returns null for a site that states no NAP', () => {
    expect(extractSiteNap('<html><body><footer>© 2026 Farol</footer></body></html>', 'PT')).toBeNull()
  })
})

describe('napFromFooterText', () => {
  it('reads a Brazilian footer (CEP, phone, avenue)', () => {
    expect(
      napFromFooterText(
        'Padaria São Jorge\nAv. Paulista, 1578 - Bela Vista\nCEP 01310-200 São Paulo - SP\n(11) 3071-4000',
        'BR',
      ),
    ).toEqual({
      name: '',
      address: 'Av. Paulista, 1578 - Bela Vista',
      postalCode: '01310-200',
      city: '',
      phone: '+551130714000',
    })
  })
})
