// A loopback stand-in for DataForSEO Labs' Google live endpoints (related_keywords, keyword_suggestions,
// keyword_overview), speaking their wire protocol: POST a JSON array of one task with HTTP Basic auth;
// the answer is the documented envelope `{ version, status_code: 20000, status_message: "Ok.", cost,
// tasks_count, tasks_error, tasks: [{ id, status_code, path, data, result: [{ items: [...] }] }] }`.
// Wrong credentials answer HTTP 401 with status_code 40100; a task without location or language answers
// HTTP 200 with the task's status_code 40501, as the real API does. Figures are derived from the keyword
// (fakeFigures), and about a third of the keywords have none (search_volume null), as real data has gaps.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeDataForSeo {
  origin: string
  login: string
  password: string
  /** Every request: the endpoint's function name and the task posted. */
  requests: { fn: string; task: Record<string, unknown>; authorized: boolean }[]
  close(): Promise<void>
}

function hash(text: string): number {
  let h = 0
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) >>> 0
  return h
}

/** The figures the fake gives a keyword, or null figures for the ones it "has no data" on. */
export function fakeFigures(keyword: string) {
  const h = hash(keyword)
  if (h % 3 === 0) return { search_volume: null, cpc: null, keyword_difficulty: null, main_intent: null }
  return {
    search_volume: 10 * (1 + (h % 500)),
    cpc: Math.round((h % 400) + 10) / 100,
    keyword_difficulty: h % 101,
    main_intent: ['informational', 'commercial', 'transactional', 'navigational'][h % 4]!,
  }
}

function keywordData(keyword: string, locationCode: number, languageCode: string) {
  const f = fakeFigures(keyword)
  return {
    se_type: 'google',
    keyword,
    location_code: locationCode,
    language_code: languageCode,
    keyword_info: {
      se_type: 'google',
      last_updated_time: '2026-10-01 10:00:00 +00:00',
      competition: f.search_volume === null ? null : 0.5,
      competition_level: f.search_volume === null ? null : 'MEDIUM',
      cpc: f.cpc,
      search_volume: f.search_volume,
      low_top_of_page_bid: null,
      high_top_of_page_bid: null,
      categories: null,
      monthly_searches: null,
    },
    keyword_properties: {
      se_type: 'google',
      core_keyword: null,
      synonym_clustering_algorithm: 'text_processing',
      keyword_difficulty: f.keyword_difficulty,
      detected_language: languageCode,
      is_another_language: false,
    },
    search_intent_info: {
      se_type: 'google',
      main_intent: f.main_intent,
      foreign_intent: null,
      last_updated_time: null,
    },
  }
}

function envelope(fn: string, task: Record<string, unknown>, taskStatus: number, result: unknown[] | null) {
  const ok = taskStatus === 20000
  return {
    version: '0.1.20260920',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.0512 sec.',
    cost: ok ? 0.0101 : 0,
    tasks_count: 1,
    tasks_error: ok ? 0 : 1,
    tasks: [
      {
        id: randomUUID(),
        status_code: taskStatus,
        status_message: ok ? 'Ok.' : "Invalid Field: 'location_code'.",
        time: '0.0312 sec.',
        cost: ok ? 0.0101 : 0,
        result_count: result?.length ?? 0,
        path: ['v3', 'dataforseo_labs', 'google', fn, 'live'],
        data: { api: 'dataforseo_labs', function: fn, se_type: 'google', ...task },
        result,
      },
    ],
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** The Authorization header DataForSEO expects for these credentials (HTTP Basic). */
export function basicAuth(credentials: { login: string; password: string }): string {
  return `Basic ${Buffer.from(`${credentials.login}:${credentials.password}`).toString('base64')}`
}

/** DataForSEO's answer to wrong credentials (HTTP 401). */
export const unauthorizedBody = {
  version: '0.1.20260920',
  status_code: 40100,
  status_message: 'You are not authorized to access this resource. Please check your login and password.',
  time: '0 sec.',
  cost: 0,
  tasks_count: 0,
  tasks_error: 0,
  tasks: null,
}

/** Sends JSON as DataForSEO does (UTF-8, said in the Content-Type). */
export function sendJson(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}

export async function startFakeDataForSeo(
  credentials: { login: string; password: string } = {
    login: 'farol@example.com',
    password: 'fake-api-password',
  },
): Promise<FakeDataForSeo> {
  const requests: FakeDataForSeo['requests'] = []
  const expected = basicAuth(credentials)
  const server = createServer(async (req, res) => {
    if (req.url === '/v3/serp/google/organic/live/advanced') return serp(req, res, expected, requests)
    const match =
      /^\/v3\/dataforseo_labs\/google\/(related_keywords|keyword_suggestions|keyword_overview)\/live$/.exec(
        req.url ?? '',
      )
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
    }
    if (!match || req.method !== 'POST') {
      send(404, { version: '0.1.20260920', status_code: 40400, status_message: 'Not Found.', tasks: null })
      return
    }
    const fn = match[1]!
    const authorized = req.headers.authorization === expected
    let task: Record<string, unknown> = {}
    try {
      const posted = JSON.parse(await readBody(req)) as unknown
      task = (Array.isArray(posted) ? posted[0] : posted) as Record<string, unknown>
    } catch {
      send(400, { version: '0.1.20260920', status_code: 40000, status_message: 'Bad Request.', tasks: null })
      return
    }
    requests.push({ fn, task, authorized })
    if (!authorized) {
      send(401, unauthorizedBody)
      return
    }
    const location = task.location_code
    const language = task.language_code
    if (typeof location !== 'number' || typeof language !== 'string') {
      send(200, envelope(fn, task, 40501, null))
      return
    }
    let items: unknown[]
    if (fn === 'keyword_overview') {
      const keywords = Array.isArray(task.keywords) ? (task.keywords as string[]) : []
      items = keywords.map((k) => keywordData(k.toLowerCase(), location, language))
    } else {
      const seed = String(task.keyword ?? '').toLowerCase()
      const extra =
        language === 'pt'
          ? fn === 'related_keywords'
            ? ['seguradora online', `${seed} comparar`, 'simulador de seguros']
            : [`${seed} mensal`, `${seed} para empresas`]
          : fn === 'related_keywords'
            ? ['insurance company online', `${seed} compare`, 'insurance simulator']
            : [`${seed} monthly`, `${seed} for business`]
      items =
        fn === 'related_keywords'
          ? extra.map((k, i) => ({
              se_type: 'google',
              keyword_data: keywordData(k, location, language),
              depth: i === 0 ? 0 : 1,
              related_keywords: extra.filter((x) => x !== k),
            }))
          : extra.map((k) => keywordData(k, location, language))
    }
    send(
      200,
      envelope(fn, task, 20000, [
        {
          se_type: 'google',
          seed_keyword: task.keyword ?? null,
          seed_keyword_data: null,
          location_code: location,
          language_code: language,
          total_count: items.length,
          items_count: items.length,
          offset: 0,
          items,
        },
      ]),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    ...credentials,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The SERP API's Google organic live/advanced endpoint: the site fakeRanking says ranks appears at that
 * organic position among real-shaped items (a featured snippet-free page of `organic` items with
 * rank_group / rank_absolute / domain / url), other domains fill the rest.
 */
export const fakeRanking: Record<string, { domain: string; position: number }> = {}

async function serp(
  req: IncomingMessage,
  res: import('node:http').ServerResponse,
  expected: string,
  requests: FakeDataForSeo['requests'],
) {
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
  const authorized = req.headers.authorization === expected
  const posted = JSON.parse(await readBody(req)) as Record<string, unknown>[]
  const task = posted[0] ?? {}
  requests.push({ fn: 'serp/google/organic', task, authorized })
  if (!authorized) {
    send(401, {
      version: '0.1.20260920',
      status_code: 40100,
      status_message: 'You are not authorized to access this resource. Please check your login and password.',
      tasks: null,
    })
    return
  }
  const keyword = String(task.keyword ?? '')
  const depth = Number(task.depth ?? 100)
  const ranking = fakeRanking[keyword.toLowerCase()]
  const items = Array.from({ length: Math.min(depth, 20) }, (_, i) => {
    const rank = i + 1
    const domain = ranking && ranking.position === rank ? ranking.domain : `concorrente${rank}.pt`
    return {
      type: 'organic',
      rank_group: rank,
      rank_absolute: rank + 1, // a people_also_ask block sits above the first result
      position: 'left',
      xpath: `/html[1]/body[1]/div[${rank}]`,
      domain,
      title: `${keyword} — ${domain}`,
      url: `https://${domain}/${encodeURIComponent(keyword)}`,
      breadcrumb: `https://${domain}`,
      is_featured_snippet: false,
    }
  })
  const all = [
    { type: 'people_also_ask', rank_group: 1, rank_absolute: 1, position: 'left', items: [] },
    ...items,
  ]
  const envelope = {
    version: '0.1.20260920',
    status_code: 20000,
    status_message: 'Ok.',
    time: '2.1 sec.',
    cost: 0.002,
    tasks_count: 1,
    tasks_error: 0,
    tasks: [
      {
        id: randomUUID(),
        status_code: 20000,
        status_message: 'Ok.',
        time: '2.0 sec.',
        cost: 0.002,
        result_count: 1,
        path: ['v3', 'serp', 'google', 'organic', 'live', 'advanced'],
        data: {
          api: 'serp',
          function: 'live',
          se: 'google',
          se_type: 'organic',
          ...task,
          device: 'desktop',
          os: 'windows',
        },
        result: [
          {
            keyword,
            type: 'organic',
            se_domain: 'google.pt',
            location_code: task.location_code,
            language_code: task.language_code,
            check_url: `https://www.google.pt/search?q=${encodeURIComponent(keyword)}`,
            datetime: '2026-11-23 10:00:00 +00:00',
            spell: null,
            item_types: ['people_also_ask', 'organic'],
            se_results_count: 1250000,
            items_count: all.length,
            items: all,
          },
        ],
      },
    ],
  }
  send(200, envelope)
}
