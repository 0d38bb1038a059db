// Checks only a rendered crawl can make (issue 30): each compares a page's raw HTML (`render.raw`, what
// GPTBot, ClaudeBot, PerplexityBot and other crawlers that run no JavaScript read) with its rendered DOM
// (the row's own facts, what Google reads after rendering). Raw crawls have no `render` and find nothing.
import type { CrawlPage, IssueDetail } from '../types.ts'
import { type CheckResult, type SiteCheck, type SiteIndex, sourcesOf } from './site-index.ts'

/** Rendered words a page needs before "most of its text is rendered" means anything. */
export const RENDERED_MIN_WORDS = 50
/** Below this share of the rendered words in the raw HTML, most of the text exists only after JavaScript. */
export const RAW_TEXT_SHARE = 0.5
/** Sources or targets listed per URL in a detail. */
const LISTED = 20

/** A page that rendered (its row holds the rendered facts, `render.raw` the raw ones). */
const rendered = (page: CrawlPage): page is CrawlPage & { render: NonNullable<CrawlPage['render']> } =>
  page.render !== undefined && page.render.error === null && page.status === 200

const trimmed = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** Pages where a rendered fact differs from the raw one; the detail says both. */
function changed(
  index: SiteIndex,
  fact: (page: CrawlPage | NonNullable<CrawlPage['render']>['raw']) => string,
): CheckResult {
  const details: Record<string, IssueDetail> = {}
  for (const page of index.pages) {
    if (!rendered(page)) continue
    const before = fact(page.render.raw)
    const after = fact(page)
    if (before !== after) details[page.url] = { rawValue: before, renderedValue: after }
  }
  return { urls: Object.keys(details), details }
}

export const contentOnlyRendered: SiteCheck = {
  id: 'content-only-rendered',
  severity: 'warning',
  title: {
    pt: 'Conteúdo que só existe depois do JavaScript',
    en: 'Content that exists only after JavaScript',
  },
  description: {
    pt: 'A maior parte do texto principal destas páginas só aparece depois de o JavaScript correr: é invisível para os rastreadores de IA que não renderizam (GPTBot, ClaudeBot, PerplexityBot). Sirva o texto no HTML inicial (renderização no servidor ou pré-renderização).',
    en: 'Most of the main text of these pages appears only after JavaScript runs: it is invisible to AI crawlers that do not render (GPTBot, ClaudeBot, PerplexityBot). Serve the text in the initial HTML (server-side rendering or pre-rendering).',
  },
  run(index): CheckResult {
    const details: Record<string, IssueDetail> = {}
    for (const page of index.pages) {
      if (!rendered(page)) continue
      const raw = page.render.raw.wordCount
      if (page.wordCount >= RENDERED_MIN_WORDS && raw < RAW_TEXT_SHARE * page.wordCount)
        details[page.url] = { rawWords: raw, renderedWords: page.wordCount }
    }
    return { urls: Object.keys(details), details }
  },
}

export const linksOnlyRendered: SiteCheck = {
  id: 'links-only-rendered',
  severity: 'warning',
  title: {
    pt: 'Ligações internas que só existem depois do JavaScript',
    en: 'Internal links that exist only after JavaScript',
  },
  description: {
    pt: 'Estas páginas têm ligações internas que um rastreador sem JavaScript não consegue seguir, ou só são alcançáveis através delas. Use elementos <a href> no HTML inicial.',
    en: 'These pages have internal links a crawler without JavaScript cannot follow, or can only be reached through them. Use <a href> elements in the initial HTML.',
  },
  run(index): CheckResult {
    const details: Record<string, IssueDetail> = {}
    // Pages a non-rendering crawler reaches from the start page by raw links (redirects followed).
    const reached = new Set<string>([index.tables.startUrl])
    const queue = [index.tables.startUrl]
    while (queue.length > 0) {
      const page = index.byUrl.get(queue.pop()!)
      if (!page) continue
      const next = page.render
        ? [...page.render.raw.links]
        : page.nofollow
          ? []
          : page.links.filter((l) => l.internal && !l.nofollow).map((l) => l.url)
      if (page.redirectTo) next.push(page.redirectTo)
      const canonical = page.render ? page.render.raw.canonical : page.canonical
      if (canonical) next.push(canonical)
      for (const alternate of page.hreflang) next.push(alternate.url)
      for (const url of next) {
        if (reached.has(url)) continue
        reached.add(url)
        queue.push(url)
      }
    }
    const jsSources = new Map<string, string[]>()
    for (const page of index.pages) {
      if (!rendered(page) || page.nofollow) continue
      const raw = new Set(page.render.raw.links)
      const only = [
        ...new Set(
          page.links
            .filter((l) => l.internal && !l.nofollow && l.url !== page.url && !raw.has(l.url))
            .map((l) => l.url),
        ),
      ]
      if (only.length === 0) continue
      details[page.url] = { targets: only.slice(0, LISTED), count: only.length }
      for (const target of only) {
        const list = jsSources.get(target)
        if (list) list.push(page.url)
        else jsSources.set(target, [page.url])
      }
    }
    // Pages reachable only through those links (directly or further down): crawled by following links,
    // never reached by raw ones. Sitemap-only pages (no depth) are reached without links at all.
    if (jsSources.size > 0)
      for (const page of index.pages) {
        if (reached.has(page.url) || page.depth === null || page.source === 'sitemap') continue
        const sources = jsSources.get(page.url) ?? sourcesOf(index, page.url)
        details[page.url] = {
          ...details[page.url],
          unreachableWithoutJs: true,
          sources: sources.slice(0, LISTED),
        }
      }
    return { urls: Object.keys(details), details }
  },
}

export const titleChangedByJs: SiteCheck = {
  id: 'title-changed-by-js',
  severity: 'notice',
  title: { pt: 'Título alterado pelo JavaScript', en: 'Title changed by JavaScript' },
  description: {
    pt: 'O JavaScript muda o título destas páginas: o Google lê o título renderizado, os rastreadores que não renderizam leem o do HTML inicial. Ponha o título final no HTML.',
    en: 'JavaScript changes the title of these pages: Google reads the rendered title, crawlers that do not render read the one in the initial HTML. Put the final title in the HTML.',
  },
  run: (index) => changed(index, (p) => trimmed(p.title)),
}

export const canonicalChangedByJs: SiteCheck = {
  id: 'canonical-changed-by-js',
  severity: 'warning',
  title: { pt: 'Canónica alterada pelo JavaScript', en: 'Canonical changed by JavaScript' },
  description: {
    pt: 'O JavaScript acrescenta, remove ou muda a canónica destas páginas: os motores de pesquisa podem ler uma canónica diferente da que o HTML inicial declara. Declare-a só no HTML inicial.',
    en: 'JavaScript adds, removes or changes the canonical of these pages: search engines may read a different canonical from the one the initial HTML declares. Declare it in the initial HTML only.',
  },
  run: (index) => changed(index, (p) => p.canonical ?? ''),
}

export const noindexChangedByJs: SiteCheck = {
  id: 'noindex-changed-by-js',
  severity: 'error',
  title: { pt: 'noindex alterado pelo JavaScript', en: 'noindex changed by JavaScript' },
  description: {
    pt: 'O JavaScript acrescenta ou remove o noindex destas páginas. O Google não renderiza uma página com noindex no HTML inicial, e uma página que o JavaScript marca noindex sai do índice. Decida no HTML inicial.',
    en: 'JavaScript adds or removes noindex on these pages. Google does not render a page with noindex in its initial HTML, and a page JavaScript marks noindex leaves the index. Decide in the initial HTML.',
  },
  run: (index) => changed(index, (p) => (p.noindex ? 'noindex' : 'index')),
}

export const renderError: SiteCheck = {
  id: 'render-error',
  severity: 'warning',
  title: { pt: 'Erros ao renderizar', en: 'Errors while rendering' },
  description: {
    pt: 'Estas páginas lançaram exceções de JavaScript, não carregaram um script ou não puderam ser renderizadas. O que o JavaScript devia construir pode faltar para o Google.',
    en: 'These pages threw JavaScript exceptions, failed to load a script or could not be rendered. What JavaScript should build may be missing for Google.',
  },
  run(index): CheckResult {
    const details: Record<string, IssueDetail> = {}
    for (const page of index.pages) {
      const render = page.render
      if (!render || (render.error === null && render.scriptErrors.length === 0)) continue
      details[page.url] = {
        ...(render.error ? { value: render.error, ...(render.detail ? { reason: render.detail } : {}) } : {}),
        ...(render.scriptErrors.length > 0 ? { errors: render.scriptErrors.slice(0, LISTED) } : {}),
      }
    }
    return { urls: Object.keys(details), details }
  },
}

export const blockedResource: SiteCheck = {
  id: 'blocked-resource',
  severity: 'warning',
  title: { pt: 'Recursos bloqueados pelo robots.txt', en: 'Resources blocked by robots.txt' },
  description: {
    pt: 'Estas páginas carregam scripts ou folhas de estilo que o robots.txt proíbe: o Google não os lê e pode renderizar a página sem eles. Permita-os no robots.txt.',
    en: 'These pages load scripts or stylesheets that robots.txt disallows: Google does not read them and may render the page without them. Allow them in robots.txt.',
  },
  run(index): CheckResult {
    const details: Record<string, IssueDetail> = {}
    for (const page of index.pages) {
      const blocked = page.render?.blockedResources ?? []
      if (blocked.length > 0) details[page.url] = { targets: blocked.slice(0, LISTED) }
    }
    return { urls: Object.keys(details), details }
  },
}

/** In report order, after the raw checks. */
export const renderedChecks: readonly SiteCheck[] = [
  contentOnlyRendered,
  linksOnlyRendered,
  titleChangedByJs,
  canonicalChangedByJs,
  noindexChangedByJs,
  renderError,
  blockedResource,
]
