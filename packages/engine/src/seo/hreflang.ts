// hreflang alternates. The verdict (hreflang) is Lighthouse's audit: every value a known language code
// exactly as written (" x-default" with its space is not "x-default"), every href absolute. Farol's
// advice from Google's documentation is a finding of its own (hreflang-alternates): x-default, a
// self-reference (the set must be reciprocal), a region written wrongly, one language pointing to two URLs.

import { isValidLang } from 'lighthouse/third-party/axe/valid-langs.js'
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract } from './extract.ts'
import { type CheckMeta, makeFinding, same, sample } from './finding.ts'
import { isValidLangTag, primaryLanguage } from './language.ts'

const HREFLANG_LINKS = { pt: 'ligações hreflang', en: 'hreflang links' }

export const hreflangMeta: CheckMeta = {
  id: 'hreflang',
  category: 'seo',
  impact: 'medium',
  title: { pt: 'A página tem um hreflang válido', en: 'Document has a valid hreflang' },
  failureTitle: { pt: 'A página não tem um hreflang válido', en: "Document doesn't have a valid hreflang" },
  description: {
    pt: 'As ligações hreflang dizem aos motores de pesquisa que versão da página mostrar para cada idioma ou região. Use códigos de idioma válidos, URLs absolutos, uma entrada x-default e uma entrada para a própria página.',
    en: 'hreflang links tell search engines which version of a page to list for each language or region. Use valid language codes, absolute URLs, an x-default entry and an entry for the page itself.',
  },
}

export interface HreflangEntry {
  hreflang: string
  href: string | null
  hrefRaw: string
}

export function hreflangEntries(a: SeoArtifacts): HreflangEntry[] {
  return extract(a)
    .links.filter((l) => l.source !== 'body' && l.rel.includes('alternate') && l.hreflang)
    .map((l) => ({ hreflang: l.hreflang, href: l.href, hrefRaw: l.hrefRaw }))
}

const strip = (u: string): string => u.split('#')[0] ?? u

/**
 * Lighthouse's rule, on the value as written: "x-default", or a primary subtag axe knows. No trimming:
 * browsers and search engines read the attribute as it is, and " x-default" matches no language.
 */
export function isExpectedLanguageCode(hreflang: string): boolean {
  if (hreflang.toLowerCase() === 'x-default') return true
  return isValidLang((hreflang.split('-')[0] ?? '').toLowerCase())
}

const isDefault = (e: HreflangEntry): boolean => e.hreflang.toLowerCase() === 'x-default'
const show = (v: string): string => JSON.stringify(v)

export function hreflang(a: SeoArtifacts): Finding {
  const entries = hreflangEntries(a)
  if (entries.length === 0) {
    // Lighthouse passes a page without hreflang (nothing is invalid); so does Farol.
    return makeFinding(hreflangMeta, 'pass', {
      evidence: [{ signal: HREFLANG_LINKS, value: 0 }],
      title: {
        pt: 'A página não declara versões noutros idiomas',
        en: 'The page declares no language alternates',
      },
    })
  }
  const badCode = entries.filter((e) => !isExpectedLanguageCode(e.hreflang))
  const relative = entries.filter((e) => !/^https?:/i.test(e.hrefRaw))
  const evidence: Evidence[] = [
    { signal: HREFLANG_LINKS, value: entries.map((e) => `${show(e.hreflang)} → ${e.hrefRaw}`).join('; ') },
  ]
  if (!badCode.length && !relative.length) return makeFinding(hreflangMeta, 'pass', { evidence })
  if (badCode.length)
    evidence.push({
      signal: { pt: 'códigos de língua inesperados', en: 'unexpected language codes' },
      value: sample(badCode.map((e) => show(e.hreflang))),
    })
  if (relative.length)
    evidence.push({
      signal: { pt: 'href relativos', en: 'relative href values' },
      value: sample(relative.map((e) => e.hrefRaw)),
    })
  const spaced = badCode.filter((e) => e.hreflang !== e.hreflang.trim())
  return makeFinding(hreflangMeta, 'fail', {
    evidence,
    detail: {
      pt: [
        badCode.length
          ? `Há códigos de idioma inesperados (${sample(badCode.map((e) => show(e.hreflang)))}).`
          : '',
        spaced.length ? 'Retire os espaços à volta do valor: o atributo é lido tal como está escrito.' : '',
        relative.length ? 'Há URLs relativos.' : '',
      ]
        .filter(Boolean)
        .join(' '),
      en: [
        badCode.length
          ? `There are unexpected language codes (${sample(badCode.map((e) => show(e.hreflang)))}).`
          : '',
        spaced.length ? 'Remove the spaces around the value: the attribute is read exactly as written.' : '',
        relative.length ? 'There are relative URLs.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    },
  })
}

export const hreflangAlternatesMeta: CheckMeta = {
  id: 'hreflang-alternates',
  category: 'seo',
  impact: 'low',
  title: { pt: 'O conjunto hreflang está completo', en: 'The hreflang set is complete' },
  failureTitle: { pt: 'As ligações hreflang estão incompletas', en: 'The hreflang links are incomplete' },
  description: {
    pt: 'Conselho do Farol segundo a documentação do Google (developers.google.com/search/docs/specialty/international/localized-versions): cada versão lista todas as outras e a si própria (referência recíproca), com uma entrada x-default e códigos língua-região bem escritos.',
    en: "Farol's advice from Google's documentation (developers.google.com/search/docs/specialty/international/localized-versions): each version lists all the others and itself (a reciprocal reference), with an x-default entry and well-written language-region codes.",
  },
}

/** Farol's advice on the set of hreflang links; not applicable without any. */
export function hreflangAlternates(a: SeoArtifacts): Finding {
  const entries = hreflangEntries(a)
  const evidence: Evidence[] = [
    { signal: HREFLANG_LINKS, value: entries.map((e) => `${show(e.hreflang)} → ${e.hrefRaw}`).join('; ') },
  ]
  if (entries.length === 0) return makeFinding(hreflangAlternatesMeta, 'na', { evidence })
  const problems: { pt: string; en: string }[] = []
  const malformed = entries.filter((e) => !isDefault(e) && !isValidLangTag(e.hreflang))
  if (malformed.length) {
    evidence.push({
      signal: { pt: 'códigos língua-região mal formados', en: 'malformed language-region codes' },
      value: sample(malformed.map((e) => e.hreflang)),
    })
    problems.push({
      pt: `Códigos mal formados: ${sample(malformed.map((e) => e.hreflang))} (use por exemplo pt-PT ou en-GB).`,
      en: `Malformed codes: ${sample(malformed.map((e) => e.hreflang))} (use e.g. pt-PT or en-GB).`,
    })
  }
  if (!entries.some(isDefault)) {
    evidence.push({ signal: { pt: 'x-default presente', en: 'x-default present' }, value: false })
    problems.push({ pt: 'Falta a entrada x-default.', en: 'The x-default entry is missing.' })
  }
  // x-default is not a language version: the page must list itself under its own language.
  const self = entries.find((e) => !isDefault(e) && e.href && strip(e.href) === strip(a.page.finalUrl))
  evidence.push({
    signal: { pt: 'autorreferência', en: 'self-reference' },
    value: self ? self.hreflang : null,
  })
  if (!self) {
    problems.push({
      pt: 'A página não se inclui a si própria na lista (a referência tem de ser recíproca).',
      en: 'The page does not list itself (the reference must be reciprocal).',
    })
  }
  const byCode = new Map<string, Set<string>>()
  for (const e of entries) {
    const key = e.hreflang.toLowerCase()
    byCode.set(key, (byCode.get(key) ?? new Set()).add(e.href ?? e.hrefRaw))
  }
  const conflicting = [...byCode].filter(([, hrefs]) => hrefs.size > 1).map(([code]) => code)
  if (conflicting.length) {
    evidence.push({
      signal: { pt: 'códigos que apontam para vários URLs', en: 'codes pointing to several URLs' },
      value: sample(conflicting),
    })
    problems.push({
      pt: `O mesmo código aponta para URLs diferentes: ${sample(conflicting)}.`,
      en: `The same code points to different URLs: ${sample(conflicting)}.`,
    })
  }
  // Reciprocity: each alternate, fetched, must list this page back (Google ignores one-way pairs).
  const oneWay = (a.hreflangTargets ?? []).filter((t) => t.linksBack === false).map((t) => t.url)
  if (a.hreflangTargets?.length) {
    evidence.push({
      signal: { pt: 'versões sem ligação de volta', en: 'alternates not linking back' },
      value: oneWay.length ? sample(oneWay) : 0,
      target: same('0'),
    })
  }
  if (oneWay.length) {
    problems.push({
      pt: `Estas versões não indicam esta página de volta: ${sample(oneWay)} (o Google ignora pares num só sentido).`,
      en: `These alternates do not list this page back: ${sample(oneWay)} (Google ignores one-way pairs).`,
    })
  }
  const htmlLang = extract(a).htmlLang
  if (self && htmlLang && primaryLanguage(htmlLang) !== primaryLanguage(self.hreflang)) {
    evidence.push({
      signal: { pt: 'html lang / hreflang próprio', en: 'html lang vs own hreflang' },
      value: `${htmlLang} / ${self.hreflang}`,
    })
    problems.push({
      pt: `O idioma da página (${htmlLang}) não corresponde ao seu hreflang (${self.hreflang}).`,
      en: `The page language (${htmlLang}) does not match its own hreflang (${self.hreflang}).`,
    })
  }
  if (problems.length === 0) return makeFinding(hreflangAlternatesMeta, 'pass', { evidence })
  return makeFinding(hreflangAlternatesMeta, 'warn', {
    evidence,
    detail: { pt: problems.map((p) => p.pt).join(' '), en: problems.map((p) => p.en).join(' ') },
  })
}

/** At most this many alternates are fetched to check they link back (the rest are not judged). */
export const MAX_HREFLANG_TARGETS = 5

/** The alternates to fetch: valid absolute http(s) URLs other than the page itself, at most five. */
export function hreflangToFetch(a: SeoArtifacts): string[] {
  if (a.page.status >= 400) return []
  const urls = new Set<string>()
  for (const e of hreflangEntries(a)) {
    if (!e.href || !/^https?:/i.test(e.hrefRaw) || !isExpectedLanguageCode(e.hreflang)) continue
    if (strip(e.href) !== strip(a.page.finalUrl)) urls.add(strip(e.href))
  }
  return [...urls].slice(0, MAX_HREFLANG_TARGETS)
}

/** Whether the fetched alternate lists the page among its own hreflang links (null: not a page). */
export function linksBack(pageUrl: string, alternate: SeoArtifacts): boolean | null {
  if (alternate.page.status >= 400) return null
  return hreflangEntries(alternate).some((e) => e.href !== null && strip(e.href) === strip(pageUrl))
}
