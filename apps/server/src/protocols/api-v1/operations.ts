// Every /api/v1 operation, declared once: method, path, the scope a token needs, its schemas and how it
// is answered. The Hono routes (routes.ts) and the OpenAPI document (openapi.ts) are both built from this
// table, so the published contract cannot drift from what the server does. Most operations hand the
// request to the route the web app already uses (same validation, quotas and ownership checks).
import { siteCreateInput, siteFrequencyInput } from '../../features/sites/routes.ts'
import { taskEnvelope } from '../../platform/tasks/contract.ts'
import type { Operation } from './operation.ts'
import { overviewsOperations } from './overviews.ts'
import {
  comparisonQuery,
  crawlComparison,
  crawlIssues,
  crawlPages,
  issuesQuery,
  pagesQuery,
  report,
  reportCreateInput,
  reportList,
  site,
  siteHistory,
  siteList,
  taskCreated,
  taskStatus,
} from './schemas.ts'

export type { Operation }

/** A report of the cookie API (the specification's snake_case) as /api/v1 gives it. */
interface CookieReport {
  id: string
  url: string
  status: string
  created_at: string
  finished_at: string | null
  file_url: string | null
  language: string
  desktopTaskId: string | null
  mobileTaskId: string | null
  aiOptimizationTaskId: string | null
  message: string | null
}

/**
 * One naming case in /api/v1 (camelCase), the file's address one the same token may open, and no user's
 * id: the cookie API's `file_url` points under /api/reports, which a token is refused (issue 41, item 8).
 */
function v1Report(r: CookieReport, origin: string) {
  return {
    id: r.id,
    url: r.url,
    status: r.status,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    fileUrl: r.file_url ? `${origin}/api/v1/reports/${encodeURIComponent(r.id)}/file` : null,
    language: r.language,
    desktopTaskId: r.desktopTaskId,
    mobileTaskId: r.mobileTaskId,
    aiOptimizationTaskId: r.aiOptimizationTaskId,
    message: r.message,
  }
}

const id = (p: Record<string, string>) => encodeURIComponent(p.id ?? '')

export const operations: Operation[] = [
  {
    id: 'createTask',
    method: 'post',
    path: '/tasks',
    scope: 'audit',
    tag: 'tasks',
    summary: {
      pt: 'Criar uma tarefa de qualquer tipo: seo_analysis, ai_optimization, site_crawl, llm_presence, llm_journey, keyword_research, directory_search, content_generation, content_suggestions, knowledge_check. requested_data segue as regras do tipo (url, platform, maxPages, keyword…). Conta para a quota diária do utilizador.',
      en: "Create a task of any kind: seo_analysis, ai_optimization, site_crawl, llm_presence, llm_journey, keyword_research, directory_search, content_generation, content_suggestions, knowledge_check. requested_data follows the kind's rules (url, platform, maxPages, keyword…). Counts against the user's daily quota.",
    },
    body: taskEnvelope,
    responses: { 201: taskCreated, 200: taskCreated },
    answer: { forward: () => '/seo-task-manager/create' },
  },
  {
    id: 'getTask',
    method: 'get',
    path: '/tasks/{id}',
    scope: 'read',
    tag: 'tasks',
    summary: {
      pt: 'Estado, progresso e resultado de uma tarefa.',
      en: "A task's status, progress and result.",
    },
    responses: { 200: taskStatus },
    answer: { forward: (p) => `/seo-task-manager/status?taskId=${id(p)}` },
  },
  {
    id: 'streamTask',
    method: 'get',
    path: '/tasks/{id}/events',
    scope: 'read',
    tag: 'tasks',
    summary: {
      pt: 'Progresso de uma tarefa como server-sent events: eventos progress e, no fim, done (cada um com o estado, como GET /tasks/{id}).',
      en: "A task's progress as server-sent events: progress events and, at the end, done (each carrying the status, as GET /tasks/{id}).",
    },
    responses: { 200: 'text/event-stream' },
    answer: { forward: (p) => `/tasks/${id(p)}/events` },
  },
  {
    id: 'getCrawlIssues',
    method: 'get',
    path: '/crawls/{id}/issues',
    scope: 'read',
    tag: 'crawls',
    summary: {
      pt: 'Problemas de um rastreio do site (tarefa site_crawl), por página, filtrados por tipo e gravidade; os erros primeiro.',
      en: 'Issues of a site crawl (a site_crawl task), a page at a time, filtered by type and severity; errors first.',
    },
    query: issuesQuery,
    responses: { 200: crawlIssues },
    answer: { handler: 'crawlIssues' },
  },
  {
    id: 'getCrawlPages',
    method: 'get',
    path: '/crawls/{id}/pages',
    scope: 'read',
    tag: 'crawls',
    summary: {
      pt: 'Páginas de um rastreio do site, por página (estado, profundidade, título, ligações, pontuação de ligações internas).',
      en: 'Pages of a site crawl, a page at a time (status, depth, title, links, internal link score).',
    },
    query: pagesQuery,
    responses: { 200: crawlPages },
    answer: { handler: 'crawlPages' },
  },
  {
    id: 'compareCrawls',
    method: 'get',
    path: '/crawls/{id}/comparison',
    scope: 'read',
    tag: 'crawls',
    summary: {
      pt: 'O que mudou desde um rastreio anterior do mesmo site (por omissão o anterior do mesmo endereço): problemas novos e corrigidos por tipo, páginas novas e desaparecidas, mudanças de estado HTTP.',
      en: 'What changed since an earlier crawl of the same site (by default the previous one of the same address): new and fixed issues per type, pages added and gone, HTTP status changes.',
    },
    query: comparisonQuery,
    responses: { 200: crawlComparison },
    errors: {
      409: 'A crawl still running, or stored before the page store, cannot be compared (CRAWL_NOT_COMPARABLE); nor can crawls that read the pages differently, one rendered and one raw (CRAWL_RENDER_MODES_DIFFER).',
    },
    answer: { handler: 'crawlComparison' },
  },
  {
    id: 'listSites',
    method: 'get',
    path: '/sites',
    scope: 'read',
    tag: 'sites',
    summary: {
      pt: 'Sites acompanhados do espaço de trabalho do token (um cliente vê só os partilhados consigo).',
      en: "Tracked sites of the token's workspace (a client sees only those shared with them).",
    },
    responses: { 200: siteList },
    answer: { forward: () => '/sites' },
  },
  {
    id: 'trackSite',
    method: 'post',
    path: '/sites',
    scope: 'sites',
    tag: 'sites',
    summary: {
      pt: 'Acompanhar um site (reanalisado com a frequência dada). Um site já acompanhado responde 200.',
      en: 'Track a site (re-audited at the given frequency). A site already tracked answers 200.',
    },
    body: siteCreateInput,
    responses: { 201: site, 200: site },
    answer: { forward: () => '/sites' },
  },
  {
    id: 'updateSite',
    method: 'patch',
    path: '/sites/{id}',
    scope: 'sites',
    tag: 'sites',
    summary: { pt: 'Mudar a frequência de um site acompanhado.', en: "Change a tracked site's frequency." },
    body: siteFrequencyInput,
    responses: { 200: site },
    answer: { forward: (p) => `/sites/${id(p)}` },
  },
  {
    id: 'untrackSite',
    method: 'delete',
    path: '/sites/{id}',
    scope: 'sites',
    tag: 'sites',
    summary: { pt: 'Deixar de acompanhar um site.', en: 'Stop tracking a site.' },
    responses: { 204: null },
    answer: { forward: (p) => `/sites/${id(p)}` },
  },
  {
    id: 'getSiteHistory',
    method: 'get',
    path: '/sites/{id}/history',
    scope: 'read',
    tag: 'sites',
    summary: {
      pt: 'Histórico de um site acompanhado: pontuações de cada execução e os alertas.',
      en: "A tracked site's history: each run's scores and its alerts.",
    },
    responses: { 200: siteHistory },
    answer: { forward: (p) => `/sites/${id(p)}/history` },
  },
  {
    id: 'listReports',
    method: 'get',
    path: '/reports',
    scope: 'read',
    tag: 'reports',
    summary: {
      pt: 'Relatórios PDF do espaço de trabalho do token (um cliente vê os dos sites partilhados consigo).',
      en: "PDF reports of the token's workspace (a client sees those of the sites shared with them).",
    },
    responses: { 200: reportList },
    answer: {
      forward: () => '/reports',
      reshape: (body, origin) => ({
        reports: (body as { reports: CookieReport[] }).reports.map((r) => v1Report(r, origin)),
      }),
    },
  },
  {
    id: 'createReport',
    method: 'post',
    path: '/reports',
    scope: 'audit',
    tag: 'reports',
    summary: {
      pt: 'Gerar um relatório PDF de um endereço (corre as análises que faltarem).',
      en: 'Generate a PDF report of an address (runs the analyses it lacks).',
    },
    body: reportCreateInput,
    responses: { 201: report },
    answer: { forward: () => '/reports', reshape: (body, origin) => v1Report(body as CookieReport, origin) },
  },
  {
    id: 'downloadReport',
    method: 'get',
    path: '/reports/{id}/file',
    scope: 'read',
    tag: 'reports',
    summary: { pt: 'Descarregar o PDF de um relatório.', en: "Download a report's PDF." },
    responses: { 200: 'application/pdf' },
    answer: { forward: (p) => `/reports/${id(p)}/file` },
  },
  ...overviewsOperations,
]

/** `/tasks/{id}` → `/tasks/:id` */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
