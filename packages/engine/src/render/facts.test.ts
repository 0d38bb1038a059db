// The `auto` mode's rule: render when the start page's raw HTML has little of its rendered text or links.
import { describe, expect, it } from 'vitest'
import type { RawPageFacts } from '../crawl/types.ts'
import { needsRendering } from './facts.ts'
import { defaultRenderConcurrency } from './pool.ts'

const facts = (wordCount: number, links: number): RawPageFacts => ({
  title: null,
  description: null,
  canonical: null,
  noindex: false,
  h1: null,
  wordCount,
  links: Array.from({ length: links }, (_, i) => `https://s.test/${i}`),
})

describe('needsRendering', () => {
  it.each<[string, RawPageFacts, RawPageFacts, ReturnType<typeof needsRendering>]>([
    ['an empty SPA shell', facts(0, 0), facts(300, 10), 'auto-text'],
    ['server-rendered: same text and links', facts(300, 10), facts(300, 10), null],
    ['text served, links built by script', facts(300, 1), facts(310, 10), 'auto-links'],
    ['half the text in the raw HTML is enough', facts(150, 10), facts(300, 10), null],
    ['a tiny page is not judged', facts(0, 0), facts(30, 2), null],
  ])('%s', (_name, raw, rendered, expected) => {
    expect(needsRendering(raw, rendered)).toBe(expected)
  })
})

describe('defaultRenderConcurrency', () => {
  it('three tabs a core, one per 150 MiB free, between 1 and 8', () => {
    expect(defaultRenderConcurrency(2, 16 * 2 ** 30)).toBe(6)
    expect(defaultRenderConcurrency(16, 16 * 2 ** 30)).toBe(8)
    expect(defaultRenderConcurrency(2, 300 * 2 ** 20)).toBe(2)
    expect(defaultRenderConcurrency(2, 10 * 2 ** 20)).toBe(1)
  })
})
