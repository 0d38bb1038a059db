import { describe, expect, it } from 'vitest'
import { measureLlmsTxt } from './llms-txt.ts'

const art = (content: string | null, status: number | null = 200) => ({
  url: 'https://x.pt/llms.txt',
  status,
  content,
})

describe('measureLlmsTxt', () => {
  it('recognises a well-formed file', () => {
    const r = measureLlmsTxt(
      art(
        '# Farol\n\n> Auditorias de SEO e AIO.\n\n## Docs\n\n- [Guia](https://farol.pt/guia): como usar\n- [FAQ](https://farol.pt/faq)\n',
      ),
    )
    expect(r).toMatchObject({
      present: true,
      hasTitle: true,
      hasSummary: true,
      sections: 1,
      links: 2,
      wellFormed: true,
    })
  })
  it('finds what is missing', () => {
    const r = measureLlmsTxt(art('Farol\nhttps://farol.pt\n'))
    expect(r).toMatchObject({
      present: true,
      hasTitle: false,
      hasSummary: false,
      links: 0,
      wellFormed: false,
    })
  })
  it('treats 404 and an HTML soft 404 as absent', () => {
    expect(measureLlmsTxt(art(null, 404)).present).toBe(false)
    expect(measureLlmsTxt(art('<!doctype html><title>Not found</title>')).present).toBe(false)
  })
})
