// Per-page facts from one streaming parse of the HTML: htmlparser2's tokenizer calls back for each tag and
// text, and the facts are gathered as they stream by, with no DOM built and no tree walked afterwards. A
// crawl parses thousands of pages; building cheerio's DOM and walking it three times was most of the
// crawler's CPU (decision 011). The single-page audit keeps its DOM (seo/extract.ts): it needs far more.
// The rules reused from the on-page checks: robots directives (hasBlockingDirective), Link headers
// (parseLinkHeader), words and whitespace (seo/text.ts).
import { createHash } from 'node:crypto'
import { Parser } from 'htmlparser2'
import { parseLinkHeader } from '../seo/extract.ts'
import { imageAltFails } from '../seo/images.ts'
import { hasBlockingDirective } from '../seo/robots.ts'
import { FETCHED_LINK_RELS, SOURCES } from '../seo/security.ts'
import { BLOCK, countWords, NON_CONTENT, normalizeSpace } from '../seo/text.ts'
import { encodeSignature, encodeSketch, signText } from './minhash.ts'
import { normalizeUrl } from './normalize.ts'
import type { CrawlPage, HreflangLink, PageLink } from './types.ts'

export type PageFacts = Pick<
  CrawlPage,
  | 'title'
  | 'description'
  | 'h1'
  | 'canonical'
  | 'invalidCanonical'
  | 'noindex'
  | 'nofollow'
  | 'hreflang'
  | 'links'
  | 'contentHash'
  | 'minhash'
  | 'sketch'
  | 'wordCount'
  | 'h1Count'
  | 'lang'
  | 'imagesWithoutAlt'
  | 'insecureResources'
  | 'viewport'
>

/** Tags that load a subresource (the page audit's mixed-content sources). */
const RESOURCE_TAGS = new Set(SOURCES.flatMap((s) => s.tags))

/** Not main content either: templates repeat these on every page, and near-duplicate detection must not
 *  see them. (NON_CONTENT and BLOCK are the on-page checks' own, seo/text.ts.) */
const BOILERPLATE = new Set([...NON_CONTENT, 'nav', 'header', 'footer', 'aside', 'form'])

/** Whitespace runs other than a lone space (the only ones normalizeSpace changes). */
const SPACE_TO_COLLAPSE = /[\s\u00a0]{2,}|[^\S ]/g

/**
 * Same result as seo/text.ts normalizeSpace, which replaces every whitespace run: a page's text is
 * mostly single spaces between words, and rewriting each of them cost ~2x on the crawl's largest strings.
 */
export function collapseSpace(text: string): string {
  return text.replace(SPACE_TO_COLLAPSE, ' ').trim()
}

/**
 * The text of one element (or of the whole document) as it streams by. An element's text leaves out its
 * descendants that are hidden or in the view's skip set, but never the element itself: `base` is the
 * number of skipping elements open once it started (itself included), and text counts only while that
 * number is unchanged.
 */
interface TextView {
  parts: string[]
  /** Counts BOILERPLATE elements (main text) or NON_CONTENT ones (everything else). */
  boilerplate: boolean
  base: number
}

const view = (boilerplate: boolean): TextView => ({ parts: [], boilerplate, base: 0 })

/** One open element: what it changed, so its end tag can undo exactly that. */
interface Open {
  name: string
  /** It hides its text from the NON_CONTENT views / from the main-text views. */
  skipsContent: boolean
  skipsBoilerplate: boolean
  /** <script> and <style> hold no text at all (domhandler gives them their own node type). */
  raw: boolean
  inBody: boolean
  inSvg: boolean
  /** The views this element is the top of, closed with it. */
  ends: TextView[]
  anchor: AnchorState | null
  hides: boolean
}

interface AnchorState {
  attribs: Record<string, string>
  text: TextView
  /** The alt text of the first image inside with one (an image link's name). */
  imageAlt: string | undefined
}

const splitRel = (rel: string | undefined) => (rel ?? '').toLowerCase().split(/\s+/).filter(Boolean)

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

/** What one parse gathers: every element the facts need, and the texts of the candidate content roots. */
interface Streamed {
  title: TextView | null
  h1: TextView | null
  h1Count: number
  /** The first <html> element's lang attribute. */
  htmlLang: string | null
  /** Visible images failing the page audit's image-alt rule. */
  imagesWithoutAlt: number
  /** Elements that may load a subresource, for mixed content (judged once the base URL is known). */
  resources: { name: string; attribs: Record<string, string> }[]
  metas: Record<string, string>[]
  /** <link> elements and whether they sit inside <body> (ignored there for canonical/hreflang). */
  links: { attribs: Record<string, string>; inBody: boolean }[]
  anchors: AnchorState[]
  base: string | null
  /** Main text candidates: the first <main> (or role=main), the first <article>, the first <body>, the
   *  document. The first that exists wins (known only at the end). */
  main: TextView | null
  article: TextView | null
  bodyMain: TextView | null
  documentMain: TextView
  /** Visible text: of the first <body>, else of the document. */
  bodyVisible: TextView | null
  documentVisible: TextView
}

function stream(html: string): Streamed {
  const s: Streamed = {
    title: null,
    h1: null,
    h1Count: 0,
    htmlLang: null,
    imagesWithoutAlt: 0,
    resources: [],
    metas: [],
    links: [],
    anchors: [],
    base: null,
    main: null,
    article: null,
    bodyMain: null,
    documentMain: view(true),
    bodyVisible: null,
    documentVisible: view(false),
  }
  // Open views, each receiving text while its skip counter is at its base.
  let views: TextView[] = [s.documentMain, s.documentVisible]
  let contentSkips = 0
  let boilerplateSkips = 0
  let rawDepth = 0
  // Open elements that hide their images from the image-alt rule (as the page audit's extract.ts).
  let hiding = 0
  const stack: Open[] = []
  const push = (text: string) => {
    for (const v of views) {
      if ((v.boilerplate ? boilerplateSkips : contentSkips) === v.base) v.parts.push(text)
    }
  }
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = stack[stack.length - 1]
        const inBody = parent ? parent.inBody || parent.name === 'body' : false
        const inSvg = parent ? parent.inSvg || parent.name === 'svg' : false
        const hidden = attribs.hidden !== undefined
        const hides =
          hidden || attribs['aria-hidden'] === 'true' || name === 'noscript' || name === 'template'
        const open: Open = {
          name,
          skipsContent: hidden || NON_CONTENT.has(name),
          skipsBoilerplate: hidden || BOILERPLATE.has(name),
          raw: name === 'script' || name === 'style',
          inBody,
          inSvg,
          ends: [],
          anchor: null,
          hides,
        }
        const starts = (boilerplate: boolean): TextView => {
          const v = view(boilerplate)
          open.ends.push(v)
          views.push(v)
          return v
        }
        // The first element of each kind, in the same order of precedence as a walk of the DOM would take.
        if (name === 'title' && !inSvg && !s.title) s.title = starts(false)
        else if (name === 'meta') s.metas.push(attribs)
        else if (name === 'link' && !inSvg) s.links.push({ attribs, inBody })
        else if (name === 'a') {
          open.anchor = { attribs, text: starts(false), imageAlt: undefined }
          s.anchors.push(open.anchor)
        } else if (name === 'h1' && !s.h1) s.h1 = starts(false)
        else if (name === 'base' && attribs.href && s.base === null) s.base = attribs.href
        else if (name === 'body' && !s.bodyMain) {
          s.bodyMain = starts(true)
          s.bodyVisible = starts(false)
        } else if ((name === 'main' || attribs.role === 'main') && !s.main) s.main = starts(true)
        else if (name === 'article' && !s.article) s.article = starts(true)
        if (name === 'h1' && !inSvg) s.h1Count++
        if (name === 'html' && s.htmlLang === null) s.htmlLang = (attribs.lang ?? '').trim()
        if (RESOURCE_TAGS.has(name)) s.resources.push({ name, attribs })
        if (
          name === 'img' &&
          hiding === 0 &&
          !hides &&
          !/display\s*:\s*none/i.test(attribs.style ?? '') &&
          imageAltFails({
            src: attribs.src ?? '',
            alt: attribs.alt === undefined ? null : attribs.alt,
            role: (attribs.role ?? '').trim().toLowerCase(),
            ariaLabel: (attribs['aria-label'] ?? '').trim(),
            ariaLabelledby: (attribs['aria-labelledby'] ?? '').trim(),
            title: (attribs.title ?? '').trim(),
            hidden: false,
          })
        )
          s.imagesWithoutAlt++
        if (hides) hiding++
        if (name === 'img' && attribs.alt) {
          for (const o of stack)
            if (o.anchor && o.anchor.imageAlt === undefined) o.anchor.imageAlt = attribs.alt
        }
        if (open.raw) rawDepth++
        // Counters first: a skipped element's block spaces are not its ancestors' text either.
        if (open.skipsContent) contentSkips++
        if (open.skipsBoilerplate) boilerplateSkips++
        // An element never hides its own text (a hidden <body> is still the body).
        for (const v of open.ends) v.base = v.boilerplate ? boilerplateSkips : contentSkips
        if (BLOCK.has(name)) push(' ')
        stack.push(open)
      },
      ontext(text) {
        if (rawDepth === 0) push(text)
      },
      onclosetag() {
        const open = stack.pop()
        if (!open) return
        if (BLOCK.has(open.name)) push(' ')
        if (open.skipsContent) contentSkips--
        if (open.skipsBoilerplate) boilerplateSkips--
        if (open.raw) rawDepth--
        if (open.hides) hiding--
        if (open.ends.length > 0) views = views.filter((v) => !open.ends.includes(v))
      },
    },
    { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return s
}

/** http:// subresources of an https page, by the page audit's rules (seo/security.ts mixedResources). */
function insecureCount(url: string, base: string, resources: Streamed['resources']): number {
  if (!url.startsWith('https:')) return 0
  let count = 0
  for (const source of SOURCES) {
    for (const el of resources) {
      if (!source.tags.includes(el.name) || el.attribs[source.attr] === undefined) continue
      if (el.name === 'link') {
        const rels = (el.attribs.rel ?? '').toLowerCase().split(/\s+/)
        if (!rels.some((r) => FETCHED_LINK_RELS.has(r))) continue
      }
      const raw = el.attribs[source.attr] ?? ''
      const candidates =
        source.attr === 'srcset' ? raw.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [raw]
      for (const c of candidates) {
        if (!c.trim()) continue
        try {
          if (new URL(c.trim(), base).protocol === 'http:') count++
        } catch {
          // Not a URL: nothing is loaded.
        }
      }
    }
  }
  return count
}

/** Whether an href resolves to an http(s) URL; a malformed one counts as web (it is not a scheme error). */
function isWebHref(href: string, base: string): boolean {
  try {
    const { protocol } = new URL(href, base)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return true
  }
}

const textOf = (v: TextView) => collapseSpace(v.parts.join(''))

function signatureOf(text: string): { minhash: string | null; sketch: string | null } {
  const signed = signText(text)
  return signed
    ? { minhash: encodeSignature(signed.signature), sketch: encodeSketch(signed.sketch) }
    : { minhash: null, sketch: null }
}

/** Parses one HTML page once and returns its facts. `url` is the normalised URL it was fetched from. */
export function pageFacts(
  url: string,
  html: string,
  headers: Record<string, string>,
  isInternal: (url: string) => boolean,
): PageFacts {
  const s = stream(html)
  const base = (s.base && normalizeUrl(s.base, url)) || url

  const metaContent = (name: string) =>
    s.metas.filter((m) => (m.name ?? '').trim().toLowerCase() === name).map((m) => m.content ?? '')
  const { noindex, nofollow } = directivesOf(headers, [...metaContent('robots'), ...metaContent('googlebot')])

  const canonicals = new Set<string>()
  const hreflang: HreflangLink[] = []
  const headLinks = s.links
    .filter((l) => !l.inBody && l.attribs.href)
    .map((l) => ({ rel: splitRel(l.attribs.rel), href: l.attribs.href!, hreflang: l.attribs.hreflang ?? '' }))
  if (headers.link) {
    for (const l of parseLinkHeader(headers.link, url))
      headLinks.push({ rel: l.rel, href: l.hrefRaw, hreflang: l.hreflang })
  }
  let invalidCanonical: string | null = null
  for (const link of headLinks) {
    const target = normalizeUrl(link.href, base)
    if (!target) {
      if (link.rel.includes('canonical') && invalidCanonical === null && !isWebHref(link.href, base))
        invalidCanonical = link.href.trim()
      continue
    }
    if (link.rel.includes('canonical')) canonicals.add(target)
    if (link.rel.includes('alternate') && link.hreflang)
      hreflang.push({ lang: link.hreflang.toLowerCase(), url: target })
  }

  const links: PageLink[] = []
  for (const anchor of s.anchors) {
    const href = anchor.attribs.href?.replace(/\s/g, '')
    if (!href) continue
    const target = normalizeUrl(href, base)
    if (!target) continue
    let text = textOf(anchor.text)
    if (!text) {
      text = normalizeSpace(anchor.attribs['aria-label'] ?? anchor.attribs.title ?? anchor.imageAlt ?? '')
    }
    links.push({
      url: target,
      text: text.slice(0, 200),
      nofollow: splitRel(anchor.attribs.rel).includes('nofollow'),
      internal: isInternal(target),
    })
  }

  const main = textOf(s.main ?? s.article ?? s.bodyMain ?? s.documentMain)
  // Whitespace never splits or joins words, so the visible text is counted without collapsing it.
  const visible = (s.bodyVisible ?? s.documentVisible).parts.join('')
  const description = metaContent('description')[0]
  return {
    title: s.title ? normalizeSpace(textOf(s.title)) || null : null,
    description: description === undefined ? null : normalizeSpace(description),
    h1: s.h1 ? textOf(s.h1) : null,
    canonical: canonicals.size === 1 ? [...canonicals][0]! : null,
    invalidCanonical,
    noindex,
    nofollow,
    hreflang,
    links,
    contentHash: main ? createHash('sha256').update(main).digest('hex') : null,
    ...signatureOf(main),
    wordCount: countWords(visible),
    h1Count: s.h1Count,
    lang: s.htmlLang || null,
    imagesWithoutAlt: s.imagesWithoutAlt,
    insecureResources: insecureCount(url, base, s.resources),
    viewport: metaContent('viewport')[0] ?? null,
  }
}
