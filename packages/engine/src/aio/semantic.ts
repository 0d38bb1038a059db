// Semantic HTML: landmarks, lists and tables say what each part of the page is. Parsers that turn pages
// into text for models (readability extractors, HTML-to-markdown) lean on these elements to find the
// content and keep its structure; a page of nested <div>s gives them nothing to hold on to.
import type { CheerioAPI } from 'cheerio'
import { elementsByTag } from '../page/dom.ts'
import { words } from '../seo/text.ts'

const LANDMARKS = ['main', 'article', 'section', 'nav', 'header', 'footer', 'aside'] as const
type Landmark = (typeof LANDMARKS)[number]

/** Elements that carry meaning; the div ratio compares <div>s against these. */
const SEMANTIC =
  'main, article, section, nav, header, footer, aside, p, ul, ol, dl, table, figure, blockquote, h1, h2, h3, h4, h5, h6, address, time'

/** Text inside one of these is structured; text sitting directly in <div>/<span> is not. */
const STRUCTURED_TEXT = new Set(
  'p li dt dd h1 h2 h3 h4 h5 h6 td th caption figcaption blockquote q pre code address label button a summary legend title'.split(
    ' ',
  ),
)
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head'])

export interface SemanticSignals {
  landmarks: Record<Landmark, number>
  lists: number
  tables: number
  tablesWithHeaders: number
  divs: number
  semanticElements: number
  /** divs / (divs + semantic elements), 0-1. High means "div soup". */
  divRatio: number
  /** Share (0-1) of visible words inside paragraphs, list items, headings, cells, links. */
  structuredTextShare: number
}

interface DomNode {
  type: string
  name?: string
  data?: string
  children?: DomNode[]
}

const SEMANTIC_TAGS = new Set(SEMANTIC.split(', '))

/**
 * One walk of the tree counts everything (pages can be large; one selector query per signal meant
 * a dozen full scans).
 */
export function measureSemantics($: CheerioAPI): SemanticSignals {
  const landmarks = Object.fromEntries(LANDMARKS.map((l) => [l, 0])) as Record<Landmark, number>
  let lists = 0
  let tables = 0
  let tablesWithHeaders = 0
  let divs = 0
  let semanticElements = 0
  let all = 0
  let structured = 0
  /** Returns whether a <th> is inside (for tables). */
  const walk = (node: DomNode, inside: boolean, inNav: boolean): boolean => {
    if (node.type === 'text') {
      const n = words(node.data ?? '').length
      all += n
      if (inside) structured += n
      return false
    }
    const name = node.name
    if (name === undefined) {
      let th = false
      for (const child of node.children ?? []) th = walk(child, inside, inNav) || th
      return th
    }
    if (SKIP.has(name)) return false
    if ((LANDMARKS as readonly string[]).includes(name)) landmarks[name as Landmark]++
    if (name === 'div') divs++
    else if (SEMANTIC_TAGS.has(name)) semanticElements++
    if ((name === 'ul' || name === 'ol' || name === 'dl') && !inNav) lists++
    let th = name === 'th'
    const next = inside || STRUCTURED_TEXT.has(name)
    for (const child of node.children ?? []) th = walk(child, next, inNav || name === 'nav') || th
    if (name === 'table') {
      tables++
      if (th) tablesWithHeaders++
      return false
    }
    return th
  }
  const body = (elementsByTag($, 'body')[0] ?? $.root()[0]) as unknown as DomNode | undefined
  if (body) for (const child of body.children ?? []) walk(child, false, false)
  const total = divs + semanticElements
  return {
    landmarks,
    lists,
    tables,
    tablesWithHeaders,
    divs,
    semanticElements,
    divRatio: total ? Math.round((divs / total) * 100) / 100 : 0,
    structuredTextShare: all ? Math.round((structured / all) * 100) / 100 : 0,
  }
}
