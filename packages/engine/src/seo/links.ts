// Links: descriptive anchor text (Lighthouse's link-text), crawlable hrefs (Lighthouse's crawlable-anchors),
// and a summary of internal/external/nofollow/empty links.
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { type AnchorElement, extract } from './extract.ts'
import { type CheckMeta, EXAMPLES, makeFinding, same, sample } from './finding.ts'

/**
 * Lighthouse's non-descriptive link texts (core/audits/seo/link-text.js, Apache-2.0), by language. The
 * verdict uses exactly these lists, so it agrees with Lighthouse's.
 */
export const LIGHTHOUSE_LINK_TEXTS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set([
    'click here',
    'click this',
    'go',
    'here',
    'information',
    'learn more',
    'more',
    'more info',
    'more information',
    'right here',
    'read more',
    'see more',
    'start',
    'this',
  ]),
  es: new Set([
    'click aquí',
    'click aqui',
    'clicka aquí',
    'clicka aqui',
    'pincha aquí',
    'pincha aqui',
    'aquí',
    'aqui',
    'más',
    'mas',
    'más información',
    'más informacion',
    'mas información',
    'mas informacion',
    'este',
    'enlace',
    'este enlace',
    'empezar',
  ]),
  pt: new Set(['clique aqui', 'ir', 'mais informação', 'mais informações', 'mais', 'veja mais']),
  de: new Set(['klicke hier', 'hier klicken', 'hier', 'mehr', 'siehe', 'dies', 'das', 'weiterlesen']),
  sv: new Set(['här', 'klicka här', 'läs mer', 'mer', 'mer info', 'mer information']),
}

/**
 * Further generic texts Farol flags (as a warning, so Lighthouse agreement holds): common European
 * Portuguese and Brazilian phrasings Lighthouse's list lacks, and a few English ones.
 */
export const FAROL_GENERIC_LINK_TEXTS: ReadonlySet<string> = new Set([
  'aqui',
  'clique',
  'clica aqui',
  'carregue aqui',
  'carrega aqui',
  'prima aqui',
  'saiba mais',
  'saber mais',
  'leia mais',
  'ler mais',
  'ver mais',
  'veja',
  'ver',
  'mais detalhes',
  'detalhes',
  'continuar',
  'continuar a ler',
  'continue lendo',
  'continuar lendo',
  'ligação',
  'link',
  'este link',
  'esta ligação',
  'click',
  'click here!',
  'details',
  'more details',
  'continue reading',
  'continue',
  'this link',
  'link here',
  'go here',
  'find out more',
  'view more',
])

function normalizeLinkText(t: string): string {
  return t.trim().toLowerCase().replace(/\s+/g, ' ')
}

function strip(u: string): string {
  return u.split('#')[0] ?? u
}

/** Whether Lighthouse's link-text audit would flag this anchor. */
export function isLighthouseNonDescriptive(link: AnchorElement, pageUrl: string): boolean {
  if (!link.rawHref || link.href === null || link.rel.includes('nofollow')) return false
  const href = link.href.toLowerCase()
  if (href.startsWith('javascript:') || href.startsWith('mailto:') || strip(link.href) === strip(pageUrl))
    return false
  const text = normalizeLinkText(link.text)
  if (!text) return false
  if (link.lang) {
    const lang = link.lang.split('-')[0]?.toLowerCase() ?? ''
    return LIGHTHOUSE_LINK_TEXTS[lang]?.has(text) ?? false
  }
  return Object.values(LIGHTHOUSE_LINK_TEXTS).some((set) => set.has(text))
}

function isFarolGeneric(link: AnchorElement, pageUrl: string): boolean {
  // Same exclusions as Lighthouse: links search engines do not follow or that stay on the page.
  if (!link.rawHref || link.href === null || link.rel.includes('nofollow')) return false
  const href = link.href.toLowerCase()
  if (href.startsWith('javascript:') || href.startsWith('mailto:') || strip(link.href) === strip(pageUrl))
    return false
  const text = normalizeLinkText(link.text)
    .replace(/[.!…»›→>]+$/u, '')
    .trim()
  return FAROL_GENERIC_LINK_TEXTS.has(text) || Object.values(LIGHTHOUSE_LINK_TEXTS).some((s) => s.has(text))
}

export const linkTextMeta: CheckMeta = {
  id: 'link-text',
  category: 'content',
  impact: 'low',
  title: { pt: 'As ligações têm texto descritivo', en: 'Links have descriptive text' },
  failureTitle: { pt: 'Há ligações sem texto descritivo', en: 'Links do not have descriptive text' },
  description: {
    pt: 'Texto como "clique aqui" ou "saiba mais" não diz para onde vai a ligação. Descreva o destino ("ver preços do plano Pro").',
    en: 'Text such as "click here" or "read more" does not say where the link goes. Describe the destination ("see Pro plan pricing").',
  },
}

export function linkText(a: SeoArtifacts): Finding {
  const x = extract(a)
  const lh = x.anchors.filter((l) => isLighthouseNonDescriptive(l, a.page.finalUrl))
  const generic = x.anchors.filter((l) => !lh.includes(l) && isFarolGeneric(l, a.page.finalUrl))
  const evidence: Evidence[] = [
    {
      signal: { pt: 'ligações pouco descritivas', en: 'non-descriptive links' },
      value: lh.length + generic.length,
      target: same('0'),
    },
  ]
  const examples = [...lh, ...generic].map((l) => `"${l.text}" → ${l.rawHref}`)
  if (examples.length) evidence.push({ signal: EXAMPLES, value: sample(examples) })
  if (lh.length) {
    return makeFinding(linkTextMeta, 'fail', {
      evidence,
      detail: {
        pt: `${lh.length + generic.length} ligações com texto genérico.`,
        en: `${lh.length + generic.length} links with generic text.`,
      },
    })
  }
  if (generic.length) {
    return makeFinding(linkTextMeta, 'warn', {
      evidence,
      detail: {
        pt: `${generic.length} ligações com texto genérico.`,
        en: `${generic.length} links with generic text.`,
      },
    })
  }
  return makeFinding(linkTextMeta, 'pass', { evidence })
}

// Attributes that only make sense with href: an <a> without href but with one of them is a broken link,
// not a placeholder (HTML spec), as Lighthouse reasons.
const HREF_ATTRIBUTES = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy']

/** Lighthouse's crawlable-anchors rule (event listeners approximated by on* attributes, all HTML can show). */
export function isUncrawlable(link: AnchorElement, pageUrl: string): boolean {
  const raw = link.rawHref ?? ''
  if (link.role) return false
  if (raw.startsWith('mailto:')) return false
  if (raw === '' && link.id) return false
  if (raw.startsWith('file:')) return true
  if (link.name) return false
  if (link.rawHref === null && HREF_ATTRIBUTES.every((h) => !link.attributeNames.includes(h))) {
    return link.attributeNames.some((n) => n.startsWith('on'))
  }
  // No href but href-only attributes: the element's href property is '' (Lighthouse's `href === ''`).
  if (link.rawHref === null) return true
  if (/javascript:void(\(|)0(\)|)/.test(raw)) return true
  return !URL.canParse(raw, pageUrl)
}

/** Links a crawler cannot follow though Lighthouse accepts them: "#" alone and other javascript: URLs. */
function isDeadEnd(link: AnchorElement): boolean {
  const raw = (link.rawHref ?? '').toLowerCase()
  return raw === '#' || (raw.startsWith('javascript:') && !/javascript:void(\(|)0(\)|)/.test(raw))
}

export const crawlableAnchorsMeta: CheckMeta = {
  id: 'crawlable-anchors',
  category: 'technical',
  impact: 'medium',
  title: { pt: 'As ligações podem ser seguidas pelos robôs', en: 'Links are crawlable' },
  failureTitle: { pt: 'Há ligações que os robôs não conseguem seguir', en: 'Links are not crawlable' },
  description: {
    pt: 'Os motores de busca seguem o atributo href para descobrir páginas. Use href com um URL real em vez de "javascript:" ou "#" com um onclick.',
    en: 'Search engines follow the href attribute to discover pages. Use href with a real URL instead of "javascript:" or "#" with an onclick.',
  },
}

export function crawlableAnchors(a: SeoArtifacts): Finding {
  const anchors = extract(a).anchors
  const failing = anchors.filter((l) => isUncrawlable(l, a.page.finalUrl))
  const deadEnds = anchors.filter((l) => !failing.includes(l) && isDeadEnd(l) && !l.role)
  const show = (l: AnchorElement): string =>
    l.rawHref === null ? `<a> "${l.text}"` : `${l.rawHref} "${l.text}"`
  const evidence: Evidence[] = [
    {
      signal: { pt: 'ligações não rastreáveis', en: 'uncrawlable links' },
      value: failing.length,
      target: same('0'),
    },
    {
      signal: { pt: 'ligações para "#" ou javascript:', en: 'links to "#" or javascript:' },
      value: deadEnds.length,
      target: same('0'),
    },
  ]
  if (failing.length) {
    evidence.push({ signal: EXAMPLES, value: sample(failing.map(show)) })
    return makeFinding(crawlableAnchorsMeta, 'fail', { evidence })
  }
  if (deadEnds.length) {
    evidence.push({ signal: EXAMPLES, value: sample(deadEnds.map(show)) })
    return makeFinding(crawlableAnchorsMeta, 'warn', {
      evidence,
      detail: {
        pt: `${deadEnds.length} ligações apontam para "#" ou "javascript:" e não levam a lado nenhum sem JavaScript.`,
        en: `${deadEnds.length} links point to "#" or "javascript:" and lead nowhere without JavaScript.`,
      },
    })
  }
  return makeFinding(crawlableAnchorsMeta, 'pass', { evidence })
}

export interface LinkSummary {
  total: number
  internal: number
  external: number
  nofollow: number
  /** Links with an href but no text and no accessible label (an icon without aria-label). */
  empty: number
}

export function linkSummary(a: SeoArtifacts): LinkSummary {
  const host = new URL(a.page.finalUrl).hostname.replace(/^www\./, '')
  const s: LinkSummary = { total: 0, internal: 0, external: 0, nofollow: 0, empty: 0 }
  for (const l of extract(a).anchors) {
    if (l.href === null || !/^https?:/i.test(l.href)) continue
    s.total++
    if (new URL(l.href).hostname.replace(/^www\./, '') === host) s.internal++
    else s.external++
    if (l.rel.includes('nofollow') || l.rel.includes('ugc') || l.rel.includes('sponsored')) s.nofollow++
    if (!l.text && !l.labelText) s.empty++
  }
  return s
}

export const linksMeta: CheckMeta = {
  id: 'links',
  category: 'content',
  impact: 'low',
  title: { pt: 'As ligações têm nome', en: 'Links have a name' },
  failureTitle: { pt: 'Há ligações sem texto', en: 'Some links have no text' },
  description: {
    pt: 'Uma ligação sem texto (por exemplo, só um ícone) não diz nada a leitores de ecrã nem a motores de busca. Adicione texto ou aria-label.',
    en: 'A link without text (an icon only, say) tells screen readers and search engines nothing. Add text or an aria-label.',
  },
}

export function links(a: SeoArtifacts): Finding {
  const s = linkSummary(a)
  const evidence: Evidence[] = [
    { signal: { pt: 'ligações', en: 'links' }, value: s.total },
    { signal: { pt: 'ligações internas', en: 'internal links' }, value: s.internal },
    { signal: { pt: 'ligações externas', en: 'external links' }, value: s.external },
    {
      signal: { pt: 'ligações nofollow/ugc/sponsored', en: 'nofollow/ugc/sponsored links' },
      value: s.nofollow,
    },
    { signal: { pt: 'ligações sem texto', en: 'links without text' }, value: s.empty, target: same('0') },
  ]
  if (s.total === 0) return makeFinding(linksMeta, 'na', { evidence })
  return makeFinding(linksMeta, s.empty ? 'warn' : 'pass', {
    evidence,
    detail: s.empty ? { pt: `${s.empty} ligações sem texto.`, en: `${s.empty} links without text.` } : null,
  })
}
