// rel=canonical. The verdict (canonical) is Lighthouse's audit rule for rule; what Lighthouse does not
// look at is Farol's canonical-target finding: the target fetched (within a 5 s budget) for its status,
// redirect and noindex, since a canonical pointing to a 404, a redirect or a noindex page sends search
// engines a contradiction (Google Search Central, "Fix canonicalization issues").
import { load } from 'cheerio'
import type { CanonicalTarget, SeoArtifacts } from '../gather/types.ts'
import type { Evidence, FetchedResource, Finding } from '../types.ts'
import { extract } from './extract.ts'
import { type CheckMeta, makeFinding, same } from './finding.ts'
import { hasBlockingDirective } from './robots.ts'

export const canonicalMeta: CheckMeta = {
  id: 'canonical',
  category: 'seo',
  impact: 'medium',
  title: { pt: 'A página tem um rel=canonical válido', en: 'Document has a valid rel=canonical' },
  failureTitle: {
    pt: 'A página não tem um rel=canonical válido',
    en: 'Document does not have a valid rel=canonical',
  },
  description: {
    pt: 'O URL canónico diz aos motores de pesquisa qual o endereço a mostrar nos resultados. Use um URL absoluto que aponte para a própria página.',
    en: 'The canonical URL tells search engines which address to show in results. Use an absolute URL pointing to the page itself.',
  },
}

const withoutFragment = (u: string): string => u.split('#')[0] ?? u

/** An absolute URL a search engine can fetch: http or https. A canonical of `file:`, `javascript:`,
 *  `mailto:`… parses as a URL but names nothing on the web (issue 28). */
const isWebUrl = (href: string): boolean => {
  const protocol = new URL(href).protocol
  return protocol === 'http:' || protocol === 'https:'
}

export interface CanonicalInfo {
  /** The single valid absolute canonical, when there is exactly one. */
  url: string | null
  all: string[]
}

export function canonicalInfo(a: SeoArtifacts): CanonicalInfo {
  const urls = new Set<string>()
  for (const l of extract(a).links) {
    if (l.source === 'body' || !l.rel.includes('canonical') || !l.hrefRaw) continue
    if (URL.canParse(l.hrefRaw) && isWebUrl(l.hrefRaw)) urls.add(new URL(l.hrefRaw).href)
  }
  const all = [...urls]
  return { url: all.length === 1 ? (all[0] ?? null) : null, all }
}

export function canonical(a: SeoArtifacts): Finding {
  const x = extract(a)
  const pageUrl = a.page.finalUrl
  const unique = new Set<string>()
  const hreflangUrls = new Set<string>()
  let invalid: string | null = null
  let relative: string | null = null
  let notWeb: string | null = null
  // Same collection as Lighthouse: <link> in <head> and HTTP Link headers; <body> links are ignored
  // by search engines, so they are ignored here.
  for (const l of x.links) {
    if (l.source === 'body') continue
    if (l.rel.includes('canonical')) {
      if (!l.hrefRaw) continue
      if (!URL.canParse(l.hrefRaw, 'https://example.com')) invalid = l.hrefRaw
      else if (!URL.canParse(l.hrefRaw)) relative = l.hrefRaw
      else if (!isWebUrl(l.hrefRaw)) notWeb = l.hrefRaw
      else unique.add(new URL(l.hrefRaw).href)
    } else if (l.rel.includes('alternate') && l.hreflang && l.href) {
      hreflangUrls.add(l.href)
    }
  }
  const urls = [...unique]
  const evidence: Evidence[] = [
    {
      signal: { pt: 'URL canónico', en: 'canonical URL' },
      value: urls.join(', ') || notWeb || invalid || relative || null,
    },
  ]

  if (notWeb !== null) {
    // Worse than a malformed one: it parses, so a tool reading it as a URL may follow it off the web.
    return makeFinding(canonicalMeta, 'fail', {
      evidence,
      impact: 'high',
      detail: {
        pt: `Não é um endereço http(s) (${notWeb}): os motores de pesquisa não o podem abrir. Use o URL https da página.`,
        en: `Is not an http(s) address (${notWeb}): search engines cannot open it. Use the page's https URL.`,
      },
    })
  }
  if (invalid !== null) {
    return makeFinding(canonicalMeta, 'fail', {
      evidence,
      detail: { pt: `URL inválido (${invalid}).`, en: `Invalid URL (${invalid}).` },
    })
  }
  if (relative !== null) {
    return makeFinding(canonicalMeta, 'fail', {
      evidence,
      detail: { pt: `Não é um URL absoluto (${relative}).`, en: `Is not an absolute URL (${relative}).` },
    })
  }
  if (urls.length === 0) {
    // Lighthouse: not applicable, so this is info (no score effect); the advice still shows.
    return makeFinding(canonicalMeta, 'info', {
      evidence,
      impact: 'low',
      title: { pt: 'A página não declara um URL canónico', en: 'The page declares no canonical URL' },
    })
  }
  if (urls.length > 1) {
    return makeFinding(canonicalMeta, 'fail', {
      evidence,
      detail: {
        pt: `Vários URLs em conflito (${urls.join(', ')}).`,
        en: `Multiple conflicting URLs (${urls.join(', ')}).`,
      },
    })
  }
  const canon = new URL(urls[0] as string)
  const base = new URL(pageUrl)
  if (hreflangUrls.has(base.href) && hreflangUrls.has(canon.href) && base.href !== canon.href) {
    return makeFinding(canonicalMeta, 'fail', {
      evidence,
      detail: {
        pt: `Aponta para outra versão de idioma (${canon.href}) em vez da própria página.`,
        en: `Points to another hreflang location (${canon.href}) instead of the page itself.`,
      },
    })
  }
  if (canon.origin === base.origin && canon.pathname === '/' && base.pathname !== '/') {
    return makeFinding(canonicalMeta, 'fail', {
      evidence,
      detail: {
        pt: 'Aponta para a página inicial do domínio em vez de uma página equivalente.',
        en: "Points to the domain's root URL (the homepage) instead of an equivalent page of content.",
      },
    })
  }
  evidence.push({
    signal: { pt: 'o canónico aponta para esta página', en: 'canonical points to this page' },
    value: withoutFragment(canon.href) === withoutFragment(base.href),
  })
  // Pointing to another page is valid markup (Lighthouse passes it); whether that page is a sound
  // target is canonical-target's question.
  return makeFinding(canonicalMeta, 'pass', { evidence })
}

/** The canonical URL to fetch: a single valid one that is not the page itself; null otherwise. */
export function canonicalToFetch(a: SeoArtifacts): string | null {
  const url = canonicalInfo(a).url
  if (!url || a.page.status >= 400) return null
  return withoutFragment(url) === withoutFragment(a.page.finalUrl) ? null : withoutFragment(url)
}

/** Status, redirect and noindex of a fetched canonical target. */
export function canonicalTargetOf(url: string, target: FetchedResource): CanonicalTarget {
  const robotsMeta = /html/i.test(target.contentType ?? '')
    ? load(target.body)('meta[name="robots" i], meta[name="googlebot" i]')
        .toArray()
        .map((m) => m.attribs.content ?? '')
    : []
  const header = target.headers['x-robots-tag'] ?? ''
  const noindex = [...robotsMeta, ...header.split(/\n/)].some(
    (d) => d.trim() !== '' && hasBlockingDirective(d.replace(/^[^,:]+:(?!\s*\d)/, '')),
  )
  return {
    url,
    status: target.status,
    redirectedTo: target.redirects.length ? target.finalUrl : null,
    noindex,
  }
}

export const canonicalTargetMeta: CheckMeta = {
  id: 'canonical-target',
  category: 'seo',
  impact: 'medium',
  title: {
    pt: 'O URL canónico leva a uma página indexável',
    en: 'The canonical URL leads to an indexable page',
  },
  failureTitle: {
    pt: 'O URL canónico não leva a uma página indexável',
    en: 'The canonical URL does not lead to an indexable page',
  },
  description: {
    pt: 'Verificação do Farol, que o Lighthouse não faz: o Farol abre o URL canónico. Segundo o Google (developers.google.com/search/docs/crawling-indexing/canonicalization-troubleshooting), o canónico deve apontar para uma página que responde 200, sem redirecionamento e sem noindex; caso contrário os sinais contradizem-se e o Google pode escolher outro endereço.',
    en: "Farol's check, which Lighthouse does not make: Farol opens the canonical URL. Per Google (developers.google.com/search/docs/crawling-indexing/canonicalization-troubleshooting), the canonical should point to a page answering 200, with no redirect and no noindex; otherwise the signals contradict each other and Google may pick another address.",
  },
}

/**
 * The canonical target: a self-reference passes; another page is fetched: 4xx/5xx or noindex fails, a
 * redirect warns, a sound page is reported as info (indexing goes there: intended or not, only the owner
 * knows). Not applicable without a single valid canonical.
 */
export function canonicalTarget(a: SeoArtifacts): Finding {
  const url = canonicalInfo(a).url
  const evidence: Evidence[] = [{ signal: { pt: 'URL canónico', en: 'canonical URL' }, value: url }]
  if (!url) return makeFinding(canonicalTargetMeta, 'na', { evidence })
  if (withoutFragment(url) === withoutFragment(a.page.finalUrl)) {
    return makeFinding(canonicalTargetMeta, 'pass', {
      evidence,
      title: { pt: 'O URL canónico é a própria página', en: 'The canonical URL is the page itself' },
    })
  }
  const t = a.canonicalTarget
  if (!t) {
    return makeFinding(canonicalTargetMeta, 'info', {
      evidence,
      title: {
        pt: 'O URL canónico aponta para outra página',
        en: 'The canonical URL points to another page',
      },
      detail: {
        pt: `Os motores de pesquisa vão indexar ${url} em vez desta página. Confirme que é intencional.`,
        en: `Search engines will index ${url} instead of this page. Make sure this is intended.`,
      },
    })
  }
  evidence.push(
    {
      signal: { pt: 'código HTTP do destino', en: 'target HTTP status' },
      value: t.status,
      target: same('200'),
    },
    { signal: { pt: 'redireciona para', en: 'redirects to' }, value: t.redirectedTo },
    {
      signal: { pt: 'destino com noindex', en: 'target has noindex' },
      value: t.noindex,
      target: same('false'),
    },
  )
  if (t.status === null) {
    return makeFinding(canonicalTargetMeta, 'info', {
      evidence,
      title: { pt: 'Não foi possível abrir o URL canónico', en: 'The canonical URL could not be opened' },
      detail: {
        pt: `O Farol não conseguiu abrir ${url} (${t.errorMessage ?? 'sem resposta'}).`,
        en: `Farol could not open ${url} (${t.errorMessage ?? 'no answer'}).`,
      },
    })
  }
  if (t.status >= 400) {
    return makeFinding(canonicalTargetMeta, 'fail', {
      evidence,
      title: { pt: 'O URL canónico responde com erro', en: 'The canonical URL answers with an error' },
      detail: {
        pt: `${url} responde ${t.status}: o canónico aponta para uma página que não existe ou falha.`,
        en: `${url} answers ${t.status}: the canonical points to a page that does not exist or fails.`,
      },
    })
  }
  if (t.noindex) {
    return makeFinding(canonicalTargetMeta, 'fail', {
      evidence,
      title: { pt: 'O URL canónico tem noindex', en: 'The canonical URL is noindex' },
      detail: {
        pt: `${url} pede para não ser indexado, mas esta página indica-o como a versão a indexar.`,
        en: `${url} asks not to be indexed, yet this page names it as the version to index.`,
      },
    })
  }
  if (t.redirectedTo) {
    return makeFinding(canonicalTargetMeta, 'warn', {
      evidence,
      title: { pt: 'O URL canónico redireciona', en: 'The canonical URL redirects' },
      detail: {
        pt: `${url} redireciona para ${t.redirectedTo}: use o endereço final como canónico.`,
        en: `${url} redirects to ${t.redirectedTo}: use the final address as the canonical.`,
      },
    })
  }
  return makeFinding(canonicalTargetMeta, 'info', {
    evidence,
    title: { pt: 'O URL canónico aponta para outra página', en: 'The canonical URL points to another page' },
    detail: {
      pt: `Os motores de pesquisa vão indexar ${url} (responde ${t.status}) em vez desta página. Confirme que é intencional.`,
      en: `Search engines will index ${url} (answers ${t.status}) instead of this page. Make sure this is intended.`,
    },
  })
}
