// HTTPS and mixed content (http:// subresources on an https page, which browsers block or flag).
import type { SeoArtifacts } from '../gather/types.ts'
import { elementsByTag, hasAttr } from '../page/dom.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract, resolveUrl } from './extract.ts'
import { type CheckMeta, EXAMPLES, makeFinding, same, sample } from './finding.ts'

export const httpsMeta: CheckMeta = {
  id: 'https',
  category: 'technical',
  impact: 'high',
  title: { pt: 'A página usa HTTPS', en: 'The page uses HTTPS' },
  failureTitle: { pt: 'A página não usa HTTPS', en: 'The page does not use HTTPS' },
  description: {
    pt: 'O HTTPS protege os visitantes e é um sinal de classificação do Google; os navegadores marcam páginas HTTP como "não seguras". Redirecione todo o tráfego HTTP para HTTPS.',
    en: 'HTTPS protects visitors and is a Google ranking signal; browsers mark HTTP pages "not secure". Redirect all HTTP traffic to HTTPS.',
  },
}

export function isHttps(a: SeoArtifacts): boolean {
  return new URL(a.page.finalUrl).protocol === 'https:'
}

export function https(a: SeoArtifacts): Finding {
  const ok = isHttps(a)
  const evidence: Evidence[] = [
    { signal: { pt: 'URL final', en: 'final URL' }, value: a.page.finalUrl, target: same('https://') },
  ]
  const hsts = a.page.headers['strict-transport-security']
  if (ok) evidence.push({ signal: same('Strict-Transport-Security'), value: hsts ?? null })
  return makeFinding(httpsMeta, ok ? 'pass' : 'fail', { evidence })
}

export interface MixedResource {
  url: string
  element: string
  /** Active content (scripts, styles, frames) is blocked by browsers; passive (images, media) is flagged. */
  active: boolean
}

/** `tags[attr]` (e.g. `img[srcset], source[srcset]`), in this order; within one entry, document order. */
export const SOURCES: { tags: string[]; attr: string; active: boolean }[] = [
  { tags: ['script'], attr: 'src', active: true },
  { tags: ['link'], attr: 'href', active: true },
  { tags: ['iframe'], attr: 'src', active: true },
  { tags: ['frame'], attr: 'src', active: true },
  { tags: ['object'], attr: 'data', active: true },
  { tags: ['embed'], attr: 'src', active: true },
  { tags: ['form'], attr: 'action', active: true },
  { tags: ['img'], attr: 'src', active: false },
  { tags: ['img', 'source'], attr: 'srcset', active: false },
  { tags: ['video', 'audio', 'source', 'track'], attr: 'src', active: false },
  { tags: ['video'], attr: 'poster', active: false },
]

// Only <link>s the browser fetches count; rel=alternate/canonical to an http URL is a hint, not a load.
export const FETCHED_LINK_RELS = new Set([
  'stylesheet',
  'preload',
  'modulepreload',
  'icon',
  'manifest',
  'prefetch',
])

export function mixedResources(a: SeoArtifacts): MixedResource[] {
  if (!isHttps(a)) return []
  const $ = a.$
  const base = extract(a).baseUrl
  const out: MixedResource[] = []
  for (const s of SOURCES) {
    for (const el of elementsByTag($, ...s.tags)) {
      if (!hasAttr(el, s.attr)) continue
      const name = el.tagName
      if (name === 'link') {
        const rels = (el.attribs.rel ?? '').toLowerCase().split(/\s+/)
        if (!rels.some((r: string) => FETCHED_LINK_RELS.has(r))) continue
      }
      const raw = el.attribs[s.attr] ?? ''
      const candidates =
        s.attr === 'srcset' ? raw.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [raw]
      for (const c of candidates) {
        const url = c && resolveUrl(c.trim(), base)
        if (url?.startsWith('http:')) out.push({ url, element: name, active: s.active })
      }
    }
  }
  return out
}

export const mixedContentMeta: CheckMeta = {
  id: 'mixed-content',
  category: 'technical',
  impact: 'medium',
  title: { pt: 'Sem conteúdo misto', en: 'No mixed content' },
  failureTitle: { pt: 'A página carrega recursos por HTTP', en: 'The page loads resources over HTTP' },
  description: {
    pt: 'Numa página HTTPS, scripts, estilos e frames pedidos por http:// são bloqueados pelos navegadores e imagens são marcadas como inseguras. Sirva todos os recursos por https://.',
    en: 'On an HTTPS page, scripts, styles and frames requested over http:// are blocked by browsers and images are flagged as insecure. Serve every resource over https://.',
  },
}

export function mixedContent(a: SeoArtifacts): Finding {
  if (!isHttps(a)) {
    return makeFinding(mixedContentMeta, 'na', {
      evidence: [{ signal: { pt: 'a página é HTTPS', en: 'page is HTTPS' }, value: false }],
    })
  }
  const mixed = mixedResources(a)
  const active = mixed.filter((m) => m.active)
  const evidence: Evidence[] = [
    { signal: { pt: 'recursos http://', en: 'http:// resources' }, value: mixed.length, target: same('0') },
    {
      signal: { pt: 'ativos (scripts, estilos, frames)', en: 'active (scripts, styles, frames)' },
      value: active.length,
      target: same('0'),
    },
  ]
  if (mixed.length)
    evidence.push({ signal: EXAMPLES, value: sample(mixed.map((m) => `<${m.element}> ${m.url}`)) })
  if (active.length) return makeFinding(mixedContentMeta, 'fail', { evidence })
  if (mixed.length) return makeFinding(mixedContentMeta, 'warn', { evidence })
  return makeFinding(mixedContentMeta, 'pass', { evidence })
}
