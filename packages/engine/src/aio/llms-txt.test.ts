import { describe, expect, it } from 'vitest'
import { llmsTxtFinding, measureLlmsTxt } from './llms-txt.ts'

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

describe('llms.txt graded by the llmstxt.org format', () => {
  const verdictOf = (content: string | null, status: number | null = 200) =>
    llmsTxtFinding(measureLlmsTxt(art(content, status))).finding
  const validNoLinks =
    '# Farol\n\n> Auditorias de SEO e de otimização para IA, em português e inglês. Veja [o guia](https://farol.pt/guia).\n'

  it('missing: a 4xx is not applicable (as Lighthouse); a 5xx or no answer fails', () => {
    expect(verdictOf(null, 404).verdict).toBe('na')
    expect(verdictOf(null, 410).verdict).toBe('na')
    expect(verdictOf(null, 503).verdict).toBe('fail')
    expect(verdictOf(null, null).verdict).toBe('fail')
  })
  it('invalid: no H1, suspiciously short, or not Markdown, each named', () => {
    const short = verdictOf('Farol https://farol.pt [x](y)')
    expect(short.verdict).toBe('fail')
    expect(short.description.en).toContain('H1')
    expect(short.description.en).toContain('suspiciously short')
    const html = verdictOf(`<!doctype html><html><body><h1>Farol</h1>${'x'.repeat(100)}</body></html>`)
    expect(html.verdict).toBe('fail')
    expect(html.description.en).toContain('not Markdown')
    expect(verdictOf('# Farol').verdict).toBe('fail')
  })
  it('valid with an H1: passes, listing the missing optional parts as advice', () => {
    const full = llmsTxtFinding(
      measureLlmsTxt(
        art(
          '# Farol\n\n> Auditorias de SEO e AIO.\n\n## Docs\n\n- [Guia](https://farol.pt/guia): como usar\n',
        ),
      ),
    )
    expect(full.finding.verdict).toBe('pass')
    expect(full.recommendation).toBeUndefined()
    const partial = llmsTxtFinding(measureLlmsTxt(art(validNoLinks)))
    expect(partial.finding.verdict).toBe('pass')
    expect(partial.finding.description.en).toContain('"## " sections')
    expect(partial.finding.description.en).toContain('link lists')
    expect(partial.recommendation?.explanation.pt).toContain('secções "## "')
    // It has an inline link, so Lighthouse passes it too: no difference to declare.
    expect(partial.finding.differsFromLighthouse).toBeUndefined()
  })
  it('says where it differs from Lighthouse: a valid file without any link passes, with the source', () => {
    const f = verdictOf('# Farol\n\n> Auditorias de SEO e de otimização para IA, em português e inglês.\n')
    expect(f.verdict).toBe('pass')
    expect(f.differsFromLighthouse?.source).toBe('https://llmstxt.org/')
    expect(f.differsFromLighthouse?.note.en).toContain('only the H1')
    // Said where every screen shows it too.
    expect(f.description.pt).toContain('O Lighthouse reprova um llms.txt sem ligações')
    expect(f.description.en).toContain('https://llmstxt.org/')
  })
})
