// Text helpers shared by the on-page checks and the AIO analysis. Pure and Unicode-aware.
import type { CheerioAPI } from 'cheerio'

/**
 * A word is a run of letters, digits or combining marks, optionally joined by an apostrophe or hyphen
 * ("guarda-chuva", "d'água"). \p{L} makes accented words ("ação") one word, unlike \w which stops at "ç".
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’\-‐][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu

/** The words of a text, in order (NFC-normalised so decomposed accents stay inside the word). */
export function words(text: string): string[] {
  return text.normalize('NFC').match(WORD) ?? []
}

export function countWords(text: string): number {
  return words(text).length
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function normalizeSpace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim()
}

/** Elements whose text a reader never sees as page content. */
const NON_CONTENT = 'script, style, noscript, template, svg, iframe, object, canvas, head'

/**
 * The visible text of a parsed document, as a crawler that does not run JavaScript reads it.
 * Block elements are separated by spaces so "<p>a</p><p>b</p>" does not become one word "ab".
 */
export function visibleText($: CheerioAPI): string {
  const body = $('body').length ? $('body').first().clone() : $.root().clone()
  body.find(NON_CONTENT).remove()
  body.find('[hidden]').remove()
  body
    .find(
      'br, p, div, li, td, th, h1, h2, h3, h4, h5, h6, section, article, header, footer, nav, main, aside, dt, dd, figcaption, blockquote, pre, tr',
    )
    .each((_, el) => {
      $(el).prepend(' ').append(' ')
    })
  return normalizeSpace(body.text())
}
