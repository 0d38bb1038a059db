import { describe, expect, it } from 'vitest'
import { artifactsFromHtml } from '../gather/testing.ts'
import { anchorFromLighthouse, type LighthouseAnchor } from '../page/rendered.ts'
import { anchorDeadEnds, crawlableAnchors, linkSummary, links, linkText, linkTextGeneric } from './links.ts'
import { page, run, verdict } from './test-utils.ts'

const a = (inner: string, lang = 'pt') => page('', inner, lang)

describe('link-text', () => {
  it('passes descriptive links', () => {
    expect(verdict(linkText, a('<a href="/precos">Ver os preços do plano Pro</a>'))).toBe('pass')
  })
  it("fails Lighthouse's generic texts in the page language (pt, en)", () => {
    expect(verdict(linkText, a('<a href="/x">Clique aqui</a>'))).toBe('fail')
    expect(verdict(linkText, a('<a href="/x">mais</a>'))).toBe('fail')
    expect(verdict(linkText, a('<a href="/x">click here</a>', 'en'))).toBe('fail')
    expect(verdict(linkText, a('<a href="/x">Read more</a>', 'en'))).toBe('fail')
  })
  it('uses the language like Lighthouse: "click here" on a pt page is not in the pt list', () => {
    expect(verdict(linkText, a('<a href="/x">click here</a>', 'pt'))).toBe('pass')
    expect(verdict(linkTextGeneric, a('<a href="/x">click here</a>', 'pt'))).toBe('pass')
  })
  it('judges the text in its own language: the lang of the link or of its content, else the page', () => {
    // "Start" is on the English list; German "Start" is a fine German word.
    expect(verdict(linkText, a('<a href="/x" lang="de-DE">Start</a>', 'en'))).toBe('pass')
    expect(verdict(linkText, a('<a href="/x"><span lang="de">Start</span></a>', 'en'))).toBe('pass')
    expect(verdict(linkText, a('<a href="/x">Start</a>', 'en'))).toBe('fail')
    expect(verdict(linkText, a('<p lang="en"><a href="/x">Start</a></p>', 'de'))).toBe('fail')
    // German "hier" in a German span on an English page fails in German.
    const f = run(linkText, a('<a href="/x"><span lang="de">hier</span></a>', 'en'))
    expect(f.verdict).toBe('fail')
    expect(f.evidence.at(-1)?.value).toContain('[de]')
    // Two languages in one link: no single language, every list is consulted (as Lighthouse).
    expect(
      verdict(linkText, a('<a href="/x"><span lang="de">x</span><span lang="fr">here</span></a>', 'de')),
    ).toBe('pass')
  })
  it('counts the links in the right plural form', () => {
    expect(run(linkText, a('<a href="/x">clique aqui</a>')).description.pt).toContain(
      '1 ligação com texto genérico',
    )
    expect(run(linkText, a('<a href="/x">clique aqui</a><a href="/y">mais</a>')).description.en).toContain(
      '2 links with generic text',
    )
    expect(run(anchorDeadEnds, a('<a href="#">Topo</a>')).description.pt).toContain('1 ligação aponta')
  })
  it('checks every list when no language is declared', () => {
    expect(verdict(linkText, '<html><body><a href="/x">clique aqui</a></body></html>')).toBe('fail')
  })
  it('leaves generic Portuguese texts Lighthouse does not list to the link-text-generic advice', () => {
    for (const t of ['saiba mais', 'Leia mais', 'ver mais', 'aqui', 'Saiba mais »']) {
      expect(verdict(linkText, a(`<a href="/x">${t}</a>`))).toBe('pass')
      expect(verdict(linkTextGeneric, a(`<a href="/x">${t}</a>`))).toBe('warn')
    }
    expect(verdict(linkTextGeneric, a('<a href="/x">Ver os preços</a>'))).toBe('pass')
    expect(run(linkTextGeneric, a('<a href="/x">saiba mais</a>')).measuredOn).toBe('raw')
  })
  it('skips nofollow, javascript:, mailto: and same-page links, like Lighthouse', () => {
    expect(verdict(linkText, a('<a href="/x" rel="nofollow">clique aqui</a>'))).toBe('pass')
    expect(verdict(linkText, a('<a href="mailto:a@b.pt">clique aqui</a>'))).toBe('pass')
    expect(verdict(linkText, a('<a href="#topo">clique aqui</a>'), { url: 'https://farol.example/' })).toBe(
      'pass',
    )
  })
})

describe('crawlable-anchors', () => {
  it('passes real hrefs, mailto, named anchors and role=button', () => {
    expect(
      verdict(
        crawlableAnchors,
        a(
          '<a href="/a">a</a><a href="mailto:x@y.pt">m</a><a id="topo"></a><a role="button" onclick="f()">b</a>',
        ),
      ),
    ).toBe('pass')
  })
  it('fails javascript:void(0), file: and an onclick anchor without href', () => {
    expect(verdict(crawlableAnchors, a('<a href="javascript:void(0)">x</a>'))).toBe('fail')
    expect(verdict(crawlableAnchors, a('<a href="javascript: void 0">x</a>'))).toBe('fail')
    expect(verdict(crawlableAnchors, a('<a href="file:///etc/passwd">x</a>'))).toBe('fail')
    expect(verdict(crawlableAnchors, a('<a onclick="go()">x</a>'))).toBe('fail')
    expect(verdict(crawlableAnchors, a('<a target="_blank">x</a>'))).toBe('fail')
  })
  it('passes a placeholder <a> without href or listeners', () => {
    expect(verdict(crawlableAnchors, a('<a>placeholder</a>'))).toBe('pass')
  })
  it('passes (as Lighthouse) "#" and other javascript: hrefs; anchor-dead-ends advises', () => {
    expect(verdict(crawlableAnchors, a('<a href="#">Topo</a>'))).toBe('pass')
    expect(verdict(anchorDeadEnds, a('<a href="#">Topo</a>'))).toBe('warn')
    expect(verdict(anchorDeadEnds, a('<a href="javascript:abrir()">Abrir</a>'))).toBe('warn')
    expect(verdict(anchorDeadEnds, a('<a href="/x">Abrir</a>'))).toBe('pass')
  })
  it('reads the rendered anchors of a Lighthouse run, listeners included, and says so', () => {
    const lh = (over: Partial<LighthouseAnchor>): LighthouseAnchor => ({
      rel: '',
      href: '',
      rawHref: '',
      text: 'Abrir menu',
      role: '',
      id: '',
      attributeNames: ['class'],
      listeners: [],
      ...over,
    })
    const artifacts = artifactsFromHtml(a('<a class="menu">Abrir menu</a>'))
    // Raw HTML: an <a> without href and without on* attributes is a placeholder.
    expect(crawlableAnchors(artifacts)).toMatchObject({ verdict: 'pass', measuredOn: 'raw' })
    // Rendered: the script added a click listener, so it is a link search engines cannot follow.
    artifacts.rendered = { anchors: [lh({ listeners: [{ type: 'click' }] })] }
    expect(crawlableAnchors(artifacts)).toMatchObject({ verdict: 'fail', measuredOn: 'rendered' })
    expect(crawlableAnchors(artifacts).description.pt).toContain('depois do JavaScript')
    artifacts.rendered = { anchors: [lh({})] }
    expect(crawlableAnchors(artifacts)).toMatchObject({ verdict: 'pass', measuredOn: 'rendered' })
    // Rendered link text with its language from Lighthouse's textLang.
    artifacts.rendered = {
      anchors: [
        lh({
          href: 'https://farol.example/x',
          rawHref: '/x',
          attributeNames: ['href'],
          text: 'Start',
          textLang: 'de',
        }),
      ],
    }
    expect(linkText(artifacts)).toMatchObject({ verdict: 'pass', measuredOn: 'rendered' })
    artifacts.rendered = {
      anchors: [
        lh({
          href: 'https://farol.example/x',
          rawHref: '/x',
          attributeNames: ['href'],
          text: 'Start',
          textLang: 'en',
        }),
      ],
    }
    expect(linkText(artifacts).verdict).toBe('fail')
  })
  it('maps a Lighthouse anchor: absent href is null, rel tokens lowercased', () => {
    const x = anchorFromLighthouse({
      rel: 'NoFollow UGC',
      href: '',
      rawHref: '',
      text: '  a  b ',
      role: '',
      id: '',
      attributeNames: [],
    })
    expect(x).toMatchObject({
      rawHref: null,
      href: null,
      text: 'a b',
      rel: ['nofollow', 'ugc'],
      listeners: [],
    })
  })
})

describe('links summary', () => {
  const html = a(
    '<a href="/a">a</a><a href="https://www.farol.example/b">b</a><a href="https://outro.example/" rel="nofollow">c</a><a href="/d"><svg></svg></a><a href="/e"><img src="i" alt="Ícone"></a><a href="mailto:x@y.pt">m</a>',
  )
  it('counts internal, external, nofollow and empty links', () => {
    expect(linkSummary(artifactsFromHtml(html, { url: 'https://farol.example/' }))).toEqual({
      total: 5,
      internal: 4,
      external: 1,
      nofollow: 1,
      empty: 1,
    })
  })
  it('warns about links without text and passes otherwise', () => {
    expect(verdict(links, html)).toBe('warn')
    expect(verdict(links, a('<a href="/a">Preços</a>'))).toBe('pass')
    expect(run(links, a('<p>nada</p>')).verdict).toBe('na')
  })
})
