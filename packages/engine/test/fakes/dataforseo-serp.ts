// A loopback stand-in for DataForSEO's Google AI answers, speaking the documented wire protocol (its auth,
// 401 body and JSON writer are keywords-dataforseo.ts's): POST a JSON array of ONE task with HTTP Basic
// auth to `/v3/serp/google/organic/live/advanced` (Google's results page, whose `ai_overview` item is the
// AI Overview) or `/v3/serp/google/ai_mode/live/advanced` (AI Mode, the same item shape). The answer is the
// envelope `{ version, status_code, status_message, time, cost, tasks_count, tasks_error, tasks: [{ id,
// status_code, status_message, time, cost, result_count, path, data, result: [{ keyword, type, se_domain,
// location_code, language_code, check_url, datetime, item_types, items_count, items }] }] }`.
//
// What each keyword gets (so tests and e2e can type one and know the answer):
//   contains "citad" / "cited"            → an overview citing the site (and competitors);
//   contains "sem resposta" / "no answer" → no overview shown (AI Mode still answers: it always does);
//   contains "concorr" / "competitor"     → an overview citing only competitors (and a page of another
//                                            site with the site's host name in its path);
//   contains "tarde" / "async"            → an overview Google loads asynchronously: present only when the
//                                            task asks `load_async_ai_overview: true`;
//   contains "erro" / "error"             → the task fails with 40501 "Invalid Field" (HTTP 200);
//   contains "saldo" / "balance"          → HTTP 402, status 40200 "Payment Required.";
//   anything else                         → by a hash of the keyword: cites the site, only competitors,
//                                            none, or asynchronous (a quarter each).
// The site's references come in the forms Google links them: www. and bare hosts, tracking parameters and
// text fragments, the mobile host, the AMP cache, a subdomain. Over `ratePerMinute` calls in a rolling
// minute the task answers status 40202 (the documented rate-limit code), at HTTP 200 like the real API.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basicAuth, readBody, sendJson, unauthorizedBody } from './keywords-dataforseo.ts'

export type FakeScenario = 'site' | 'competitors' | 'none' | 'async' | 'invalid' | 'payment'

export interface FakeSerpOptions {
  login?: string
  password?: string
  /** The site the "site" answers cite (bare host). */
  site?: string
  /** Calls allowed in any rolling minute (DataForSEO's default limit is 2,000). */
  ratePerMinute?: number
  /** Time each answer takes, ms (the real live endpoints take seconds; the bench sets some). */
  latencyMs?: number
  /** A fixed port (the e2e server's environment points at it); default any free one. */
  port?: number
}

export interface FakeDataForSeoSerp {
  origin: string
  login: string
  password: string
  site: string
  requests: { endpoint: 'organic' | 'ai_mode'; task: Record<string, unknown>; authorized: boolean }[]
  /** Calls refused with 40202. */
  rateLimited: number
  /** What Google's results page answers for a keyword (lower case) from now on, instead of its words' rule:
   *  a test changes an answer between two checks (a citation lost or gained). */
  scenarios: Map<string, FakeScenario>
  close(): Promise<void>
}

export const fakeCompetitors = ['concorrente-a.pt', 'concorrente-b.com.br']

function hash(text: string): number {
  let h = 7
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) >>> 0
  return h
}

/** Pure: what the fake answers for a keyword on Google's results page. */
export function fakeScenario(keyword: string): FakeScenario {
  const k = keyword.toLowerCase()
  if (/citad|cited/.test(k)) return 'site'
  if (/sem resposta|no answer/.test(k)) return 'none'
  if (/concorr|competitor/.test(k)) return 'competitors'
  if (/tarde|async/.test(k)) return 'async'
  if (/erro|error/.test(k)) return 'invalid'
  if (/saldo|balance/.test(k)) return 'payment'
  return (['site', 'competitors', 'none', 'async'] as const)[hash(k) % 4]!
}

/** Pure: whether the fake's AI Mode answer for a keyword cites the site (else only competitors). */
export function fakeAiModeCitesSite(keyword: string): boolean {
  return hash(`${keyword}:ai_mode`) % 2 === 0
}

/** Pure: the forms a site's own link takes in Google's references, one picked per keyword. */
export function siteUrlForms(site: string, keyword: string): string[] {
  const slug = encodeURIComponent(keyword.toLowerCase().replace(/\s+/g, '-'))
  return [
    `https://www.${site}/${slug}/?utm_source=google&utm_medium=organic#:~:text=${slug}`,
    `https://${site}/${slug}?srsltid=AfmBOoq1fake`,
    `https://m.${site}/${slug}/`,
    `https://${site.replace(/\./g, '-')}.cdn.ampproject.org/c/s/${site}/${slug}/amp`,
    `https://blog.${site}/${slug}?gclid=Cj0KCQfake`,
  ]
}

function reference(url: string, title: string, text: string) {
  const host = new URL(url).hostname
  return {
    type: 'ai_overview_reference',
    source: host.replace(/^www\./, ''),
    domain: host,
    url,
    title,
    text,
  }
}

/** The `ai_overview` item for a keyword: sections citing the site and/or competitors. */
function overviewItem(keyword: string, site: string, citeSite: boolean, asynchronous: boolean) {
  const siteUrl = siteUrlForms(site, keyword)[hash(keyword) % 5]!
  const [a, b] = fakeCompetitors
  const refA = reference(`https://www.${a}/guia/${encodeURIComponent(keyword)}`, `${keyword} — Guia`, 'Guia.')
  const refB = reference(`https://${b}/artigo?utm_campaign=x`, `${keyword} no Brasil`, 'Artigo.')
  // A review site whose path carries the site's host name: not the site's citation.
  const decoy = reference(`https://avaliacoes.pt/sites/${site}`, `Opiniões sobre ${site}`, 'Opiniões.')
  const refSite = reference(siteUrl, `${keyword} | ${site}`, 'A página do site.')
  const first = citeSite
    ? {
        text: `Segundo ${site}, ${keyword} depende do perfil de quem procura. A ${a} compara preços.`,
        references: [refSite, refA],
      }
    : {
        text: `A ${a} e a ${b} explicam ${keyword} em detalhe.`,
        references: [refA, refB],
      }
  const second = {
    text: citeSite ? `Compare sempre as condições; ${b} tem outra opinião.` : `Há opiniões em avaliacoes.pt.`,
    references: citeSite ? [refB] : [decoy],
  }
  const elements = [first, second].map((e, i) => ({
    type: 'ai_overview_element',
    position: 'left',
    title: i === 0 ? null : 'Comparar',
    text: e.text,
    markdown: e.text,
    links: null,
    images: null,
    references: e.references,
  }))
  const all = [...first.references, ...second.references]
  return {
    type: 'ai_overview',
    rank_group: 1,
    rank_absolute: 1,
    position: 'left',
    xpath: '/html[1]/body[1]/div[1]/div[3]',
    markdown: elements.map((e) => e.markdown).join('\n\n'),
    items: elements,
    references: all.filter((r, i) => all.findIndex((x) => x.url === r.url) === i),
    asynchronous_ai_overview: asynchronous,
  }
}

function organicItems(keyword: string) {
  return Array.from({ length: 10 }, (_, i) => ({
    type: 'organic',
    rank_group: i + 1,
    rank_absolute: i + 2,
    position: 'left',
    xpath: `/html[1]/body[1]/div[${i + 4}]`,
    domain: `resultado${i + 1}.pt`,
    title: `${keyword} — resultado ${i + 1}`,
    url: `https://resultado${i + 1}.pt/${encodeURIComponent(keyword)}`,
    breadcrumb: `https://resultado${i + 1}.pt`,
    is_featured_snippet: false,
  }))
}

const versionTag = '0.1.20261120'

export async function startFakeDataForSeoSerp(options: FakeSerpOptions = {}): Promise<FakeDataForSeoSerp> {
  const credentials = {
    login: options.login ?? 'farol@example.com',
    password: options.password ?? 'fake-api-password',
  }
  const site = options.site ?? 'exemplo.pt'
  const limit = options.ratePerMinute ?? 2000
  const expected = basicAuth(credentials)
  const requests: FakeDataForSeoSerp['requests'] = []
  const window: number[] = []
  const state = { rateLimited: 0 }
  const scenarios = new Map<string, FakeScenario>()

  const server = createServer(async (req, res) => {
    const endpoint =
      req.url === '/v3/serp/google/organic/live/advanced'
        ? 'organic'
        : req.url === '/v3/serp/google/ai_mode/live/advanced'
          ? 'ai_mode'
          : null
    if (!endpoint || req.method !== 'POST') {
      sendJson(res, 404, {
        version: versionTag,
        status_code: 40400,
        status_message: 'Not Found.',
        tasks: null,
      })
      return
    }
    const authorized = req.headers.authorization === expected
    let posted: unknown
    try {
      posted = JSON.parse(await readBody(req))
    } catch {
      posted = null
    }
    const tasks = Array.isArray(posted) ? posted : posted && typeof posted === 'object' ? [posted] : []
    const task = (tasks[0] ?? {}) as Record<string, unknown>
    requests.push({ endpoint, task, authorized })
    if (!authorized) return sendJson(res, 401, unauthorizedBody)
    if (tasks.length !== 1) {
      return sendJson(res, 200, {
        version: versionTag,
        status_code: 40000,
        status_message: 'You can set only one task at a time.',
        tasks: null,
      })
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs))
    const now = Date.now()
    while (window.length > 0 && window[0]! <= now - 60_000) window.shift()
    const path = ['v3', 'serp', 'google', endpoint, 'live', 'advanced']
    const data = { api: 'serp', function: 'live', se: 'google', se_type: endpoint, ...task }
    const taskEnvelope = (status: number, message: string, cost: number, result: unknown[] | null) => ({
      version: versionTag,
      status_code: 20000,
      status_message: 'Ok.',
      time: '0.0500 sec.',
      cost,
      tasks_count: 1,
      tasks_error: status === 20000 ? 0 : 1,
      tasks: [
        {
          id: randomUUID(),
          status_code: status,
          status_message: message,
          time: '0.0400 sec.',
          cost,
          result_count: result?.length ?? 0,
          path,
          data,
          result,
        },
      ],
    })
    if (window.length >= limit) {
      state.rateLimited += 1
      return sendJson(
        res,
        200,
        taskEnvelope(
          40202,
          `Rate limit exceeded: you can send up to ${limit} API calls per minute.`,
          0,
          null,
        ),
      )
    }
    window.push(now)
    const keyword = typeof task.keyword === 'string' ? task.keyword.trim() : ''
    if (!keyword) return sendJson(res, 200, taskEnvelope(40501, "Invalid Field: 'keyword'.", 0, null))
    if (typeof task.location_code !== 'number' && typeof task.location_name !== 'string')
      return sendJson(res, 200, taskEnvelope(40501, "Invalid Field: 'location_code'.", 0, null))
    if (typeof task.language_code !== 'string' && typeof task.language_name !== 'string')
      return sendJson(res, 200, taskEnvelope(40501, "Invalid Field: 'language_code'.", 0, null))
    const scenario = scenarios.get(keyword.toLowerCase()) ?? fakeScenario(keyword)
    if (scenario === 'invalid')
      return sendJson(res, 200, taskEnvelope(40501, "Invalid Field: 'keyword'.", 0, null))
    if (scenario === 'payment') {
      return sendJson(res, 402, {
        version: versionTag,
        status_code: 40200,
        status_message: 'Payment Required.',
        tasks: null,
      })
    }
    const seDomain = task.location_code === 2076 ? 'google.com.br' : 'google.pt'
    const common = {
      keyword,
      se_domain: seDomain,
      location_code: task.location_code ?? null,
      language_code: task.language_code ?? null,
      check_url: `https://www.${seDomain}/search?q=${encodeURIComponent(keyword)}`,
      datetime: '2026-11-28 09:00:00 +00:00',
    }
    let items: unknown[]
    if (endpoint === 'ai_mode') {
      items = [overviewItem(keyword, site, fakeAiModeCitesSite(keyword), false)]
      const result = { ...common, type: 'ai_mode', item_types: ['ai_overview'], items_count: 1, items }
      return sendJson(res, 200, taskEnvelope(20000, 'Ok.', 0.004, [result]))
    }
    const asyncLoaded = scenario === 'async' && task.load_async_ai_overview === true
    const overview =
      scenario === 'site' || asyncLoaded
        ? overviewItem(keyword, site, true, scenario === 'async')
        : scenario === 'competitors'
          ? overviewItem(keyword, site, false, false)
          : null
    items = [...(overview ? [overview] : []), ...organicItems(keyword)]
    const result = {
      ...common,
      type: 'organic',
      spell: null,
      refinement_chips: null,
      item_types: [...(overview ? ['ai_overview'] : []), 'organic'],
      se_results_count: 1_250_000,
      items_count: items.length,
      items,
    }
    return sendJson(res, 200, taskEnvelope(20000, 'Ok.', 0.002, [result]))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    ...credentials,
    site,
    requests,
    scenarios,
    get rateLimited() {
      return state.rateLimited
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
