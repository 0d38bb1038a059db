// The sitemap should list exactly the indexable pages, each reachable by links.
import type { CrawlPage, IssueDetail } from '../types.ts'
import { isError, isRedirect, type SiteCheck, type SiteIndex } from './site-index.ts'

function sitemapPagesWhere(index: SiteIndex, test: (page: CrawlPage) => boolean) {
  const details: Record<string, IssueDetail> = {}
  for (const url of index.sitemap) {
    const page = index.byUrl.get(url)
    if (page && test(page)) details[url] = { status: page.status }
  }
  return { urls: Object.keys(details), details }
}

export const orphanInSitemap: SiteCheck = {
  id: 'orphan-in-sitemap',
  severity: 'warning',
  title: { pt: 'Páginas órfãs no sitemap', en: 'Orphan pages in the sitemap' },
  description: {
    pt: 'Estas páginas estão no sitemap mas nenhuma página do site tem uma ligação para elas. Ligue-as a partir de páginas relevantes.',
    en: 'These pages are in the sitemap but no page of the site links to them. Link to them from relevant pages.',
  },
  // A link to a URL that redirects here links here (home → /promocoes → /campanhas/verao).
  run: (index) =>
    sitemapPagesWhere(index, (p) => p.status === 200 && (index.linked.get(p.url) ?? []).length === 0),
}

export const noindexInSitemap: SiteCheck = {
  id: 'noindex-in-sitemap',
  severity: 'warning',
  title: { pt: 'Páginas noindex no sitemap', en: 'Noindex pages in the sitemap' },
  description: {
    pt: 'O sitemap lista páginas marcadas com noindex. Retire-as do sitemap ou retire o noindex.',
    en: 'The sitemap lists pages marked noindex. Remove them from the sitemap or remove the noindex.',
  },
  run: (index) => sitemapPagesWhere(index, (p) => p.status === 200 && p.noindex),
}

export const blockedInSitemap: SiteCheck = {
  id: 'blocked-in-sitemap',
  severity: 'warning',
  title: { pt: 'Páginas bloqueadas no sitemap', en: 'Blocked pages in the sitemap' },
  description: {
    pt: 'O sitemap lista endereços que o robots.txt bloqueia. Retire-os do sitemap ou desbloqueie-os.',
    en: 'The sitemap lists addresses that robots.txt blocks. Remove them from the sitemap or unblock them.',
  },
  run: (index) => sitemapPagesWhere(index, (p) => p.blockedByRobots),
}

export const nonCanonicalInSitemap: SiteCheck = {
  id: 'non-canonical-in-sitemap',
  severity: 'warning',
  title: { pt: 'Páginas não canónicas no sitemap', en: 'Non-canonical pages in the sitemap' },
  description: {
    pt: 'O sitemap lista páginas cuja canónica é outra página. Liste só as versões canónicas.',
    en: 'The sitemap lists pages whose canonical is another page. List only the canonical versions.',
  },
  run: (index) =>
    sitemapPagesWhere(index, (p) => p.status === 200 && p.canonical !== null && p.canonical !== p.url),
}

export const errorInSitemap: SiteCheck = {
  id: 'error-in-sitemap',
  severity: 'error',
  title: { pt: 'Erros e redirecionamentos no sitemap', en: 'Errors and redirects in the sitemap' },
  description: {
    pt: 'O sitemap lista endereços que respondem com erro ou redirecionam. Liste só páginas que respondem 200.',
    en: 'The sitemap lists addresses that answer with an error or redirect. List only pages that answer 200.',
  },
  run: (index) => sitemapPagesWhere(index, (p) => isError(p) || isRedirect(p)),
}
