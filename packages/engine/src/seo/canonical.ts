// rel=canonical. The failure rules are Lighthouse's canonical audit; Farol adds warnings for a missing
// canonical and for one that sends indexing to another URL.
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract } from './extract.ts'
import { type CheckMeta, makeFinding } from './finding.ts'

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
    pt: 'O URL canónico diz aos motores de busca qual o endereço a mostrar nos resultados. Use um URL absoluto que aponte para a própria página.',
    en: 'The canonical URL tells search engines which address to show in results. Use an absolute URL pointing to the page itself.',
  },
}

const withoutFragment = (u: string): string => u.split('#')[0] ?? u

export interface CanonicalInfo {
  /** The single valid absolute canonical, when there is exactly one. */
  url: string | null
  all: string[]
}

export function canonicalInfo(a: SeoArtifacts): CanonicalInfo {
  const urls = new Set<string>()
  for (const l of extract(a).links) {
    if (l.source === 'body' || !l.rel.includes('canonical') || !l.hrefRaw) continue
    if (URL.canParse(l.hrefRaw)) urls.add(new URL(l.hrefRaw).href)
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
  // Same collection as Lighthouse: <link> in <head> and HTTP Link headers; <body> links are ignored
  // by search engines, so they are ignored here.
  for (const l of x.links) {
    if (l.source === 'body') continue
    if (l.rel.includes('canonical')) {
      if (!l.hrefRaw) continue
      if (!URL.canParse(l.hrefRaw, 'https://example.com')) invalid = l.hrefRaw
      else if (!URL.canParse(l.hrefRaw)) relative = l.hrefRaw
      else unique.add(new URL(l.hrefRaw).href)
    } else if (l.rel.includes('alternate') && l.hreflang && l.href) {
      hreflangUrls.add(l.href)
    }
  }
  const urls = [...unique]
  const evidence: Evidence[] = [
    {
      signal: { pt: 'URL canónico', en: 'canonical URL' },
      value: urls.join(', ') || invalid || relative || null,
    },
  ]

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
  const self = withoutFragment(canon.href) === withoutFragment(base.href)
  evidence.push({
    signal: { pt: 'o canónico aponta para esta página', en: 'canonical points to this page' },
    value: self,
  })
  if (!self) {
    return makeFinding(canonicalMeta, 'warn', {
      evidence,
      title: {
        pt: 'O URL canónico aponta para outra página',
        en: 'The canonical URL points to another page',
      },
      detail: {
        pt: `Os motores de busca vão indexar ${canon.href} em vez desta página. Confirme que é intencional.`,
        en: `Search engines will index ${canon.href} instead of this page. Make sure this is intended.`,
      },
    })
  }
  return makeFinding(canonicalMeta, 'pass', { evidence })
}
