// Link checks: where internal links lead (errors, redirects, robots.txt blocks), nofollow on internal
// links, pages with no way on, and pages many clicks from the start.
import type { CrawlPage, IssueDetail } from '../types.ts'
import {
  type CheckResult,
  isError,
  isRedirect,
  type SiteCheck,
  type SiteIndex,
  sourcesOf,
} from './site-index.ts'

/** Link targets (internal) whose row passes the test, each with the pages linking to it. */
function targetsWhere(index: SiteIndex, test: (page: CrawlPage | undefined) => boolean): CheckResult {
  const urls: string[] = []
  const details: Record<string, IssueDetail> = {}
  for (const [target, links] of index.inlinks) {
    const page = index.byUrl.get(target)
    if (!test(page)) continue
    urls.push(target)
    details[target] = { sources: links.map((l) => l.source), status: page?.status ?? null }
  }
  return { urls, details }
}

export const brokenLink: SiteCheck = {
  id: 'broken-link',
  severity: 'error',
  title: { pt: 'Ligações internas quebradas', en: 'Broken internal links' },
  description: {
    pt: 'Ligações internas apontam para páginas que respondem com erro (4xx/5xx) ou não respondem. Corrija ou remova as ligações nas páginas de origem.',
    en: 'Internal links point to pages that answer with an error (4xx/5xx) or do not answer. Fix or remove the links on the source pages.',
  },
  run: (index) => targetsWhere(index, isError),
}

export const internalRedirect: SiteCheck = {
  id: 'internal-redirect',
  severity: 'notice',
  title: { pt: 'Ligações internas para redirecionamentos', en: 'Internal links to redirects' },
  description: {
    pt: 'Ligações internas apontam para endereços que redirecionam. Atualize-as para o destino final.',
    en: 'Internal links point to addresses that redirect. Update them to the final destination.',
  },
  run: (index) => targetsWhere(index, isRedirect),
}

export const blockedByRobots: SiteCheck = {
  id: 'blocked-by-robots',
  severity: 'notice',
  title: { pt: 'Bloqueadas pelo robots.txt', en: 'Blocked by robots.txt' },
  description: {
    pt: 'Estes endereços estão bloqueados pelo robots.txt e não foram visitados. Confirme que o bloqueio é intencional.',
    en: 'These addresses are blocked by robots.txt and were not visited. Make sure the block is intended.',
  },
  run(index) {
    const blocked = index.pages.filter((p) => p.blockedByRobots)
    const details: Record<string, IssueDetail> = {}
    for (const p of blocked) details[p.url] = { sources: sourcesOf(index, p.url) }
    return { urls: blocked.map((p) => p.url), details }
  },
}

export const nofollowInternal: SiteCheck = {
  id: 'nofollow-internal',
  severity: 'notice',
  title: { pt: 'Ligações internas com nofollow', en: 'Nofollow internal links' },
  description: {
    pt: 'Estas páginas têm ligações internas com rel="nofollow", que impedem os motores de pesquisa de seguir a estrutura do próprio site.',
    en: 'These pages have internal links with rel="nofollow", which stop search engines from following the site’s own structure.',
  },
  run(index) {
    const details: Record<string, IssueDetail> = {}
    for (const page of index.pages) {
      const targets = [...new Set(page.links.filter((l) => l.internal && l.nofollow).map((l) => l.url))]
      if (targets.length > 0) details[page.url] = { targets }
    }
    return { urls: Object.keys(details), details }
  },
}

export const deadEnd: SiteCheck = {
  id: 'dead-end',
  severity: 'notice',
  title: { pt: 'Páginas sem saída', en: 'Dead-end pages' },
  description: {
    pt: 'Estas páginas não têm ligações internas para outras páginas: visitantes e robôs ficam sem caminho para continuar.',
    en: 'These pages have no internal links to other pages: visitors and crawlers have no way to go on.',
  },
  run(index) {
    const urls = index.pages
      .filter((p) => p.status === 200 && p.contentHash !== null)
      .filter((p) => !p.links.some((l) => l.internal && l.url !== p.url))
      .map((p) => p.url)
    return { urls }
  },
}

/** Clicks from the start URL beyond which a page counts as deep. */
export const DEEP_PAGE_DEPTH = 4

export const deepPage: SiteCheck = {
  id: 'deep-page',
  severity: 'notice',
  title: { pt: 'Páginas demasiado profundas', en: 'Pages too deep' },
  description: {
    pt: 'Estas páginas estão a mais de 4 cliques da página inicial. Ligue-as de páginas mais próximas do início.',
    en: 'These pages are more than 4 clicks from the start page. Link to them from pages closer to the start.',
  },
  run(index) {
    const deep = index.pages.filter((p) => p.indexable && p.depth !== null && p.depth > DEEP_PAGE_DEPTH)
    const details: Record<string, IssueDetail> = {}
    for (const p of deep) details[p.url] = { depth: p.depth! }
    return { urls: deep.map((p) => p.url), details }
  },
}
