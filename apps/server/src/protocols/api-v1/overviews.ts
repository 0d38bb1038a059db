// Google's AI Overviews and AI Mode under /api/v1 (issue 43): runs (estimate, start with the confirmed
// cost, read), the tracking of a tracked site's keywords (its checks and the citations lost and gained),
// where keywords can come from, one keyword's history and the joins of a run's cited pages. Each is
// forwarded to the cookie route (features/ai-overviews/routes.ts), which acts in the workspace the access
// resolver gives the token; the answers' addresses are /api/v1 routes the same token opens.
import {
  overviewsConfirmedInput,
  overviewsEstimate,
  overviewsHistory,
  overviewsHistoryQuery,
  overviewsKeywordSources,
  overviewsKeywords,
  overviewsKeywordsQuery,
  overviewsRun,
  overviewsRunCreated,
  overviewsRunInput,
  overviewsRunPages,
  overviewsRuns,
  overviewsTrackingConfirmedInput,
  overviewsTrackingEstimate,
  overviewsTrackingInput,
  overviewsTrackingList,
  overviewsTrackingSaved,
} from '../../features/ai-overviews/contract.ts'
import type { Operation } from './operation.ts'

const id = (p: Record<string, string>) => encodeURIComponent(p.id ?? '')
const siteId = (p: Record<string, string>) => encodeURIComponent(p.siteId ?? '')

/** The query's named parameters, passed on as they came (the cookie route validates them). */
function picked(query: URLSearchParams, names: string[]): string {
  const kept = new URLSearchParams()
  for (const name of names) {
    const value = query.get(name)
    if (value !== null) kept.set(name, value)
  }
  const text = kept.toString()
  return text ? `?${text}` : ''
}

const v1 = (origin: string, path: string) => `${origin}/api/v1${path}`
const q = encodeURIComponent

type Body = Record<string, unknown>
type Rows<K extends string> = Body & Record<K, Body[]>

/** A run's addresses: itself, its cited pages, its task. */
const runLinks = (origin: string, run: Body) => ({
  runUrl: v1(origin, `/overviews/runs/${q(String(run.id))}`),
  pagesUrl: v1(origin, `/overviews/runs/${q(String(run.id))}/pages`),
  taskUrl: run.taskId ? v1(origin, `/tasks/${q(String(run.taskId))}`) : null,
})

export const overviewsOperations: Operation[] = [
  {
    id: 'estimateOverviews',
    method: 'post',
    path: '/overviews/estimate',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'Google AI Overviews e AI Mode: os pedidos ao DataForSEO e o custo estimado de uma execução (nada é pedido).',
      en: "Google AI Overviews and AI Mode: a run's calls to DataForSEO and their estimated cost (nothing is asked).",
    },
    body: overviewsRunInput,
    responses: { 200: overviewsEstimate },
    answer: { forward: () => '/ai-overviews/estimate' },
  },
  {
    id: 'createOverviewsRun',
    method: 'post',
    path: '/overviews/runs',
    scope: 'audit',
    tag: 'overviews',
    summary: {
      pt: 'Executar, com o custo estimado confirmado: lê as respostas de IA da Google para cada palavra-chave (uma tarefa ai_overviews).',
      en: "Run, with the estimated cost confirmed: reads Google's AI answers for every keyword (an ai_overviews task).",
    },
    body: overviewsConfirmedInput,
    responses: { 201: overviewsRunCreated },
    errors: { 409: 'DataForSEO is not connected, or the estimate is now higher than expectedCost.' },
    answer: { forward: () => '/ai-overviews/runs' },
  },
  {
    id: 'listOverviewsRuns',
    method: 'get',
    path: '/overviews/runs',
    scope: 'read',
    tag: 'overviews',
    summary: { pt: 'As execuções recentes do espaço de trabalho.', en: "The workspace's recent runs." },
    responses: { 200: overviewsRuns },
    answer: {
      forward: () => '/ai-overviews/runs',
      reshape: (body, origin) => ({
        runs: (body as Rows<'runs'>).runs.map((r) => ({ ...r, ...runLinks(origin, r) })),
      }),
    },
  },
  {
    id: 'getOverviewsRun',
    method: 'get',
    path: '/overviews/runs/{id}',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'Uma execução: quotas de respostas que citam o site e cada concorrente (com n e intervalo de 95%), lacunas e cada resposta.',
      en: 'A run: shares of answers citing the site and each competitor (with n and the 95% interval), gaps and every answer.',
    },
    responses: { 200: overviewsRun },
    answer: {
      forward: (p) => `/ai-overviews/runs/${id(p)}`,
      reshape: (body, origin) => {
        const { run, ...rest } = body as { run: Body }
        return { run: { ...run, ...runLinks(origin, run) }, ...rest }
      },
    },
  },
  {
    id: 'getOverviewsRunPages',
    method: 'get',
    path: '/overviews/runs/{id}/pages',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'Cada URL do site que as respostas de uma execução citam (ou deviam citar), com os dados do último rastreio do site (estado, indexável, canónico, palavras) e a última visita do Googlebot nos registos.',
      en: "Each of the site's URLs a run's answers cite (or were expected to cite), beside its facts in the site's latest crawl (status, indexable, canonical, words) and Googlebot's last fetch in the logs.",
    },
    responses: { 200: overviewsRunPages },
    answer: {
      forward: (p) => `/ai-overviews/runs/${id(p)}/pages`,
      reshape: (body, origin) => {
        const { crawl, ...rest } = body as { crawl: Body | null }
        return {
          crawl: crawl ? { ...crawl, pagesUrl: v1(origin, `/crawls/${q(String(crawl.id))}/pages`) } : null,
          ...rest,
        }
      },
    },
  },
  {
    id: 'getOverviewsKeywordHistory',
    method: 'get',
    path: '/overviews/history',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'O histórico de uma palavra-chave: em cada dia e para cada superfície, local e dispositivo, se a Google mostrou uma resposta, se citou o site e em que posição, que concorrentes citou, e a citação ganha ou perdida.',
      en: "One keyword's history: each day, per surface, place and device, whether Google showed an answer, whether it cited the site and at which position, which competitors it cited, and the citation gained or lost.",
    },
    query: overviewsHistoryQuery,
    responses: { 200: overviewsHistory },
    answer: {
      forward: (_p, query) => `/ai-overviews/history${picked(query, ['site', 'keyword', 'competitors'])}`,
    },
  },
  {
    id: 'listOverviewsKeywordSources',
    method: 'get',
    path: '/overviews/keyword-sources',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'De onde podem vir as palavras-chave: os sites acompanhados do espaço de trabalho, as pesquisas de palavras-chave concluídas e o Search Console.',
      en: "Where keywords can come from: the workspace's tracked sites, its finished keyword researches and Search Console.",
    },
    responses: { 200: overviewsKeywordSources },
    answer: {
      forward: () => '/ai-overviews/keyword-sources',
      reshape: (body, origin) => {
        const b = body as Rows<'sites' | 'research'>
        const keywords = (query: string) => v1(origin, `/overviews/keywords?${query}`)
        return {
          ...b,
          sites: b.sites.map((s) => ({
            ...s,
            keywordsUrl: keywords(`source=site&siteId=${q(String(s.siteId))}`),
            searchConsoleUrl: keywords(`source=search-console&siteId=${q(String(s.siteId))}`),
          })),
          research: b.research.map((r) => ({
            ...r,
            keywordsUrl: keywords(`source=research&taskId=${q(String(r.taskId))}`),
          })),
        }
      },
    },
  },
  {
    id: 'getOverviewsKeywords',
    method: 'get',
    path: '/overviews/keywords',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'As palavras-chave de uma fonte, prontas para uma execução: as de um site acompanhado, as ideias de uma pesquisa (as mais procuradas primeiro) ou as pesquisas em que o Search Console encontrou o site nos últimos 28 dias.',
      en: 'The keywords of one source, ready for a run: a tracked site’s, a research’s ideas (most searched first) or the queries Search Console found the site for over the last 28 days.',
    },
    query: overviewsKeywordsQuery,
    responses: { 200: overviewsKeywords },
    errors: {
      409: 'Search Console is not connected for the token’s user (OVERVIEWS_SEARCH_CONSOLE), or its grant stopped working (SEARCH_CONSOLE_RECONNECT).',
    },
    answer: {
      forward: (_p, query) => `/ai-overviews/keywords${picked(query, ['source', 'siteId', 'taskId'])}`,
    },
  },
  {
    id: 'listOverviewsTracking',
    method: 'get',
    path: '/overviews/tracking',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'Os sites acompanhados do espaço de trabalho: quantas palavras-chave têm, se são verificadas em cada execução agendada e as últimas verificações, com as citações perdidas e ganhas.',
      en: "The workspace's tracked sites: how many keywords each has, whether they are checked at each scheduled run, and the latest checks with the citations lost and gained.",
    },
    responses: { 200: overviewsTrackingList },
    answer: {
      forward: () => '/ai-overviews/tracking',
      reshape: (body, origin) => {
        const b = body as Rows<'sites'>
        return {
          ...b,
          sites: b.sites.map((s) => ({
            ...s,
            checks: (s.checks as Body[]).map(({ runId, ...check }) => ({
              runId,
              runUrl: v1(origin, `/overviews/runs/${q(String(runId))}`),
              ...check,
            })),
          })),
        }
      },
    },
  },
  {
    id: 'estimateOverviewsTracking',
    method: 'post',
    path: '/overviews/tracking/{siteId}/estimate',
    scope: 'read',
    tag: 'overviews',
    summary: {
      pt: 'O custo de uma verificação das palavras-chave de um site acompanhado, a preço completo (nada é pedido).',
      en: "What one check of a tracked site's keywords costs, at full price (nothing is asked).",
    },
    body: overviewsTrackingInput,
    responses: { 200: overviewsTrackingEstimate },
    answer: { forward: (p) => `/ai-overviews/tracking/${siteId(p)}/estimate` },
  },
  {
    id: 'trackOverviews',
    method: 'put',
    path: '/overviews/tracking/{siteId}',
    scope: 'sites',
    tag: 'overviews',
    summary: {
      pt: 'Verificar as palavras-chave de um site acompanhado em cada execução agendada, com o custo de uma verificação confirmado; uma verificação mais cara não é feita.',
      en: "Check a tracked site's keywords at each of its scheduled runs, with the cost of one check confirmed; a dearer check is not made.",
    },
    body: overviewsTrackingConfirmedInput,
    responses: { 200: overviewsTrackingSaved },
    errors: { 409: 'DataForSEO is not connected, or one check now costs more than expectedCost.' },
    answer: { forward: (p) => `/ai-overviews/tracking/${siteId(p)}` },
  },
  {
    id: 'untrackOverviews',
    method: 'delete',
    path: '/overviews/tracking/{siteId}',
    scope: 'sites',
    tag: 'overviews',
    summary: {
      pt: 'Deixar de verificar as palavras-chave de um site acompanhado.',
      en: "Stop checking a tracked site's keywords.",
    },
    responses: { 204: null },
    answer: { forward: (p) => `/ai-overviews/tracking/${siteId(p)}` },
  },
]
