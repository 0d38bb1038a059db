import { describe, expect, it } from 'vitest'
import { citationsOf, markText } from './citations.ts'
import { cleanUrl, isSiteUrl } from './match.ts'
import type { Answer } from './types.ts'

// The table the issue asks for: every form a site's own link takes in Google's references, and the
// look-alikes that are not the site. `site` is what the user typed.
const table: { name: string; url: string; site: string; own: boolean; clean: string | null }[] = [
  {
    name: 'tracking parameters and a text fragment',
    url: 'https://exemplo.pt/seguros?utm_source=google&utm_medium=cpc&gclid=abc&srsltid=x#:~:text=seguro',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://exemplo.pt/seguros',
  },
  {
    name: 'keeps a real query parameter beside the tracking ones',
    url: 'https://exemplo.pt/p?id=7&fbclid=z&msclkid=q',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://exemplo.pt/p?id=7',
  },
  {
    name: 'www. cited, bare typed',
    url: 'https://www.exemplo.pt/a',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://www.exemplo.pt/a',
  },
  {
    name: 'bare cited, www. typed',
    url: 'https://exemplo.pt/a',
    site: 'https://www.exemplo.pt/',
    own: true,
    clean: 'https://exemplo.pt/a',
  },
  {
    name: 'a subdomain',
    url: 'https://blog.exemplo.pt/a',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://blog.exemplo.pt/a',
  },
  {
    name: 'the mobile host',
    url: 'https://m.exemplo.pt/a/',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://m.exemplo.pt/a',
  },
  {
    name: 'the AMP cache',
    url: 'https://exemplo-pt.cdn.ampproject.org/c/s/exemplo.pt/a/amp',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://exemplo.pt/a/amp',
  },
  {
    name: "Google's AMP viewer",
    url: 'https://www.google.com/amp/s/www.exemplo.pt/a',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://www.exemplo.pt/a',
  },
  {
    name: 'an amp. host',
    url: 'https://amp.exemplo.pt/a',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://amp.exemplo.pt/a',
  },
  {
    name: 'a trailing slash',
    url: 'https://exemplo.pt/seguros/',
    site: 'exemplo.pt/',
    own: true,
    clean: 'https://exemplo.pt/seguros',
  },
  {
    name: 'the root keeps its slash',
    url: 'https://exemplo.pt/',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://exemplo.pt/',
  },
  {
    name: 'upper-case host',
    url: 'https://WWW.Exemplo.PT/a',
    site: 'exemplo.pt',
    own: true,
    clean: 'https://www.exemplo.pt/a',
  },
  {
    name: "another site with the site's host name in its path",
    url: 'https://avaliacoes.pt/sites/exemplo.pt',
    site: 'exemplo.pt',
    own: false,
    clean: 'https://avaliacoes.pt/sites/exemplo.pt',
  },
  {
    name: "a host that only starts with the site's",
    url: 'https://exemplo.pt.outro.com/a',
    site: 'exemplo.pt',
    own: false,
    clean: 'https://exemplo.pt.outro.com/a',
  },
  {
    name: 'a host that ends like it',
    url: 'https://novoexemplo.pt/a',
    site: 'exemplo.pt',
    own: false,
    clean: 'https://novoexemplo.pt/a',
  },
  {
    name: 'the site in the query only',
    url: 'https://outro.pt/?ref=exemplo.pt',
    site: 'exemplo.pt',
    own: false,
    clean: 'https://outro.pt/?ref=exemplo.pt',
  },
  { name: 'not a URL', url: 'exemplo.pt', site: 'exemplo.pt', own: false, clean: null },
  { name: 'no site typed', url: 'https://exemplo.pt/a', site: '', own: false, clean: 'https://exemplo.pt/a' },
]

describe('citation matching', () => {
  it.each(table)('$name', ({ url, site, own, clean }) => {
    expect(isSiteUrl(url, site)).toBe(own)
    expect(cleanUrl(url)).toBe(clean)
  })
})

const answer = (refs: string[], sections: number[][] = []): Answer => ({
  surface: 'ai_overview',
  keyword: 'seguro auto',
  shown: refs.length > 0,
  asynchronous: false,
  text: 'x',
  cost: 0.002,
  checkedAt: null,
  references: refs.map((url, i) => ({
    position: i + 1,
    url,
    domain: null,
    title: null,
    text: null,
    source: null,
  })),
  sections: sections.map((references, i) => ({ position: i + 1, title: null, text: 't', references })),
})

describe('citationsOf', () => {
  it('names the site URL, its position and sections, and the other domains in order', () => {
    const c = citationsOf(
      answer(
        [
          'https://concorrente-a.pt/x',
          'https://www.exemplo.pt/a/?utm_source=g',
          'https://www.concorrente-a.pt/y',
          'https://b.com.br/',
        ],
        [
          [1, 2],
          [2, 4],
        ],
      ),
      'exemplo.pt',
      ['concorrente-a.pt', 'ausente.pt'],
    )
    expect(c.cited).toBe(true)
    expect(c.site).toEqual([{ position: 2, url: 'https://www.exemplo.pt/a', sections: [1, 2] }])
    expect(c.others).toEqual([
      { domain: 'concorrente-a.pt', position: 1 },
      { domain: 'b.com.br', position: 4 },
    ])
    expect(c.competitors).toEqual(['concorrente-a.pt'])
  })

  it('none: no overview, nothing cited', () => {
    const c = citationsOf(answer([]), 'exemplo.pt', ['concorrente-a.pt'])
    expect(c).toEqual({ shown: false, cited: false, site: [], others: [], competitors: [] })
  })
})

describe('markText', () => {
  it("marks the site's and competitors' names whole-word, any case", () => {
    const runs = markText(
      'Segundo Exemplo.pt e a Concorrente A, o site novoexemplo.pt e exemplo.pt.br não contam; exemplo.pt sim.',
      { domain: 'https://www.exemplo.pt' },
      [{ domain: 'concorrente-a.pt', names: ['Concorrente A'] }],
    )
    const marked = runs.filter((r) => r.mark).map((r) => [r.text, r.mark, r.of])
    expect(marked).toEqual([
      ['Exemplo.pt', 'site', 'exemplo.pt'],
      ['Concorrente A', 'competitor', 'concorrente-a.pt'],
      ['exemplo.pt', 'site', 'exemplo.pt'],
    ])
    expect(runs.map((r) => r.text).join('')).toContain('novoexemplo.pt e exemplo.pt.br não contam')
  })
})
