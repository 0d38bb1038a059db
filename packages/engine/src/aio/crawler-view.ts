// What an AI crawler sees. GPTBot, ClaudeBot, PerplexityBot and most other AI crawlers fetch HTML and do
// not execute JavaScript (Vercel/MERJ analysis of crawler traffic, 2024), so text that only appears
// after rendering is invisible to them.
import { type CheerioAPI, load } from 'cheerio'
import { allElements, type DomElement, elementsByTag, hasAttr, pageText } from '../page/dom.ts'

/** Below this many words, a page with scripts is treated as rendered by JavaScript. */
export const JS_ONLY_MAX_WORDS = 50

export interface CrawlerViewSignals {
  rawWords: number
  /** Null when no rendered run happened: only the raw HTML was judged. */
  renderedWords: number | null
  /** rawWords / renderedWords (capped at 1); null without a rendered run. */
  rawToRenderedRatio: number | null
  scripts: number
  /** An empty #root/#app/#__next/#___gatsby element: the mark of a client-rendered app shell. */
  emptyAppShell: boolean
  likelyJsOnly: boolean
}

function executableScripts($: CheerioAPI): number {
  return elementsByTag($, 'script').filter((el) => {
    const type = (el.attribs.type ?? '').toLowerCase()
    return type === '' || type === 'module' || type.includes('javascript')
  }).length
}

const APP_SHELL_IDS = new Set(['root', 'app', '__next', '___gatsby'])

/** `#root, #app, #__next, #___gatsby, [data-reactroot], app-root` */
const isAppShell = (el: DomElement): boolean =>
  APP_SHELL_IDS.has(el.attribs.id ?? '') || hasAttr(el, 'data-reactroot') || el.name === 'app-root'

/** `rendered` is the rendered HTML, or it already parsed (the caller may have parsed it for other checks). */
export function measureCrawlerView($: CheerioAPI, rendered: string | CheerioAPI | null): CrawlerViewSignals {
  const rawWords = pageText($).words
  const renderedWords =
    rendered === null ? null : pageText(typeof rendered === 'string' ? load(rendered) : rendered).words
  const scripts = executableScripts($)
  const emptyAppShell = allElements($).some((el) => isAppShell(el) && $.text([el]).trim() === '')
  const ratio =
    renderedWords === null
      ? null
      : renderedWords === 0
        ? 1
        : Math.min(1, Math.round((rawWords / renderedWords) * 100) / 100)
  const fewRawWords = rawWords < JS_ONLY_MAX_WORDS && (scripts > 0 || emptyAppShell)
  const renderedAddsMost =
    renderedWords !== null && ratio !== null && ratio < 0.5 && renderedWords - rawWords >= 100
  return {
    rawWords,
    renderedWords,
    rawToRenderedRatio: ratio,
    scripts,
    emptyAppShell,
    // With a rendered run, trust it: a short page with scripts is not JS-only if rendering adds nothing.
    likelyJsOnly: renderedWords === null ? fewRawWords : fewRawWords && renderedAddsMost,
  }
}
