import { describe, expect, it } from 'vitest'
import { looksLikeAppShell, readingOf } from './render-truth.ts'

describe('looksLikeAppShell', () => {
  const page = { status: 200, contentType: 'text/html; charset=utf-8', words: 3, internalLinks: 0 }
  it('is an HTML page with few words and no internal link', () => {
    expect(looksLikeAppShell(page)).toBe(true)
  })
  it('is not a page with links to follow, real text, an error, another type or no page', () => {
    expect(looksLikeAppShell({ ...page, internalLinks: 1 })).toBe(false)
    expect(looksLikeAppShell({ ...page, words: 120 })).toBe(false)
    expect(looksLikeAppShell({ ...page, status: 404 })).toBe(false)
    expect(looksLikeAppShell({ ...page, contentType: 'application/pdf' })).toBe(false)
    expect(looksLikeAppShell(null)).toBe(false)
  })
})

describe('readingOf', () => {
  it('is rendered only when the crawl rendered its pages', () => {
    expect(readingOf({ rendered: true })).toBe('rendered')
    expect(readingOf({ rendered: false })).toBe('raw')
    expect(readingOf(undefined)).toBe('raw')
  })
})
