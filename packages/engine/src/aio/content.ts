// Where the content of a page is, and how it splits into blocks, sentences and words.
// Readability and facts are measured on the main content only: menus, cookie bars and footers
// are not what a reader (or a model quoting the page) reads.
import type { CheerioAPI } from 'cheerio'
import { normalizeSpace, words } from '../seo/text.ts'

/** Chrome around the content; excluded from "main text" when there is no <main>/<article>. */
const CHROME = 'script, style, noscript, template, svg, iframe, nav, header, footer, aside, form, [hidden]'

/** Blocks that hold prose. Headings are kept apart because they are not sentences. */
const PROSE = 'p, li, blockquote, dd, td, th, figcaption, pre'
const HEADINGS = 'h1, h2, h3, h4, h5, h6'

/** The minimal shape of a parsed node (domhandler's), so this folder needs no extra dependency. */
interface DomNode {
  type: string
  name?: string
  data?: string
  children?: DomNode[]
}

export interface ContentBlock {
  kind: 'heading' | 'prose'
  /** 'p', 'li', 'h2', ... */
  tag: string
  text: string
  words: number
}

/**
 * The element holding the main content: <main>, else the one <article>, else [role=main], else <body>.
 * Several <article>s (a listing) means the page itself is the content, so <body> is used.
 */
export function mainRoot($: CheerioAPI): ReturnType<CheerioAPI> {
  const main = $('main').first()
  if (main.length) return main
  const articles = $('article')
  if (articles.length === 1) return articles.first()
  const role = $('[role="main"]').first()
  if (role.length) return role
  const body = $('body')
  return body.length ? body : $.root()
}

/**
 * Chrome inside the chosen root is skipped only when the root is <body>: a <header> inside an
 * <article> is the article's own title block and belongs to the content.
 */
function rootIsWholePage(root: DomNode): boolean {
  return root.name === 'body' || root.type === 'root'
}

/**
 * Headings and prose blocks of the main content, in document order. Nested prose (a <p> inside a <li>)
 * counts once, at the innermost block, so no sentence is measured twice.
 */
export function contentBlocks($: CheerioAPI): ContentBlock[] {
  const root = mainRoot($)
  const rootNode = root[0]
  if (!rootNode) return []
  const blocks: ContentBlock[] = []
  const wholePage = rootIsWholePage(rootNode as unknown as DomNode)
  for (const el of root.find(`${HEADINGS}, ${PROSE}`).toArray()) {
    const $el = $(el)
    if (wholePage && ($el.is(CHROME) || $el.parents(CHROME).length > 0)) continue
    const tag = ((el as unknown as DomNode).name ?? '').toLowerCase()
    const isHeading = /^h[1-6]$/.test(tag)
    if (!isHeading && $el.find(PROSE).length > 0) continue
    if ($el.parents('script, style, noscript, template, svg').length) continue
    const text = normalizeSpace(blockText(el as unknown as DomNode))
    if (!text) continue
    blocks.push({ kind: isHeading ? 'heading' : 'prose', tag, text, words: words(text).length })
  }
  if (blocks.some((b) => b.kind === 'prose')) return blocks
  // "Div soup": no paragraphs at all, the text sits in leaf <div>s. Readers still read it, so it is
  // measured; short leaves without sentence punctuation (menu items, labels) are left out.
  return root
    .find(`${HEADINGS}, div, section`)
    .toArray()
    .flatMap((el): ContentBlock[] => {
      const $el = $(el)
      const tag = ((el as unknown as DomNode).name ?? '').toLowerCase()
      if (/^h[1-6]$/.test(tag)) {
        const text = normalizeSpace($el.text())
        return text ? [{ kind: 'heading', tag, text, words: words(text).length }] : []
      }
      if ($el.find(`${LEAF_BREAKERS}, ${HEADINGS}`).length > 0 || $el.parents(HEADINGS).length > 0) return []
      if (wholePage && $el.parents(CHROME).length > 0) return []
      const text = normalizeSpace(blockText(el as unknown as DomNode))
      const count = words(text).length
      if (count < 8 && !/[.!?…]/.test(text)) return []
      return [{ kind: 'prose', tag, text, words: count }]
    })
}

/** A "leaf" text container has none of these inside it. */
const LEAF_BREAKERS = 'div, p, ul, ol, table, section, article, blockquote'

/** Text of an element with block children separated by spaces ("<li>a</li><li>b</li>" is not "ab"). */
function blockText(el: DomNode): string {
  const parts: string[] = []
  const walk = (node: DomNode): void => {
    if (node.type === 'text') {
      parts.push(node.data ?? '')
      return
    }
    if (node.type !== 'tag') return
    const name = node.name ?? ''
    if (INVISIBLE.has(name)) return
    const inline = INLINE.has(name)
    if (!inline) parts.push(' ')
    for (const child of node.children ?? []) walk(child)
    if (!inline) parts.push(' ')
  }
  for (const child of el.children ?? []) walk(child)
  return parts.join('')
}

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg'])
/** Inline elements join their text to the neighbours ("<b>a</b>ção" is one word). */
const INLINE = new Set(
  'a abbr b bdi bdo cite code data dfn em i kbd mark q s samp small span strong sub sup time u var'.split(
    ' ',
  ),
)
/** Plain text of the main content (headings and prose), for facts and word counts. */
export function mainText($: CheerioAPI): string {
  return contentBlocks($)
    .map((b) => b.text)
    .join('\n')
}

// Abbreviations whose trailing dot does not end a sentence (PT and EN), lowercased without the dot.
const ABBREVIATIONS = new Set(
  'sr sra srs dr dra drs prof profa eng arq etc ex p pp pág cf vol nº n no fig av lda mr mrs ms st vs e.g i.e approx inc ltd jr'.split(
    ' ',
  ),
)

/**
 * Splits prose into sentences at . ! ? … followed by a space and a capital, digit or opening quote.
 * Abbreviations ("Dr.", "p. ex.") and decimals ("3.5") do not split.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  const re = /[.!?…]+["”»’)]*\s+(?=[\p{Lu}\p{N}"“«'(¿¡—–-])/gu
  let start = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(start, m.index)
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase()
    if (m[0].startsWith('.') && lastWord && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord)))
      continue
    out.push(text.slice(start, m.index + m[0].trimEnd().length).trim())
    start = m.index + m[0].length
  }
  const rest = text.slice(start).trim()
  if (rest) out.push(rest)
  return out.filter((s) => words(s).length > 0)
}
