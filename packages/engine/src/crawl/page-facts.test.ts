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

  it('keeps a canonical that is not http(s) apart, as invalidCanonical', () => {
    const withCanonical = (href: string) =>
      facts(`<html><head><link rel="canonical" href="${href}"></head></html>`)
    expect(withCanonical('file:///var/www/a.html')).toMatchObject({
      canonical: null,
      invalidCanonical: 'file:///var/www/a.html',
    })
    expect(withCanonical('javascript:void(0)').invalidCanonical).toBe('javascript:void(0)')
    expect(withCanonical('/dir/page')).toMatchObject({ invalidCanonical: null })
    expect(facts('<html><head></head></html>').invalidCanonical).toBeNull()
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
    expect(a.minhash).toBe(b.minhash)
    expect(facts(page('Home').replace('Same', 'Other')).contentHash).not.toBe(a.contentHash)
    expect(a.wordCount).toBeGreaterThanOrEqual(4)
  })

  it('reads each text as the DOM would: skipped elements and their block spaces left out, the top kept', () => {
    // A skipped block's own spaces are not text either: "foo" and "bar" stay one word.
    expect(facts('<body><main>foo<nav>x</nav>bar</main></body>').contentHash).toBe(
      facts('<body><main>foobar</main></body>').contentHash,
    )
    // The visible text keeps the navigation: three words.
    expect(facts('<body><main>foo <nav>x</nav> bar</main></body>').wordCount).toBe(3)
    // A hidden body is still the body; a hidden element inside it is not text.
    expect(facts('<body hidden>one <p>two</p><div hidden>three</div></body>').wordCount).toBe(2)
    // role=main wins over a later <main>; the first <article> only without either.
    expect(facts('<div role="main">alpha</div><main>beta</main>').contentHash).toBe(
      facts('<main>alpha</main>').contentHash,
    )
    expect(facts('<body>x<article>alpha</article><article>beta</article></body>').contentHash).toBe(
      facts('<main>alpha</main>').contentHash,
    )
    // Script, style, comments and templates are never text; a title inside <svg> is not the page's.
    const f = facts(
      '<title>T &amp; U</title><svg><title>no</title></svg><body><script>var a = "b c"</script><!-- d --><template>e</template>f</body>',
    )
    expect(f.title).toBe('T & U')
    expect(f.wordCount).toBe(1)
  })

  it('names links by their own text, nested links included, else by aria-label, title or image alt', () => {
    const f = facts(
      '<a href="/a">out <span hidden>no</span><a href="/b">in</a> tail</a><a href="/c"><img alt=""><img alt="Pic"></a><a href="/d" aria-label="  Lab  el ">  </a><a href="/e" title="T"></a><a href="/f"><noscript>ns</noscript></a>',
    )
    expect(f.links.map((l) => [l.url.replace('https://site.test', ''), l.text])).toEqual([
      ['/a', 'out in tail'],
      ['/b', 'in'],
      ['/c', 'Pic'],
      ['/d', 'Lab el'],
      ['/e', 'T'],
      ['/f', ''],
    ])
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
