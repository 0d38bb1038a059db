import { describe, expect, it } from 'vitest'
import { artifactsFromHtml, htmlResource } from '../gather/testing.ts'
import type { CanonicalTarget } from '../gather/types.ts'
import { canonical, canonicalTarget, canonicalTargetOf, canonicalToFetch } from './canonical.ts'
import { page, run, verdict } from './test-utils.ts'

const url = 'https://farol.example/blog/post'
const c = (...hrefs: string[]) => page(hrefs.map((h) => `<link rel="canonical" href="${h}">`).join(''))

describe('canonical', () => {
  it('passes a self-referencing absolute canonical', () => {
    expect(verdict(canonical, c(url), { url })).toBe('pass')
  })
  it('is info (Lighthouse: not applicable) when absent', () => {
    expect(verdict(canonical, page(''), { url })).toBe('info')
  })
  it('fails relative, invalid and conflicting canonicals', () => {
    expect(verdict(canonical, c('/blog/post'), { url })).toBe('fail')
    expect(verdict(canonical, c('https://[bad'), { url })).toBe('fail')
    expect(verdict(canonical, c(url, 'https://farol.example/other'), { url })).toBe('fail')
  })
  it('fails, at high impact, a canonical that is not http(s), and never fetches it', () => {
    for (const href of ['file:///home/site/post.html', 'javascript:void(0)', 'mailto:a@farol.example']) {
      const f = run(canonical, c(href), { url })
      expect(f.verdict).toBe('fail')
      expect(f.impact).toBe('high')
      expect(f.description.en).toContain(`Is not an http(s) address (${href})`)
      expect(f.description.pt).toContain(`Não é um endereço http(s) (${href})`)
      expect(canonicalToFetch(artifactsFromHtml(c(href), { url }))).toBeNull()
    }
    // Beside a valid one it is still an error (the page names two canonicals, one unusable).
    expect(verdict(canonical, c(url, 'file:///x'), { url })).toBe('fail')
  })
  it('does not count the same URL twice as a conflict', () => {
    expect(verdict(canonical, c(url, url), { url })).toBe('pass')
  })
  it('fails a canonical to the root from a deeper page', () => {
    expect(verdict(canonical, c('https://farol.example/'), { url })).toBe('fail')
  })
  it('fails a canonical to another hreflang alternate', () => {
    const html = page(
      `<link rel="canonical" href="https://farol.example/en/post"><link rel="alternate" hreflang="pt" href="${url}"><link rel="alternate" hreflang="en" href="https://farol.example/en/post">`,
    )
    expect(verdict(canonical, html, { url })).toBe('fail')
  })
  it('passes (as Lighthouse) when it points to another page; canonical-target says where indexing goes', () => {
    expect(verdict(canonical, c('https://farol.example/blog/other'), { url })).toBe('pass')
    const f = run(canonicalTarget, c('https://farol.example/blog/other'), { url })
    expect(f.verdict).toBe('info')
    expect(f.title.en).toContain('another page')
  })
  it('ignores canonicals in <body> and reads the Link header', () => {
    expect(verdict(canonical, page('', `<link rel="canonical" href="/x">`), { url })).toBe('info')
    expect(verdict(canonical, page(''), { url, headers: { link: `<${url}>; rel="canonical"` } })).toBe('pass')
  })
})

describe('canonical-target (the canonical URL fetched)', () => {
  const other = 'https://farol.example/blog/other'
  const withTarget = (t: Omit<CanonicalTarget, 'url'> | undefined) => {
    const a = artifactsFromHtml(c(other), { url })
    if (t) a.canonicalTarget = { url: other, ...t }
    return canonicalTarget(a)
  }
  const ok = { status: 200, redirectedTo: null, noindex: false }

  it('fetches only a single canonical that is not the page itself', () => {
    expect(canonicalToFetch(artifactsFromHtml(c(url), { url }))).toBeNull()
    expect(canonicalToFetch(artifactsFromHtml(c(`${url}#top`), { url }))).toBeNull()
    expect(canonicalToFetch(artifactsFromHtml(c(other, `${other}2`), { url }))).toBeNull()
    expect(canonicalToFetch(artifactsFromHtml(c(other), { url }))).toBe(other)
    // An error page's canonical is the error page's, not the page's.
    expect(canonicalToFetch(artifactsFromHtml(c(other), { url, status: 404 }))).toBeNull()
  })
  it('passes a self-reference and is not applicable without a canonical', () => {
    expect(verdict(canonicalTarget, c(url), { url })).toBe('pass')
    expect(verdict(canonicalTarget, page(''), { url })).toBe('na')
  })
  it('fails a target answering 404 or 500, or marked noindex', () => {
    const missing = withTarget({ ...ok, status: 404 })
    expect(missing.verdict).toBe('fail')
    expect(missing.description.en).toContain('answers 404')
    expect(withTarget({ ...ok, status: 500 }).verdict).toBe('fail')
    expect(withTarget({ ...ok, noindex: true }).verdict).toBe('fail')
  })
  it('warns on a redirecting target and informs on a sound other page or an unreachable one', () => {
    expect(withTarget({ ...ok, redirectedTo: 'https://farol.example/final' }).verdict).toBe('warn')
    expect(withTarget(ok).verdict).toBe('info')
    expect(withTarget({ ...ok, status: null, errorMessage: 'timeout' }).verdict).toBe('info')
  })
  it('reads noindex from the robots meta or X-Robots-Tag of the target', () => {
    const html = (head: string) => page(head)
    expect(
      canonicalTargetOf(other, htmlResource(html('<meta name="robots" content="noindex">'))).noindex,
    ).toBe(true)
    expect(
      canonicalTargetOf(other, htmlResource(html(''), { headers: { 'x-robots-tag': 'googlebot: noindex' } }))
        .noindex,
    ).toBe(true)
    expect(canonicalTargetOf(other, htmlResource(html('<meta name="robots" content="index">'))).noindex).toBe(
      false,
    )
    const redirected = canonicalTargetOf(
      other,
      htmlResource(html(''), {
        url: 'https://farol.example/x',
        redirects: [{ url: other, status: 301, location: '/x' }],
      }),
    )
    expect(redirected.redirectedTo).toBe('https://farol.example/x')
  })
})
