// `npm run bench:directories`: the time of one directory search (issue 17, goal ≤ 3 s) with every provider
// faked on loopback at 300 ms latency per request (Nominatim, Google Places, Foursquare, and the site's
// own page), measured two ways:
//   1. the engine's searchDirectories alone (providers called at once, the site read beside them);
//   2. the whole task through the server: POST /api/seo-task-manager/create → status success, polled
//      every 50 ms (the job queue's pickup included).
// Distinct businesses per run so Nominatim's cache never answers; runs are spaced so its one-request-
// per-second clock never makes a run wait. Prints figures only (the numbers depend on the machine).
// Options: --runs N (default 5), --latency MS (default 300).
import { parseArgs } from 'node:util'
import { startFarol } from '../apps/server/src/composition/server.ts'
import { createLogger } from '../apps/server/src/platform/log.ts'
import { freePort, signedInUser, testConfig } from '../apps/server/test/helpers.ts'
import { foursquareProvider } from '../packages/engine/src/local/foursquare.ts'
import { googlePlacesProvider } from '../packages/engine/src/local/google-places.ts'
import { intervalLimiter, memoryCache } from '../packages/engine/src/local/index.ts'
import { nominatimProvider } from '../packages/engine/src/local/nominatim.ts'
import { searchDirectories } from '../packages/engine/src/local/search.ts'
import { readSiteNap } from '../packages/engine/src/local/site-nap.ts'
import {
  alfama,
  fakeFoursquareKey,
  fakeGoogleKey,
  startFakeDirectories,
} from '../packages/engine/test/fakes/local-directories.ts'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, latency: { type: 'string', default: '300' } },
})
const runs = Math.max(1, Number(values.runs))
const latencyMs = Number(values.latency)

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const fake = await startFakeDirectories({ latencyMs })
const site = `${fake.origin}/site/alfama/`
const form = (i: number) => ({ ...alfama, name: `Pastelaria Alfama ${i}` })

// 1. The engine alone.
const engineTimes: number[] = []
const limiter = intervalLimiter()
for (let i = 0; i < runs; i++) {
  const started = performance.now()
  const report = await searchDirectories(
    { form: form(i), siteUrl: site },
    {
      providers: [
        googlePlacesProvider({ apiKey: fakeGoogleKey, baseUrl: fake.env.FAROL_GOOGLE_PLACES_URL }),
        nominatimProvider({
          baseUrl: fake.env.FAROL_NOMINATIM_URL,
          userAgent: 'Farol/0.1 (+http://localhost)',
          limiter,
          cache: memoryCache(),
        }),
        foursquareProvider({ apiKey: fakeFoursquareKey, baseUrl: fake.env.FAROL_FOURSQUARE_URL }),
      ],
      readSite: (url, country) => readSiteNap(url, country, { allowPrivate: true }),
    },
  )
  engineTimes.push(performance.now() - started)
  if (report.directories.some((d) => d.reason === 'provider_error')) throw new Error('a provider failed')
  await sleep(1100)
}

// 2. The whole task through the server.
const port = await freePort()
const farol = await startFarol(
  testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', ...fake.env } }),
  createLogger('silent'),
)
const cookie = await signedInUser(farol, 'bench-directories@farol.test')
const taskTimes: number[] = []
for (let i = 0; i < runs; i++) {
  const f = form(100 + i)
  const started = performance.now()
  const created = await fetch(`${farol.url}/api/seo-task-manager/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: farol.url, cookie },
    body: JSON.stringify({
      task_name: 'directory_search',
      requested_data: {
        businessName: f.name,
        address: f.address,
        postalCode: f.postalCode,
        city: f.city,
        phoneNumber: f.phone,
        url: site,
      },
    }),
  })
  const { taskId } = (await created.json()) as { taskId: string }
  for (;;) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, {
      headers: { cookie },
    })
    const body = (await res.json()) as { status: string; message: string | null }
    if (body.status === 'success') break
    if (body.status === 'failed') throw new Error(`task failed: ${body.message}`)
    await sleep(50)
  }
  taskTimes.push(performance.now() - started)
  await sleep(1100)
}
await farol.stop()
await fake.close()

console.log(
  `Directory search, every provider faked at ${latencyMs} ms per request, ${runs} runs (goal ≤ 3 s):`,
)
console.log(
  `  engine searchDirectories: median ${fmt(median(engineTimes))}, max ${fmt(Math.max(...engineTimes))}`,
)
console.log(
  `  task through the server (create → success): median ${fmt(median(taskTimes))}, max ${fmt(Math.max(...taskTimes))}`,
)
