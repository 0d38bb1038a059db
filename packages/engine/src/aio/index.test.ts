import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import type { PageArtifacts, TextArtifact } from '../types.ts'
import { analyzeAio } from './index.ts'

const SITES = join(import.meta.dirname, '../../test/fixtures/sites')
const NOW = new Date('2025-06-01T00:00:00Z')

function textArtifact(site: string, file: string, origin: string): TextArtifact {
  const path = join(SITES, site, file)
  return existsSync(path)
    ? { url: `${origin}/${file}`, status: 200, content: readFileSync(path, 'utf8') }
    : { url: `${origin}/${file}`, status: 404, content: null }
}

/** PageArtifacts for a fixture site, as the gatherers would build them (no network needed). */
function artifacts(site: string, opts: { renderedHtml?: string | null; html?: string } = {}): PageArtifacts {
  const origin = 'https://farol.example'
  const url = `${origin}/guias/otimizacao-ia`
  const body = opts.html ?? readFileSync(join(SITES, site, 'index.html'), 'utf8')
  return {
    page: {
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      redirects: [],
      contentType: 'text/html',
      charset: 'utf-8',
      body,
      bodyBytes: Buffer.byteLength(body),
      remoteAddress: '203.0.113.10',
      timings: { startMs: 0, firstByteMs: 10, totalMs: 20 },
    },
    $: load(body),
    robotsTxt: textArtifact(site, 'robots.txt', origin),
    llmsTxt: textArtifact(site, 'llms.txt', origin),
    renderedHtml: opts.renderedHtml ?? null,
  }
}

const ids = (r: ReturnType<typeof analyzeAio>, verdict: string) =>
  r.findings.filter((f) => f.verdict === verdict).map((f) => f.id)

describe('analyzeAio on the fixtures', () => {
  const good = analyzeAio(artifacts('aio-good'), undefined, { now: NOW })
  const poor = analyzeAio(artifacts('aio-poor'), undefined, { now: NOW })

  it('scores the good page clearly above the poor one on every score', () => {
    expect(good.scores.overall).toBeGreaterThanOrEqual(80)
    expect(poor.scores.overall).toBeLessThanOrEqual(45)
    for (const key of ['human_readability', 'llm_interpretability', 'logical_structure'] as const) {
      expect(good.scores[key] - poor.scores[key], key).toBeGreaterThanOrEqual(25)
    }
  })

  it('scores are integers in 0-100 and overall is the documented weighted mean', () => {
    for (const r of [good, poor]) {
      for (const v of Object.values(r.scores)) {
        expect(Number.isInteger(v)).toBe(true)
        expect(v).toBeGreaterThanOrEqual(0)
        expect(v).toBeLessThanOrEqual(100)
      }
      const { human_readability: h, llm_interpretability: l, logical_structure: s } = r.scores
      expect(r.scores.overall).toBe(Math.round(0.3 * h + 0.4 * l + 0.3 * s))
    }
  })

  it('measures the good page as Portuguese with short sentences, answered questions, author and entity', () => {
    const s = good.signals
    expect(s.contentLanguage).toBe('pt')
    expect(s.readability.averageSentenceLength).toBeLessThan(15)
    // "Como começar hoje" opens with an interrogative, so it counts too.
    // Issue 42: "Como começar hoje" (interrogative + infinitive) is a section title, no longer a question.
    expect(s.headings.questionHeadings).toBe(5)
    expect(s.headings.answeredQuestions).toBe(5)
    expect(s.authorship).toMatchObject({ author: 'Ana Marques', authorSource: 'json-ld', ageDays: 11 })
    expect(s.entity.organization?.sameAs).toHaveLength(3)
    expect(s.entity.nameConsistency).toBe(1)
    expect(s.facts.citedDomains).toEqual(['arxiv.org', 'investigacao.example'])
    expect(s.facts.quotations).toBe(1)
    expect(s.facts.statistics).toBeGreaterThanOrEqual(3)
    expect(s.llmsTxt.wellFormed).toBe(true)
    expect(ids(good, 'fail')).toEqual([])
    expect(ids(good, 'pass')).toEqual(
      expect.arrayContaining([
        'aio-crawler-view',
        'aio-robots-search',
        'aio-entity',
        'aio-author',
        'aio-question-headings',
      ]),
    )
  })

  it('treats the good site blocking GPTBot as a choice, not a weakness', () => {
    const training = good.findings.find((f) => f.id === 'aio-robots-training')
    expect(training?.verdict).toBe('info')
    expect(training?.title.pt).toContain('GPTBot')
    expect(good.signals.robots.blocked).toEqual({ training: ['GPTBot'], search: [], user: [] })
    expect(good.weaknesses.some((w) => w.explanation.en.includes('GPTBot'))).toBe(false)
  })

  it('names the specific weaknesses of the poor page with measured values', () => {
    const fails = ids(poor, 'fail')
    expect(fails).toEqual(
      expect.arrayContaining([
        'aio-sentence-length',
        'aio-entity',
        'aio-semantic-html',
        'aio-heading-hierarchy',
      ]),
    )
    expect(ids(poor, 'warn')).toEqual(expect.arrayContaining(['aio-author', 'aio-dates', 'aio-statistics']))
    const asl = String(poor.signals.readability.averageSentenceLength).replace('.', ',')
    expect(poor.weaknesses.map((w) => w.explanation)).toContainEqual(
      poor.findings.find((f) => f.id === 'aio-sentence-length')?.description,
    )
    expect(
      poor.weaknesses.some((w) =>
        w.explanation.pt.startsWith(`Frases com média de ${asl} palavras; o alvo é menos de 20.`),
      ),
    ).toBe(true)
    expect(poor.signals.semantics.divRatio).toBeGreaterThan(0.8)
    expect(poor.recommendations.map((r) => r.title.pt)).toEqual(
      expect.arrayContaining([
        'Encurte as frases',
        'Adicione JSON-LD de Organization com sameAs',
        'Indique quem escreveu',
      ]),
    )
  })

  it('writes strengths, weaknesses and recommendations in both languages', () => {
    expect(poor.recommendations.map((r) => r.title.en)).toContain('Shorten the sentences')
    expect(
      poor.weaknesses.some((w) =>
        /^Sentences average [\d.]+ words; the target is under 20\./.test(w.explanation.en),
      ),
    ).toBe(true)
    expect(poor.weaknesses.some((w) => w.explanation.pt.startsWith('Sentences average'))).toBe(false)
    expect(good.strengths.map((s) => s.title)).toContainEqual({
      pt: 'Autor identificado: Ana Marques',
      en: 'Author identified: Ana Marques',
    })
  })

  it('gives every finding evidence, a bilingual text and an evidence strength', () => {
    for (const f of [...good.findings, ...poor.findings]) {
      expect(f.evidence.length, f.id).toBeGreaterThan(0)
      expect(f.title.pt && f.title.en && f.description.pt && f.description.en, f.id).toBeTruthy()
      expect(f.strength?.note.pt, f.id).toBeTruthy()
    }
    const strengthOf = (id: string) => good.findings.find((f) => f.id === id)?.strength?.level
    expect(strengthOf('aio-crawler-view')).toBe('established')
    expect(strengthOf('aio-robots-search')).toBe('established')
    expect(strengthOf('aio-entity')).toBe('likely')
    expect(strengthOf('aio-statistics')).toBe('contested')
    expect(strengthOf('aio-llms-txt')).toBe('speculative')
    expect(good.findings.find((f) => f.id === 'aio-statistics')?.strength?.note.en).toMatch(
      /GEO.*KDD 2024.*C-SEO Bench/,
    )
  })

  it('gives llms.txt no weight in the scores', () => {
    const a = artifacts('aio-good')
    const without = analyzeAio(
      { ...a, llmsTxt: { url: a.llmsTxt.url, status: 404, content: null } },
      undefined,
      { now: NOW },
    )
    expect(without.scores).toEqual(good.scores)
    // A 404 is "no llms.txt": not applicable, as Lighthouse.
    expect(without.findings.find((f) => f.id === 'aio-llms-txt')?.verdict).toBe('na')
  })

  it('a 4xx/5xx document: robots.txt and llms.txt judged, the content not audited, scores 0', () => {
    const a = artifacts('aio-good')
    for (const status of [403, 500]) {
      const r = analyzeAio({ ...a, page: { ...a.page, status } }, undefined, { now: NOW })
      expect(r.notAudited?.en).toContain(`HTTP status ${status}`)
      expect(r.scores).toEqual({
        overall: 0,
        human_readability: 0,
        llm_interpretability: 0,
        logical_structure: 0,
      })
      const ids = r.findings.map((f) => f.id)
      expect(ids).toContain('aio-content')
      expect(ids).toContain('aio-robots-search')
      expect(ids).toContain('aio-llms-txt')
      expect(ids).not.toContain('aio-readability')
      expect(r.findings.find((f) => f.id === 'aio-content')).toMatchObject({ verdict: 'na' })
    }
    expect(good.notAudited).toBeUndefined()
  })
})

describe('analyzeAio: AI crawler access', () => {
  it('flags blocked AI search crawlers as a serious weakness and blocked user fetchers as a warning', () => {
    const r = analyzeAio(artifacts('aio-blocked'), undefined, { now: NOW })
    expect(r.signals.robots.blocked).toEqual({
      training: [],
      search: ['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot'],
      user: ['Perplexity-User'],
    })
    const search = r.findings.find((f) => f.id === 'aio-robots-search')
    expect(search).toMatchObject({ verdict: 'fail', impact: 'high' })
    expect(r.weaknesses[0]?.explanation.en).toContain('OAI-SearchBot')
    expect(r.findings.find((f) => f.id === 'aio-robots-user')?.verdict).toBe('warn')
    expect(r.signals.contentLanguage).toBe('en')
    // The same page with an open robots.txt scores higher on LLM interpretability.
    const a = artifacts('aio-blocked')
    const open = analyzeAio(
      { ...a, robotsTxt: { url: a.robotsTxt.url, status: 404, content: null } },
      undefined,
      { now: NOW },
    )
    expect(open.scores.llm_interpretability - r.scores.llm_interpretability).toBeGreaterThanOrEqual(20)
  })
})

describe('analyzeAio: JavaScript-only pages', () => {
  const shell =
    '<!doctype html><html lang="pt"><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>'

  it('is a strong weakness when the raw HTML has no text, and says only raw HTML was judged', () => {
    const r = analyzeAio(artifacts('aio-poor', { html: shell }), undefined, { now: NOW })
    const f = r.findings.find((x) => x.id === 'aio-crawler-view')
    expect(f).toMatchObject({ verdict: 'fail', impact: 'high', strength: { level: 'established' } })
    expect(f?.description.pt).toContain('avaliámos só o HTML bruto')
    expect(f?.description.en).toMatch(/GPTBot, ClaudeBot, PerplexityBot/)
    expect(r.weaknesses[0]?.explanation).toEqual(f?.description)
  })

  it('compares raw and rendered text, and reads human readability from the rendered page', () => {
    const rendered = readFileSync(join(SITES, 'aio-good', 'index.html'), 'utf8')
    const r = analyzeAio(artifacts('aio-poor', { html: shell, renderedHtml: rendered }), undefined, {
      now: NOW,
    })
    expect(r.signals.crawlerView.rawWords).toBe(0)
    expect(r.signals.crawlerView.renderedWords).toBeGreaterThan(300)
    expect(r.signals.readabilityMeasuredOn).toBe('rendered')
    expect(r.signals.readability.words).toBeGreaterThan(300)
    expect(r.findings.find((x) => x.id === 'aio-crawler-view')?.verdict).toBe('fail')
    expect(r.scores.human_readability).toBeGreaterThan(60)
  })
})

describe('analyzeAio: Lighthouse agentic audits', () => {
  it('folds the audits into findings and LLM interpretability', () => {
    const a = artifacts('aio-good')
    const base = analyzeAio(a, undefined, { now: NOW })
    const lh = analyzeAio(
      a,
      {
        agenticAudits: [
          { id: 'agent-a', score: 0, title: 'Agent A' },
          { id: 'agent-b', score: null, title: 'Agent B' },
        ],
      },
      { now: NOW },
    )
    expect(lh.findings.find((f) => f.id === 'aio-agentic-agent-a')).toMatchObject({
      verdict: 'fail',
      score: 0,
    })
    expect(lh.findings.find((f) => f.id === 'aio-agentic-agent-b')?.verdict).toBe('na')
    const more = analyzeAio(
      a,
      {
        agenticAudits: [
          { id: 'agent-c', score: 0.5, title: 'Agent C' },
          { id: 'agent-d', score: 0.9, title: 'Agent D' },
          { id: 'llms-txt', score: 0, title: 'llms.txt does not follow recommendations' },
        ],
      },
      { now: NOW },
    )
    // Lighthouse's verdict: pass from 0.9 (its report's threshold), fail below; no middle level.
    expect(more.findings.find((f) => f.id === 'aio-agentic-agent-c')?.verdict).toBe('fail')
    expect(more.findings.find((f) => f.id === 'aio-agentic-agent-d')?.verdict).toBe('pass')
    // Lighthouse's llms-txt is not repeated beside Farol's own llms.txt finding, which shows it as evidence.
    expect(more.findings.some((f) => f.id === 'aio-agentic-llms-txt')).toBe(false)
    const llms = more.findings.find((f) => f.id === 'aio-llms-txt')
    expect(llms?.evidence.find((e) => e.signal.en === 'Lighthouse verdict (llms-txt)')?.value).toBe('fail')
    expect(lh.scores.llm_interpretability).toBeLessThan(base.scores.llm_interpretability)
    expect(lh.components.llm_interpretability.find((c) => c.id === 'agentic')).toMatchObject({
      weight: 0.1,
      score: 0,
    })
    // An audit Farol has no name for keeps Lighthouse's title.
    expect(lh.recommendations.map((r) => r.title.pt)).toContain('Corrija "Agent A" (Lighthouse)')
    // An audit that does not apply to the page asks for nothing.
    expect(lh.recommendations.map((r) => r.title.pt)).not.toContain('Corrija "Agent B" (Lighthouse)')
  })

  it("names Lighthouse's own audits in both languages, whatever language Lighthouse ran in", () => {
    const lh = analyzeAio(
      artifacts('aio-good'),
      {
        agenticAudits: [
          { id: 'agent-accessibility-tree', score: 0, title: 'Accessibility tree is not well-formed' },
        ],
      },
      { now: NOW },
    )
    const f = lh.findings.find((x) => x.id === 'aio-agentic-agent-accessibility-tree')
    expect(f?.title).toEqual({
      pt: 'Lighthouse (agentes): Árvore de acessibilidade bem formada',
      en: 'Lighthouse (agents): Well-formed accessibility tree',
    })
    expect(lh.recommendations.map((r) => r.title)).toContainEqual({
      pt: 'Corrija "Árvore de acessibilidade bem formada" (Lighthouse)',
      en: 'Fix "Well-formed accessibility tree" (Lighthouse)',
    })
  })
})
