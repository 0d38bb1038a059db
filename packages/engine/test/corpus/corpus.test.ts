// Issue #27: AIO findings on real pages (and one written like Farol's own), hand-checked. Each page states
// what is true of it; the test fails on any claim the page contradicts, and on any claim without evidence.
import { readFileSync } from 'node:fs'
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { analyzeAio } from '../../src/aio/index.ts'
import { buildArtifacts } from '../../src/gather/index.ts'
import { CODE_TAGS, normalizeSpace } from '../../src/seo/text.ts'
import type { Finding } from '../../src/types.ts'

const NOW = new Date('2026-11-26T00:00:00Z')

function audit(file: string, url: string, headers: Record<string, string> = {}) {
  const body = readFileSync(new URL(file, import.meta.url), 'utf8')
  const page = {
    requestedUrl: url,
    finalUrl: url,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    redirects: [],
    contentType: 'text/html',
    charset: 'utf-8',
    body,
    bodyBytes: body.length,
  }
  const notFound = (path: string) => ({ ...page, finalUrl: new URL(path, url).href, status: 404, body: '' })
  const artifacts = buildArtifacts(page as never, {
    robotsTxt: notFound('/robots.txt') as never,
    llmsTxt: notFound('/llms.txt') as never,
  })
  return { body, aio: analyzeAio(artifacts, undefined, { now: NOW }) }
}

const byId = (findings: Finding[], id: string): Finding => {
  const f = findings.find((x) => x.id === id)
  if (!f) throw new Error(`no finding ${id}`)
  return f
}
const values = (f: Finding, signal: string): unknown[] =>
  f.evidence.filter((e) => e.signal.en === signal).map((e) => e.value)

/** The page's text without its code: what a claim about prose must come from. */
function proseText(html: string): string {
  const $ = load(html)
  $([...CODE_TAGS, '.highlight'].join(', ')).remove()
  return normalizeSpace($('body').text())
}

const PAGES = [
  {
    file: './python-tutorial-introduction.html',
    url: 'https://docs.python.org/3.11/tutorial/introduction.html',
  },
  { file: './python-faq-general.html', url: 'https://docs.python.org/3.11/faq/general.html' },
  { file: './farol-ajuda-auditoria.html', url: 'https://farol.pt/ajuda/auditoria/' },
]

describe.each(PAGES)('corpus page $file: no claim without evidence, none from code', ({ file, url }) => {
  const { body, aio } = audit(file, url)
  const prose = proseText(body)

  it('every finding names its evidence, and where each piece was read', () => {
    for (const f of aio.findings) {
      expect(f.evidence.length, f.id).toBeGreaterThan(0)
      for (const e of f.evidence) expect(e.where, `${f.id}: ${e.signal.en}`).toBeDefined()
    }
  })

  it('every figure and quotation quoted as evidence is in the prose, not in code', () => {
    const quoted = [
      ...values(byId(aio.findings, 'aio-statistics'), 'figure'),
      ...values(byId(aio.findings, 'aio-quotations'), 'attributed quotation'),
    ] as string[]
    // Compared without spaces: the page's text joins "<p>…</p><footer>…" with none.
    const bare = (t: string) => t.replace(/\s+/g, '')
    for (const text of quoted) expect(bare(prose), text).toContain(bare(text.replace(/…$/, '')))
  })
})

describe('Python tutorial, An Informal Introduction (Sphinx)', () => {
  const { aio } = audit(PAGES[0]!.file, PAGES[0]!.url)
  const f = (id: string) => byId(aio.findings, id)

  it('counts no statistic: 17 % 3 and the rest are code', () => {
    expect(f('aio-statistics').title.en).toBe('Few concrete figures: 0 numbers in 1787 words of main text')
  })
  it('counts no quotation: \'"Yes," they said.\' is a string literal', () => {
    expect(f('aio-quotations').verdict).toBe('info')
    expect(values(f('aio-quotations'), 'quotations')).toEqual([0])
  })
  it('counts the 41 highlighted code samples as their own signal', () => {
    expect(values(f('aio-code-samples'), 'code blocks')).toEqual([41])
  })
  it('finds the footer date, and says where', () => {
    const dates = f('aio-dates')
    expect(dates.verdict).toBe('pass')
    const update = dates.evidence.find((e) => e.signal.en === 'update date')
    expect(update?.value).toBe('Last updated on October 07, 2026')
    expect(update?.where?.en).toBe('<div> in <div class="footer">')
  })
  it('reads <link rel="author"> as an author page, not a named author', () => {
    expect(f('aio-author').title.en).toBe('An author page is linked, but no author is named')
    expect(values(f('aio-author'), 'author page (rel="author")')).toEqual([
      'About these documents → ../about.html',
    ])
  })
  it('takes role="main" as the main landmark', () => {
    const semantic = f('aio-semantic-html')
    // <header> and <footer> elements are indeed missing (Sphinx uses <div class="footer">); <main> is not.
    expect(semantic.description.en).toMatch(/^Missing <header> and <footer>\./)
    expect(values(semantic, 'landmarks present')[0]).toContain('<div role="main">')
  })
  it('sees no question heading (section titles are not questions)', () => {
    expect(values(f('aio-question-headings'), 'question headings')).toEqual([0])
  })
})

describe('Python FAQ, General (Sphinx)', () => {
  const { aio } = audit(PAGES[1]!.file, PAGES[1]!.url)
  const f = (id: string) => byId(aio.findings, id)

  it('counts the 23 question headings of the FAQ (the "¶" permalink is no part of them)', () => {
    expect(values(f('aio-question-headings'), 'question headings')).toEqual([23])
    expect(values(f('aio-question-headings'), 'question heading')[0]).toBe('What is Python?')
  })
  it('counts one figure, "18 months" ("the 1970s" is a decade)', () => {
    expect(values(f('aio-statistics'), 'figure')).toEqual(['18 months'])
  })
})

describe("Farol help page (pt-PT, Farol's own shape)", () => {
  const { aio } = audit(PAGES[2]!.file, PAGES[2]!.url)
  const f = (id: string) => byId(aio.findings, id)

  it('counts the prose figures only, never the code sample', () => {
    expect(values(f('aio-statistics'), 'figure')).toEqual(['120 sites', '53%', '€29', '90 dias'])
  })
  it('counts the cited blockquote, not the quoted string in the code', () => {
    expect(values(f('aio-quotations'), 'quotations')).toEqual([1])
    expect(values(f('aio-quotations'), 'attributed quotation')[0]).toContain('— Ana Costa')
  })
  it('"WHERE Clause", "Onde estamos" and "O que fazemos…" are not questions', () => {
    const questions = values(f('aio-question-headings'), 'question heading')
    // Issue 42: "Como ler a auditoria do Farol" (interrogative + infinitive) is the page's title, not a question.
    expect(questions).toEqual(['Como funciona a auditoria?'])
  })
  it('names the author from the byline and the date from the footer', () => {
    expect(f('aio-author').title.en).toBe('Author identified: Marta Sousa')
    const update = f('aio-dates').evidence.find((e) => e.signal.en === 'update date')
    expect(update).toMatchObject({
      value: 'Atualizado em 3 de março de 2026',
      where: { en: '<p> in <footer>' },
    })
  })
})
