// A document that answers 4xx or 5xx is the server's error page, not the page: judging its title, links or
// noindex would report on the error page (a 403 audited as "no title, noindex, SEO 15"). Such a page gets
// its status finding, the checks of the origin and the transport (robots.txt, sitemap, HTTPS, redirects),
// and every content check is listed as not audited, with why. Lighthouse refuses such a page outright
// (its runtime error ERRORED_DOCUMENT_REQUEST), so no verdict of its contradicts these.
import type { Finding, Localized } from '../types.ts'

/** Checks that judge the site or the transport, not the document's content: they still run. */
export const SITE_CHECK_IDS: ReadonlySet<string> = new Set([
  'http-status-code',
  'redirect-chain',
  'robots-txt',
  'sitemap',
  'https',
])

/** Why content was not audited, or null when the document is content (any status below 400). */
export function documentErrorReason(status: number): Localized | null {
  if (status < 400 || status > 599) return null
  return {
    pt: `A página respondeu com o código HTTP ${status}: o que o servidor enviou é uma página de erro, não o conteúdo da página, por isso o conteúdo não foi avaliado. Corrija a resposta do servidor e volte a analisar.`,
    en: `The page answered with HTTP status ${status}: what the server sent is an error page, not the page's content, so the content was not audited. Fix the server's answer and analyse again.`,
  }
}

/** Neutral names of the content checks, for "not audited: <name>" (their titles state a verdict). */
export const CHECK_NAMES: Readonly<Record<string, Localized>> = {
  'is-crawlable': { pt: 'Indexação permitida', en: 'Indexing allowed' },
  'crawl-directives': { pt: 'Robôs bloqueados e nofollow', en: 'Blocked crawlers and nofollow' },
  'mixed-content': { pt: 'Conteúdo misto', en: 'Mixed content' },
  'document-title': { pt: 'Título da página', en: 'Page title' },
  'title-length': { pt: 'Comprimento do título', en: 'Title length' },
  'meta-description': { pt: 'Meta descrição', en: 'Meta description' },
  'meta-description-length': { pt: 'Comprimento da meta descrição', en: 'Meta description length' },
  canonical: { pt: 'URL canónico', en: 'Canonical URL' },
  'canonical-target': { pt: 'Destino do URL canónico', en: 'Canonical target' },
  hreflang: { pt: 'hreflang', en: 'hreflang' },
  'hreflang-alternates': { pt: 'Conjunto de versões hreflang', en: 'hreflang alternate set' },
  'html-lang': { pt: 'Idioma da página', en: 'Page language' },
  viewport: { pt: 'Viewport para telemóveis', en: 'Mobile viewport' },
  'meta-viewport': { pt: 'Meta viewport', en: 'Meta viewport' },
  headings: { pt: 'Estrutura de títulos', en: 'Heading structure' },
  'image-alt': { pt: 'Texto alternativo das imagens', en: 'Image alt text' },
  'link-text': { pt: 'Texto descritivo das ligações', en: 'Descriptive link text' },
  'link-text-generic': { pt: 'Texto genérico das ligações', en: 'Generic link text' },
  'crawlable-anchors': { pt: 'Ligações rastreáveis', en: 'Crawlable links' },
  'anchor-dead-ends': { pt: 'Ligações para "#" ou javascript:', en: 'Links to "#" or javascript:' },
  links: { pt: 'Ligações', en: 'Links' },
  'open-graph': { pt: 'Open Graph', en: 'Open Graph' },
  'twitter-card': { pt: 'Twitter Card', en: 'Twitter Card' },
  'structured-data': { pt: 'Dados estruturados', en: 'Structured data' },
  'word-count': { pt: 'Quantidade de texto', en: 'Amount of text' },
}

/** The check's finding replaced by "not audited": no verdict, no score, no evidence from the error page. */
export function notAuditedFinding(f: Finding, reason: Localized): Finding {
  const name = CHECK_NAMES[f.id] ?? { pt: f.id, en: f.id }
  return {
    id: f.id,
    category: f.category,
    verdict: 'na',
    score: null,
    title: { pt: `Não auditado: ${name.pt}`, en: `Not audited: ${name.en}` },
    description: reason,
    evidence: [],
    impact: 'low',
    notAudited: reason,
  }
}

/** Keeps the site-level findings and turns every content finding into "not audited". */
export function withoutContentVerdicts(findings: readonly Finding[], reason: Localized): Finding[] {
  const seen = new Set<string>()
  const out: Finding[] = []
  for (const f of findings) {
    if (SITE_CHECK_IDS.has(f.id)) out.push(f)
    else if (!seen.has(f.id)) out.push(notAuditedFinding(f, reason))
    seen.add(f.id)
  }
  return out
}
