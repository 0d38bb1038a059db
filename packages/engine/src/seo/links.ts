// Links: descriptive anchor text (Lighthouse's link-text, Farol's wider list as link-text-generic), crawlable
// hrefs (Lighthouse's crawlable-anchors, Farol's "#"/javascript: advice as anchor-dead-ends), and a summary
// of internal/external/nofollow/empty links. The first four read the rendered page when Lighthouse ran.

import { counted, pluralForm } from '../aio/plural.ts'
import type { SeoArtifacts } from '../gather/types.ts'
import { anchorFromLighthouse } from '../page/rendered.ts'
import type { Evidence, Finding } from '../types.ts'
import { type AnchorElement, extract } from './extract.ts'
import { type CheckMeta, EXAMPLES, makeFinding, measured, same, sample } from './finding.ts'

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
  ja: new Set(['ここをクリック', 'こちらをクリック', 'リンク', '続きを読む', '続く', '全文表示']),
  ko: new Set(['여기', '여기를 클릭', '클릭', '링크', '자세히', '자세히 보기', '계속', '이동', '전체 보기']),
  ta: new Set([
    'அடுத்த பக்கம்',
    'மறுபக்கம்',
    'முந்தைய பக்கம்',
    'முன்பக்கம்',
    'மேலும் அறிக',
    'மேலும் தகவலுக்கு',
    'மேலும் தரவுகளுக்கு',
    'தயவுசெய்து இங்கே அழுத்தவும்',
    'இங்கே கிளிக் செய்யவும்',
  ]),
  fa: new Set([
    'اطلاعات بیشتر',
    'اطلاعات',
    'این',
    'اینجا بزنید',
    'اینجا کلیک کنید',
    'اینجا',
    'برو',
    'بیشتر بخوانید',
    'بیشتر بدانید',
    'بیشتر',
    'شروع',
  ]),
}

/**
 * Further generic texts Farol flags as advice (link-text-generic), by language: common European
 * Portuguese and Brazilian phrasings Lighthouse's list lacks, and a few English ones.
 */
export const FAROL_GENERIC_LINK_TEXTS: Readonly<Record<'pt' | 'en', ReadonlySet<string>>> = {
  pt: new Set([
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
  ]),
  en: new Set([
    'click',
    'click here!',
    'details',
    'more details',
    'continue reading',
    'continue',
    'link',
    'this link',
    'link here',
    'go here',
    'find out more',
    'view more',
  ]),
}

const LINKS = { pt: { one: 'ligação', other: 'ligações' }, en: { one: 'link', other: 'links' } }

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
  // The language of the text itself (a <span lang="de"> inside, the link's lang, else the page's):
  // "Start" in a German link is German, not the English "start".
  if (link.textLang) {
    const lang = link.textLang.split('-')[0]?.toLowerCase() ?? ''
    return LIGHTHOUSE_LINK_TEXTS[lang]?.has(text) ?? false
  }
  return Object.values(LIGHTHOUSE_LINK_TEXTS).some((set) => set.has(text))
}

/** The text's primary language subtag, lowercased; null when the text's language is unknown. */
function textLanguage(link: AnchorElement): string | null {
  return link.textLang ? (link.textLang.split('-')[0]?.toLowerCase() ?? null) : null
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
  // Judged in the text's own language when it is known, as the verdict is.
  const lang = textLanguage(link)
  const lists: ReadonlySet<string>[] = lang
    ? [FAROL_GENERIC_LINK_TEXTS[lang as 'pt' | 'en'], LIGHTHOUSE_LINK_TEXTS[lang]].filter(
        (l): l is ReadonlySet<string> => l !== undefined,
      )
    : [...Object.values(FAROL_GENERIC_LINK_TEXTS), ...Object.values(LIGHTHOUSE_LINK_TEXTS)]
  return lists.some((l) => l.has(text))
}

/**
 * The anchors to judge and where they came from: the rendered DOM of a Lighthouse run when there was one
 * (links added or given behaviour by JavaScript exist only there), else the raw HTML.
 */
export function anchorsToJudge(a: SeoArtifacts): {
  anchors: AnchorElement[]
  measuredOn: 'raw' | 'rendered'
} {
  if (a.rendered) return { anchors: a.rendered.anchors.map(anchorFromLighthouse), measuredOn: 'rendered' }
  return { anchors: extract(a).anchors, measuredOn: 'raw' }
}

const onPage = measured

export const linkTextMeta: CheckMeta = {
  id: 'link-text',
  category: 'content',
  impact: 'low',
  title: { pt: 'As ligações têm texto descritivo', en: 'Links have descriptive text' },
  failureTitle: { pt: 'Há ligações sem texto descritivo', en: 'Links do not have descriptive text' },
  description: {
    pt: 'Texto como "clique aqui" ou "mais informação" não diz para onde vai a ligação. Descreva o destino ("ver preços do plano Pro"). O texto é julgado no seu próprio idioma (o lang da ligação ou do seu conteúdo, senão o da página).',
    en: 'Text such as "click here" or "learn more" does not say where the link goes. Describe the destination ("see Pro plan pricing"). The text is judged in its own language (the lang of the link or its content, else the page\'s).',
  },
}

const linkExample = (l: AnchorElement): string =>
  `"${l.text}"${l.textLang ? ` [${l.textLang}]` : ''} → ${l.rawHref}`

/** Lighthouse's link-text: a link whose text is on its list of generic texts for the text's language fails. */
export function linkText(a: SeoArtifacts): Finding {
  const { anchors, measuredOn } = anchorsToJudge(a)
  const failing = anchors.filter((l) => isLighthouseNonDescriptive(l, a.page.finalUrl))
  const evidence: Evidence[] = [
    {
      signal: { pt: 'ligações pouco descritivas', en: 'non-descriptive links' },
      value: failing.length,
      target: same('0'),
    },
  ]
  if (!failing.length) return onPage(makeFinding(linkTextMeta, 'pass', { evidence }), measuredOn)
  evidence.push({ signal: EXAMPLES, value: sample(failing.map(linkExample)) })
  return onPage(
    makeFinding(linkTextMeta, 'fail', {
      evidence,
      detail: {
        pt: `${counted(failing.length, 'pt', LINKS.pt)} com texto genérico.`,
        en: `${counted(failing.length, 'en', LINKS.en)} with generic text.`,
      },
    }),
    measuredOn,
  )
}

export const linkTextGenericMeta: CheckMeta = {
  id: 'link-text-generic',
  category: 'content',
  impact: 'low',
  title: { pt: 'Sem texto genérico nas ligações', en: 'No generic link text' },
  failureTitle: { pt: 'Algumas ligações têm texto genérico', en: 'Some links have generic text' },
  description: {
    pt: 'Conselho do Farol: expressões como "saiba mais", "ver mais" ou "continuar", que a lista do Lighthouse não inclui, também não dizem para onde vai a ligação. Descreva o destino.',
    en: 'Farol\'s advice: phrases such as "find out more", "view more" or "continue", which Lighthouse\'s list lacks, do not say where the link goes either. Describe the destination.',
  },
}

/** Farol's advice: generic phrasings beyond Lighthouse's list, in the text's language. */
export function linkTextGeneric(a: SeoArtifacts): Finding {
  const { anchors, measuredOn } = anchorsToJudge(a)
  const generic = anchors.filter(
    (l) => !isLighthouseNonDescriptive(l, a.page.finalUrl) && isFarolGeneric(l, a.page.finalUrl),
  )
  const evidence: Evidence[] = [
    {
      signal: { pt: 'ligações com texto genérico', en: 'links with generic text' },
      value: generic.length,
      target: same('0'),
    },
  ]
  if (!generic.length) return onPage(makeFinding(linkTextGenericMeta, 'pass', { evidence }), measuredOn)
  evidence.push({ signal: EXAMPLES, value: sample(generic.map(linkExample)) })
  return onPage(
    makeFinding(linkTextGenericMeta, 'warn', {
      evidence,
      detail: {
        pt: `${counted(generic.length, 'pt', LINKS.pt)} com texto genérico.`,
        en: `${counted(generic.length, 'en', LINKS.en)} with generic text.`,
      },
    }),
    measuredOn,
  )
}

// Attributes that only make sense with href: an <a> without href but with one of them is a broken link,
// not a placeholder (HTML spec), as Lighthouse reasons.
const HREF_ATTRIBUTES = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy']

/**
 * Lighthouse's crawlable-anchors rule. An <a> without href and without href-only attributes is a
 * placeholder unless it has an event listener: on the rendered page Lighthouse's listeners (a click
 * handler added by script counts), in raw HTML the on* attributes, all it can show.
 */
export function isUncrawlable(link: AnchorElement, pageUrl: string): boolean {
  const raw = link.rawHref ?? ''
  if (link.role) return false
  if (raw.startsWith('mailto:')) return false
  if (raw === '' && link.id) return false
  if (raw.startsWith('file:')) return true
  if (link.name) return false
  if (link.rawHref === null && HREF_ATTRIBUTES.every((h) => !link.attributeNames.includes(h))) {
    return link.listeners ? link.listeners.length > 0 : link.attributeNames.some((n) => n.startsWith('on'))
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
    pt: 'Os motores de pesquisa seguem o atributo href para descobrir páginas. Use href com um URL real em vez de "javascript:void(0)" ou de um <a> sem href com um evento de clique.',
    en: 'Search engines follow the href attribute to discover pages. Use href with a real URL instead of "javascript:void(0)" or an <a> without href and a click handler.',
  },
}

const showAnchor = (l: AnchorElement): string =>
  l.rawHref === null ? `<a> "${l.text}"` : `${l.rawHref} "${l.text}"`

export function crawlableAnchors(a: SeoArtifacts): Finding {
  const { anchors, measuredOn } = anchorsToJudge(a)
  const failing = anchors.filter((l) => isUncrawlable(l, a.page.finalUrl))
  const evidence: Evidence[] = [
    {
      signal: { pt: 'ligações não rastreáveis', en: 'uncrawlable links' },
      value: failing.length,
      target: same('0'),
    },
  ]
  if (!failing.length) return onPage(makeFinding(crawlableAnchorsMeta, 'pass', { evidence }), measuredOn)
  evidence.push({ signal: EXAMPLES, value: sample(failing.map(showAnchor)) })
  return onPage(makeFinding(crawlableAnchorsMeta, 'fail', { evidence }), measuredOn)
}

export const anchorDeadEndsMeta: CheckMeta = {
  id: 'anchor-dead-ends',
  category: 'technical',
  impact: 'low',
  title: { pt: 'Sem ligações para "#" ou javascript:', en: 'No links to "#" or javascript:' },
  failureTitle: {
    pt: 'Há ligações para "#" ou javascript:',
    en: 'Some links point to "#" or javascript:',
  },
  description: {
    pt: 'Conselho do Farol: o Lighthouse aceita href="#" e outros URLs javascript:, mas um robô que os segue não chega a página nenhuma. Se a ligação leva a outra página, ponha o URL dela no href.',
    en: 'Farol\'s advice: Lighthouse accepts href="#" and other javascript: URLs, but a crawler following them reaches no page. If the link leads to another page, put its URL in the href.',
  },
}

export function anchorDeadEnds(a: SeoArtifacts): Finding {
  const { anchors, measuredOn } = anchorsToJudge(a)
  const deadEnds = anchors.filter((l) => !isUncrawlable(l, a.page.finalUrl) && isDeadEnd(l) && !l.role)
  const evidence: Evidence[] = [
    {
      signal: { pt: 'ligações para "#" ou javascript:', en: 'links to "#" or javascript:' },
      value: deadEnds.length,
      target: same('0'),
    },
  ]
  if (!deadEnds.length) return onPage(makeFinding(anchorDeadEndsMeta, 'pass', { evidence }), measuredOn)
  evidence.push({ signal: EXAMPLES, value: sample(deadEnds.map(showAnchor)) })
  return onPage(
    makeFinding(anchorDeadEndsMeta, 'warn', {
      evidence,
      detail: {
        pt: `${counted(deadEnds.length, 'pt', { one: 'ligação aponta', other: 'ligações apontam' })} para "#" ou "javascript:" e não ${pluralForm(deadEnds.length, 'pt', { one: 'leva', other: 'levam' })} a lado nenhum sem JavaScript.`,
        en: `${counted(deadEnds.length, 'en', { one: 'link points', other: 'links point' })} to "#" or "javascript:" and ${pluralForm(deadEnds.length, 'en', { one: 'leads', other: 'lead' })} nowhere without JavaScript.`,
      },
    }),
    measuredOn,
  )
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
    pt: 'Uma ligação sem texto (por exemplo, só um ícone) não diz nada a leitores de ecrã nem a motores de pesquisa. Adicione texto ou aria-label.',
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
    detail: s.empty
      ? {
          pt: `${counted(s.empty, 'pt', LINKS.pt)} sem texto.`,
          en: `${counted(s.empty, 'en', LINKS.en)} without text.`,
        }
      : null,
  })
}
