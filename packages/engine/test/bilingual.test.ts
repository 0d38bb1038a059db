// Every user-visible text the engine emits for a finding (title, description, evidence labels and targets,
// evidence-strength note, AIO strengths, weaknesses and recommendations) exists in both languages: the
// Portuguese is not English left untranslated and the English is not Portuguese. Run over every fixture
// site, so a new label that is written in one language only fails here. Lighthouse's texts (opportunity
// titles, descriptions, savings, agentic audit titles) are checked on a saved Lighthouse run.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AGENTIC_AUDIT_NAMES } from '../src/aio/agentic.ts'
import { type AioResult, analyzeAio } from '../src/aio/index.ts'
import { artifactsFromHtml } from '../src/gather/testing.ts'
import { lighthouseTexts } from '../src/lighthouse/localize.ts'
import { mapLighthouseResult } from '../src/lighthouse/map.ts'
import type { LighthouseResult, SeoResult } from '../src/lighthouse/types.ts'
import { runSeoChecks } from '../src/seo/index.ts'
import type { Finding, Localized, PageArtifacts } from '../src/types.ts'

const SITES = join(import.meta.dirname, 'fixtures/sites')
const NOW = new Date('2025-06-01T00:00:00Z')
/** A real Lighthouse run in English: its agentic-browsing audits carry English titles. */
const LHR = JSON.parse(
  readFileSync(join(import.meta.dirname, '../src/lighthouse/__fixtures__/lhr-mobile.json'), 'utf8'),
) as LighthouseResult
/** Its texts in both languages, as the Lighthouse worker renders them. */
const LHR_TEXTS = await lighthouseTexts(LHR)
const AGENTIC = mapLighthouseResult(LHR, { title: '', description: '' }, LHR_TEXTS).agenticAudits
/** Every agentic audit scored as failing, so each one also yields a weakness and a recommendation. */
const AGENTIC_FAILING = AGENTIC.map((a) => ({ ...a, score: 0 }))

/** Labels that are code or names and read the same in both languages. */
const TECHNICAL = new Set([
  '<html lang>',
  'meta description',
  'meta robots',
  'meta googlebot',
  'meta viewport',
  'X-Robots-Tag',
  'Strict-Transport-Security',
  'twitter:card',
  'og:title',
  'og:description',
  'og:image',
  'og:url',
  'og:type',
  '@type',
  'width=device-width, initial-scale=1',
  '<main> <header> <nav> <footer>',
  'scripts',
  'https://',
  '2xx',
  // A metric's name, which Lighthouse's Portuguese keeps in English.
  'Cumulative Layout Shift',
])

/** Words that only English text contains (checked in Portuguese texts). */
// Whole words: \b would also match inside a Portuguese word at an accented letter ("for" in "forçado").
const ENGLISH =
  /(?<!\p{L})(the|and|of|with|without|is|are|not|found|words|links|present|allowed|blocked|unknown|unreachable|page|text|images|errors|length|sentences|paragraphs|headings|average|per|from|this|has|have|for|yes|owner|named|count|ratio|lines|fetched|characters|none)(?!\p{L})/iu
/** Words that only Portuguese text contains (checked in English texts). */
const PORTUGUESE =
  /(?<!\p{L})(não|sim|palavras|página|ligações|títulos|frases|parágrafos|sem|com|são|está|presente|permitido|bloqueado|imagens|erros|nenhum|caracteres)(?!\p{L})/iu

interface Site {
  name: string
  /** Every file of the fixture: texts quoted from the page are page content, not engine strings. */
  source: string
  artifacts: PageArtifacts
}

function sites(): Site[] {
  return readdirSync(SITES).map((name) => {
    const file = (f: string) =>
      existsSync(join(SITES, name, f)) ? readFileSync(join(SITES, name, f), 'utf8') : null
    // As the fixture server serves it: `{{origin}}` is its origin (test/fixtures/server.ts).
    const html = (file('index.html') ?? '').replaceAll('{{origin}}', 'https://farol.example')
    const side = ['robots.txt', 'llms.txt', 'sitemap.xml'].map((f) => file(f) ?? '').join('\n')
    return {
      name,
      source: `${html}\n${side}`,
      artifacts: artifactsFromHtml(html, {
        url: 'https://farol.example/guias/otimizacao-ia',
        robotsTxt: file('robots.txt'),
        llmsTxt: file('llms.txt'),
        sitemapXml: file('sitemap.xml'),
      }),
    }
  })
}

/** Every Localized text a finding shows, with where it comes from (for the failure message). */
function findingTexts(f: Finding): [string, Localized][] {
  const out: [string, Localized][] = [
    [`${f.id} title`, f.title],
    [`${f.id} description`, f.description],
  ]
  if (f.strength) out.push([`${f.id} strength`, f.strength.note])
  for (const e of f.evidence) {
    out.push([`${f.id} evidence`, e.signal])
    if (e.target) out.push([`${f.id} evidence target`, e.target])
  }
  return out
}

/** Drops what is quoted from the page, URLs, markup, file and domain names, which stay as they are. */
function ownWords(text: string): string {
  return text
    .replace(/"[^"]*"|“[^”]*”/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\w/-]+(?:\.[\w-]+)+/g, ' ')
}

/** Every Localized text of the AIO lists, with where it comes from. */
function aioListTexts(aio: AioResult): [string, Localized][] {
  return [
    ...aio.strengths.map((s): [string, Localized] => ['strength', s.title]),
    ...aio.weaknesses.map((w): [string, Localized] => ['weakness', w.explanation]),
    ...aio.recommendations.flatMap((r): [string, Localized][] => [
      ['recommendation title', r.title],
      ['recommendation', r.explanation],
    ]),
  ]
}

/** Every Lighthouse text an SEO result shows (pages, dashboard, PDF), with where it comes from. */
function lighthouseShownTexts(seo: SeoResult): [string, Localized][] {
  return [
    ...seo.recommendations.flatMap((r): [string, Localized][] => [
      [`${r.id} title`, r.title],
      [`${r.id} description`, r.description],
      ...(r.displayValue ? [[`${r.id} savings`, r.displayValue] as [string, Localized]] : []),
    ]),
    ...seo.agenticAudits.map((a): [string, Localized] => [`${a.id} title`, a.title]),
  ]
}

function problems(site: Site, where: string, text: Localized): string[] {
  const out: string[] = []
  const neutral = !/\p{L}/u.test(text.pt) || TECHNICAL.has(text.pt) || site.source.includes(text.pt)
  if (text.pt === text.en && !neutral) out.push(`${where}: same text in both languages: "${text.en}"`)
  const english = ownWords(text.pt).match(ENGLISH)
  if (english) out.push(`${where}: English word "${english[0]}" in Portuguese: "${text.pt}"`)
  const portuguese = ownWords(text.en).match(PORTUGUESE)
  if (portuguese) out.push(`${where}: Portuguese word "${portuguese[0]}" in English: "${text.en}"`)
  return out
}

describe('engine output in both languages', () => {
  const all = sites()

  it('covers the fixtures that exercise the AIO and SEO branches', () => {
    expect(all.map((s) => s.name)).toEqual(
      expect.arrayContaining(['aio-good', 'aio-poor', 'aio-blocked', 'pt', 'en']),
    )
  })

  for (const site of all) {
    it(`${site.name}: every finding text is translated`, () => {
      for (const agenticAudits of [undefined, AGENTIC, AGENTIC_FAILING]) {
        const aio = analyzeAio(site.artifacts, agenticAudits ? { agenticAudits } : undefined, { now: NOW })
        const seo = runSeoChecks(site.artifacts)
        const findings = [...aio.findings, ...seo.findings]
        expect(findings.length).toBeGreaterThan(20)
        const found = findings.flatMap((f) =>
          findingTexts(f).flatMap(([where, text]) => problems(site, where, text)),
        )
        expect(found).toEqual([])
      }
    })

    it(`${site.name}: evidence values carry no English words in Portuguese`, () => {
      const findings = [
        ...analyzeAio(site.artifacts, undefined, { now: NOW }).findings,
        ...runSeoChecks(site.artifacts).findings,
      ]
      const words = findings.flatMap((f) =>
        f.evidence
          .filter((e): e is typeof e & { value: string } => typeof e.value === 'string')
          .flatMap((e) => {
            // Lists of page content ("3: Disallow: /x; 5: …") are checked item by item; a sentence quoted
            // from the page (evidence of sentence length) is page content even with links inside it.
            const pageText = site.source.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')
            const own = e.value
              .split(/; |, /)
              .map((part) => part.replace(/^\d+: /, ''))
              .filter((part) => !site.source.includes(part) && !pageText.includes(part))
            const m = ownWords(own.join(' ')).match(ENGLISH)
            return m ? [`${f.id} ${e.signal.en}: "${e.value}"`] : []
          }),
      )
      expect(words).toEqual([])
    })

    it(`${site.name}: AIO strengths, weaknesses and recommendations are in both languages`, () => {
      for (const agenticAudits of [undefined, AGENTIC, AGENTIC_FAILING]) {
        const aio = analyzeAio(site.artifacts, agenticAudits ? { agenticAudits } : undefined, { now: NOW })
        const texts = aioListTexts(aio)
        expect(texts.length).toBeGreaterThan(5)
        expect(texts.flatMap(([where, text]) => problems(site, where, text))).toEqual([])
      }
    })
  }

  it("names every Lighthouse agentic audit in Portuguese, not with Lighthouse's English title", () => {
    // A new audit in Lighthouse's agentic-browsing category must be named in AGENTIC_AUDIT_NAMES.
    expect(AGENTIC.length).toBeGreaterThan(0)
    expect(AGENTIC.map((a) => a.id).filter((id) => !AGENTIC_AUDIT_NAMES[id])).toEqual([])
    const site = all.find((s) => s.name === 'aio-good') as Site
    const aio = analyzeAio(site.artifacts, { agenticAudits: AGENTIC_FAILING }, { now: NOW })
    const agentic = aio.findings.filter((f) => f.id.startsWith('aio-agentic-'))
    // Lighthouse's llms-txt is folded into Farol's own aio-llms-txt finding (src/aio/agentic.ts).
    expect(agentic).toHaveLength(AGENTIC.filter((a) => a.id !== 'llms-txt').length)
    const pt = [...agentic.flatMap(findingTexts), ...aioListTexts(aio)].map(([, text]) => text.pt)
    // Lighthouse's titles sit inside quotes, which the word check skips: look for them whole (a title
    // that is a technical name, as "Cumulative Layout Shift", may stay in the Portuguese name).
    const english = AGENTIC.filter((a) => !AGENTIC_AUDIT_NAMES[a.id]?.pt.includes(a.title.en)).flatMap((a) =>
      pt.filter((text) => text.includes(a.title.en)).map((text) => `${a.id}: "${text}"`),
    )
    expect(english).toEqual([])
  })

  it("shows Lighthouse's texts (opportunities, savings, agentic audits) in both languages", () => {
    // Every opportunity and insight of the run marked failing, so each one becomes a recommendation.
    const failing = structuredClone(LHR)
    for (const audit of Object.values(failing.audits)) {
      if (audit.details?.type === 'opportunity' || audit.id.endsWith('-insight')) {
        audit.score = 0
        audit.scoreDisplayMode = 'metricSavings'
      }
    }
    const seo = mapLighthouseResult(failing, { title: '', description: '' }, LHR_TEXTS)
    expect(seo.recommendations.length).toBeGreaterThan(15)
    expect(seo.recommendations.filter((r) => r.displayValue).length).toBeGreaterThan(2)
    const texts = lighthouseShownTexts(seo)
    const none: Site = { name: 'lighthouse', source: '', artifacts: all[0]!.artifacts }
    expect(texts.flatMap(([where, text]) => problems(none, where, text))).toEqual([])
    // Without the worker's texts the run's language stands for both, which the check catches.
    const untranslated = lighthouseShownTexts(mapLighthouseResult(failing))
    expect(untranslated.flatMap(([where, text]) => problems(none, where, text)).length).toBeGreaterThan(15)
  })

  it('fails on a label left in English (the check itself works)', () => {
    const site = all[0] as Site
    expect(problems(site, 'x', { pt: 'words in HTML', en: 'words in HTML' })).toHaveLength(2)
    expect(problems(site, 'x', { pt: 'palavras no HTML', en: 'palavras no HTML' })).not.toEqual([])
    expect(problems(site, 'x', { pt: 'palavras no HTML', en: 'words in HTML' })).toEqual([])
  })
})
