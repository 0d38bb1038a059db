// The page store frontier's memory of URLs already queued (SentUrls): a known URL is not sent again, a
// URL first queued from the sitemap (no depth) is sent again when a link gives it one, and a crowd of
// distinct URLs (more than its slots) is never taken for URLs already seen.
import { describe, expect, it } from 'vitest'
import { SentUrls } from './frontier.ts'

describe('SentUrls', () => {
  it('sends a URL once, and again only to give a sitemap URL its depth', () => {
    const sent = new SentUrls()
    expect(sent.remember('https://s.test/a', true)).toBe(true)
    expect(sent.remember('https://s.test/a', true)).toBe(false)
    expect(sent.remember('https://s.test/a', false)).toBe(false)
    expect(sent.remember('https://s.test/b', false)).toBe(true)
    expect(sent.remember('https://s.test/b', false)).toBe(false)
    expect(sent.remember('https://s.test/b', true)).toBe(true)
    expect(sent.remember('https://s.test/b', true)).toBe(false)
  })

  it('never skips a URL it was not given: 1,000,000 distinct URLs are each sent', () => {
    const sent = new SentUrls()
    let skipped = 0
    for (let i = 0; i < 1_000_000; i++) if (!sent.remember(`https://s.test/p/${i}`, true)) skipped++
    expect(skipped).toBe(0)
    // The most recent ones are still remembered (older ones may have been pushed out and are sent again).
    expect(sent.remember('https://s.test/p/999999', true)).toBe(false)
  })
})
