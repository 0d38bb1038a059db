// JSON-LD nodes of a page, flattened: top-level objects, arrays, @graph members and nested objects
// (an Organization is often the `publisher` of an Article, an author a nested Person).
import type { CheerioAPI } from 'cheerio'
import { elementsByTag } from '../page/dom.ts'

export type JsonLdNode = Record<string, unknown>

export interface JsonLdParse {
  blocks: number
  errors: number
  /** Every object with an @type, depth-first, in document order. */
  nodes: JsonLdNode[]
}

const isObject = (v: unknown): v is JsonLdNode => typeof v === 'object' && v !== null && !Array.isArray(v)

export function parseJsonLd($: CheerioAPI): JsonLdParse {
  const nodes: JsonLdNode[] = []
  let blocks = 0
  let errors = 0
  const visit = (v: unknown, depth: number): void => {
    if (depth > 8) return
    if (Array.isArray(v)) {
      for (const item of v) visit(item, depth + 1)
      return
    }
    if (!isObject(v)) return
    if (v['@type'] !== undefined) nodes.push(v)
    for (const [key, value] of Object.entries(v)) if (key !== '@context') visit(value, depth + 1)
  }
  // `script[type="application/ld+json"]`: css-select compares the type attribute case-insensitively.
  for (const el of elementsByTag($, 'script')) {
    if (el.attribs.type?.toLowerCase() !== 'application/ld+json') continue
    blocks++
    try {
      visit(JSON.parse($.text([el])), 0)
    } catch {
      errors++
    }
  }
  return { blocks, errors, nodes }
}

/** The @type of a node as a list ("@type": ["Organization", "Brand"] is allowed). */
export function typesOf(node: JsonLdNode): string[] {
  const t = node['@type']
  if (typeof t === 'string') return [t]
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string')
  return []
}

/** A text property that may be a string, a {name} / {@value} object or a list of them: first usable value. */
export function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null
  if (Array.isArray(v)) {
    for (const item of v) {
      const t = textOf(item)
      if (t) return t
    }
    return null
  }
  if (isObject(v)) return textOf(v.name ?? v['@value'])
  return null
}
