import { describe, expect, it } from 'vitest'
import { openGraph, twitterCard } from './social.ts'
import { page, run, verdict } from './test-utils.ts'

const og = (props: Record<string, string>) =>
  page(
    Object.entries(props)
      .map(([k, v]) => `<meta property="${k}" content="${v}">`)
      .join(''),
  )
const full = {
  'og:title': 'Farol',
  'og:description': 'Auditoria',
  'og:image': 'https://farol.example/og.png',
  'og:url': 'https://farol.example/',
}

describe('open-graph', () => {
  it('passes with the four properties', () => expect(verdict(openGraph, og(full))).toBe('pass'))
  it('warns when some are missing or the image is relative', () => {
    const { 'og:image': _, ...noImage } = full
    const f = run(openGraph, og(noImage))
    expect(f.verdict).toBe('warn')
    expect(f.description.en).toContain('og:image')
    expect(verdict(openGraph, og({ ...full, 'og:image': '/og.png' }))).toBe('warn')
  })
  it('fails with none', () => expect(verdict(openGraph, page(''))).toBe('fail'))
})

describe('twitter-card', () => {
  it('passes a card with a title (own or from Open Graph)', () => {
    expect(
      verdict(
        twitterCard,
        page(
          '<meta name="twitter:card" content="summary_large_image"><meta property="og:title" content="F">',
        ),
      ),
    ).toBe('pass')
  })
  it('warns without a card, an unknown card type or no title', () => {
    expect(verdict(twitterCard, og(full))).toBe('warn')
    expect(
      verdict(
        twitterCard,
        page('<meta name="twitter:card" content="big"><meta name="twitter:title" content="F">'),
      ),
    ).toBe('warn')
    expect(verdict(twitterCard, page('<meta name="twitter:card" content="summary">'))).toBe('warn')
  })
})
