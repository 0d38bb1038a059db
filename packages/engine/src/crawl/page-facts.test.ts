import { describe, expect, it } from 'vitest'
import { normalizeSpace } from '../seo/text.ts'
import { collapseSpace, pageFacts } from './page-facts.ts'

const internal = (u: string) => new URL(u).hostname === 'site.test'

function facts(html: string, headers: Record<string, string> = {}) {
  return pageFacts('https://site.test/dir/page', html, headers, internal)
}

describe('pageFacts', () => {
  it('reads title, description, h1, canonical, hreflang and links with their anchor text', () => {
    const f = facts(`<!doctype html><html><head><title> A  page </title>
      <meta name="description" content="About it">
      <link rel="canonical" href="/dir/page?x=1#top">
      <link rel="alternate" hreflang="EN" href="https://site.test/en/page">
      </head><body><h1>Hello</h1>
      <a href="other">Other page</a>
      <a href="https://elsewhere.test/" rel="nofollow noopener">Out</a>
      <a href="/img"><img src="a.png" alt="Picture"></a>
      <a href="mailto:x@y.z">mail</a>
      </body></html>`)
    expect(f.title).toBe('A page')
    expect(f.description).toBe('About it')
    expect(f.h1).toBe('Hello')
    expect(f.canonical).toBe('https://site.test/dir/page?x=1')
    expect(f.hreflang).toEqual([{ lang: 'en', url: 'https://site.test/en/page' }])
    expect(f.links).toEqual([
      { url: 'https://site.test/dir/other', text: 'Other page', nofollow: false, internal: true },
      { url: 'https://elsewhere.test/', text: 'Out', nofollow: true, internal: false },
      { url: 'https://site.test/img', text: 'Picture', nofollow: false, internal: true },
    ])
  })

  it('reads noindex and nofollow from the robots meta and from X-Robots-Tag', () => {
    expect(facts('<meta name="robots" content="noindex, follow">')).toMatchObject({
      noindex: true,
      nofollow: false,
    })
    expect(facts('<meta name="robots" content="none">')).toMatchObject({ noindex: true, nofollow: true })
    expect(facts('<p>x</p>', { 'x-robots-tag': 'noindex' }).noindex).toBe(true)
    expect(facts('<p>x</p>', { 'x-robots-tag': 'googlebot: noindex' }).noindex).toBe(true)
    expect(facts('<p>x</p>', { 'x-robots-tag': 'otherbot: noindex' }).noindex).toBe(false)
    expect(facts('<p>x</p>').noindex).toBe(false)
  })

  it('ignores a canonical in <body> and two different canonicals', () => {
    expect(
      facts('<html><head></head><body><link rel="canonical" href="/x"></body></html>').canonical,
    ).toBeNull()
    expect(
      facts('<html><head><link rel="canonical" href="/x"><link rel="canonical" href="/y"></head></html>')
        .canonical,
    ).toBeNull()
  })

  it('hashes the main text only: the same article under another menu is an exact duplicate', () => {
    const page = (nav: string) =>
      `<html><body><nav>${nav}</nav><header>Site</header><main><p>Same article text here.</p></main><footer>${nav}</footer></body></html>`
    const a = facts(page('Home About'))
    const b = facts(page('Inicio Sobre Contacto'))
    expect(a.contentHash).toBe(b.contentHash)
    expect(a.simhash).toBe(b.simhash)
    expect(facts(page('Home').replace('Same', 'Other')).contentHash).not.toBe(a.contentHash)
    expect(a.wordCount).toBeGreaterThanOrEqual(4)
  })

  it('collapses whitespace exactly as normalizeSpace does', () => {
    const samples = [
      '',
      ' ',
      'a b',
      '  a  b  ',
      'a\tb',
      'a\u00a0b',
      'a \u00a0\n b',
      '\u2003a\u3000b\ufeff',
      'a\u2028b\u2029 c',
      'a\u200bb',
      '\n\na\r\n',
    ]
    for (const text of samples) expect(collapseSpace(text)).toBe(normalizeSpace(text))
  })
})
