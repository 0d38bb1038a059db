// From stored answers to the page's numbers. Everything is recomputed from the answers (text, sources),
// so a better detector re-scores old runs. Pure.
import type { EvidenceStrength, Localized } from '../types.ts'
import { type AnswerAnalysis, analyzeAnswer, type BrandTerms, type Competitor } from './mentions.ts'
import { type Proportion, presenceScore, shareOfVoice, type Trend, trendBetween, wilson } from './metrics.ts'
import { domainOf } from './normalize.ts'
import type { PromptKind } from './prompts.ts'
import { type AnswerSentiment, type SentimentSummary, sentimentSummary } from './sentiment.ts'
import { type SiteSignals, signalGaps } from './site-signals.ts'

export interface StoredAnswer {
  modelKey: string
  /** e.g. "ChatGPT (gpt-5-mini)" */
  modelLabel: string
  promptId: string
  prompt: string
  kind: PromptKind
  lang: 'pt' | 'en'
  repeat: number
  status: 'ok' | 'error'
  /** When status is 'error': the code and the provider's message (shown on the row). */
  error?: { code: string; message: string; pt: string; en: string }
  text: string
  sources: { url: string; title?: string | undefined; host: string }[]
  modelId: string
  webSearch: boolean
  usage: { inputTokens: number; outputTokens: number; costUsd: number }
  date: string
  /** The judge model's verdict on the sentences naming the brand (only when one is configured). */
  sentiment?: AnswerSentiment | undefined
}

export interface RateSet {
  mention: Proportion
  unbranded: Proportion
  branded: Proportion
  citation: Proportion
  /** Mean 1/position over unbranded answers naming the brand; null when none did. */
  position: number | null
  /** Mean rank (1 = first) over answers naming the brand. */
  meanRank: number | null
  presenceScore: number | null
}

export interface ModelSummary extends RateSet {
  key: string
  name: string
  trend: Trend
  lastMention: string | null
  errors: number
  sentiment: SentimentSummary
}

export interface CompetitorRow {
  name: string
  domain: string | null
  mentions: number
  /** Share of voice 0-100 (rounded), null when nobody was named. */
  score: number | null
  /** Change in share of voice points since the previous run; null without one. */
  growth: number | null
  isBrand: boolean
  /** The site's Farol audit signals (SEO, AIO, llms.txt, FAQ…), when it was audited. */
  signals: SiteSignals | null
}

export interface Recommendation {
  id: string
  title: Localized
  detail: Localized
  evidence: string[]
  grade: EvidenceStrength
}

export interface VisibilityReport {
  overall: RateSet
  models: ModelSummary[]
  competitors: CompetitorRow[]
  candidates: { name: string; count: number }[]
  /** Hosts most cited by the answers (what the assistants read instead). */
  topSources: { host: string; count: number }[]
  recommendations: Recommendation[]
  answers: (StoredAnswer & { analysis: AnswerAnalysis | null })[]
  totals: { answers: number; errors: number; costUsd: number; inputTokens: number; outputTokens: number }
  /** Over the answers naming the brand; judge null when no judge model is configured. */
  sentiment: SentimentSummary
  // The specification's LLM report fields, filled from the above.
  score: number | null
  totalMentions: number
  accuracyScore: null
  mentions: {
    model: string
    query: string
    response: string
    hasMention: boolean
    needsCorrection: boolean
    date: string
  }[]
  outdatedInfo: string[]
  presenceScore: number | null
  modelPresence: { name: string; score: number | null }[]
}

/** Counts a previous run keeps so the next one can say up/down and growth. */
export interface RunCounts {
  overall: { k: number; n: number }
  models: Record<string, { k: number; n: number }>
  shareOfVoice: Record<string, number | null>
}

function rates(items: { a: StoredAnswer; x: AnswerAnalysis }[]): RateSet {
  const unbranded = items.filter((i) => i.a.kind !== 'branded')
  const branded = items.filter((i) => i.a.kind === 'branded')
  const searched = items.filter((i) => i.a.webSearch)
  const count = (xs: typeof items) => xs.filter((i) => i.x.mentioned).length
  const ranks = items.filter((i) => i.x.position !== null).map((i) => i.x.position as number)
  const unbrandedRanks = unbranded
    .filter((i) => i.x.position !== null)
    .map((i) => 1 / (i.x.position as number))
  const set = {
    mention: wilson(count(items), items.length),
    unbranded: wilson(count(unbranded), unbranded.length),
    branded: wilson(count(branded), branded.length),
    citation: wilson(searched.filter((i) => i.x.cited).length, searched.length),
    position: unbrandedRanks.length
      ? unbrandedRanks.reduce((s, v) => s + v, 0) / unbrandedRanks.length
      : unbranded.length
        ? 0
        : null,
    meanRank: ranks.length ? ranks.reduce((s, v) => s + v, 0) / ranks.length : null,
  }
  return {
    ...set,
    presenceScore: presenceScore({
      unbranded: set.unbranded.rate,
      branded: set.branded.rate,
      citation: set.citation.rate,
      position: set.position,
    }),
  }
}

export function buildVisibilityReport(input: {
  answers: StoredAnswer[]
  brand: BrandTerms
  competitors: Competitor[]
  previous?: RunCounts | null
  /** Audit signals per tracked brand name (signed-in runs audit the brand's and competitors' sites). */
  sites?: Record<string, SiteSignals>
  /** The configured judge model's key (FAROL_LLM_JUDGE), or null. */
  judge?: string | null
}): VisibilityReport {
  const { brand, competitors } = input
  const analysed = input.answers.map((a) => ({
    ...a,
    analysis: a.status === 'ok' ? analyzeAnswer(a.text, a.sources, brand, competitors) : null,
  }))
  const ok = analysed.flatMap((a) => (a.analysis ? [{ a, x: a.analysis }] : []))
  const overall = rates(ok)

  const modelKeys = [...new Set(input.answers.map((a) => a.modelKey))]
  const models: ModelSummary[] = modelKeys.map((key) => {
    const mine = ok.filter((i) => i.a.modelKey === key)
    const r = rates(mine)
    const prev = input.previous?.models[key]
    const last =
      mine
        .filter((i) => i.x.mentioned)
        .map((i) => i.a.date)
        .sort()
        .at(-1) ?? null
    return {
      key,
      name: input.answers.find((a) => a.modelKey === key)?.modelLabel ?? key,
      ...r,
      trend: prev ? trendBetween(prev, { k: r.mention.k, n: r.mention.n }).trend : 'stable',
      lastMention: last,
      errors: analysed.filter((a) => a.modelKey === key && a.status === 'error').length,
      sentiment: sentimentSummary(
        mine.filter((i) => i.x.mentioned).map((i) => i.a),
        input.judge ?? null,
      ),
    }
  })

  // Share of voice: answers naming each tracked brand.
  const counts: Record<string, number> = { [brand.name]: ok.filter((i) => i.x.mentioned).length }
  for (const c of competitors) counts[c.name] = ok.filter((i) => i.x.competitorsNamed.includes(c.name)).length
  const competitorRows: CompetitorRow[] = [
    { name: brand.name, domain: brand.domain || null, isBrand: true },
    ...competitors.map((c) => ({
      name: c.name,
      domain: c.domain ? domainOf(c.domain) : null,
      isBrand: false,
    })),
  ].map((row) => {
    const sov = shareOfVoice(counts, row.name)
    const prev = input.previous?.shareOfVoice[row.name]
    return {
      ...row,
      mentions: counts[row.name] ?? 0,
      score: sov === null ? null : Math.round(sov * 100),
      growth: sov !== null && prev !== undefined && prev !== null ? Math.round((sov - prev) * 100) : null,
      signals: input.sites?.[row.name] ?? null,
    }
  })

  const candidateCounts = new Map<string, number>()
  for (const i of ok)
    for (const c of i.x.candidates) candidateCounts.set(c, (candidateCounts.get(c) ?? 0) + 1)
  const candidates = [...candidateCounts.entries()]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, 15)

  const hostCounts = new Map<string, number>()
  for (const i of ok)
    for (const h of new Set(i.a.sources.map((s) => s.host).filter(Boolean)))
      hostCounts.set(h, (hostCounts.get(h) ?? 0) + 1)
  const topSources = [...hostCounts.entries()]
    .map(([host, count]) => ({ host, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, 10)

  const totals = {
    answers: analysed.length,
    errors: analysed.filter((a) => a.status === 'error').length,
    costUsd: Math.round(analysed.reduce((s, a) => s + a.usage.costUsd, 0) * 1e6) / 1e6,
    inputTokens: analysed.reduce((s, a) => s + a.usage.inputTokens, 0),
    outputTokens: analysed.reduce((s, a) => s + a.usage.outputTokens, 0),
  }

  return {
    overall,
    models,
    competitors: competitorRows,
    candidates,
    topSources,
    recommendations: recommend({ overall, ok, competitorRows, candidates, topSources, brand }).concat(
      competitorGaps(competitorRows),
    ),
    answers: analysed,
    totals,
    sentiment: sentimentSummary(
      ok.filter((i) => i.x.mentioned).map((i) => i.a),
      input.judge ?? null,
    ),
    score: overall.presenceScore,
    totalMentions: overall.mention.k,
    accuracyScore: null,
    mentions: analysed.map((a) => ({
      model: a.modelLabel,
      query: a.prompt,
      response: a.text,
      hasMention: a.analysis?.mentioned ?? false,
      needsCorrection: false,
      date: a.date,
    })),
    outdatedInfo: [],
    presenceScore: overall.presenceScore,
    modelPresence: models.map((m) => ({ name: m.name, score: m.presenceScore })),
  }
}

/** The counts the next run compares against. */
export function runCounts(report: VisibilityReport): RunCounts {
  return {
    overall: { k: report.overall.mention.k, n: report.overall.mention.n },
    models: Object.fromEntries(report.models.map((m) => [m.key, { k: m.mention.k, n: m.mention.n }])),
    shareOfVoice: Object.fromEntries(
      report.competitors.map((c) => [c.name, c.score === null ? null : c.score / 100]),
    ),
  }
}

const pct = (p: number | null) => (p === null ? '—' : `${Math.round(p * 100)}%`)

function recommend(r: {
  overall: RateSet
  ok: { a: StoredAnswer; x: AnswerAnalysis }[]
  competitorRows: CompetitorRow[]
  candidates: { name: string; count: number }[]
  topSources: { host: string; count: number }[]
  brand: BrandTerms
}): Recommendation[] {
  const out: Recommendation[] = []
  const { overall } = r
  const rivals = [
    ...r.competitorRows.filter((c) => !c.isBrand && c.mentions > 0).map((c) => c.name),
    ...r.candidates.map((c) => c.name),
  ].slice(0, 3)
  if (overall.unbranded.n > 0 && (overall.unbranded.rate ?? 0) < 0.5) {
    const names = rivals.join(', ')
    out.push({
      id: 'unbranded-absent',
      title: {
        pt: 'A marca aparece em menos de metade das respostas a perguntas sem o seu nome',
        en: 'The brand appears in fewer than half of the answers to questions that do not name it',
      },
      detail: {
        pt: `Em ${overall.unbranded.n} respostas a perguntas de descoberta e comparação, a marca foi nomeada em ${pct(overall.unbranded.rate)}${names ? `; em vez dela aparecem ${names}` : ''}. Publique páginas que respondam diretamente a essas perguntas (serviço + localidade), com dados concretos, FAQ marcada com schema.org e um llms.txt.`,
        en: `In ${overall.unbranded.n} answers to discovery and comparison questions the brand was named in ${pct(overall.unbranded.rate)}${names ? `; ${names} appear instead` : ''}. Publish pages that answer those questions directly (service + place) with concrete facts, FAQ markup (schema.org) and an llms.txt.`,
      },
      evidence: [
        `unbranded mention rate ${overall.unbranded.k}/${overall.unbranded.n}`,
        ...rivals.map((n) => `named instead: ${n}`),
      ],
      grade: 'likely',
    })
  }
  const negated = r.ok.filter((i) => i.x.negated)
  if (negated.length > 0) {
    out.push({
      id: 'unknown-brand',
      title: {
        pt: 'Há assistentes que dizem não conhecer a marca',
        en: 'Some assistants say they do not know the brand',
      },
      detail: {
        pt: `${negated.length} respostas disseram não ter informação sobre ${r.brand.name}. Torne os factos da marca fáceis de ler: página "Sobre" com nome, morada e serviços, dados estruturados Organization/LocalBusiness, perfis consistentes noutros sites.`,
        en: `${negated.length} answers said they have no information about ${r.brand.name}. Make the brand's facts easy to read: an About page with name, address and services, Organization/LocalBusiness structured data, consistent profiles on other sites.`,
      },
      evidence: negated.slice(0, 3).map((i) => `${i.a.modelLabel}: "${i.a.prompt}"`),
      grade: 'likely',
    })
  }
  const negative = r.ok.filter((i) => i.x.mentioned && i.a.sentiment?.label === 'negative')
  if (negative.length > 0) {
    const judge = negative[0]?.a.sentiment?.judge ?? ''
    out.push({
      id: 'negative-sentiment',
      title: {
        pt: 'Há respostas que falam mal da marca',
        en: 'Some answers speak negatively of the brand',
      },
      detail: {
        pt: `O modelo avaliador (${judge}) classificou como negativas ${negative.length} respostas que nomeiam ${r.brand.name}. Leia as frases assinaladas: se repetem queixas reais, responda-lhes publicamente (avaliações, FAQ); se estão erradas, corrija a fonte com o separador Conhecimento.`,
        en: `The judge model (${judge}) rated ${negative.length} answers naming ${r.brand.name} as negative. Read the marked sentences: if they repeat real complaints, answer them in public (reviews, FAQ); if they are wrong, fix the source with the Knowledge tab.`,
      },
      evidence: negative
        .slice(0, 3)
        .map(
          (i) =>
            `${i.a.modelLabel}: "${i.a.prompt}" (judge: ${i.a.sentiment?.label === 'negative' ? i.a.sentiment.reason : ''})`,
        ),
      grade: 'likely',
    })
  }
  if (overall.citation.n > 0 && (overall.citation.rate ?? 0) < 0.2) {
    const hosts = r.topSources.slice(0, 3).map((s) => s.host)
    out.push({
      id: 'not-cited',
      title: { pt: 'O site raramente é citado como fonte', en: 'The site is rarely cited as a source' },
      detail: {
        pt: `Em ${overall.citation.n} respostas com pesquisa na web, o domínio ${r.brand.domain} foi citado em ${pct(overall.citation.rate)}.${hosts.length ? ` As fontes mais citadas foram ${hosts.join(', ')}: veja o que publicam (estatísticas, listas, perguntas e respostas) e se os rastreadores de IA podem ler o seu site.` : ''}`,
        en: `In ${overall.citation.n} web-search answers, ${r.brand.domain} was cited in ${pct(overall.citation.rate)}.${hosts.length ? ` The most cited sources were ${hosts.join(', ')}: see what they publish (statistics, lists, questions and answers) and whether AI crawlers may read your site.` : ''}`,
      },
      evidence: [
        `citation rate ${overall.citation.k}/${overall.citation.n}`,
        ...hosts.map((h) => `cited instead: ${h}`),
      ],
      grade: 'likely',
    })
  }
  return out
}

/** When named competitors do things for assistants that the brand's site does not (llms.txt, FAQ…). */
function competitorGaps(rows: CompetitorRow[]): Recommendation[] {
  const brand = rows.find((r) => r.isBrand)?.signals ?? null
  const named = rows.filter((r) => !r.isBrand && r.mentions > 0 && r.signals)
  const gaps = signalGaps(
    brand,
    named.map((r) => ({ name: r.name, signals: r.signals as SiteSignals })),
  )
  if (!gaps.length) return []
  return [
    {
      id: 'competitors-do-more',
      title: {
        pt: 'Os concorrentes que os assistentes nomeiam fazem o que o seu site não faz',
        en: 'The competitors the assistants name do what your site does not',
      },
      detail: {
        pt: `Comparação das auditorias Farol dos sites: ${gaps.map((g) => g.pt).join('; ')}.`,
        en: `From the sites' Farol audits: ${gaps.map((g) => g.en).join('; ')}.`,
      },
      evidence: gaps.map((g) => g.en),
      grade: 'likely',
    },
  ]
}
