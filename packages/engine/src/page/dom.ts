// What the on-page checks and the AIO analysis read from one parsed document, computed once per document.
// On a 200 KB page every `$('selector')` walks thousands of elements, and the checks used to run dozens
// of them (plus ancestor queries per link and image). Here one walk lists the elements; the checks filter
// that list with plain functions over the raw nodes, which is also cheaper than building Cheerio wrappers.
// Everything is memoised by the CheerioAPI: artifacts are never mutated after parsing, so it cannot go stale.
import { type CheerioAPI, load } from 'cheerio'
import { languageFromScores, languageScores } from '../seo/language.ts'
import { visibleText } from '../seo/text.ts'
import type { PageArtifacts } from '../types.ts'

/** The parsed document (domhandler's Document). */
export type DocumentNode = ReturnType<CheerioAPI['root']>[number]
type ChildNode = DocumentNode['children'][number]
/** A parsed element (domhandler's Element), with its attributes and parent. */
export type DomElement = Extract<ChildNode, { attribs: Record<string, string> }>

/** domhandler's isTag: <script> and <style> elements have their own node types. */
export function isElement(node: { type: string } | null | undefined): node is DomElement {
  return node?.type === 'tag' || node?.type === 'script' || node?.type === 'style'
}

interface ElementIndex {
  /** Every element, in document order. */
  all: DomElement[]
  byTag: Map<string, DomElement[]>
}

const indexes = new WeakMap<CheerioAPI, ElementIndex>()

/**
 * Every element of the document in document order, exactly as `$('*')` sees them: the walk descends
 * through elements only, as css-select does, so the content of a <template> (a separate fragment) is
 * not listed.
 */
function elementIndex($: CheerioAPI): ElementIndex {
  const hit = indexes.get($)
  if (hit) return hit
  const all: DomElement[] = []
  const byTag = new Map<string, DomElement[]>()
  const walk = (nodes: readonly ChildNode[]): void => {
    for (const node of nodes) {
      if (!isElement(node)) continue
      all.push(node)
      const list = byTag.get(node.name)
      if (list) list.push(node)
      else byTag.set(node.name, [node])
      walk(node.children)
    }
  }
  for (const root of $.root().toArray()) walk(root.children)
  const index = { all, byTag }
  indexes.set($, index)
  return index
}

/** All elements, in document order (`$('*')`). */
export function allElements($: CheerioAPI): readonly DomElement[] {
  return elementIndex($).all
}

/** Elements with one of these tag names, in document order (`$('h1, h2')`). */
export function elementsByTag($: CheerioAPI, ...names: string[]): readonly DomElement[] {
  const index = elementIndex($)
  if (names.length === 1) return index.byTag.get(names[0] ?? '') ?? []
  const wanted = new Set(names)
  return index.all.filter((el) => wanted.has(el.name))
}

/** Whether the attribute is present (css-select's `[name]`). */
export function hasAttr(el: DomElement, name: string): boolean {
  return Object.hasOwn(el.attribs, name) && el.attribs[name] != null
}

/** The nearest ancestor (not the element itself) that passes the test; ancestors stop below the document. */
export function closestAncestor(el: DomElement, test: (el: DomElement) => boolean): DomElement | undefined {
  for (let p = el.parent; isElement(p); p = p.parent) if (test(p)) return p
  return undefined
}

/** The element itself or its nearest ancestor that passes the test (cheerio's `.closest()`). */
export function closest(el: DomElement, test: (el: DomElement) => boolean): DomElement | undefined {
  return test(el) ? el : closestAncestor(el, test)
}

/** Whether an ancestor (not the element itself) has one of these tag names (`$(el).parents('a, b').length`). */
export function hasAncestorTag(el: DomElement, names: ReadonlySet<string>): boolean {
  return closestAncestor(el, (p) => names.has(p.name)) !== undefined
}

export interface PageText {
  /** visibleText($) */
  text: string
  /** countWords(text) */
  words: number
  /** detectLanguage(text) */
  language: 'pt' | 'en' | null
}

const pageTexts = new WeakMap<CheerioAPI, PageText>()

/** The visible text, its word count and its language, computed once per document (several checks need them). */
export function pageText($: CheerioAPI): PageText {
  const hit = pageTexts.get($)
  if (hit) return hit
  const text = visibleText($)
  const scores = languageScores(text)
  const result = { text, words: scores.words, language: languageFromScores(scores) }
  pageTexts.set($, result)
  return result
}

/** The element's descendant elements, in document order (what `$(el).find('*')` walks). */
export function descendants(el: DomElement | DocumentNode): DomElement[] {
  const out: DomElement[] = []
  const walk = (node: DomElement | DocumentNode): void => {
    for (const child of node.children) {
      if (!isElement(child)) continue
      out.push(child)
      walk(child)
    }
  }
  walk(el)
  return out
}

const renderedDoms = new WeakMap<PageArtifacts, { html: string; $: CheerioAPI }>()

/** The rendered HTML (after JavaScript), parsed once per artifacts; null when no browser run produced it. */
export function renderedDom(artifacts: PageArtifacts): CheerioAPI | null {
  const html = artifacts.renderedHtml
  if (html === null) return null
  const hit = renderedDoms.get(artifacts)
  // Compared with the HTML too, in case a caller sets renderedHtml on artifacts it already analysed.
  if (hit?.html === html) return hit.$
  const $ = load(html)
  renderedDoms.set(artifacts, { html, $ })
  return $
}
