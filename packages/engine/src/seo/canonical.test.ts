import { describe, expect, it } from 'vitest'
import { canonical } from './canonical.ts'
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
  it('warns when it points to another page', () => {
    const f = run(canonical, c('https://farol.example/blog/other'), { url })
    expect(f.verdict).toBe('warn')
    expect(f.title.en).toContain('another page')
  })
  it('ignores canonicals in <body> and reads the Link header', () => {
    expect(verdict(canonical, page('', `<link rel="canonical" href="/x">`), { url })).toBe('info')
    expect(verdict(canonical, page(''), { url, headers: { link: `<${url}>; rel="canonical"` } })).toBe('pass')
  })
})
