import { describe, expect, it } from 'vitest'
import { https, mixedContent } from './security.ts'
import { page, run, verdict } from './test-utils.ts'

describe('https', () => {
  it('passes an https page and fails an http one', () => {
    expect(verdict(https, page(''), { url: 'https://farol.example/' })).toBe('pass')
    expect(verdict(https, page(''), { url: 'http://farol.example/' })).toBe('fail')
  })
})

describe('mixed-content', () => {
  const url = 'https://farol.example/'
  it('passes https and relative subresources', () => {
    expect(
      verdict(
        mixedContent,
        page('<link rel="stylesheet" href="/s.css">', '<img src="https://cdn.example/a.png">'),
        { url },
      ),
    ).toBe('pass')
  })
  it('fails active mixed content (script, stylesheet, iframe)', () => {
    expect(verdict(mixedContent, page('<script src="http://cdn.example/a.js"></script>'), { url })).toBe(
      'fail',
    )
    expect(
      verdict(mixedContent, page('<link rel="stylesheet" href="http://cdn.example/a.css">'), { url }),
    ).toBe('fail')
    expect(verdict(mixedContent, page('', '<iframe src="http://video.example/"></iframe>'), { url })).toBe(
      'fail',
    )
  })
  it('warns for passive mixed content (images, srcset)', () => {
    expect(verdict(mixedContent, page('', '<img src="http://cdn.example/a.png">'), { url })).toBe('warn')
    const f = run(
      mixedContent,
      page('', '<img src="/a.png" srcset="/a.png 1x, http://cdn.example/a2.png 2x">'),
      { url },
    )
    expect(f.verdict).toBe('warn')
    expect(String(f.evidence.at(-1)?.value)).toContain('a2.png')
  })
  it('ignores http:// links that are not loaded (canonical, alternate, anchors)', () => {
    const html = page(
      '<link rel="alternate" hreflang="en" href="http://farol.example/en">',
      '<a href="http://outro.example/">x</a>',
    )
    expect(verdict(mixedContent, html, { url })).toBe('pass')
  })
  it('is not applicable on an http page', () => {
    expect(
      verdict(mixedContent, page('<script src="http://a.example/a.js"></script>'), {
        url: 'http://farol.example/',
      }),
    ).toBe('na')
  })
})
