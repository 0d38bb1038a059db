import { describe, expect, it } from 'vitest'
import { markdownParts } from './markdown-links.ts'

describe('markdownParts', () => {
  it("turns Lighthouse's Markdown links into links, and keeps the text around them", () => {
    expect(
      markdownParts('Reduza o JavaScript. [Saiba mais](https://developer.chrome.com/docs/lighthouse/x).'),
    ).toEqual([
      { type: 'text', text: 'Reduza o JavaScript. ' },
      { type: 'link', text: 'Saiba mais', href: 'https://developer.chrome.com/docs/lighthouse/x' },
      { type: 'text', text: '.' },
    ])
  })

  it('renders `code` as code and never links a non-http target', () => {
    expect(markdownParts('Use `font-display` [x](javascript:void)')).toEqual([
      { type: 'text', text: 'Use ' },
      { type: 'code', text: 'font-display' },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'x' },
    ])
  })

  it('leaves plain text alone', () => {
    expect(markdownParts('Sem ligações')).toEqual([{ type: 'text', text: 'Sem ligações' }])
  })
})
