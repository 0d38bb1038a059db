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
  return words(text).length
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function normalizeSpace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim()
}

/** Elements whose text a reader never sees as page content. */
const NON_CONTENT = new Set([
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
const BLOCK = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul option button label'.split(
    ' ',
  ),
)

/** The minimal shape of a parsed node (domhandler's), so this file needs no extra dependency. */
interface DomNode {
  type: string
  name?: string
  data?: string
  attribs?: Record<string, string>
  children?: DomNode[]
}

/**
 * The visible text of a parsed document, as a crawler that does not run JavaScript reads it.
 * Walks the tree instead of cloning and mutating it: checks share one parsed document.
 */
export function visibleText($: CheerioAPI): string {
  const start = ($('body')[0] ?? $.root()[0]) as unknown as DomNode
  const parts: string[] = []
  const walk = (node: DomNode): void => {
    if (node.type === 'text') {
      parts.push(node.data ?? '')
      return
    }
    if (node.type === 'comment' || node.type === 'directive') return
    const name = node.name
    if (name && (NON_CONTENT.has(name) || node.attribs?.hidden !== undefined)) return
    const block = name !== undefined && BLOCK.has(name)
    if (block) parts.push(' ')
    for (const child of node.children ?? []) walk(child)
    if (block) parts.push(' ')
  }
  walk(start)
  return normalizeSpace(parts.join(''))
}
