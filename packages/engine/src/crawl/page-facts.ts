// Per-page facts from one parse of the HTML: the engine's own extraction (seo/extract.ts, the same one the
// single-page audit uses) plus what only a crawl needs (main-text hash and simhash, normalised links).
import { createHash } from 'node:crypto'
import { load } from 'cheerio'
import type { SeoArtifacts } from '../gather/types.ts'
import { extract, metaByName } from '../seo/extract.ts'
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
}

/** Not main content: templates repeat these on every page, and near-duplicate detection must not see them. */
const BOILERPLATE = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'head',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
])

/** The text of <main> (or the first <article>), else of the body without navigation, header and footer. */
export function mainText(root: DomNode): string {
  let main: DomNode | undefined
  let article: DomNode | undefined
  let body: DomNode | undefined
  const find = (node: DomNode): void => {
    if (main) return
    if (node.name === 'main' || node.attribs?.role === 'main') main = node
    else if (node.name === 'article' && !article) article = node
    else if (node.name === 'body' && !body) body = node
    for (const child of node.children ?? []) find(child)
  }
  find(root)
  const start = main ?? article ?? body ?? root
  const parts: string[] = []
  const walk = (node: DomNode): void => {
    if (node.type === 'text') {
      parts.push(node.data ?? '')
      return
    }
    if (node.type !== 'tag' && node.type !== 'root') return
    if (node !== start && node.name && BOILERPLATE.has(node.name)) return
    parts.push(' ')
    for (const child of node.children ?? []) walk(child)
    parts.push(' ')
  }
  walk(start)
  return normalizeSpace(parts.join(''))
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

/** Parses one HTML page once and returns its facts. `url` is the normalised URL it was fetched from. */
export function pageFacts(
  url: string,
  html: string,
  headers: Record<string, string>,
  isInternal: (url: string) => boolean,
): PageFacts {
  const $ = load(html)
  const artifacts = { page: { finalUrl: url, headers }, $ } as unknown as SeoArtifacts
  const x = extract(artifacts)
  const robotsMetas = x.meta
    .filter((m) => m.name === 'robots' || m.name === 'googlebot')
    .map((m) => m.content)
  const { noindex, nofollow } = directivesOf(headers, robotsMetas)

  const canonicals = new Set<string>()
  const hreflang: HreflangLink[] = []
  for (const link of x.links) {
    if (link.source === 'body' || !link.href) continue
    const target = normalizeUrl(link.href)
    if (!target) continue
    if (link.rel.includes('canonical')) canonicals.add(target)
    if (link.rel.includes('alternate') && link.hreflang)
      hreflang.push({ lang: link.hreflang.toLowerCase(), url: target })
  }

  const links: PageLink[] = []
  for (const anchor of x.anchors) {
    if (!anchor.href) continue
    const target = normalizeUrl(anchor.href)
    if (!target) continue
    links.push({
      url: target,
      text: (anchor.text || anchor.labelText).slice(0, 200),
      nofollow: anchor.rel.includes('nofollow'),
      internal: isInternal(target),
    })
  }

  const main = mainText($.root()[0] as unknown as DomNode)
  const description = metaByName(x, 'description')?.content
  const h1 = x.headings.find((h) => h.level === 1)?.text
  return {
    title: x.title,
    description: description === undefined ? null : normalizeSpace(description),
    h1: h1 ?? null,
    canonical: canonicals.size === 1 ? [...canonicals][0]! : null,
    noindex,
    nofollow,
    hreflang,
    links,
    contentHash: main ? createHash('sha256').update(main).digest('hex') : null,
    simhash: simhash(main),
    wordCount: words(x.text).length,
  }
}
