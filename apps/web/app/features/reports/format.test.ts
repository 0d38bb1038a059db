import { describe, expect, it } from 'vitest'
import { addressOf, formatLongDate, hostOf, plainText, scoreLabel } from './format.ts'

describe('report formatting', () => {
  it('labels scores with the web page bands: 90-100 good, 50-89 needs improvement, 0-49 poor', () => {
    expect([100, 90, 89, 80, 50, 49, 0].map(scoreLabel)).toEqual([
      'good',
      'good',
      'needs-improvement',
      'needs-improvement',
      'needs-improvement',
      'poor',
      'poor',
    ])
  })

  it('shows the host with its port, without www', () => {
    expect(hostOf('https://www.exemplo.pt/a?b=1')).toBe('exemplo.pt')
    expect(hostOf('http://127.0.0.1:4100/pt/')).toBe('127.0.0.1:4100')
    expect(hostOf('not a url')).toBe('not a url')
  })

  it('writes dates in pt-PT and en-GB', () => {
    expect(formatLongDate('2026-03-14T12:00:00Z', 'pt')).toBe('14 de março de 2026')
    expect(formatLongDate('2026-03-14T12:00:00Z', 'en')).toBe('14 March 2026')
  })

  it("keeps the words of Lighthouse's Markdown links", () => {
    expect(plainText('Reduce it. [Learn more](https://web.dev/x) about `img` tags.')).toBe(
      'Reduce it. Learn more about img tags.',
    )
  })
})

describe('report addresses', () => {
  it("tells a site's pages apart: host, path and query", () => {
    expect(addressOf('https://exemplo.pt/')).toBe('exemplo.pt')
    expect(addressOf('https://exemplo.pt/precos')).toBe('exemplo.pt/precos')
    expect(addressOf('https://exemplo.pt/blog/?p=2')).toBe('exemplo.pt/blog/?p=2')
    expect(addressOf('https://www.exemplo.pt/a')).toBe('www.exemplo.pt/a')
    expect(addressOf('http://127.0.0.1:4100/pt/')).toBe('http://127.0.0.1:4100/pt/')
    expect(addressOf('not a url')).toBe('not a url')
  })
})
