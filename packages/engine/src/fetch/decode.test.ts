import { describe, expect, it } from 'vitest'
import {
  acceptsMime,
  charsetFromBom,
  charsetFromMeta,
  decodeBody,
  looksLikeHtml,
  normalizeCharset,
  parseContentType,
} from './decode.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
/** 'ação' in windows-1252. */
const acaoLatin1 = Uint8Array.from([0x61, 0xe7, 0xe3, 0x6f])

describe('parseContentType', () => {
  it.each([
    ['text/html; charset=UTF-8', { mime: 'text/html', charset: 'UTF-8' }],
    ['Text/HTML;Charset="windows-1252"', { mime: 'text/html', charset: 'windows-1252' }],
    ['application/pdf', { mime: 'application/pdf', charset: null }],
    ['text/plain; format=flowed; charset=iso-8859-1', { mime: 'text/plain', charset: 'iso-8859-1' }],
  ])('%s', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected)
  })
  it('is null without a header', () => {
    expect(parseContentType(null)).toBeNull()
    expect(parseContentType('')).toBeNull()
  })
})

describe('acceptsMime', () => {
  it('html takes only HTML types', () => {
    expect(acceptsMime('html', 'text/html')).toBe(true)
    expect(acceptsMime('html', 'application/xhtml+xml')).toBe(true)
    expect(acceptsMime('html', 'text/plain')).toBe(false)
    expect(acceptsMime('html', 'application/pdf')).toBe(false)
  })
  it('text takes text-like types only', () => {
    expect(acceptsMime('text', 'text/plain')).toBe(true)
    expect(acceptsMime('text', 'application/xml')).toBe(true)
    expect(acceptsMime('text', 'application/rss+xml')).toBe(true)
    expect(acceptsMime('text', 'application/pdf')).toBe(false)
    expect(acceptsMime('text', 'image/png')).toBe(false)
  })
  it('any takes everything', () => {
    expect(acceptsMime('any', 'application/pdf')).toBe(true)
  })
})

describe('charset detection', () => {
  it('normalises labels and rejects unknown ones', () => {
    expect(normalizeCharset('latin1')).toBe('windows-1252')
    expect(normalizeCharset('ISO-8859-1')).toBe('windows-1252')
    expect(normalizeCharset(' UTF8 ')).toBe('utf-8')
    expect(normalizeCharset('x-no-such-charset')).toBeNull()
  })

  it('reads byte-order marks', () => {
    expect(charsetFromBom(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('utf-8')
    expect(charsetFromBom(Uint8Array.from([0xff, 0xfe, 0x41, 0]))).toBe('utf-16le')
    expect(charsetFromBom(bytes('<html>'))).toBeNull()
  })

  it.each([
    ['<meta charset="windows-1252">', 'windows-1252'],
    ["<meta charset='iso-8859-1'>", 'windows-1252'],
    ['<meta charset=utf-8>', 'utf-8'],
    ['<META CHARSET="Shift_JIS">', 'shift_jis'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">', 'windows-1252'],
    ['<meta content="text/html; charset=koi8-r" http-equiv="content-type">', 'koi8-r'],
    ['<meta charset="utf-16">', 'utf-8'],
    ['<meta name="description" content="charset=koi8-r">', null],
    ['<meta charset="x-bogus">', null],
    ['<p>no meta</p>', null],
  ])('%s -> %s', (head, expected) => {
    expect(charsetFromMeta(bytes(`<!doctype html><html><head>${head}</head></html>`))).toBe(expected)
  })

  it('only looks at the first 1024 bytes, as browsers do', () => {
    const late = `<!doctype html><html><head>${' '.repeat(1100)}<meta charset="windows-1252">`
    expect(charsetFromMeta(bytes(late))).toBeNull()
  })
})

describe('decodeBody', () => {
  it('uses the header charset first', () => {
    expect(decodeBody(acaoLatin1, 'windows-1252', true)).toEqual({ text: 'ação', charset: 'windows-1252' })
  })
  it('uses <meta> for HTML when the header has none', () => {
    const page = Uint8Array.from([...bytes('<meta charset="windows-1252">'), ...acaoLatin1])
    expect(decodeBody(page, null, true).text).toBe('<meta charset="windows-1252">ação')
  })
  it('ignores <meta> for non-HTML text', () => {
    const page = Uint8Array.from([...bytes('<meta charset="windows-1252">'), ...bytes('ação')])
    expect(decodeBody(page, null, false)).toEqual({
      text: '<meta charset="windows-1252">ação',
      charset: 'utf-8',
    })
  })
  it('lets a BOM override the header', () => {
    const page = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes('ação')])
    expect(decodeBody(page, 'windows-1252', true)).toEqual({ text: 'ação', charset: 'utf-8' })
  })
  it('falls back to utf-8 for an unknown label', () => {
    expect(decodeBody(bytes('ação'), 'x-bogus', true)).toEqual({ text: 'ação', charset: 'utf-8' })
  })
})

describe('looksLikeHtml', () => {
  it('recognises documents and refuses other bytes', () => {
    expect(looksLikeHtml(bytes('  <!DOCTYPE html><html>'))).toBe(true)
    expect(looksLikeHtml(bytes('<html lang="pt">'))).toBe(true)
    expect(looksLikeHtml(bytes('%PDF-1.4'))).toBe(false)
    expect(looksLikeHtml(bytes('User-agent: *'))).toBe(false)
  })
})
