import { describe, expect, it } from 'vitest'
import { inScope, normalizeUrl, pathKey } from './normalize.ts'

describe('normalizeUrl', () => {
  it.each([
    ['HTTP://Example.COM:80/a', 'http://example.com/a'],
    ['https://example.com:443/', 'https://example.com/'],
    ['https://example.com/a#frag', 'https://example.com/a'],
    ['https://example.com/a#', 'https://example.com/a'],
    ['https://example.com/a?#', 'https://example.com/a'],
    ['https://example.com/a/./b/../c', 'https://example.com/a/c'],
    ['https://example.com/%7euser/%c3%a7', 'https://example.com/~user/%C3%A7'],
    ['https://example.com/?', 'https://example.com/'],
    ['https://example.com/p?b=%2f', 'https://example.com/p?b=%2F'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected)
  })

  it.each([
    'https://www.example.com/',
    'https://example.com/dir/',
    'https://example.com/dir',
    'https://example.com/p?b=2&a=1',
    'https://example.com/p?utm_source=x',
  ])('keeps %s as it is (www, trailing slash, parameters and their order)', (input) => {
    expect(normalizeUrl(input)).toBe(input)
  })

  it('resolves relative links against a base and refuses other schemes', () => {
    expect(normalizeUrl('../x', 'https://example.com/a/b/')).toBe('https://example.com/a/x')
    expect(normalizeUrl('mailto:a@b.c')).toBeNull()
    expect(normalizeUrl('javascript:void(0)', 'https://example.com/')).toBeNull()
    expect(normalizeUrl('http://[bad')).toBeNull()
  })
})

describe('inScope', () => {
  it('is the start host only unless subdomains are asked for', () => {
    expect(inScope('https://example.com/a', 'example.com')).toBe(true)
    expect(inScope('https://www.example.com/a', 'example.com')).toBe(false)
    expect(inScope('https://blog.example.com/a', 'example.com')).toBe(false)
    expect(inScope('https://blog.example.com/a', 'www.example.com', { includeSubdomains: true })).toBe(true)
    expect(inScope('https://example.com.evil.net/', 'example.com', { includeSubdomains: true })).toBe(false)
  })
  it('pathKey drops the query', () => {
    expect(pathKey('https://e.com/a?x=1')).toBe('https://e.com/a')
  })
})
