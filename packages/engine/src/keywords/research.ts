// One keyword research run: related keywords first (autocomplete of the seed and of "seed ", the site's
// co-occurring terms, DataForSEO's related keywords), then the long tail (every expansion query through
// autocomplete), then the figures of everything found when a volume provider is configured. Progress is
// reported with the results so far, so the page shows related keywords while the long tail still grows.
import { isEngineError } from '../errors.ts'
import { classifyLongTail, expansionQueries, groupOrder, isLongTail, modifiers } from './expansion.ts'
import { dedupKeywords, keywordKey } from './normalize.ts'
import type { KeywordProvider } from './provider.ts'
import type {
  KeywordIdea,
  KeywordResearchResult,
  LongTailIdea,
  Market,
  ProviderId,
  SourceReport,
} from './types.ts'

export interface ResearchInput {
  seed: string
  market: Market
  /** The address the site's text came from (shown with the results). */
  url?: string | null
  /** Autocomplete is keyless and always there; DataForSEO null = not configured; site null = no address. */
  autocomplete: KeywordProvider
  dataforseo: KeywordProvider | null
  site: KeywordProvider | null
  signal?: AbortSignal
  /** Called with the results so far and a percentage; awaited, so writes stay ordered. */
  onProgress?: (partial: KeywordResearchResult, percent: number) => Promise<void> | void
}

/** How many finished long-tail queries between two progress reports. */
const progressEvery = 6

function errorCode(error: unknown): string {
  return isEngineError(error) ? error.code : 'KEYWORDS_PROVIDER_ERROR'
}

/** Long-tail ideas sorted as AnswerThePublic lists them: by group, then modifier order, then as found. */
export function sortLongTail(ideas: LongTailIdea[], market: Market): LongTailIdea[] {
  const m = modifiers[market.lang]
  const modifierRank = (idea: LongTailIdea) => {
    const list =
      idea.group === 'alphabetical'
        ? 'abcdefghijklmnopqrstuvwxyz#'.split('')
        : idea.group === 'questions'
          ? m.questions
          : idea.group === 'prepositions'
            ? m.prepositions
            : m.comparisons
    return list.indexOf(idea.modifier)
  }
  return ideas
    .map((idea, index) => ({ idea, index }))
    .sort(
      (a, b) =>
        groupOrder.indexOf(a.idea.group) - groupOrder.indexOf(b.idea.group) ||
        modifierRank(a.idea) - modifierRank(b.idea) ||
        a.index - b.index,
    )
    .map((x) => x.idea)
}

export async function researchKeywords(input: ResearchInput): Promise<KeywordResearchResult> {
  const { seed, market, signal } = input
  const seedKey = keywordKey(seed)
  const reports = new Map<ProviderId, SourceReport>()
  const report = (id: ProviderId, status: SourceReport['status']) =>
    reports.set(id, { id, status, count: 0, requests: 0, errorCode: null })
  report('autocomplete', 'answered')
  if (input.dataforseo) report('dataforseo', 'answered')
  else report('dataforseo', 'not_configured')
  if (input.site) report('site', 'answered')
  else report('site', 'not_used')

  const autocompleteRelated: KeywordIdea[] = []
  const siteRelated: KeywordIdea[] = []
  const providerRelated: KeywordIdea[] = []
  const longTail: LongTailIdea[] = []
  let autocompleteAnswers = 0

  const fail = (id: ProviderId, error: unknown) => {
    if (signal?.aborted) throw signal.reason
    const r = reports.get(id)!
    r.errorCode ??= errorCode(error)
  }

  const addLongTail = (suggestions: KeywordIdea[]) => {
    for (const idea of suggestions) {
      if (!isLongTail(idea.keyword, seed, market.lang)) continue
      longTail.push({ ...idea, ...classifyLongTail(idea.keyword, seed, market.lang) })
    }
  }

  const snapshot = (partial: boolean): KeywordResearchResult => {
    const related = dedupKeywords([...autocompleteRelated, ...providerRelated, ...siteRelated]).filter(
      (idea) => keywordKey(idea.keyword) !== seedKey,
    )
    const tail = sortLongTail(dedupKeywords(longTail), market)
    const sources = [...reports.values()].map((r) => {
      const provider =
        r.id === 'autocomplete' ? input.autocomplete : r.id === 'dataforseo' ? input.dataforseo : input.site
      const count =
        r.id === 'autocomplete'
          ? dedupKeywords([...autocompleteRelated, ...longTail.filter((i) => i.source === 'autocomplete')])
              .length
          : r.id === 'dataforseo'
            ? providerRelated.length
            : siteRelated.length
      // Failed when it gave nothing; a provider that answered some requests is answered, its code kept.
      const gaveNothing = r.id === 'autocomplete' ? autocompleteAnswers === 0 : count === 0
      const failed = r.status === 'answered' && r.errorCode !== null && gaveNothing
      return {
        ...r,
        status: failed ? ('failed' as const) : r.status,
        count,
        requests: provider?.requests ?? 0,
      }
    })
    return { seed, market, url: input.url ?? null, related, longTail: tail, sources, partial }
  }

  const progress = async (percent: number) => {
    if (input.onProgress) await input.onProgress(snapshot(true), percent)
  }

  const ask = async (query: string): Promise<KeywordIdea[] | null> => {
    try {
      const ideas = await input.autocomplete.ideas(query, market, signal)
      autocompleteAnswers += 1
      return ideas
    } catch (error) {
      // A rate-limited provider fails the queries still queued at once (its cool-down), so one 429 run
      // costs a few requests, not forty.
      fail('autocomplete', error)
      return null
    }
  }

  const queries = expansionQueries(seed, market.lang)
  const relatedQueries = queries.filter((q) => q.group === 'related')
  const tailQueries = queries.filter((q) => q.group !== 'related')

  // The volume provider and the site run beside autocomplete; the page gets autocomplete's related
  // keywords as soon as they arrive, without waiting for a slower paid API.
  const providerDone = input.dataforseo
    ? input.dataforseo.ideas(seed, market, signal).then(
        (ideas) => void providerRelated.push(...ideas),
        (error) => fail('dataforseo', error),
      )
    : Promise.resolve()
  const siteDone = input.site
    ? input.site.ideas(seed, market, signal).then(
        (ideas) => void siteRelated.push(...ideas),
        (error) => fail('site', error),
      )
    : Promise.resolve()

  // Long-tail queries are queued at once behind the related ones (the throttle keeps the pace).
  const relatedDone = Promise.all(relatedQueries.map((q) => ask(q.query))).then(async (answers) => {
    for (const ideas of answers) {
      if (!ideas) continue
      autocompleteRelated.push(...ideas)
      addLongTail(ideas)
    }
    await siteDone
    await progress(20)
  })
  let finished = 0
  let writes = relatedDone
  const tailDone = tailQueries.map((q) =>
    ask(q.query).then((ideas) => {
      if (ideas) addLongTail(ideas)
      finished += 1
      if (finished % progressEvery === 0) {
        const percent = 20 + Math.round((70 * finished) / tailQueries.length)
        writes = writes.then(() => progress(percent))
      }
    }),
  )
  await Promise.all([relatedDone, providerDone, siteDone, ...tailDone])
  await writes
  signal?.throwIfAborted()

  if (input.dataforseo?.measure && reports.get('dataforseo')!.errorCode === null) {
    await progress(92)
    const current = snapshot(true)
    const unmeasured = [...current.related, ...current.longTail]
      .filter((i) => i.volume === null)
      .map((i) => i.keyword)
    if (unmeasured.length > 0) {
      try {
        const figures = await input.dataforseo.measure(unmeasured, market, signal)
        const byKey = new Map(figures.map((f) => [keywordKey(f.keyword), f]))
        for (const idea of [...autocompleteRelated, ...siteRelated, ...longTail]) {
          const f = byKey.get(keywordKey(idea.keyword))
          if (!f) continue
          idea.volume ??= f.volume
          idea.cpc ??= f.cpc
          idea.difficulty ??= f.difficulty
          idea.intent ??= f.intent
        }
      } catch (error) {
        fail('dataforseo', error)
      }
    }
  }
  return snapshot(false)
}
