// What an AI crawler sees. GPTBot, ClaudeBot, PerplexityBot and most other AI crawlers fetch HTML and do
// not execute JavaScript (Vercel/MERJ analysis of crawler traffic, 2024), so text that only appears
// after rendering is invisible to them.
import { type CheerioAPI, load } from 'cheerio'
import { allElements, type DomElement, elementsByTag, hasAttr, pageText } from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import type { Evidence, Localized } from '../types.ts'
import { type BuiltFinding, build, loc, pct, type Recommendation, WHOLE_PAGE } from './finding.ts'
import { counted } from './plural.ts'
import { crawlerViewScore } from './scores.ts'
import type { CrawlerViewSignals } from './signals.ts'
import { STRENGTH } from './strength.ts'

/** Below this many words, a page with scripts is treated as rendered by JavaScript. */
export const JS_ONLY_MAX_WORDS = 50

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

// ---------------------------------------------------------------- findings

export function crawlerViewFinding(c: CrawlerViewSignals): BuiltFinding {
  const notRendered: Localized = {
    pt: ' Nesta análise a página não foi renderizada com JavaScript: avaliámos só o HTML bruto.',
    en: ' This analysis did not render the page with JavaScript: only the raw HTML was judged.',
  }
  const score = crawlerViewScore(c)
  const evidence: Evidence[] = [
    {
      signal: { pt: 'palavras no HTML bruto (sem JavaScript)', en: 'words in raw HTML (no JavaScript)' },
      value: c.rawWords,
      target: same('≥ 150'),
    },
    { signal: { pt: 'palavras depois de renderizar', en: 'words after rendering' }, value: c.renderedWords },
    {
      signal: { pt: 'palavras sem JavaScript / renderizadas', en: 'raw / rendered words' },
      value: c.rawToRenderedRatio,
      target: { pt: '≥ 0,9', en: '≥ 0.9' },
    },
    { signal: { pt: 'scripts', en: 'scripts' }, value: c.scripts },
  ]
  const ssr: Recommendation = {
    title: { pt: 'Sirva o conteúdo no HTML inicial', en: 'Serve the content in the initial HTML' },
    explanation: loc((l) =>
      l === 'pt'
        ? `Use renderização no servidor (SSR) ou geração estática para que o texto principal esteja no HTML antes de qualquer script; hoje um rastreador sem JavaScript lê ${c.rawWords} palavras${c.renderedWords !== null ? ` de ${c.renderedWords}` : ''}.`
        : `Use server-side rendering (SSR) or static generation so the main text is in the HTML before any script runs; today a crawler without JavaScript reads ${c.rawWords} words${c.renderedWords !== null ? ` of ${c.renderedWords}` : ''}.`,
    ),
  }
  if (c.likelyJsOnly) {
    return build(
      {
        id: 'aio-crawler-view',
        verdict: 'fail',
        score,
        impact: 'high',
        title: { pt: 'Conteúdo só visível com JavaScript', en: 'Content only visible with JavaScript' },
        description: loc((l) =>
          l === 'pt'
            ? `Sem JavaScript, a página tem apenas ${c.rawWords} palavras${c.renderedWords !== null ? `, contra ${c.renderedWords} depois de renderizar` : ` e ${c.scripts} scripts`}: o conteúdo é construído no navegador. A maioria dos rastreadores de IA (GPTBot, ClaudeBot, PerplexityBot) não executa JavaScript e vê uma página quase vazia.${c.renderedWords === null ? notRendered.pt : ''}`
            : `Without JavaScript the page has only ${c.rawWords} words${c.renderedWords !== null ? `, against ${c.renderedWords} after rendering` : ` and ${c.scripts} scripts`}: the content is built in the browser. Most AI crawlers (GPTBot, ClaudeBot, PerplexityBot) do not execute JavaScript and see an almost empty page.${c.renderedWords === null ? notRendered.en : ''}`,
        ),
        evidence,
        where: WHOLE_PAGE,
        strength: STRENGTH.jsCrawlers,
      },
      ssr,
    )
  }
  if (c.rawToRenderedRatio !== null && c.rawToRenderedRatio < 0.9) {
    const share = pct(c.rawToRenderedRatio)
    return build(
      {
        id: 'aio-crawler-view',
        verdict: c.rawToRenderedRatio < 0.5 ? 'fail' : 'warn',
        score,
        impact: c.rawToRenderedRatio < 0.5 ? 'high' : 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `Só ${share.pt}% do texto é visível sem JavaScript`
            : `Only ${share.en}% of the text is visible without JavaScript`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `Um rastreador sem JavaScript lê ${c.rawWords} palavras; depois de renderizar, a página tem ${c.renderedWords}. Os rastreadores de IA que não executam scripts perdem o resto.`
            : `A crawler without JavaScript reads ${c.rawWords} words; after rendering the page has ${c.renderedWords}. AI crawlers that do not run scripts miss the rest.`,
        ),
        evidence,
        where: WHOLE_PAGE,
        strength: STRENGTH.jsCrawlers,
      },
      ssr,
    )
  }
  if (c.rawWords < 150) {
    return build(
      {
        id: 'aio-crawler-view',
        verdict: 'warn',
        score,
        impact: 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `Pouco texto no HTML: ${counted(c.rawWords, l, { one: 'palavra', other: 'palavras' })}`
            : `Little text in the HTML: ${counted(c.rawWords, l, { one: 'word', other: 'words' })}`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `O HTML tem ${c.rawWords} palavras visíveis; com menos de 150, os modelos de IA têm pouco para compreender e citar.${c.renderedWords === null ? notRendered.pt : ''}`
            : `The HTML has ${c.rawWords} visible words; with fewer than 150, AI models have little to understand and quote.${c.renderedWords === null ? notRendered.en : ''}`,
        ),
        evidence,
        where: WHOLE_PAGE,
        strength: STRENGTH.jsCrawlers,
      },
      {
        title: { pt: 'Acrescente texto útil à página', en: 'Add useful text to the page' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Descreva em texto o que a página oferece, para quem e como (hoje ${c.rawWords} palavras; o alvo é pelo menos 150).`
            : `Describe in text what the page offers, for whom and how (${c.rawWords} words now; the target is at least 150).`,
        ),
      },
    )
  }
  return build({
    id: 'aio-crawler-view',
    verdict: 'pass',
    score,
    impact: 'high',
    title: loc((l) =>
      l === 'pt'
        ? `Conteúdo visível sem JavaScript: ${counted(c.rawWords, l, { one: 'palavra', other: 'palavras' })} no HTML`
        : `Content visible without JavaScript: ${counted(c.rawWords, l, { one: 'word', other: 'words' })} in the HTML`,
    ),
    description: loc((l) =>
      l === 'pt'
        ? `Um rastreador que não executa JavaScript lê ${c.rawWords} palavras${c.renderedWords !== null ? ` das ${c.renderedWords} da página renderizada` : ''}.${c.renderedWords === null ? notRendered.pt : ''}`
        : `A crawler that does not execute JavaScript reads ${c.rawWords} words${c.renderedWords !== null ? ` of the rendered page's ${c.renderedWords}` : ''}.${c.renderedWords === null ? notRendered.en : ''}`,
    ),
    evidence,
    where: WHOLE_PAGE,
    strength: STRENGTH.jsCrawlers,
  })
}
