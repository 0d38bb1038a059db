// Issue 12: "1 sítios", "1 perguntas" and "Only 0 profile" in the AIO findings. Counted nouns follow the
// plural rules of each language, checked on the texts the analysis really writes.
import { describe, expect, it } from 'vitest'
import { buildArtifacts } from '../gather/index.ts'
import { htmlResource } from '../gather/testing.ts'
import { analyzeAio } from './index.ts'
import { counted } from './plural.ts'

describe('counted', () => {
  it('uses the singular for one only; zero takes the plural in both languages', () => {
    expect(counted(1, 'pt', { one: 'sítio', other: 'sítios' })).toBe('1 sítio')
    expect(counted(0, 'pt', { one: 'sítio', other: 'sítios' })).toBe('0 sítios')
    expect(counted(2, 'pt', { one: 'sítio', other: 'sítios' })).toBe('2 sítios')
    expect(counted(1, 'en', { one: 'place', other: 'places' })).toBe('1 place')
    expect(counted(0, 'en', { one: 'place', other: 'places' })).toBe('0 places')
  })
})

describe('AIO findings count their nouns', () => {
  const page = (jsonLd: string) => `<!doctype html><html lang="pt"><head><title>Padaria Sol</title>
    <script type="application/ld+json">${jsonLd}</script></head>
    <body><main><h1>Padaria Sol</h1>
    <h2>O que é o pão de fermentação lenta?</h2><p>É pão que leveda durante 24 horas. Fica mais leve.</p>
    <p>${'Fazemos pão todos os dias com farinha portuguesa e fermento natural. '.repeat(20)}</p>
    </main></body></html>`
  const titles = (html: string) => {
    const result = analyzeAio(buildArtifacts(htmlResource(html, { url: 'https://padaria.example/' })))
    return result.findings.flatMap((f) => [f.title.pt, f.title.en, f.description.pt, f.description.en])
  }

  it('one question heading, one sameAs profile', () => {
    const texts = titles(
      page(
        '{"@context":"https://schema.org","@type":"Organization","name":"Padaria Sol","sameAs":["https://www.instagram.com/padariasol"]}',
      ),
    ).join('\n')
    expect(texts).toContain('1 pergunta em título')
    expect(texts).not.toMatch(/\b1 perguntas\b/)
    expect(texts).toContain('1 question heading')
    expect(texts).toContain('Só 1 perfil ligado em sameAs')
    expect(texts).toContain('Only 1 profile linked in sameAs')
    expect(texts).toContain('1 ligação sameAs')
    expect(texts).not.toMatch(/\b1 (sítios|ligações|profiles|places)\b/)
  })

  it('no sameAs profile at all reads as "none", not "Only 0 profile"', () => {
    const texts = titles(
      page('{"@context":"https://schema.org","@type":"Organization","name":"Padaria Sol","sameAs":[]}'),
    ).join('\n')
    expect(texts).not.toContain('Only 0 profile')
    expect(texts).not.toContain('Só 0 perfil')
  })
})
