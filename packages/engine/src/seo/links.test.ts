import { describe, expect, it } from 'vitest'
import { artifactsFromHtml } from '../gather/testing.ts'
import { crawlableAnchors, linkSummary, links, linkText } from './links.ts'
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
    // Farol still warns about it, through its own list.
    expect(verdict(linkText, a('<a href="/x">click here</a>', 'pt'))).toBe('warn')
  })
  it('checks every list when no language is declared', () => {
    expect(verdict(linkText, '<html><body><a href="/x">clique aqui</a></body></html>')).toBe('fail')
  })
  it('warns for generic Portuguese texts Lighthouse does not list', () => {
    for (const t of ['saiba mais', 'Leia mais', 'ver mais', 'aqui', 'Saiba mais »']) {
      expect(verdict(linkText, a(`<a href="/x">${t}</a>`))).toBe('warn')
    }
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
  it('warns (Lighthouse passes) for "#" and other javascript: hrefs', () => {
    expect(verdict(crawlableAnchors, a('<a href="#">Topo</a>'))).toBe('warn')
    expect(verdict(crawlableAnchors, a('<a href="javascript:abrir()">Abrir</a>'))).toBe('warn')
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
