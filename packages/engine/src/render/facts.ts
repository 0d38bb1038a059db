// Raw and rendered facts side by side, and the `auto` mode's rule: render a site when its start page's raw
// HTML carries little of the text or links its rendered DOM shows.
import type { PageFacts } from '../crawl/page-facts.ts'
import type { RawPageFacts } from '../crawl/types.ts'

/** The raw HTML's facts kept beside a rendered page's (links: internal, followable, unique). */
export function rawFactsOf(facts: PageFacts, pageNofollow = facts.nofollow): RawPageFacts {
  const links = pageNofollow
    ? []
    : [...new Set(facts.links.filter((l) => l.internal && !l.nofollow).map((l) => l.url))]
  return {
    title: facts.title,
    description: facts.description,
    canonical: facts.canonical,
    noindex: facts.noindex,
    h1: facts.h1,
    wordCount: facts.wordCount,
    links,
  }
}

/** How a crawl was asked to render: always, never, or when the start page needs it. */
export type RenderMode = 'on' | 'off' | 'auto'

/** Why a crawl rendered (or did not), said to the reader. */
export type RenderReason =
  | 'asked'
  | 'auto-text'
  | 'auto-links'
  | 'auto-not-needed'
  | 'auto-render-failed'
  | 'no-chromium'

/** The share of the rendered text or links below which the raw HTML is "little" compared with it. */
export const AUTO_SHARE = 0.5
/** Rendered words or links a start page needs before the comparison means anything. */
export const AUTO_MIN_WORDS = 50
export const AUTO_MIN_LINKS = 3

/**
 * `auto`: whether the start page's raw HTML has little text or few links compared with its rendered DOM.
 * Null when raw HTML is enough (the crawl stays raw).
 */
export function needsRendering(raw: RawPageFacts, rendered: RawPageFacts): 'auto-text' | 'auto-links' | null {
  if (rendered.wordCount >= AUTO_MIN_WORDS && raw.wordCount < AUTO_SHARE * rendered.wordCount)
    return 'auto-text'
  if (rendered.links.length >= AUTO_MIN_LINKS && raw.links.length < AUTO_SHARE * rendered.links.length)
    return 'auto-links'
  return null
}

/** The reader's sentence for each reason (the CLI, the site audit's page and the PDF). */
export const renderReasonText: Record<RenderReason, { pt: string; en: string }> = {
  asked: {
    pt: 'Páginas renderizadas com JavaScript, a pedido.',
    en: 'Pages rendered with JavaScript, as asked.',
  },
  'auto-text': {
    pt: 'Páginas renderizadas com JavaScript: o HTML inicial da página de entrada tem menos de metade do texto que aparece depois de renderizar.',
    en: 'Pages rendered with JavaScript: the start page’s raw HTML has less than half the text that appears once rendered.',
  },
  'auto-links': {
    pt: 'Páginas renderizadas com JavaScript: o HTML inicial da página de entrada tem menos de metade das ligações que aparecem depois de renderizar.',
    en: 'Pages rendered with JavaScript: the start page’s raw HTML has less than half the links that appear once rendered.',
  },
  'auto-not-needed': {
    pt: 'Sem renderização: o HTML inicial da página de entrada já tem o texto e as ligações da página renderizada.',
    en: 'Not rendered: the start page’s raw HTML already has the text and links of the rendered page.',
  },
  'auto-render-failed': {
    pt: 'Sem renderização: não foi possível renderizar a página de entrada; o rastreio leu o HTML inicial.',
    en: 'Not rendered: the start page could not be rendered; the crawl read the raw HTML.',
  },
  'no-chromium': {
    pt: 'Sem renderização: o Chromium não está disponível neste servidor; o rastreio leu o HTML inicial.',
    en: 'Not rendered: Chromium is not available on this server; the crawl read the raw HTML.',
  },
}
