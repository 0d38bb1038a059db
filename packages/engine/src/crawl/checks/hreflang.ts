// hreflang: alternates must answer 200, be canonical themselves, and link back (Google ignores a pair
// without the return link).
import type { IssueDetail } from '../types.ts'
import { isError, type SiteCheck, type SiteIndex } from './site-index.ts'

/** Pages with hreflang alternates (other than themselves) whose target fails the test; details name the targets. */
function alternatesWhere(
  index: SiteIndex,
  test: (
    page: NonNullable<ReturnType<SiteIndex['byUrl']['get']>>,
    target: ReturnType<SiteIndex['byUrl']['get']>,
  ) => boolean,
) {
  const details: Record<string, IssueDetail> = {}
  for (const page of index.pages) {
    if (page.status !== 200) continue
    const bad = page.hreflang
      .filter((h) => h.url !== page.url && test(page, index.byUrl.get(h.url)))
      .map((h) => h.url)
    if (bad.length > 0) details[page.url] = { targets: [...new Set(bad)] }
  }
  return { urls: Object.keys(details), details }
}

export const hreflangMissingReturn: SiteCheck = {
  id: 'hreflang-missing-return',
  severity: 'warning',
  title: { pt: 'hreflang sem ligação de retorno', en: 'hreflang without return link' },
  description: {
    pt: 'Estas páginas indicam versões noutras línguas que não indicam a página de volta. Sem retorno, os motores de pesquisa ignoram o par.',
    en: 'These pages list alternates in other languages that do not list the page back. Without the return link, search engines ignore the pair.',
  },
  run: (index) =>
    alternatesWhere(
      index,
      (page, target) => target?.indexable === true && !target.hreflang.some((h) => h.url === page.url),
    ),
}

export const hreflangToError: SiteCheck = {
  id: 'hreflang-to-error',
  severity: 'error',
  title: { pt: 'hreflang aponta para um erro', en: 'hreflang points to an error' },
  description: {
    pt: 'Estas páginas indicam versões noutras línguas que respondem com erro.',
    en: 'These pages list alternates in other languages that answer with an error.',
  },
  run: (index) => alternatesWhere(index, (_page, target) => isError(target)),
}

export const hreflangToNonCanonical: SiteCheck = {
  id: 'hreflang-to-non-canonical',
  severity: 'warning',
  title: {
    pt: 'hreflang aponta para uma página não canónica',
    en: 'hreflang points to a non-canonical page',
  },
  description: {
    pt: 'Estas páginas indicam versões noutras línguas cuja canónica é outra página. Indique as versões canónicas.',
    en: 'These pages list alternates whose canonical is another page. List the canonical versions instead.',
  },
  run: (index) =>
    alternatesWhere(
      index,
      (_page, target) =>
        target !== undefined &&
        target.status === 200 &&
        target.canonical !== null &&
        target.canonical !== target.url,
    ),
}
