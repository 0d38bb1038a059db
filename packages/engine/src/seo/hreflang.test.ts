import { describe, expect, it } from 'vitest'
import { artifactsFromHtml } from '../gather/testing.ts'
import { hreflang, hreflangAlternates, hreflangToFetch, linksBack } from './hreflang.ts'
import { page, run, verdict } from './test-utils.ts'

const url = 'https://farol.example/'
const alt = (code: string, href: string) => `<link rel="alternate" hreflang="${code}" href="${href}">`
const complete = alt('pt-PT', url) + alt('en', 'https://farol.example/en/') + alt('x-default', url)

describe('hreflang', () => {
  it('passes a complete set (valid codes, absolute, x-default, self-reference)', () => {
    expect(verdict(hreflang, page(complete, '', 'pt-PT'), { url })).toBe('pass')
  })
  it('passes (as Lighthouse) when there are no alternates', () => {
    expect(verdict(hreflang, page(''), { url })).toBe('pass')
  })
  it('fails unknown language codes and relative hrefs (Lighthouse rules)', () => {
    expect(verdict(hreflang, page(complete + alt('portugues', 'https://farol.example/pt')), { url })).toBe(
      'fail',
    )
    expect(verdict(hreflang, page(complete + alt('pt_BR', 'https://farol.example/br')), { url })).toBe('fail')
    expect(verdict(hreflang, page(complete + alt('es', '/es/')), { url })).toBe('fail')
  })
  it('validates each value exactly as written: " x-default" and "en " are invalid (as Lighthouse)', () => {
    const spaced = run(hreflang, page(alt('pt-PT', url) + alt(' x-default', url)), { url })
    expect(spaced.verdict).toBe('fail')
    expect(spaced.description.en).toContain('" x-default"')
    expect(spaced.description.en).toContain('exactly as written')
    expect(verdict(hreflang, page(alt('en ', url)), { url })).toBe('fail')
    expect(verdict(hreflang, page(alt('x-default', url) + alt('EN-gb', url)), { url })).toBe('pass')
  })
  it('passes a set that is valid for Lighthouse but incomplete: the advice is hreflang-alternates', () => {
    expect(verdict(hreflang, page(alt('pt', url) + alt('en', 'https://farol.example/en/')), { url })).toBe(
      'pass',
    )
    expect(verdict(hreflangAlternates, page(''), { url })).toBe('na')
    expect(verdict(hreflangAlternates, page(complete, '', 'pt-PT'), { url })).toBe('pass')
  })
  it('advises when x-default or the self-reference is missing', () => {
    const noDefault = run(hreflangAlternates, page(alt('pt', url) + alt('en', 'https://farol.example/en/')), {
      url,
    })
    expect(noDefault.verdict).toBe('warn')
    expect(noDefault.description.en).toContain('x-default')
    const noSelf = run(
      hreflangAlternates,
      page(alt('en', 'https://farol.example/en/') + alt('x-default', url)),
      {
        url,
      },
    )
    expect(noSelf.verdict).toBe('warn')
    expect(noSelf.description.en).toContain('reciprocal')
  })
  it('advises when a code points to two URLs or html lang contradicts the own entry', () => {
    expect(
      verdict(hreflangAlternates, page(complete + alt('en', 'https://farol.example/en2/'), '', 'pt'), {
        url,
      }),
    ).toBe('warn')
    expect(verdict(hreflangAlternates, page(complete, '', 'en'), { url })).toBe('warn')
  })
  it('ignores alternates in <body>', () => {
    expect(verdict(hreflang, page('', alt('xx', '/x')), { url })).toBe('pass')
  })
  it('fetches at most five valid alternates other than the page itself', () => {
    const many = ['fr', 'de', 'es', 'it', 'nl', 'sv']
      .map((c) => alt(c, `https://farol.example/${c}/`))
      .join('')
    const a = artifactsFromHtml(page(complete + many + alt('zz', 'https://farol.example/zz/')), { url })
    expect(hreflangToFetch(a)).toEqual([
      'https://farol.example/en/',
      'https://farol.example/fr/',
      'https://farol.example/de/',
      'https://farol.example/es/',
      'https://farol.example/it/',
    ])
    expect(hreflangToFetch(artifactsFromHtml(page(complete), { url, status: 404 }))).toEqual([])
  })
  it('an alternate links back when its own hreflang links list the page', () => {
    const back = artifactsFromHtml(page(complete), { url: 'https://farol.example/en/' })
    expect(linksBack(url, back)).toBe(true)
    expect(linksBack(url, artifactsFromHtml(page(''), { url: 'https://farol.example/en/' }))).toBe(false)
    expect(
      linksBack(url, artifactsFromHtml(page(complete), { url: 'https://farol.example/en/', status: 404 })),
    ).toBeNull()
  })
  it('advises on one-way pairs: an alternate that does not list the page back', () => {
    const a = artifactsFromHtml(page(complete, '', 'pt-PT'), { url })
    a.hreflangTargets = [{ url: 'https://farol.example/en/', status: 200, linksBack: true }]
    expect(hreflangAlternates(a).verdict).toBe('pass')
    a.hreflangTargets = [{ url: 'https://farol.example/en/', status: 200, linksBack: false }]
    const f = hreflangAlternates(a)
    expect(f.verdict).toBe('warn')
    expect(f.description.pt).toContain('não indicam esta página de volta: https://farol.example/en/')
    // Unknown (unreachable) is not a problem.
    a.hreflangTargets = [{ url: 'https://farol.example/en/', status: null, linksBack: null }]
    expect(hreflangAlternates(a).verdict).toBe('pass')
  })
})
