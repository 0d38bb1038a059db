// Where the content of a page is, and how it splits into blocks, sentences and words.
// Readability and facts are measured on the main content only: menus, cookie bars and footers
// are not what a reader (or a model quoting the page) reads.
import type { CheerioAPI } from 'cheerio'
import { allElements, type DocumentNode, type DomElement, elementsByTag } from '../page/dom.ts'
import { languageScores } from '../seo/language.ts'
import { isCodeElement, normalizeSpace } from '../seo/text.ts'

/** The minimal shape of a parsed node (domhandler's), so this folder needs no extra dependency. */
interface DomNode {
  type: string
  name?: string
  data?: string
  attribs?: Record<string, string>
  children?: DomNode[]
}

/** Code samples of the main content: block-level code (pre, highlighted blocks), counted apart from prose. */
export interface CodeSamples {
  count: number
  /** The first sample's first line and its element ('pre', 'div.highlight-python3', ...). */
  first: { text: string; element: string } | null
}

export interface ContentBlock {
  kind: 'heading' | 'prose'
  /** 'p', 'li', 'h2', ... */
  tag: string
  text: string
  words: number
  /** Stop-word hits of each language, counted in the same pass as the words (the language guess). */
  stopWords: { pt: number; en: number }
}

/**
 * The element holding the main content: <main>, else the one <article>, else [role=main], else <body>.
 * Several <article>s (a listing) means the page itself is the content, so <body> is used.
 */
export function mainRoot($: CheerioAPI): ReturnType<CheerioAPI> {
  return $(mainRootNode($))
}

/** The main root as people can find it in the source: '<main>', '<article>', '[role="main"]' or '<body>'. */
export function mainRootLabel($: CheerioAPI): string {
  const root = mainRootNode($) as unknown as DomNode
  if (root.type === 'root') return '<body>'
  return root.attribs?.role === 'main' && root.name !== 'main' && root.name !== 'article'
    ? `<${root.name} role="main">`
    : `<${root.name}>`
}

/** mainRoot as the raw node: the document itself when there is no <body>. */
export function mainRootNode($: CheerioAPI): DomElement | DocumentNode {
  const main = elementsByTag($, 'main')[0]
  if (main) return main
  const articles = elementsByTag($, 'article')
  if (articles.length === 1 && articles[0]) return articles[0]
  const role = allElements($).find((el) => el.attribs.role === 'main')
  if (role) return role
  return elementsByTag($, 'body')[0] ?? ($.root()[0] as DocumentNode)
}

const CHROME_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
])
// <details> holds a FAQ answer, often as bare text after its <summary> (issue 42).
const PROSE_TAGS = new Set(['p', 'li', 'blockquote', 'dd', 'td', 'th', 'figcaption', 'details'])
/** Class or id of a FAQ or accordion (PT and EN), whose answers are often bare text in <div>s. */
const FAQ_MARK = /faq|accordion|acorde[aã]o|answer|resposta|perguntas/i
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
/** A "leaf" text container (for div soup) has none of these inside it. */
const LEAF_BREAKERS = new Set([
  'div',
  'p',
  'ul',
  'ol',
  'table',
  'section',
  'article',
  'blockquote',
  ...HEADING_TAGS,
])

/**
 * Headings and prose blocks of the main content, in document order, in one walk of the tree (pages can
 * be large; per-element ancestor queries were quadratic). Nested prose (a <p> inside a <li>) counts once,
 * at the innermost block. Chrome (nav, header, footer, aside, forms) is skipped only when the root is
 * <body>: a <header> inside an <article> is the article's own title block.
 */
export function contentBlocks($: CheerioAPI): ContentBlock[] {
  return splitOnce($).blocks
}

/** The code samples the same walk set aside (issue #27: code is not prose, but a signal of its own). */
export function codeSamples($: CheerioAPI): CodeSamples {
  return splitOnce($).code
}

// Readability, headings, facts and the language guess all read the blocks: split the page once.
function splitOnce($: CheerioAPI): { blocks: ContentBlock[]; code: CodeSamples } {
  let split = blockCache.get($)
  if (!split) {
    split = splitBlocks($)
    blockCache.set($, split)
  }
  return split
}

const blockCache = new WeakMap<CheerioAPI, { blocks: ContentBlock[]; code: CodeSamples }>()

const CODE_BLOCK_TAGS = new Set(['pre', 'div', 'figure', 'table', 'section'])

function splitBlocks($: CheerioAPI): { blocks: ContentBlock[]; code: CodeSamples } {
  const rootNode = mainRootNode($) as unknown as DomNode
  const wholePage = rootNode.name === 'body' || rootNode.type === 'root'
  const blocks: ContentBlock[] = []
  // Fallback for pages without any prose element: text in leaf <div>/<section>s (and the headings).
  const leaves: (ContentBlock | DomNode)[] = []
  const code: CodeSamples = { count: 0, first: null }
  const make = (kind: ContentBlock['kind'], tag: string, node: DomNode): ContentBlock | null => {
    // A heading keeps its inline code ("The <code>WHERE</code> clause" is its title); prose drops it.
    const spaced = normalizeSpace(blockText(node, kind === 'heading'))
    // Sphinx ends every heading with a "¶" permalink: it is no part of the title ("What is Python?¶").
    const text = kind === 'heading' ? spaced.replace(/\s*¶$/u, '') : spaced
    if (!text) return null
    const { pt, en, words } = languageScores(text)
    return { kind, tag, text, words, stopWords: { pt, en } }
  }
  /** Returns 2 × the prose blocks produced inside, plus 1 when a leaf breaker is inside. */
  const walk = (node: DomNode, inFaq = false): number => {
    if (node.type !== 'tag' && node.type !== 'root') return 0
    const tag = (node.name ?? '').toLowerCase()
    const faq = inFaq || FAQ_MARK.test(`${node.attribs?.class ?? ''} ${node.attribs?.id ?? ''}`)
    // A closed accordion's answer is hidden until clicked, yet it is the page's text (and what crawlers read).
    if (INVISIBLE.has(tag) || (node.attribs?.hidden !== undefined && !faq)) return 0
    if (wholePage && node !== rootNode && CHROME_TAGS.has(tag)) return 0
    if (isCodeElement(node)) {
      // A block of code is a sample; inline <code> in a sentence is not (and is left out of the text).
      if (CODE_BLOCK_TAGS.has(tag)) {
        code.count++
        if (!code.first) {
          const line = normalizeSpace(
            textOf(node)
              .split('\n')
              .find((l) => l.trim()) ?? '',
          )
          const cls = node.attribs?.class?.trim().split(/\s+/)[0]
          code.first = { text: line.slice(0, 80), element: cls ? `${tag} class="${cls}"` : tag }
        }
      }
      return 1
    }
    if (HEADING_TAGS.has(tag)) {
      const h = make('heading', tag, node)
      if (h) {
        blocks.push(h)
        leaves.push(h)
      }
      return 1
    }
    const at = blocks.length
    const leafAt = leaves.length
    let prose = 0
    let breaker = false
    for (const child of node.children ?? []) {
      const r = walk(child, faq)
      prose += r >> 1
      if (r & 1) breaker = true
    }
    // A FAQ answer built of <div>s is prose even beside <p>s elsewhere (the fallback below reads leaf
    // <div>s only on pages with no prose element at all).
    const faqAnswer = faq && (tag === 'div' || tag === 'section') && !breaker
    if ((PROSE_TAGS.has(tag) || faqAnswer) && prose === 0) {
      const block = make('prose', tag, node)
      if (block) {
        blocks.splice(at, 0, block)
        prose = 1
      }
    }
    // Read only if the page has no prose element at all (the fallback), so kept as the node until then.
    if ((tag === 'div' || tag === 'section') && !breaker) leaves.splice(leafAt, 0, node)
    return prose * 2 + (breaker || LEAF_BREAKERS.has(tag) ? 1 : 0)
  }
  walk(rootNode)
  if (blocks.some((b) => b.kind === 'prose')) return { blocks, code }
  const fallback = leaves.flatMap((leaf): ContentBlock[] => {
    if ('kind' in leaf) return [leaf]
    const block = make('prose', leaf.name ?? 'div', leaf)
    // Short leaves without sentence punctuation are menu items and labels, not prose.
    return block && (block.words >= 8 || /[.!?…]/.test(block.text)) ? [block] : []
  })
  return { blocks: fallback, code }
}

/** All the text under a node, line breaks kept (a code sample's first line). */
function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? ''
  return (node.children ?? []).map(textOf).join('')
}

/**
 * Text of an element with block children separated by spaces ("<li>a</li><li>b</li>" is not "ab"), code
 * left out unless `keepCode` (a heading naming a keyword).
 */
function blockText(el: DomNode, keepCode = false): string {
  const parts: string[] = []
  const walk = (node: DomNode): void => {
    if (node.type === 'text') {
      parts.push(node.data ?? '')
      return
    }
    if (node.type !== 'tag') return
    const name = node.name ?? ''
    if (INVISIBLE.has(name)) return
    if (!keepCode && isCodeElement(node)) {
      parts.push(' ')
      return
    }
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
 * Whether the text before a full stop ends with an abbreviation or a single letter ("Dr", "p", "A").
 * Callers pass only the last 16 characters: the end-anchored regex would otherwise scan the whole
 * sentence at every full stop, and a run of letters that fills the window is longer than any abbreviation.
 */
function endsWithAbbreviation(before: string): boolean {
  const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase()
  return lastWord !== undefined && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))
}

/**
 * Splits prose into sentences at . ! ? … followed by a space and a capital, digit or opening quote.
 * Abbreviations ("Dr.", "p. ex.") and decimals ("3.5") do not split.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  const re = /[.!?…]+["”»’)]*\s+(?=[\p{Lu}\p{N}"“«'(¿¡—–-])/gu
  let start = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].startsWith('.') && endsWithAbbreviation(text.slice(Math.max(start, m.index - 16), m.index)))
      continue
    out.push(text.slice(start, m.index + m[0].trimEnd().length).trim())
    start = m.index + m[0].length
  }
  const rest = text.slice(start).trim()
  if (rest) out.push(rest)
  return out.filter((s) => HAS_WORD.test(s))
}

/** A word starts with a letter or a digit: a sentence with one of them has a word. */
const HAS_WORD = /[\p{L}\p{N}]/u
