// `npm run bench:keywords`: the keyword research goals of issue 16, measured on loopback against the fake
// autocomplete endpoint answering after 150 ms (about a real suggest call's latency from Europe).
//   1. Wall time of a full long-tail expansion of one seed (goal <= 8 s), and the requests it made.
//   2. Time to the first related keywords reported (goal <= 2 s): the first progress report carrying
//      related keywords, which is what the task stores for the page to show.
// Uses the production throttle (4 in flight, 60 ms between starts) and an empty cache, so every query is
// really asked. Prints figures only; no assertions (the numbers depend on the machine).
// Options: --latency MS (default 150), --seed TEXT (default "seguro auto"), --lang pt|en, --country PT|BR|US.
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
} finally {
  await fake.close()
}
