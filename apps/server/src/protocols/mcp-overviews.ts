// MCP tools for Google's AI Overviews and AI Mode beyond running them (google_ai_answers, mcp.ts): a run's
// status and results, the tracking of a tracked site's keywords (its cost confirmed first, as a run's),
// one keyword's history, where keywords can come from, and a run's cited pages beside their crawl facts.
// Each calls /api/v1 (protocols/api-v1/overviews.ts) as the token's identity: its scopes and workspace.
import { defineTool, type McpTool } from '@farol/engine/mcp/tool.ts'
import { z } from 'zod'
import type * as contract from '../features/ai-overviews/contract.ts'
import { compact, type V1 } from './mcp-v1.ts'

type Tracking = z.infer<typeof contract.overviewsTrackingList>
type History = z.infer<typeof contract.overviewsHistory>
type Sources = z.infer<typeof contract.overviewsKeywordSources>
type Keywords = z.infer<typeof contract.overviewsKeywords>
type Pages = z.infer<typeof contract.overviewsRunPages>
interface RunView {
  run: { id: string; status: string; spent: number; calls: number; errorCode: string | null }
  report: {
    site: string
    missing: number
    summaries: {
      surface: string
      shown: { k: number; n: number }
      site: { k: number; n: number; low: number; high: number }
      gaps: { keyword: string; competitors: string[] }[]
    }[]
  }
}

/** What a run or a tracking asks besides the keywords: competitors, places, devices, answers. */
export const answerSettings = {
  competitors: z.array(z.string().max(253)).max(10).optional(),
  locations: z
    .array(z.object({ locationCode: z.number().int(), languageCode: z.string().max(8) }))
    .max(5)
    .optional()
    .describe('Google Ads location codes; default Portugal (2620) and Brazil (2076) in pt.'),
  devices: z.array(z.enum(['desktop', 'mobile'])).optional(),
  surfaces: z.array(z.enum(['ai_overview', 'ai_mode'])).optional(),
}

const q = encodeURIComponent
const percent = (x: number) => `${Math.round(x * 100)}%`
const id = z.string().max(64)

export function overviewsTools(v1: V1): McpTool[] {
  return [
    defineTool({
      name: 'google_ai_run',
      title: 'A Google AI answers run',
      description:
        "The status and results of a run started by google_ai_answers (by runId): per surface the answers shown and citing the site (with n and the 95% interval) and the gaps (keywords where a competitor is cited and the site is not). Without runId, the workspace's recent runs. Needs the read scope.",
      input: { runId: id.optional() },
      async run({ runId }) {
        if (!runId) {
          const { runs } = await v1<z.infer<typeof contract.overviewsRuns>>('GET', '/overviews/runs')
          return {
            summary: runs.length
              ? `${runs.length} recent runs:\n${runs
                  .slice(0, 20)
                  .map((r) => `- ${r.id}: ${String(r.site)}, ${String(r.keywords)} keywords, ${r.status}`)
                  .join('\n')}`
              : 'No runs yet.',
            data: compact({ runs }),
          }
        }
        const view = await v1<RunView>('GET', `/overviews/runs/${q(runId)}`)
        const lines = view.report.summaries.map(
          (s) =>
            `- ${s.surface}: shown ${s.shown.k}/${s.shown.n}; cites the site ${s.site.k}/${s.site.n} (95% CI ${percent(s.site.low)}–${percent(s.site.high)}); gaps: ${s.gaps.map((g) => g.keyword).join(', ') || 'none'}`,
        )
        return {
          summary: [
            `Run ${view.run.id} of ${view.report.site} (${view.run.status}${view.run.errorCode ? `, ${view.run.errorCode}` : ''}), ${view.run.calls} calls, spent US$${view.run.spent}${view.report.missing ? `, ${view.report.missing} answers still missing` : ''}:`,
            ...lines,
            'Cited pages beside their crawl facts: google_ai_cited_pages with this runId.',
          ].join('\n'),
          data: compact(view),
        }
      },
    }),
    defineTool({
      name: 'google_ai_tracking',
      title: "Tracking a site's Google AI answers",
      description:
        "Without siteId: the workspace's tracked sites, whether their keywords are checked for Google's AI Overviews and AI Mode at each scheduled run, and the latest checks with the citations lost and gained (read scope). With siteId: what one check costs; call again with confirm: true and that expectedCost to check the site's keywords at each scheduled run, or with stop: true to stop (sites scope).",
      input: {
        siteId: id.optional(),
        ...answerSettings,
        confirm: z.boolean().optional(),
        expectedCost: z.number().optional(),
        stop: z.boolean().optional(),
      },
      async run({ siteId, confirm, expectedCost, stop, ...settings }) {
        if (!siteId) {
          const { configured, sites } = await v1<Tracking>('GET', '/overviews/tracking')
          const lines = sites.map((s) => {
            const last = s.checks[0]
            const changes = last?.changes.map((c) => `    ${c.text}`) ?? []
            return [
              `- ${s.url} (id ${s.siteId}): ${s.keywords} keywords, ${s.tracking ? `checked at each ${s.frequency} run (up to US$${s.tracking.maxCost})` : 'not checked'}${last ? `; last check ${last.day} ${last.status}${last.baseline ? ' (first)' : `, ${last.changes.length} changes`}` : ''}`,
              ...changes,
            ].join('\n')
          })
          return {
            summary: [
              sites.length ? `${sites.length} tracked sites:` : 'No tracked sites yet.',
              ...lines,
              configured ? '' : 'DataForSEO is not connected on this Farol: no check can run.',
            ]
              .filter(Boolean)
              .join('\n'),
            data: compact({ configured, sites }),
          }
        }
        const path = `/overviews/tracking/${q(siteId)}`
        if (stop) {
          await v1('DELETE', path)
          return { summary: `The keywords of site ${siteId} are no longer checked.`, data: { siteId } }
        }
        if (!confirm || expectedCost === undefined) {
          const e = await v1<z.infer<typeof contract.overviewsTrackingEstimate>>(
            'POST',
            `${path}/estimate`,
            settings,
          )
          return {
            summary: `One check of ${e.request.keywords.length} keywords: ${e.estimate.calls} calls to DataForSEO, US$${e.estimate.cost} at most.${e.configured ? ` To check them at each scheduled run, call again with confirm: true and expectedCost: ${e.estimate.cost}.` : ' DataForSEO is not connected on this Farol: nothing can run.'}`,
            data: e,
          }
        }
        const saved = await v1<z.infer<typeof contract.overviewsTrackingSaved>>('PUT', path, {
          ...settings,
          confirm: true,
          expectedCost,
        })
        return {
          summary: `Site ${siteId}'s keywords are checked at each of its scheduled runs, up to US$${saved.maxCost} a check.`,
          data: saved,
        }
      },
    }),
    defineTool({
      name: 'google_ai_keyword_history',
      title: "A keyword's Google AI answers over time",
      description:
        "One keyword's Google AI Overview and AI Mode answers day by day, read for a site: whether one was shown, whether it cited the site and at which position, the competitors cited, and when the site gained or lost the citation. From the workspace's runs and checks; asks DataForSEO nothing. Needs the read scope.",
      input: {
        site: z.string().max(2048),
        keyword: z.string().max(80),
        competitors: z.array(z.string().max(253)).max(10).optional(),
      },
      async run({ site, keyword, competitors }) {
        const query = new URLSearchParams({ site, keyword })
        if (competitors?.length) query.set('competitors', competitors.join(','))
        const h = await v1<History>('GET', `/overviews/history?${query}`)
        const lines = h.history
          .slice(-30)
          .map(
            (e) =>
              `- ${e.day} ${e.surface} ${e.locationCode}/${e.languageCode} ${e.device}: ${!e.shown ? 'no answer' : e.cited ? `cites the site at ${e.positions.join(', ')}` : 'does not cite the site'}${e.competitors.length ? `; competitors ${e.competitors.join(', ')}` : ''}${e.change ? ` (${e.change})` : ''}`,
          )
        return {
          summary: h.history.length
            ? [`«${h.keyword}» for ${h.site}, ${h.history.length} answers:`, ...lines].join('\n')
            : `No answers kept for «${h.keyword}» in this workspace yet.`,
          data: compact(h),
        }
      },
    }),
    defineTool({
      name: 'google_ai_keywords',
      title: 'Keywords for Google AI answers',
      description:
        "Without source: where keywords can come from (the workspace's tracked sites, its keyword researches, Search Console). With source site or search-console and a siteId, or research and a taskId: those keywords, ready for google_ai_answers. Needs the read scope.",
      input: {
        source: z.enum(['site', 'research', 'search-console']).optional(),
        siteId: id.optional(),
        taskId: id.optional(),
      },
      async run({ source, siteId, taskId }) {
        if (!source) {
          const s = await v1<Sources>('GET', '/overviews/keyword-sources')
          return {
            summary: [
              `Tracked sites: ${s.sites.map((x) => `${x.url} (${x.keywords} keywords, siteId ${x.siteId})`).join('; ') || 'none'}.`,
              `Keyword researches: ${s.research.map((r) => `«${r.seed}» (taskId ${r.taskId})`).join('; ') || 'none'}.`,
              s.searchConsole
                ? 'Search Console: source search-console with a siteId (the user’s own Google grant).'
                : 'Search Console is not available on this Farol.',
            ].join('\n'),
            data: compact(s),
          }
        }
        const query = new URLSearchParams({ source })
        if (siteId) query.set('siteId', siteId)
        if (taskId) query.set('taskId', taskId)
        const k = await v1<Keywords>('GET', `/overviews/keywords?${query}`)
        return {
          summary: `${k.keywords.length} keywords${k.site ? ` for ${k.site}` : ''}: ${k.keywords.slice(0, 20).join(', ')}${k.keywords.length > 20 ? '…' : ''}`,
          data: k,
        }
      },
    }),
    defineTool({
      name: 'google_ai_cited_pages',
      title: 'Pages cited by Google AI answers',
      description:
        "Each of the site's pages a run's answers cite, or were expected to cite, beside its facts in the site's latest crawl (status, indexable, canonical, words) and Googlebot's last fetch in the logs. Needs the read scope.",
      input: { runId: id },
      async run({ runId }) {
        const p = await v1<Pages>('GET', `/overviews/runs/${q(runId)}/pages`)
        const lines = p.pages.slice(0, 20).map((page) => {
          const crawl = page.crawl as { status?: number; indexable?: boolean } | null
          const bot = page.googlebot as { last?: string } | null
          return `- ${page.url}: cited ${page.cited}, expected ${page.expected}; ${crawl ? `HTTP ${crawl.status}, ${crawl.indexable ? 'indexable' : 'not indexable'}` : 'not in the latest crawl'}; ${bot?.last ? `Googlebot ${bot.last.slice(0, 10)}` : 'no Googlebot fetch in the logs'}`
        })
        return {
          summary: p.pages.length
            ? [`${p.pages.length} pages of the site:`, ...lines].join('\n')
            : 'The run’s answers cite none of the site’s pages.',
          data: compact(p),
        }
      },
    }),
  ]
}
