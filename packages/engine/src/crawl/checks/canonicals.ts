// Canonical targets: a canonical must name a page that answers 200, does not redirect, is indexable and
// is its own canonical. Anything else sends search engines a contradiction.
import type { CrawlPage, IssueDetail } from '../types.ts'
import { type CheckResult, isError, isRedirect, type SiteCheck, type SiteIndex } from './site-index.ts'

/** Pages whose canonical points elsewhere and whose target row passes the test. */
function canonicalsWhere(index: SiteIndex, test: (target: CrawlPage | undefined) => boolean): CheckResult {
  const details: Record<string, IssueDetail> = {}
  for (const page of index.pages) {
    if (!page.canonical || page.canonical === page.url || page.status !== 200) continue
    const target = index.byUrl.get(page.canonical)
    if (test(target)) details[page.url] = { target: page.canonical, status: target?.status ?? null }
  }
  return { urls: Object.keys(details), details }
}

export const canonicalToError: SiteCheck = {
  id: 'canonical-to-error',
  severity: 'error',
  title: { pt: 'Canónica aponta para um erro', en: 'Canonical points to an error' },
  description: {
    pt: 'A canónica destas páginas aponta para um endereço que responde com erro. Aponte-a para uma página que responda 200.',
    en: 'The canonical of these pages points to an address that answers with an error. Point it to a page answering 200.',
  },
  run: (index) => canonicalsWhere(index, isError),
}

export const canonicalToRedirect: SiteCheck = {
  id: 'canonical-to-redirect',
  severity: 'warning',
  title: { pt: 'Canónica aponta para um redirecionamento', en: 'Canonical points to a redirect' },
  description: {
    pt: 'A canónica destas páginas aponta para um endereço que redireciona. Use o destino final como canónica.',
    en: 'The canonical of these pages points to an address that redirects. Use the final destination as the canonical.',
  },
  run: (index) => canonicalsWhere(index, isRedirect),
}

export const canonicalToNoindex: SiteCheck = {
  id: 'canonical-to-noindex',
  severity: 'error',
  title: { pt: 'Canónica aponta para uma página noindex', en: 'Canonical points to a noindex page' },
  description: {
    pt: 'A canónica destas páginas aponta para uma página com noindex: sinais contraditórios para os motores de pesquisa.',
    en: 'The canonical of these pages points to a noindex page: contradictory signals for search engines.',
  },
  run: (index) => canonicalsWhere(index, (t) => t !== undefined && t.status === 200 && t.noindex),
}

export const canonicalChain: SiteCheck = {
  id: 'canonical-chain',
  severity: 'warning',
  title: { pt: 'Cadeias de canónicas', en: 'Canonical chains' },
  description: {
    pt: 'A canónica destas páginas aponta para uma página cuja canónica aponta para outra. Aponte diretamente para a página final.',
    en: 'The canonical of these pages points to a page whose own canonical points elsewhere. Point straight to the final page.',
  },
  run: (index) =>
    canonicalsWhere(
      index,
      (t) => t !== undefined && t.status === 200 && t.canonical !== null && t.canonical !== t.url,
    ),
}

export const canonicalInvalid: SiteCheck = {
  id: 'canonical-invalid',
  severity: 'error',
  title: { pt: 'Canónica que não é http(s)', en: 'Canonical that is not http(s)' },
  description: {
    pt: 'A canónica destas páginas não é um endereço http(s) (file:, javascript:…): os motores de pesquisa não a podem abrir e ignoram-na. Use o URL https da página.',
    en: "The canonical of these pages is not an http(s) address (file:, javascript:…): search engines cannot open it and ignore it. Use the page's https URL.",
  },
  run(index): CheckResult {
    const details: Record<string, IssueDetail> = {}
    for (const page of index.pages) {
      if (page.status === 200 && page.invalidCanonical) details[page.url] = { value: page.invalidCanonical }
    }
    return { urls: Object.keys(details), details }
  },
}
