// hreflang alternates. Failure rules are Lighthouse's hreflang audit (unknown language code, relative
// href); Farol adds warnings for what Google's documentation asks and one page can show: x-default,
// a self-reference, a region written wrongly, one language pointing to two URLs.
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract } from './extract.ts'
import { type CheckMeta, makeFinding, sample } from './finding.ts'
import { isKnownPrimaryLanguage, isValidLangTag, primaryLanguage } from './language.ts'

const HREFLANG_LINKS = { pt: 'ligações hreflang', en: 'hreflang links' }

export const hreflangMeta: CheckMeta = {
  id: 'hreflang',
  category: 'seo',
  impact: 'medium',
  title: { pt: 'A página tem um hreflang válido', en: 'Document has a valid hreflang' },
  failureTitle: { pt: 'A página não tem um hreflang válido', en: "Document doesn't have a valid hreflang" },
  description: {
    pt: 'As ligações hreflang dizem aos motores de busca que versão da página mostrar para cada idioma ou região. Use códigos de idioma válidos, URLs absolutos, uma entrada x-default e uma entrada para a própria página.',
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
    .map((l) => ({ hreflang: l.hreflang.trim(), href: l.href, hrefRaw: l.hrefRaw }))
}

const strip = (u: string): string => u.split('#')[0] ?? u

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
  const isDefault = (e: HreflangEntry): boolean => e.hreflang.toLowerCase() === 'x-default'
  const badCode = entries.filter((e) => !isDefault(e) && !isKnownPrimaryLanguage(e.hreflang))
  const relative = entries.filter((e) => !/^https?:/i.test(e.hrefRaw))
  const evidence: Evidence[] = [
    { signal: HREFLANG_LINKS, value: entries.map((e) => `${e.hreflang} → ${e.hrefRaw}`).join('; ') },
  ]
  if (badCode.length || relative.length) {
    if (badCode.length)
      evidence.push({
        signal: { pt: 'códigos de língua inesperados', en: 'unexpected language codes' },
        value: sample(badCode.map((e) => e.hreflang)),
      })
    if (relative.length)
      evidence.push({
        signal: { pt: 'href relativos', en: 'relative href values' },
        value: sample(relative.map((e) => e.hrefRaw)),
      })
    return makeFinding(hreflangMeta, 'fail', {
      evidence,
      detail: {
        pt: [
          badCode.length ? 'Há códigos de idioma inesperados.' : '',
          relative.length ? 'Há URLs relativos.' : '',
        ]
          .filter(Boolean)
          .join(' '),
        en: [
          badCode.length ? 'There are unexpected language codes.' : '',
          relative.length ? 'There are relative URLs.' : '',
        ]
          .filter(Boolean)
          .join(' '),
      },
    })
  }

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
  if (problems.length === 0) return makeFinding(hreflangMeta, 'pass', { evidence })
  return makeFinding(hreflangMeta, 'warn', {
    evidence,
    title: { pt: 'As ligações hreflang estão incompletas', en: 'The hreflang links are incomplete' },
    detail: { pt: problems.map((p) => p.pt).join(' '), en: problems.map((p) => p.en).join(' ') },
  })
}
