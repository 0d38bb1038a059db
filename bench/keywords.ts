// `npm run bench:keywords`: the keyword research goals of issue 16, measured on loopback against the fake
// autocomplete endpoint answering after 150 ms (about a real suggest call's latency from Europe).
//   1. Wall time of a full long-tail expansion of one seed (goal <= 8 s), and the requests it made.
//   2. Time to the first related keywords reported (goal <= 2 s): the first progress report carrying
//      related keywords, which is what the task stores for the page to show.
// Uses the production throttle (4 in flight, 60 ms between starts) and an empty cache, so every query is
// really asked. Then the same through the product: Farol started in-process (embedded database) with
// FAROL_AUTOCOMPLETE_URL at the fake, a signed-in user creating a keyword_research task and reading the
// status endpoint every 50 ms, as the page does when its event stream falls back to polling: time from
// the click to the first related keywords in the task's results, and to the finished task.
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --latency MS (default 150), --seed TEXT (default "seguro auto"), --lang pt|en, --country PT|BR|US,
// --no-server (engine only).
import { parseArgs } from 'node:util'
import {
  AutocompleteProvider,
  MemoryKeywordCache,
  researchKeywords,
} from '../packages/engine/src/keywords/index.ts'
import { startFakeAutocomplete } from '../packages/engine/test/fakes/keywords-autocomplete.ts'

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '150' },
    seed: { type: 'string', default: 'seguro auto' },
    lang: { type: 'string', default: 'pt' },
    country: { type: 'string', default: 'PT' },
    'no-server': { type: 'boolean', default: false },
  },
})
const latencyMs = Number(values.latency)
const market = {
  lang: values.lang === 'en' ? ('en' as const) : ('pt' as const),
  country: (['PT', 'BR', 'US'].includes(values.country!) ? values.country : 'PT') as 'PT' | 'BR' | 'US',
}

const fake = await startFakeAutocomplete({ latencyMs })
try {
  const autocomplete = new AutocompleteProvider({ baseUrl: fake.url, cache: new MemoryKeywordCache() })
  const started = performance.now()
  let firstRelatedMs: number | null = null
  let reports = 0
  const result = await researchKeywords({
    seed: values.seed!,
    market,
    autocomplete,
    dataforseo: null,
    site: null,
    onProgress: (partial) => {
      reports += 1
      if (firstRelatedMs === null && partial.related.length > 0) firstRelatedMs = performance.now() - started
    },
  })
  const wallMs = performance.now() - started
  const s = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`)
  console.log(
    `keyword research of "${values.seed}" (${market.lang}-${market.country}), fake latency ${latencyMs} ms`,
  )
  console.log(`  full long-tail expansion: ${s(wallMs)} (goal <= 8 s) ${wallMs <= 8000 ? 'OK' : 'OVER'}`)
  console.log(
    `  requests made:            ${fake.requests.length} (provider counted ${autocomplete.requests})`,
  )
  console.log(
    `  first related keywords:   ${s(firstRelatedMs)} (goal <= 2 s) ${firstRelatedMs !== null && firstRelatedMs <= 2000 ? 'OK' : 'OVER'}`,
  )
  console.log(
    `  results: ${result.related.length} related, ${result.longTail.length} long tail; ${reports} progress reports`,
  )

  if (!values['no-server']) await throughTheServer(fake)
} finally {
  await fake.close()
}

async function throughTheServer(fake: Awaited<ReturnType<typeof startFakeAutocomplete>>): Promise<void> {
  const { createLogger } = await import('../apps/server/src/platform/log.ts')
  const { startFarol } = await import('../apps/server/src/composition/server.ts')
  const { freePort, signedInUser, testConfig } = await import('../apps/server/test/helpers.ts')
  const farol = await startFarol(
    testConfig({ port: await freePort(), env: { FAROL_AUTOCOMPLETE_URL: fake.url } }),
    createLogger('silent'),
  )
  try {
    const cookie = await signedInUser(farol, 'bench-keywords@exemplo.pt')
    // The first task after a start also loads the capability's modules (cold); the second is warm.
    // Seeds the engine run above did not ask, so nothing comes from the cache.
    for (const [label, seed] of [
      ['first task after start', `${values.seed} online`],
      ['second task (warm)', `${values.seed} barato`],
    ] as const) {
      const asked = fake.requests.length
      const started = performance.now()
      const created = await fetch(`${farol.url}/api/seo-task-manager/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: farol.url, cookie },
        body: JSON.stringify({ task_name: 'keyword_research', requested_data: { keyword: seed, ...market } }),
      })
      const { taskId } = (await created.json()) as { taskId: string }
      let firstRelatedMs: number | null = null
      let body: { status: string; results: { related: unknown[]; longTail: unknown[] } | null }
      for (;;) {
        const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, {
          headers: { cookie },
        })
        body = (await res.json()) as typeof body
        if (firstRelatedMs === null && (body.results?.related.length ?? 0) > 0) {
          firstRelatedMs = performance.now() - started
        }
        if (body.status === 'success' || body.status === 'failed') break
        await new Promise((r) => setTimeout(r, 50))
      }
      const wallMs = performance.now() - started
      const s = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`)
      console.log(`through the server, ${label} ("${seed}", status read every 50 ms):`)
      console.log(
        `  task ${body.status} after:     ${s(wallMs)} (goal <= 8 s) ${wallMs <= 8000 ? 'OK' : 'OVER'}`,
      )
      console.log(`  requests made:            ${fake.requests.length - asked}`)
      console.log(
        `  first related keywords:   ${s(firstRelatedMs)} (goal <= 2 s) ${firstRelatedMs !== null && firstRelatedMs <= 2000 ? 'OK' : 'OVER'}`,
      )
      console.log(
        `  results: ${body.results?.related.length ?? 0} related, ${body.results?.longTail.length ?? 0} long tail`,
      )
    }
  } finally {
    await farol.stop()
  }
}
