// Per-page facts from one parse of the HTML, in one walk of the tree. The single-page audit's extraction
// (seo/extract.ts) computes far more than a crawl needs (images, language scores, accessible names) and
// cost ~3x the parse itself; at thousands of pages that was most of the crawl's CPU. The rules reused
// from the on-page checks: robots directives (hasBlockingDirective), Link headers (parseLinkHeader), word
// counting and whitespace (seo/text.ts).
import { createHash } from 'node:crypto'
import { load } from 'cheerio'
import { parseLinkHeader } from '../seo/extract.ts'
import { hasBlockingDirective } from '../seo/robots.ts'
import { normalizeSpace, words } from '../seo/text.ts'
import { normalizeUrl } from './normalize.ts'
import { simhash } from './simhash.ts'
import type { CrawlPage, HreflangLink, PageLink } from './types.ts'

export type PageFacts = Pick<
  CrawlPage,
  | 'title'
  | 'description'
  | 'h1'
  | 'canonical'
  | 'noindex'
  | 'nofollow'
  | 'hreflang'
  | 'links'
  | 'contentHash'
  | 'simhash'
  | 'wordCount'
>

interface DomNode {
  type: string
  name?: string
  data?: string
  attribs?: Record<string, string>
  children?: DomNode[]
  parent?: DomNode | null
}

/** Never visible text. */
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
/** Not main content either: templates repeat these on every page, and near-duplicate detection must not see them. */
const BOILERPLATE = new Set([...NON_CONTENT, 'nav', 'header', 'footer', 'aside', 'form'])
/** Elements that separate words ("<p>a</p><p>b</p>" is two words). */
const BLOCK = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul option button label'.split(
    ' ',
  ),
)

function textOf(node: DomNode, skip: ReadonlySet<string>, top = node): string {
  const parts: string[] = []
  const walk = (n: DomNode): void => {
    if (n.type === 'text') {
      parts.push(n.data ?? '')
      return
    }
    if (n.type !== 'tag' && n.type !== 'root') return
    if (n !== top && n.name && (skip.has(n.name) || n.attribs?.hidden !== undefined)) return
    const block = n.name !== undefined && BLOCK.has(n.name)
    if (block) parts.push(' ')
    for (const child of n.children ?? []) walk(child)
    if (block) parts.push(' ')
  }
  walk(node)
  return collapseSpace(parts.join(''))
}

/** Whitespace runs other than a lone space (the only ones normalizeSpace changes). */
const SPACE_TO_COLLAPSE = /[\s\u00a0]{2,}|[^\S ]/g

/**
 * Same result as seo/text.ts normalizeSpace, which replaces every whitespace run: a page's text is
 * mostly single spaces between words, and rewriting each of them cost ~2x on the crawl's largest strings.
 */
export function collapseSpace(text: string): string {
  return text.replace(SPACE_TO_COLLAPSE, ' ').trim()
}

interface Collected {
  title: DomNode | null
  metas: Record<string, string>[]
  /** <link> elements and whether they sit inside <body> (ignored there for canonical/hreflang). */
  links: { attribs: Record<string, string>; inBody: boolean }[]
  anchors: DomNode[]
  h1: DomNode | null
  base: string | null
  body: DomNode | null
  main: DomNode | null
  article: DomNode | null
}

/** One walk collecting every element the facts need. */
function collect(root: DomNode): Collected {
  const c: Collected = {
    title: null,
    metas: [],
    links: [],
    anchors: [],
    h1: null,
    base: null,
    body: null,
    main: null,
    article: null,
  }
  const walk = (node: DomNode, inBody: boolean, inSvg: boolean): void => {
    for (const child of node.children ?? []) {
      if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') continue
      const name = child.name ?? ''
      const attribs = child.attribs ?? {}
      if (name === 'title' && !inSvg && !c.title) c.title = child
      else if (name === 'meta') c.metas.push(attribs)
      else if (name === 'link' && !inSvg) c.links.push({ attribs, inBody })
      else if (name === 'a') c.anchors.push(child)
      else if (name === 'h1' && !c.h1) c.h1 = child
      else if (name === 'base' && attribs.href && c.base === null) c.base = attribs.href
      else if (name === 'body' && !c.body) c.body = child
      else if ((name === 'main' || attribs.role === 'main') && !c.main) c.main = child
      else if (name === 'article' && !c.article) c.article = child
      walk(child, inBody || name === 'body', inSvg || name === 'svg')
    }
  }
  walk(root, false, false)
  return c
}

function directivesOf(
  headers: Record<string, string>,
  metas: string[],
): { noindex: boolean; nofollow: boolean } {
  const values = [...metas]
  for (const line of (headers['x-robots-tag'] ?? '').split(/\n|,(?=\s*[a-z-]+\s*:)/i)) {
    const value = line.trim()
    if (!value) continue
    // "googlebot: noindex" applies to Google; "otherbot: noindex" is not ours to obey as a generic rule.
    const agent = /^([a-z_-]+)\s*:\s*(.*)$/i.exec(value)
    if (agent && agent[1]!.toLowerCase() !== 'unavailable_after') {
      if (agent[1]!.toLowerCase() === 'googlebot') values.push(agent[2]!)
    } else values.push(value)
  }
  const tokens = values.flatMap((v) => v.split(',').map((d) => d.trim().toLowerCase()))
  return {
    noindex: values.some(hasBlockingDirective),
    nofollow: tokens.includes('nofollow') || tokens.includes('none'),
  }
}

/** The text of <main> (or the first <article>), else of the body without navigation, header and footer. */
export function mainText(root: DomNode): string {
  const c = collect(root)
  return textOf(c.main ?? c.article ?? c.body ?? root, BOILERPLATE)
}

/** The alt text of the first image inside (an image link's name). */
function imageAlt(node: DomNode): string | undefined {
  for (const child of node.children ?? []) {
    if (child.type !== 'tag') continue
    if (child.name === 'img' && child.attribs?.alt) return child.attribs.alt
    const inner = imageAlt(child)
    if (inner !== undefined) return inner
  }
  return undefined
}

const splitRel = (rel: string | undefined) => (rel ?? '').toLowerCase().split(/\s+/).filter(Boolean)

/** Parses one HTML page once and returns its facts. `url` is the normalised URL it was fetched from. */
export function pageFacts(
  url: string,
  html: string,
  headers: Record<string, string>,
  isInternal: (url: string) => boolean,
): PageFacts {
  // htmlparser2 rather than parse5: ~3x faster and the crawl only reads elements and attributes.
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } })
  const root = $.root()[0] as unknown as DomNode
  const c = collect(root)
  const base = (c.base && normalizeUrl(c.base, url)) || url

  const metaContent = (name: string) =>
    c.metas.filter((m) => (m.name ?? '').trim().toLowerCase() === name).map((m) => m.content ?? '')
  const { noindex, nofollow } = directivesOf(headers, [...metaContent('robots'), ...metaContent('googlebot')])

  const canonicals = new Set<string>()
  const hreflang: HreflangLink[] = []
  const headLinks = c.links
    .filter((l) => !l.inBody && l.attribs.href)
    .map((l) => ({ rel: splitRel(l.attribs.rel), href: l.attribs.href!, hreflang: l.attribs.hreflang ?? '' }))
  if (headers.link) {
    for (const l of parseLinkHeader(headers.link, url))
      headLinks.push({ rel: l.rel, href: l.hrefRaw, hreflang: l.hreflang })
  }
  for (const link of headLinks) {
    const target = normalizeUrl(link.href, base)
    if (!target) continue
    if (link.rel.includes('canonical')) canonicals.add(target)
    if (link.rel.includes('alternate') && link.hreflang)
      hreflang.push({ lang: link.hreflang.toLowerCase(), url: target })
  }

  const links: PageLink[] = []
  for (const anchor of c.anchors) {
    const href = anchor.attribs?.href?.replace(/\s/g, '')
    if (!href) continue
    const target = normalizeUrl(href, base)
    if (!target) continue
    let text = textOf(anchor, NON_CONTENT)
    if (!text) {
      text = normalizeSpace(anchor.attribs?.['aria-label'] ?? anchor.attribs?.title ?? imageAlt(anchor) ?? '')
    }
    links.push({
      url: target,
      text: text.slice(0, 200),
      nofollow: splitRel(anchor.attribs?.rel).includes('nofollow'),
      internal: isInternal(target),
    })
  }

  const main = textOf(c.main ?? c.article ?? c.body ?? root, BOILERPLATE)
  const visible = textOf(c.body ?? root, NON_CONTENT)
  const description = metaContent('description')[0]
  return {
    title: c.title ? normalizeSpace(textOf(c.title, new Set())) || null : null,
    description: description === undefined ? null : normalizeSpace(description),
    h1: c.h1 ? textOf(c.h1, NON_CONTENT) : null,
    canonical: canonicals.size === 1 ? [...canonicals][0]! : null,
    noindex,
    nofollow,
    hreflang,
    links,
    contentHash: main ? createHash('sha256').update(main).digest('hex') : null,
    simhash: simhash(main),
    wordCount: words(visible).length,
  }
}
