// Turning response bytes into text: content types, charsets (header, BOM, <meta> prescan), decoding.
// Pure functions over bytes and header values.

export type Accept = 'html' | 'text' | 'image' | 'any'

export interface ParsedContentType {
  /** Lower-case `type/subtype`, without parameters. */
  mime: string
  charset: string | null
}

export function parseContentType(header: string | null | undefined): ParsedContentType | null {
  if (!header) return null
  const [mimePart, ...params] = header.split(';')
  const mime = mimePart?.trim().toLowerCase() ?? ''
  if (!mime) return null
  let charset: string | null = null
  for (const param of params) {
    const match = /^\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(param)
    if (match) charset = match[2]!
  }
  return { mime, charset }
}

export function isHtmlMime(mime: string): boolean {
  return mime === 'text/html' || mime === 'application/xhtml+xml'
}

/** Types whose body is text worth decoding (HTML, plain text, XML sitemaps, JSON, Markdown...). */
export function isTextMime(mime: string): boolean {
  return (
    mime.startsWith('text/') ||
    mime === 'application/xhtml+xml' ||
    mime === 'application/xml' ||
    mime === 'application/json' ||
    mime === 'application/ld+json' ||
    mime === 'application/javascript' ||
    mime.endsWith('+xml') ||
    mime.endsWith('+json')
  )
}

/** Whether a response of this type is acceptable. A missing Content-Type is decided by sniffing later. */
export function acceptsMime(accept: Accept, mime: string | null): boolean {
  if (accept === 'any' || mime === null) return true
  if (accept === 'image') return mime.startsWith('image/')
  return accept === 'html' ? isHtmlMime(mime) : isTextMime(mime)
}

/** Crude sniff for bodies served without a Content-Type: does it start like an HTML document? */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512)).trimStart().toLowerCase()
  return /^(?:\ufeff|ï»¿)?\s*(?:<!doctype html|<html|<head|<!--|<body|<meta|<title)/.test(head)
}

/** Canonical encoding name for a label (`latin1` -> `windows-1252`), or null when the label is unknown. */
export function normalizeCharset(label: string | null | undefined): string | null {
  if (!label) return null
  try {
    return new TextDecoder(label.trim()).encoding
  } catch {
    return null
  }
}

/** A byte-order mark overrides every declaration (WHATWG encoding "decode" algorithm). */
export function charsetFromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  return null
}

/** The charset one <meta> tag declares, if any. */
function metaTagCharset(tag: string): string | null {
  if (/\shttp-equiv\s*=\s*["']?\s*content-type/i.test(tag)) {
    const content = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag)
    const value = content?.[1] ?? content?.[2] ?? content?.[3] ?? ''
    return /charset\s*=\s*["']?([^"'\s;]+)/i.exec(value)?.[1] ?? null
  }
  // <meta name="description" content="... charset=x ..."> declares nothing.
  if (/\scontent\s*=/i.test(tag)) return null
  return /\scharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag)?.[1] ?? null
}

/**
 * Charset declared by `<meta charset>` or `<meta http-equiv="Content-Type" content="...charset=...">`
 * in the first 1024 bytes, as browsers prescan (a simplification of the HTML "prescan" algorithm:
 * attribute order and quoting are handled, comments and scripts are not skipped).
 */
export function charsetFromMeta(bytes: Uint8Array): string | null {
  // latin1 maps each byte to one char, so ASCII markup is readable whatever the real encoding.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024))
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const label = normalizeCharset(metaTagCharset(tag))
    // A document cannot declare itself UTF-16 in ASCII-compatible bytes; HTML says read that as UTF-8.
    if (label) return label.startsWith('utf-16') ? 'utf-8' : label
  }
  return null
}

export interface DecodedText {
  text: string
  /** The encoding actually used. */
  charset: string
}

/** Decodes a body: BOM, then the header's charset, then (for HTML) <meta>, else UTF-8. */
export function decodeBody(bytes: Uint8Array, headerCharset: string | null, html: boolean): DecodedText {
  const charset =
    charsetFromBom(bytes) ??
    normalizeCharset(headerCharset) ??
    (html ? charsetFromMeta(bytes) : null) ??
    'utf-8'
  // Not fatal: a page with a few bad bytes is still auditable; they become U+FFFD.
  return { text: new TextDecoder(charset).decode(bytes), charset }
}
