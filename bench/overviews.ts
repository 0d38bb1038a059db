// `npm run bench:overviews`: issue 43's figures. 500 keywords × 2 surfaces (AI Overview and AI Mode, one
// place, desktop) through the whole path (estimate, confirmed run as a task in a real worker, answers
// written to the database, the report read back) against the loopback DataForSEO fake enforcing the
// documented rate limit (2,000 calls a minute) with a per-call latency. Prints the wall time of the run
// against the ideal (calls ÷ allowed rate), calls refused by the limit, peak memory of the process (server,
// worker and fake all run in it), and whether every answer's citation was classified as the fake built it.
// Goal: within 1.15× of the ideal, every citation exact. Options: --keywords N (500), --latency MS (300),
// --rate PER_MINUTE (2000). PGlite unless DATABASE_URL names a PostgreSQL server (a fresh database on it).
import { parseArgs } from 'node:util'
import { startFarol } from '../apps/server/src/composition/server.ts'
import { createLogger } from '../apps/server/src/platform/log.ts'
import {
  apiCaller,
  finishedTask,
  freePort,
  freshPostgres,
  signedInUser,
  testConfig,
} from '../apps/server/test/helpers.ts'
import {
  fakeAiModeCitesSite,
  fakeCompetitors,
  fakeScenario,
  startFakeDataForSeoSerp,
} from '../packages/engine/test/fakes/dataforseo-serp.ts'

const { values } = parseArgs({
  options: {
    keywords: { type: 'string', default: '500' },
    latency: { type: 'string', default: '300' },
    rate: { type: 'string', default: '2000' },
  },
})
const count = Number(values.keywords)
const rate = Number(values.rate)

let peakRss = 0
let peakHeap = 0
const sample = () => {
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed)
}
const sampler = setInterval(sample, 50)

const fake = await startFakeDataForSeoSerp({ latencyMs: Number(values.latency), ratePerMinute: rate })
const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null
const farol = await startFarol(
  testConfig({
    port: await freePort(),
    ...(pg ? { databaseUrl: pg.url } : {}),
    env: { DATAFORSEO_LOGIN: fake.login, DATAFORSEO_PASSWORD: fake.password, DATAFORSEO_URL: fake.origin },
  }),
  createLogger('silent'),
)
try {
  const cookies = { ana: await signedInUser(farol, 'bench.overviews@exemplo.pt') }
  const call = apiCaller(() => farol.url, cookies)
  const topics = ['seguro auto', 'seguro casa', 'crédito habitação', 'conta poupança', 'seguro saúde']
  const keywords = Array.from({ length: count }, (_, i) => `${topics[i % topics.length]} ${i + 1}`)
  const body = {
    site: 'https://www.exemplo.pt/',
    keywords,
    competitors: fakeCompetitors,
    locations: [{ locationCode: 2620, languageCode: 'pt' }],
    devices: ['desktop'],
    surfaces: ['ai_overview', 'ai_mode'],
  }
  const estimate = (await call('ana', 'POST', '/ai-overviews/estimate', body)).body.estimate
  sample()
  const started = performance.now()
  const run = await call('ana', 'POST', '/ai-overviews/runs', {
    ...body,
    confirm: true,
    expectedCost: estimate.cost,
  })
  if (run.status !== 201) throw new Error(`run refused: ${JSON.stringify(run.body)}`)
  const task = await finishedTask<{ status: string }>(
    farol.url,
    run.body.taskId,
    { cookie: cookies.ana },
    {
      timeoutMs: 30 * 60_000,
    },
  )
  const wall = (performance.now() - started) / 1000
  const view = (await call('ana', 'GET', `/ai-overviews/runs/${run.body.runId}`)).body
  sample()

  // Every answer read against what the fake built for its keyword.
  let exact = 0
  const wrong: string[] = []
  for (const row of view.report.rows as {
    surface: string
    keyword: string
    shown: boolean
    cited: boolean
    site: { position: number }[]
    others: { domain: string }[]
  }[]) {
    const scenario = fakeScenario(row.keyword)
    const expected =
      row.surface === 'ai_mode'
        ? { shown: true, cited: fakeAiModeCitesSite(row.keyword) }
        : { shown: scenario !== 'none', cited: scenario === 'site' || scenario === 'async' }
    const ok =
      row.shown === expected.shown &&
      row.cited === expected.cited &&
      (!row.cited || (row.site.length === 1 && row.site[0]!.position === 1)) &&
      !row.others.some((o) => o.domain === 'exemplo.pt' || o.domain.endsWith('.exemplo.pt'))
    if (ok) exact += 1
    else wrong.push(`${row.surface} ${row.keyword}`)
  }
  const calls = count * 2
  const ideal = (calls / rate) * 60
  const mb = (b: number) => (b / 1024 / 1024).toFixed(0)
  console.log(
    `bench:overviews — ${count} keywords × 2 surfaces, fake latency ${values.latency} ms, limit ${rate}/min`,
  )
  console.log(`  database             ${pg ? 'PostgreSQL' : 'PGlite'}`)
  console.log(`  task                 ${task.status}; estimate ${estimate.calls} calls, US$${estimate.cost}`)
  console.log(`  calls made           ${fake.requests.length} (refused by the limit: ${fake.rateLimited})`)
  console.log(`  spent (reported)     US$${view.run.spent}`)
  console.log(`  wall time            ${wall.toFixed(1)} s`)
  console.log(`  ideal (calls ÷ rate) ${ideal.toFixed(1)} s`)
  console.log(`  ratio                ${(wall / ideal).toFixed(3)}× (goal ≤ 1.15×)`)
  console.log(
    `  citations exact      ${exact} of ${view.report.rows.length}${wrong.length ? `; wrong: ${wrong.slice(0, 5).join('; ')}` : ''}`,
  )
  console.log(
    `  peak memory          RSS ${mb(peakRss)} MB, heap ${mb(peakHeap)} MB (server, worker and fake in one process)`,
  )
} finally {
  clearInterval(sampler)
  await farol.stop()
  await fake.close()
  await pg?.drop()
}
