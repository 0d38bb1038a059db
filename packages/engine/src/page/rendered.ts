// Facts of the rendered page, as a Lighthouse run gathered them in Chromium. The raw HTML is what a crawler
// that runs no JavaScript reads; the rendered DOM is what Google (which renders) and Lighthouse read. A
// link whose only behaviour is `addEventListener('click', …)` on an <a> without href exists only there.
// When a Lighthouse run happened, its AnchorElements artifact feeds link-text and crawlable-anchors, and
// their findings say they were measured on the rendered page.
import type { AnchorElement } from '../seo/extract.ts'
import { normalizeSpace } from '../seo/text.ts'

/** The fields of Lighthouse's AnchorElements artifact (types/artifacts.d.ts) that Farol reads. */
export interface LighthouseAnchor {
  rel: string
  /** The resolved href property ('' when there is none or it does not resolve). */
  href: string
  /** The href attribute as written ('' when absent: `attributeNames` tells absent from empty). */
  rawHref: string
  name?: string
  /** innerText: the rendered, visible text. */
  text: string
  textLang?: string
  role: string
  id: string
  attributeNames: string[]
  listeners?: { type: string }[]
}

/** What the Lighthouse child hands back besides the LHR: small, serialisable facts of the rendered DOM. */
export interface RenderedFacts {
  anchors: LighthouseAnchor[]
  /** The HTML after JavaScript ran (page.content() of the tab Lighthouse audited), when it was read. */
  html?: string
}

/** Lighthouse's anchor in the shape the on-page checks read. */
export function anchorFromLighthouse(a: LighthouseAnchor): AnchorElement {
  const hasHref = a.attributeNames.includes('href')
  const rawHref = hasHref ? a.rawHref.replace(/\s/g, '') : null
  const text = normalizeSpace(a.text)
  return {
    rawHref,
    href: hasHref && a.href ? a.href : null,
    text,
    labelText: '',
    rel: a.rel.toLowerCase().split(/\s+/).filter(Boolean),
    role: a.role.trim(),
    name: (a.name ?? '').trim(),
    id: a.id,
    attributeNames: a.attributeNames,
    // Lighthouse reports the text's language only; the link's own lang is not in the artifact.
    lang: a.textLang ?? null,
    textLang: a.textLang || null,
    listeners: (a.listeners ?? []).map((l) => l.type),
  }
}

/** Picks the artifact's fields Farol reads, dropping the node details (paths, snippets, bounding boxes). */
export function renderedFactsFromArtifacts(artifacts: {
  AnchorElements?: readonly LighthouseAnchor[]
}): RenderedFacts | undefined {
  const anchors = artifacts.AnchorElements
  if (!Array.isArray(anchors)) return undefined
  return {
    anchors: anchors.map((a) => ({
      rel: a.rel,
      href: a.href,
      rawHref: a.rawHref,
      ...(a.name !== undefined ? { name: a.name } : {}),
      text: a.text,
      ...(a.textLang !== undefined ? { textLang: a.textLang } : {}),
      role: a.role,
      id: a.id,
      attributeNames: a.attributeNames,
      listeners: (a.listeners ?? []).map((l: { type: string }) => ({ type: l.type })),
    })),
  }
}
