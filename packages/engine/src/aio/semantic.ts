// Semantic HTML: landmarks, lists and tables say what each part of the page is. Parsers that turn pages
// into text for models (readability extractors, HTML-to-markdown) lean on these elements to find the
// content and keep its structure; a page of nested <div>s gives them nothing to hold on to.
import type { CheerioAPI } from 'cheerio'
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

function structuredShare(body: DomNode | undefined): number {
  let all = 0
  let structured = 0
  const walk = (node: DomNode, inside: boolean): void => {
    if (node.type === 'text') {
      const n = words(node.data ?? '').length
      all += n
      if (inside) structured += n
      return
    }
    if (node.name && SKIP.has(node.name)) return
    const next = inside || (node.name !== undefined && STRUCTURED_TEXT.has(node.name))
    for (const child of node.children ?? []) walk(child, next)
  }
  if (body) walk(body, false)
  return all ? Math.round((structured / all) * 100) / 100 : 0
}

export function measureSemantics($: CheerioAPI): SemanticSignals {
  const landmarks = Object.fromEntries(LANDMARKS.map((l) => [l, $(l).length])) as Record<Landmark, number>
  const divs = $('body div').length
  const semanticElements = $('body').find(SEMANTIC).length
  const total = divs + semanticElements
  return {
    landmarks,
    lists: $('ul, ol, dl').filter((_, el) => $(el).parents('nav').length === 0).length,
    tables: $('table').length,
    tablesWithHeaders: $('table').filter((_, el) => $(el).find('th').length > 0).length,
    divs,
    semanticElements,
    divRatio: total ? Math.round((divs / total) * 100) / 100 : 0,
    structuredTextShare: structuredShare(($('body')[0] ?? $.root()[0]) as unknown as DomNode),
  }
}
