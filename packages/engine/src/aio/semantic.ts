// Semantic HTML: landmarks, lists and tables say what each part of the page is. Parsers that turn pages
// into text for models (readability extractors, HTML-to-markdown) lean on these elements to find the
// content and keep its structure; a page of nested <div>s gives them nothing to hold on to.
import type { CheerioAPI } from 'cheerio'
import { elementsByTag } from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { scanWords } from '../seo/text.ts'
import { type BuiltFinding, build, list, loc, pct, verdictOf, WHOLE_PAGE } from './finding.ts'
import { semanticScore } from './scores.ts'
import { LANDMARKS, type Landmark, type SemanticSignals } from './signals.ts'
import { STRENGTH } from './strength.ts'

/** Elements that carry meaning; the div ratio compares <div>s against these. */
const SEMANTIC =
  'main, article, section, nav, header, footer, aside, p, ul, ol, dl, table, figure, blockquote, h1, h2, h3, h4, h5, h6, address, time'

/** Text inside one of these is structured; text sitting directly in <div>/<span> is not. */
const STRUCTURED_TEXT = new Set(
  'p li dt dd h1 h2 h3 h4 h5 h6 td th caption figcaption blockquote q pre code address label button a summary legend title'.split(
    ' ',
  ),
)
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head'])

interface DomNode {
  type: string
  name?: string
  data?: string
  attribs?: Record<string, string>
  children?: DomNode[]
}

/** ARIA landmark roles and the element each stands for: `<div role="main">` is the page's main (Sphinx). */
const ROLE_LANDMARK: Record<string, Landmark> = {
  main: 'main',
  navigation: 'nav',
  banner: 'header',
  contentinfo: 'footer',
  complementary: 'aside',
}

const SEMANTIC_TAGS = new Set(SEMANTIC.split(', '))

/**
 * One walk of the tree counts everything (pages can be large; one selector query per signal meant
 * a dozen full scans).
 */
export function measureSemantics($: CheerioAPI): SemanticSignals {
  const landmarks = Object.fromEntries(LANDMARKS.map((l) => [l, 0])) as Record<Landmark, number>
  const landmarkRoles: Partial<Record<Landmark, string>> = {}
  let lists = 0
  let tables = 0
  let tablesWithHeaders = 0
  let divs = 0
  let semanticElements = 0
  let all = 0
  let structured = 0
  /** Returns whether a <th> is inside (for tables). */
  const walk = (node: DomNode, inside: boolean, inNav: boolean): boolean => {
    if (node.type === 'text') {
      const n = scanWords(node.data ?? '')
      all += n
      if (inside) structured += n
      return false
    }
    const name = node.name
    if (name === undefined) {
      let th = false
      for (const child of node.children ?? []) th = walk(child, inside, inNav) || th
      return th
    }
    if (SKIP.has(name)) return false
    if ((LANDMARKS as readonly string[]).includes(name)) landmarks[name as Landmark]++
    else {
      const role = node.attribs?.role ? ROLE_LANDMARK[node.attribs.role.trim().toLowerCase()] : undefined
      if (role) {
        landmarks[role]++
        landmarkRoles[role] ??= name
      }
    }
    if (name === 'div') divs++
    else if (SEMANTIC_TAGS.has(name)) semanticElements++
    if ((name === 'ul' || name === 'ol' || name === 'dl') && !inNav) lists++
    let th = name === 'th'
    const next = inside || STRUCTURED_TEXT.has(name)
    for (const child of node.children ?? []) th = walk(child, next, inNav || name === 'nav') || th
    if (name === 'table') {
      tables++
      if (th) tablesWithHeaders++
      return false
    }
    return th
  }
  const body = (elementsByTag($, 'body')[0] ?? $.root()[0]) as unknown as DomNode | undefined
  if (body) for (const child of body.children ?? []) walk(child, false, false)
  const total = divs + semanticElements
  return {
    landmarks,
    landmarkRoles,
    lists,
    tables,
    tablesWithHeaders,
    divs,
    semanticElements,
    divRatio: total ? Math.round((divs / total) * 100) / 100 : 0,
    structuredTextShare: all ? Math.round((structured / all) * 100) / 100 : 0,
  }
}

// ---------------------------------------------------------------- findings

export function semanticFindings(s: SemanticSignals): BuiltFinding[] {
  const score = semanticScore(s)
  const wanted = ['main', 'header', 'nav', 'footer'] as const
  const missing = wanted.filter((l) => s.landmarks[l] === 0).map((l) => `<${l}>`)
  // A landmark given by its ARIA role is named as written: <div role="main">.
  const label = (l: Landmark): string => {
    const tag = s.landmarkRoles[l]
    return tag
      ? `<${tag} role="${Object.keys(ROLE_LANDMARK).find((r) => ROLE_LANDMARK[r] === l)}">`
      : `<${l}>`
  }
  const present = wanted.filter((l) => s.landmarks[l] > 0).map(label)
  const divs = pct(s.divRatio)
  const verdict = verdictOf(score, 70, 40)
  const out: BuiltFinding[] = [
    build(
      {
        id: 'aio-semantic-html',
        category: 'structure',
        verdict,
        score,
        impact: verdict === 'fail' ? 'high' : 'medium',
        title: loc((l) =>
          verdict === 'pass'
            ? l === 'pt'
              ? `HTML semântico: ${list(present, l)}${s.lists + s.tables ? `, listas (${s.lists}) e tabelas (${s.tables})` : ''}`
              : `Semantic HTML: ${list(present, l)}${s.lists + s.tables ? `, lists (${s.lists}) and tables (${s.tables})` : ''}`
            : l === 'pt'
              ? `HTML pouco semântico: ${divs.pt}% dos elementos estruturais são <div>`
              : `Little semantic HTML: ${divs.en}% of structural elements are <div>`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `${missing.length ? `Faltam ${list(missing, l)}. ` : ''}${s.divs} <div> contra ${s.semanticElements} elementos semânticos (${divs.pt}% de divs; alvo: 50% ou menos); ${s.lists} listas e ${s.tables} tabelas no conteúdo.`
            : `${missing.length ? `Missing ${list(missing, l)}. ` : ''}${s.divs} <div>s against ${s.semanticElements} semantic elements (${divs.en}% divs; target: 50% or less); ${s.lists} lists and ${s.tables} tables in the content.`,
        ),
        evidence: [
          {
            signal: { pt: 'regiões presentes', en: 'landmarks present' },
            value: present.join(' ') || null,
            target: same('<main> <header> <nav> <footer>'),
          },
          {
            signal: { pt: 'proporção de <div>', en: 'div ratio' },
            value: s.divRatio,
            target: { pt: '≤ 0,5', en: '≤ 0.5' },
          },
          {
            signal: { pt: 'listas + tabelas', en: 'lists + tables' },
            value: s.lists + s.tables,
            target: same('≥ 1'),
          },
        ],
        where: WHOLE_PAGE,
        strength: STRENGTH.structure,
      },
      {
        title: { pt: 'Use elementos HTML semânticos', en: 'Use semantic HTML elements' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Envolva o conteúdo principal em <main> e <article>, a navegação em <nav>, o cabeçalho e o rodapé em <header> e <footer>${missing.length ? ` (faltam ${list(missing, l)})` : ''}, e use <ul>/<ol> e <table> para enumerações e dados em vez de <div>s.`
            : `Wrap the main content in <main> and <article>, navigation in <nav>, header and footer in <header> and <footer>${missing.length ? ` (missing: ${list(missing, l)})` : ''}, and use <ul>/<ol> and <table> for enumerations and data instead of <div>s.`,
        ),
      },
    ),
  ]
  const share = pct(s.structuredTextShare)
  const tVerdict = s.structuredTextShare >= 0.8 ? 'pass' : s.structuredTextShare >= 0.5 ? 'warn' : 'fail'
  out.push(
    build(
      {
        id: 'aio-text-structure',
        category: 'structure',
        verdict: tVerdict,
        score: Math.round(s.structuredTextShare * 100),
        impact: 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `${share.pt}% do texto em parágrafos, listas e títulos`
            : `${share.en}% of the text in paragraphs, lists and headings`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `${share.pt}% das palavras visíveis estão em parágrafos, itens de lista, títulos ou células; o resto está solto em <div> ou <span>. O alvo é 80% ou mais.`
            : `${share.en}% of the visible words are in paragraphs, list items, headings or cells; the rest sits loose in <div> or <span>. The target is 80% or more.`,
        ),
        evidence: [
          {
            signal: {
              pt: 'proporção de palavras em elementos estruturados',
              en: 'share of words in structured elements',
            },
            value: s.structuredTextShare,
            target: { pt: '≥ 0,8', en: '≥ 0.8' },
          },
        ],
        where: WHOLE_PAGE,
        strength: STRENGTH.structure,
      },
      {
        title: { pt: 'Ponha o texto em parágrafos e listas', en: 'Put the text in paragraphs and lists' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Marque cada bloco de texto com <p>, cada enumeração com <ul>/<ol> e cada título com <h2>/<h3>; hoje só ${share.pt}% do texto está assim marcado.`
            : `Mark each block of text with <p>, each enumeration with <ul>/<ol> and each heading with <h2>/<h3>; only ${share.en}% of the text is marked up like that now.`,
        ),
      },
    ),
  )
  return out
}
