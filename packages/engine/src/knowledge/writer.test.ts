import { describe, expect, it } from 'vitest'
import type { SiteFact } from './site-facts.ts'
import { exportFileName, lengthCheck, parseGenerated, type WriterRequest, writerPrompt } from './writer.ts'

const request: WriterRequest = {
  keyword: 'revisão automóvel em Braga',
  language: 'PT',
  tone: 'professional',
  contentType: 'blog-post',
  size: 'medium',
}
const facts: SiteFact[] = [
  { kind: 'name', value: 'Oficina Ribeiro', source: { url: 'https://ribeiro.pt/', from: 'json-ld' } },
  { kind: 'foundingYear', value: '1998', source: { url: 'https://ribeiro.pt/', from: 'text' } },
]

describe('writerPrompt', () => {
  it('gives the model the facts and forbids any other', () => {
    const { system, prompt } = writerPrompt(request, facts)
    expect(system).toContain('- name: Oficina Ribeiro')
    expect(system).toContain('- foundingYear: 1998')
    expect(system).toMatch(/Use ONLY the facts/)
    expect(prompt).toContain('about 700 words')
    expect(prompt).toContain('European Portuguese')
    expect(prompt).toContain('revisão automóvel em Braga')
  })

  it('says when no fact is known instead of leaving the list empty', () => {
    expect(writerPrompt(request, []).system).toContain('no facts about the business are known')
  })

  it('asks each type for its own shape', () => {
    expect(writerPrompt({ ...request, contentType: 'meta-description' }, facts).prompt).toContain(
      '120 to 160 characters',
    )
    expect(writerPrompt({ ...request, contentType: 'faq', size: 'short' }, facts).prompt).toContain(
      '4 questions',
    )
    expect(writerPrompt({ ...request, language: 'ES' }, facts).prompt).toContain('Spanish')
  })
})

describe('parseGenerated', () => {
  it('takes the title from the first heading', () => {
    expect(parseGenerated('# Revisões sem surpresas\n\nTexto do artigo.', request)).toEqual({
      title: 'Revisões sem surpresas',
      content: 'Texto do artigo.',
    })
  })
  it('falls back to the keyword as title, and unquotes a bare meta description', () => {
    expect(parseGenerated('Só texto.', request)).toEqual({
      title: 'revisão automóvel em Braga',
      content: 'Só texto.',
    })
    expect(
      parseGenerated('"Descrição curta."', { ...request, contentType: 'meta-description' }).content,
    ).toBe('Descrição curta.')
  })
})

describe('lengthCheck', () => {
  it('scores meta descriptions and titles by the spec’s rules', () => {
    expect(lengthCheck('meta-description', 'x'.repeat(140))).toEqual({
      length: 140,
      score: 100,
      ideal: { min: 120, max: 160 },
    })
    expect(lengthCheck('meta-description', 'x'.repeat(100)).score).toBe(60)
    expect(lengthCheck('article-title', 'x'.repeat(45)).score).toBe(100)
    expect(lengthCheck('article-title', 'x'.repeat(70)).score).toBe(70)
    expect(lengthCheck('blog-post', 'texto').score).toBeNull()
  })
})

describe('exportFileName', () => {
  it('names the .txt from the title', () => {
    expect(exportFileName('Revisões sem surpresas: o guia!')).toBe('revisoes-sem-surpresas-o-guia.txt')
    expect(exportFileName('!!!')).toBe('conteudo.txt')
  })
})
