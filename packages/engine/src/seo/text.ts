// Text helpers shared by the on-page checks and the AIO analysis. Pure and Unicode-aware.
import type { CheerioAPI } from 'cheerio'

/**
 * A word is a run of letters, digits or combining marks, optionally joined by an apostrophe or hyphen
 * ("guarda-chuva", "d'água"). \p{L} makes accented words ("ação") one word, unlike \w which stops at "ç".
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’\-‐][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu

/** The words of a text, in order (NFC-normalised so decomposed accents stay inside the word). */
export function words(text: string): string[] {
  return text.normalize('NFC').match(WORD) ?? []
}

export function countWords(text: string): number {
  return scanWords(text.normalize('NFC'))
}

// Character classes of WORD, per UTF-16 code unit of the BMP: 1 none, 2 mark, 3 letter/digit. Latin,
// Greek and Cyrillic are classified up front; the rest the first time they are met (0 = not yet).
const classes = new Uint8Array(0x10000)
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u
const MARK = /^\p{M}$/u
const classify = (char: string) => (LETTER_OR_DIGIT.test(char) ? 3 : MARK.test(char) ? 2 : 1)
for (let unit = 0; unit < 0x530; unit++) classes[unit] = classify(String.fromCharCode(unit))
/** The class of the code point at i, plus 4 when it is a surrogate pair (two code units). */
function classAt(text: string, i: number): number {
  const unit = text.charCodeAt(i)
  const known = classes[unit]!
  if (known !== 0) return known
  if (unit >= 0xd800 && unit <= 0xdbff) {
    // Astral letters (rare) are classified by the regex on the whole code point each time.
    const next = text.charCodeAt(i + 1)
    if (next >= 0xdc00 && next <= 0xdfff) return classify(String.fromCodePoint(text.codePointAt(i)!)) | 4
    return 1
  }
  classes[unit] = classify(String.fromCharCode(unit))
  return classes[unit]!
}
const isJoiner = (unit: number) => unit === 0x27 || unit === 0x2019 || unit === 0x2d || unit === 0x2010

/**
 * The words `words` finds in an NFC text, without building a string per word (the crawl counts and
 * hashes the words of every page): calls `onWord(start, end)` with each word's bounds and returns the count.
 */
export function scanWords(text: string, onWord?: (start: number, end: number) => void): number {
  const n = text.length
  let count = 0
  let i = 0
  while (i < n) {
    let at = classAt(text, i)
    const start = i
    i += at > 3 ? 2 : 1
    if ((at & 3) !== 3) continue
    while (i < n) {
      at = classAt(text, i)
      if ((at & 3) >= 2) {
        i += at > 3 ? 2 : 1
        continue
      }
      // A joiner belongs to the word only when a letter or digit follows it ("d'água", "guarda-chuva").
      if (i + 1 < n && isJoiner(text.charCodeAt(i))) {
        const after = classAt(text, i + 1)
        if ((after & 3) === 3) {
          i += after > 3 ? 3 : 2
          continue
        }
      }
      break
    }
    count++
    onWord?.(start, i)
  }
  return count
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function normalizeSpace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim()
}

/** Elements whose text a reader never sees as page content. */
export const NON_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'canvas',
  'head',
])

/** Elements that break words apart: "<p>a</p><p>b</p>" must not read as one word "ab". */
export const BLOCK: ReadonlySet<string> = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul option button label'.split(
    ' ',
  ),
)

/**
 * Elements whose text is code, not prose (issue #27): a string literal in a sample is no quotation, `17 % 3`
 * no statistic, `rc[0123456S].d` no figure. Their text is left out of every prose signal.
 */
export const CODE_TAGS: ReadonlySet<string> = new Set([
  'pre',
  'code',
  'kbd',
  'samp',
  'var',
  'script',
  'style',
  'template',
  'textarea',
])

/** Classes that highlighters put on code blocks: Pygments/Sphinx, highlight.js, Prism, Pandoc, Rouge. */
const CODE_CLASS =
  /(?:^|\s)(?:highlight-[\w-]+|highlighttable|hljs|language-[\w-]+|lang-[\w-]+|prism[\w-]*|sourceCode|codehilite|rouge-code|syntaxhighlighter)(?:\s|$)/i
/** A bare "highlight" class also marks a highlighted quote or figure; it is code only around a <pre>. */
const HIGHLIGHT = /(?:^|\s)highlight(?:\s|$)/i

/** Whether the element holds code (by tag, or by a highlighter's class). */
export function isCodeElement(node: DomNode): boolean {
  const name = node.name
  if (name === undefined) return false
  if (CODE_TAGS.has(name)) return true
  const cls = node.attribs?.class
  if (!cls) return false
  if (CODE_CLASS.test(cls)) return true
  return HIGHLIGHT.test(cls) && hasDescendant(node, 'pre')
}

function hasDescendant(node: DomNode, name: string): boolean {
  for (const child of node.children ?? []) if (child.name === name || hasDescendant(child, name)) return true
  return false
}

/** The <body> element: a child of <html> (or of the document), found without a selector query. */
function findBody(root: DomNode): DomNode | undefined {
  for (const child of root.children ?? []) {
    if (child.name === 'body') return child
    if (child.name === 'html') return findBody(child)
  }
  return undefined
}

/** The minimal shape of a parsed node (domhandler's), so this file needs no extra dependency. */
export interface DomNode {
  type: string
  name?: string
  data?: string
  attribs?: Record<string, string>
  children?: DomNode[]
}

/**
 * The visible text of a parsed document, as a crawler that does not run JavaScript reads it.
 * Walks the tree instead of cloning and mutating it: checks share one parsed document. With `prose`,
 * code (pre, code, highlighted blocks) is left out.
 */
export function visibleText($: CheerioAPI, options: { prose?: boolean } = {}): string {
  const root = $.root()[0] as unknown as DomNode
  const start = findBody(root) ?? root
  const parts: string[] = []
  const walk = (node: DomNode): void => {
    if (node.type === 'text') {
      parts.push(node.data ?? '')
      return
    }
    if (node.type === 'comment' || node.type === 'directive') return
    const name = node.name
    if (name && (NON_CONTENT.has(name) || node.attribs?.hidden !== undefined)) return
    // Prose only (facts a site states about itself): code samples state nothing about the site.
    if (options.prose && isCodeElement(node)) return
    const block = name !== undefined && BLOCK.has(name)
    if (block) parts.push(' ')
    for (const child of node.children ?? []) walk(child)
    if (block) parts.push(' ')
  }
  walk(start)
  return normalizeSpace(parts.join(''))
}
