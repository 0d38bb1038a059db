// /mcp: Farol's MCP server over streamable HTTP for a signed-in user's assistant, authenticated by the
// same personal API tokens as /api/v1 (same scopes, quotas and rate limit). Every tool goes through
// /api/v1 as the token's identity, so a tool the token's scopes do not allow answers the API's own
// translated refusal, and nothing here re-implements ownership or validation. Stateless: one MCP server
// per HTTP request (the SDK's stateless mode), so any process of a scaled-out install can answer.

import type { AuditResult } from '@farol/engine'
import { auditSummary } from '@farol/engine/mcp/engine-tools.ts'
import { createMcpServer } from '@farol/engine/mcp/server.ts'
import { defineTool, type McpTool, type ToolContext, ToolError } from '@farol/engine/mcp/tool.ts'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Lang } from '../platform/errors.ts'
import { nextTaskWrite } from '../platform/tasks/task-reads.ts'
import { bindIdentity, type TokenIdentity } from '../tenancy/session.ts'
import type { TokenAuthenticator } from './api-v1/routes.ts'
import type * as schemas from './api-v1/schemas.ts'
import { answerSettings, overviewsTools } from './mcp-overviews.ts'
import { compact, type V1 } from './mcp-v1.ts'

export interface McpDeps {
  publicUrl: string
  authenticate: TokenAuthenticator
  fetch: (request: Request, env: unknown) => Response | Promise<Response>
  /** How long a tool waits for its task before answering "still running" (default 10 minutes). */
  waitMs?: number
  /** Status polling interval while waiting (default 250 ms: an in-process read, cached 500 ms). A write
   *  by this process's worker wakes the wait at once; the poll is for tasks run by another process. */
  pollMs?: number
}

type TaskStatus = z.infer<typeof schemas.taskStatus>
type Report = z.infer<typeof schemas.report>

/** Calls /api/v1 as `identity`; an error answer becomes a ToolError with the API's translated message. */
function v1Client(deps: McpDeps, identity: TokenIdentity, env: unknown): V1 {
  const origin = new URL(deps.publicUrl).origin
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers = new Headers({
      'content-type': 'application/json',
      'accept-language': identity.user.lang === 'en' ? 'en' : 'pt-PT',
    })
    const unbind = bindIdentity(headers, identity)
    try {
      const response = await deps.fetch(
        new Request(new URL(`/api/v1${path}`, origin), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        env,
      )
      const json = (await response.json().catch(() => null)) as unknown
      if (!response.ok) {
        const error = (json as { error?: { code?: string; message?: string } } | null)?.error
        throw new ToolError(
          `${error?.message ?? `HTTP ${response.status}`} (${error?.code ?? response.status})`,
        )
      }
      return json as T
    } finally {
      unbind()
    }
  }
}

const lang = z.enum(['pt', 'en']).optional().describe("Language of the answer's texts (default: the user's).")

function serverTools(v1: V1, identity: TokenIdentity, deps: McpDeps): McpTool[] {
  const waitMs = deps.waitMs ?? 600_000
  const pollMs = deps.pollMs ?? 250
  const langOf = (l: Lang | undefined): Lang => l ?? identity.user.lang

  /** Starts a task and waits for it, reporting its progress; returns the final status (or the last seen). */
  async function runTask(body: unknown, ctx: ToolContext) {
    const { taskId } = await v1<{ taskId: string }>('POST', '/tasks', body)
    return waitTask(taskId, ctx)
  }

  /** Waits for a task, reporting its progress; returns the final status (or the last seen). */
  async function waitTask(taskId: string, ctx: ToolContext) {
    const deadline = Date.now() + waitMs
    let lastPercent = -1
    for (;;) {
      // Listening before the read: a write between the read and the wait still wakes it.
      const next = nextTaskWrite(taskId)
      try {
        const status = await v1<TaskStatus>('GET', `/tasks/${taskId}`)
        if (status.progress.percent !== lastPercent) {
          lastPercent = status.progress.percent
          await ctx.progress(status.progress.percent, 100, status.progress.stage)
        }
        if (status.status === 'success' || status.status === 'failed') return status
        if (Date.now() > deadline || ctx.signal.aborted) return status
        let timer: NodeJS.Timeout | undefined
        await Promise.race([next.written, new Promise((r) => (timer = setTimeout(r, pollMs)))])
        clearTimeout(timer)
      } finally {
        next.cancel()
      }
    }
  }

  function unfinished(status: TaskStatus) {
    if (status.status === 'failed')
      throw new ToolError(
        `The task failed: ${status.message ?? status.errorCode ?? 'unknown error'} (task ${status.taskId})`,
      )
    return {
      summary: `Still running (${status.progress.percent}%, ${status.progress.stage}). Ask get_task with taskId ${status.taskId} later.`,
      data: { taskId: status.taskId, status: status.status, progress: status.progress },
    }
  }

  async function taskAnswer(kind: string, status: TaskStatus, l: Lang) {
    if (status.status !== 'success') return unfinished(status)
    if (kind === 'seo_analysis' || kind === 'ai_optimization') {
      const { summary, data } = auditSummary(status.results as AuditResult, l)
      return { summary, data: { taskId: status.taskId, ...data } }
    }
    if (kind === 'site_crawl') return crawlAnswer(status.taskId, l, {})
    return {
      summary: `${kind} finished (task ${status.taskId}).`,
      data: { taskId: status.taskId, results: compact(status.results) },
    }
  }

  async function crawlAnswer(
    crawlId: string,
    l: Lang,
    filter: { type?: string; severity?: string; page?: number; pageSize?: number },
  ) {
    const query = new URLSearchParams({
      lang: l,
      page: String(filter.page ?? 1),
      pageSize: String(filter.pageSize ?? 10),
      urlsPerIssue: '5',
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.severity ? { severity: filter.severity } : {}),
    })
    const page = await v1<z.infer<typeof schemas.crawlIssues>>(
      'GET',
      `/crawls/${encodeURIComponent(crawlId)}/issues?${query}`,
    )
    const lines = page.issues.map((i) => `- [${i.severity}] ${i.title} (${i.type}): ${i.count}`)
    return {
      summary: [
        `Crawl ${crawlId} of ${page.crawl.url} (${page.crawl.status}): ${page.total} issue types${filter.type || filter.severity ? ' matching' : ''}; page ${page.page}.`,
        ...lines,
        'More: get_site_issues with crawlId, type, severity and page.',
      ].join('\n'),
      data: page,
    }
  }

  return [
    defineTool({
      name: 'audit_page',
      title: 'Audit a page',
      description:
        "Audits one page for SEO and AI optimisation as the user's analysis (their quota; needs the audit scope). Reports progress; answers the scores, the failing checks and the page's facts (title, description, H1, canonical, word count), with the taskId for get_task.",
      input: {
        url: z.string().max(2048),
        device: z.enum(['desktop', 'mobile']).default('desktop'),
        lang,
      },
      async run(args, ctx) {
        const status = await runTask(
          {
            task_name: 'seo_analysis',
            requested_data: { url: args.url, platform: args.device },
            lang: langOf(args.lang),
          },
          ctx,
        )
        return taskAnswer('seo_analysis', status, langOf(args.lang))
      },
    }),
    defineTool({
      name: 'crawl_site',
      title: 'Crawl a site',
      description:
        "Crawls a site as the user's site audit (their daily page quota; needs the audit scope) and answers the issue types found, errors first, with the crawlId for get_site_issues.",
      input: { url: z.string().max(2048), maxPages: z.number().int().min(1).max(10_000).default(100), lang },
      async run(args, ctx) {
        const status = await runTask(
          { task_name: 'site_crawl', requested_data: { url: args.url, maxPages: args.maxPages } },
          ctx,
        )
        return taskAnswer('site_crawl', status, langOf(args.lang))
      },
    }),
    defineTool({
      name: 'get_site_issues',
      title: 'Issues of a crawl',
      description:
        "Issues of one of the user's site crawls, a page at a time, filtered by type (e.g. broken-link) and severity.",
      input: {
        crawlId: z.string().describe('The crawl task id (from crawl_site).'),
        type: z.string().max(64).optional(),
        severity: z.enum(['error', 'warning', 'notice']).optional(),
        page: z.number().int().min(1).default(1),
        pageSize: z.number().int().min(1).max(50).default(10),
        lang,
      },
      run: (args) => crawlAnswer(args.crawlId, langOf(args.lang), args),
    }),
    defineTool({
      name: 'compare_crawls',
      title: 'Compare two crawls',
      description:
        'What changed between two crawls of a site: issues new and fixed per type, pages added and gone, HTTP status changes. Without previousCrawlId, the previous crawl of the same address.',
      input: {
        crawlId: z.string().describe('The later crawl (a crawl_site taskId).'),
        previousCrawlId: z.string().optional().describe('The earlier crawl; default: the previous one.'),
      },
      async run(args) {
        const query = args.previousCrawlId ? `?previous=${encodeURIComponent(args.previousCrawlId)}` : ''
        const answer = await v1<z.infer<typeof schemas.crawlComparison>>(
          'GET',
          `/crawls/${encodeURIComponent(args.crawlId)}/comparison${query}`,
        )
        const c = answer.comparison
        if (!answer.previous || !c)
          return {
            summary: `Crawl ${args.crawlId} of ${answer.crawl.url} has no earlier finished crawl of the same address to compare with.`,
            data: answer,
          }
        const changed = c.issues.filter((i) => i.new > 0 || i.fixed > 0)
        return {
          summary: [
            `Crawl ${answer.crawl.id} (${answer.crawl.finishedAt}) against ${answer.previous.id} (${answer.previous.finishedAt}) of ${answer.crawl.url}:`,
            `${c.newIssues} new issue URLs, ${c.fixedIssues} fixed; ${c.pagesAdded} pages added, ${c.pagesGone} gone, ${c.statusChangeCount} changed HTTP status.`,
            ...changed.map(
              (i) => `- [${i.severity}] ${i.type}: +${i.new} new, -${i.fixed} fixed, ${i.still} still`,
            ),
            'The URLs of a type: get_site_issues with crawlId and type.',
          ].join('\n'),
          data: compact(answer),
        }
      },
    }),
    defineTool({
      name: 'ai_presence',
      title: 'AI presence',
      description:
        'Asks the configured AI assistants (ChatGPT, Claude, Gemini, Perplexity…) questions a customer would ask and measures how often the site is mentioned and cited. Needs an AI provider configured on this Farol and the audit scope.',
      input: {
        url: z.string().max(2048),
        competitors: z.array(z.string().max(500)).max(20).optional(),
        prompts: z.array(z.string().max(400)).max(20).optional(),
        lang,
      },
      async run(args, ctx) {
        const status = await runTask(
          {
            task_name: 'llm_presence',
            requested_data: { url: args.url, competitors: args.competitors, prompts: args.prompts },
            lang: langOf(args.lang),
          },
          ctx,
        )
        return taskAnswer('llm_presence', status, langOf(args.lang))
      },
    }),
    defineTool({
      name: 'google_ai_answers',
      title: 'Google AI Overviews and AI Mode',
      description:
        "Whether Google's AI Overview and AI Mode answers for a site's keywords cite the site, and whom they cite instead (through DataForSEO, paid per call). Without confirm it only returns the calls and estimated cost; call again with confirm: true and that expectedCost to run. Needs DataForSEO on this Farol; estimate needs the read scope, running the audit scope.",
      input: {
        site: z.string().max(2048),
        keywords: z.array(z.string().max(80)).min(1).max(500),
        ...answerSettings,
        confirm: z.boolean().optional(),
        expectedCost: z.number().optional(),
      },
      async run({ confirm, expectedCost, ...request }, ctx) {
        if (!confirm || expectedCost === undefined) {
          const e = await v1<{
            configured: boolean
            estimate: { calls: number; cost: number; cached: number }
          }>('POST', '/overviews/estimate', request)
          return {
            summary: `${e.estimate.calls} calls to DataForSEO, estimated US$${e.estimate.cost} (${e.estimate.cached} answers already read today, free).${e.configured ? ` To run, call again with confirm: true and expectedCost: ${e.estimate.cost}.` : ' DataForSEO is not connected on this Farol: nothing can run.'}`,
            data: e,
          }
        }
        const started = await v1<{ runId: string; taskId: string }>('POST', '/overviews/runs', {
          ...request,
          confirm: true,
          expectedCost,
        })
        const status = await waitTask(started.taskId, ctx)
        if (status.status !== 'success') return unfinished(status)
        const view = await v1<{
          run: { spent: number }
          report: {
            summaries: {
              surface: string
              shown: { k: number; n: number }
              site: { k: number; n: number; low: number; high: number }
              gaps: { keyword: string }[]
            }[]
          }
        }>('GET', `/overviews/runs/${encodeURIComponent(started.runId)}`)
        const lines = view.report.summaries.map(
          (s) =>
            `- ${s.surface}: shown ${s.shown.k}/${s.shown.n}; cites the site ${s.site.k}/${s.site.n} (95% CI ${Math.round(s.site.low * 100)}–${Math.round(s.site.high * 100)}%); gaps: ${s.gaps.length}`,
        )
        return {
          summary: [`Run ${started.runId}, spent US$${view.run.spent}:`, ...lines].join('\n'),
          data: compact(view),
        }
      },
    }),
    defineTool({
      name: 'keyword_research',
      title: 'Keyword research',
      description:
        'Related and long-tail keywords for a keyword or a page (volumes and difficulty when DataForSEO is configured). Needs the audit scope.',
      input: {
        keyword: z.string().max(80).optional(),
        url: z.string().max(2048).optional(),
        country: z.enum(['PT', 'BR', 'US']).default('PT'),
        lang,
      },
      async run(args, ctx) {
        const status = await runTask(
          {
            task_name: 'keyword_research',
            requested_data: {
              keyword: args.keyword,
              url: args.url,
              country: args.country,
              lang: langOf(args.lang),
            },
          },
          ctx,
        )
        return taskAnswer('keyword_research', status, langOf(args.lang))
      },
    }),
    defineTool({
      name: 'check_directories',
      title: 'Local directories',
      description:
        "Checks a business's name, address and phone in local directories (OpenStreetMap; Google and Foursquare when configured). Needs the audit scope.",
      input: {
        businessName: z.string().max(200),
        address: z.string().max(200),
        city: z.string().max(100),
        postalCode: z.string().max(20).optional(),
        phoneNumber: z.string().max(40).optional(),
        url: z.string().max(2048).optional(),
      },
      async run(args, ctx) {
        const status = await runTask({ task_name: 'directory_search', requested_data: args }, ctx)
        return taskAnswer('directory_search', status, identity.user.lang)
      },
    }),
    defineTool({
      name: 'get_task',
      title: 'A task',
      description:
        'Status and compact result of a task started earlier (audit_page, crawl_site, ai_presence…).',
      input: { taskId: z.string(), lang },
      async run(args) {
        const status = await v1<TaskStatus>('GET', `/tasks/${encodeURIComponent(args.taskId)}`)
        return taskAnswer(status.task.kind, status, langOf(args.lang))
      },
    }),
    defineTool({
      name: 'list_tracked_sites',
      title: 'Tracked sites',
      description:
        "The tracked sites of the token's workspace (re-audited on a schedule; a client sees only those shared with them), with their ids for get_site_history.",
      input: {},
      async run() {
        const { sites, limit } = await v1<z.infer<typeof schemas.siteList>>('GET', '/sites')
        return {
          summary: sites.length
            ? `${sites.length} of ${limit} tracked sites:\n${sites.map((s) => `- ${s.url} (${s.frequency}, id ${s.id})`).join('\n')}`
            : 'No tracked sites yet.',
          data: { sites, limit },
        }
      },
    }),
    defineTool({
      name: 'get_site_history',
      title: 'History of a tracked site',
      description: "A tracked site's monitoring runs: scores over time and the alerts (what got worse).",
      input: { siteId: z.string(), lang, last: z.number().int().min(1).max(100).default(10) },
      async run(args) {
        const history = await v1<z.infer<typeof schemas.siteHistory>>(
          'GET',
          `/sites/${encodeURIComponent(args.siteId)}/history?lang=${langOf(args.lang)}`,
        )
        const runs = history.runs.slice(-args.last)
        const latest = runs.at(-1)
        const alerts = runs.flatMap((r) => r.alerts.map((a) => `- ${r.at.slice(0, 10)}: ${a.text}`))
        return {
          summary: [
            `${history.site.url}: ${history.runs.length} runs.`,
            latest
              ? `Latest (${latest.at.slice(0, 10)}, ${latest.status}): total ${latest.totalScore ?? '—'}, SEO ${latest.seoScore ?? '—'}, AIO ${latest.aioScore ?? '—'}.`
              : '',
            alerts.length ? `Alerts:\n${alerts.slice(-10).join('\n')}` : 'No alerts.',
          ]
            .filter(Boolean)
            .join('\n'),
          data: { site: history.site, runs },
        }
      },
    }),
    defineTool({
      name: 'get_report',
      title: 'PDF reports',
      description:
        "The PDF reports of the token's workspace, or one report (by id) with its download address (GET with the same token).",
      input: { reportId: z.string().optional() },
      async run(args) {
        const { reports } = await v1<z.infer<typeof schemas.reportList>>('GET', '/reports')
        // fileUrl is already the /api/v1 file route this token opens; `download` names it for agents.
        const withLink = (r: Report) => ({ ...r, download: r.fileUrl })
        if (args.reportId) {
          const report = reports.find((r) => r.id === args.reportId)
          if (!report) throw new ToolError(`Report ${args.reportId} not found.`)
          return { summary: `Report of ${report.url}: ${report.status}.`, data: withLink(report) }
        }
        return {
          summary: reports.length
            ? `${reports.length} reports; latest: ${reports[0]!.url} (${reports[0]!.status}).`
            : 'No reports yet.',
          data: { reports: reports.slice(0, 20).map(withLink) },
        }
      },
    }),
    ...overviewsTools(v1),
  ]
}

export function mcpRoutes(deps: McpDeps): Hono {
  const api = new Hono()
  api.post('/', async (c) => {
    const identity = await deps.authenticate(c)
    const tools = serverTools(v1Client(deps, identity, c.env), identity, deps)
    const server = createMcpServer(tools, { lang: identity.user.lang })
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    await server.connect(transport)
    return transport.handleRequest(c.req.raw)
  })
  // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
  api.on(['GET', 'DELETE'], '/', (c) =>
    c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, 405),
  )
  return api
}
