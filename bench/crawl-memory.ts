// `npm run bench:crawl -- --mode memory`: the crawl goals of issue 18, on a generated site on loopback (its own process).
//   1. URLs/s of `crawl` at --concurrency 8 over a 5,000-page site (goal >= 100 on the 2-core machine).
//   2. Peak RSS of this process during that crawl (goal <= 400 MB).
//   3. The ratio to a bare fetch loop over the same URLs at the same concurrency, no parsing, measured
//      in the same run (goal >= 0.6).
//      Also CPU time per URL of each (this process only), steadier than wall rates on a loaded machine,
//      and the ceiling: the same loop that also parses each page (pageFacts) and does nothing else. No
//      crawler that parses every page can beat that loop, so its ratio bounds the crawl's on this machine.
//   4. The polite default's rate (2 in flight, 500 ms apart) on the same site, for 10 s (goal <= 4/s).
// Each loop runs once unmeasured first: the first pass over this code runs before the JIT has compiled it
// (seen: the crawl's first 5,000 pages at 230 µs of CPU each, the next at 155), and a comparison must not
// charge that to whichever loop happens to run first.
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --pages N (default 5000), --concurrency N (default 8), --polite-seconds N (default 10).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { Agent, request } from 'undici'
import { siteIssues } from '../packages/engine/src/crawl/checks/index.ts'
import { crawl } from '../packages/engine/src/crawl/crawler.ts'
import { pageFacts } from '../packages/engine/src/crawl/page-facts.ts'

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '8' },
    'polite-seconds': { type: 'string', default: '10' },
    mode: { type: 'string', default: 'memory' },
  },
})
const pages = Number(values.pages)
const concurrency = Number(values.concurrency)
const politeSeconds = Number(values['polite-seconds'])

const site = spawn(process.execPath, [path.join(import.meta.dirname, 'crawl-site.ts'), String(pages)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const origin = await new Promise<string>((resolve, reject) => {
  site.once('exit', (code) => reject(new Error(`site exited with ${code}`)))
  createInterface({ input: site.stdout! }).once('line', resolve)
})
const mb = (kb: number) => (kb / 1024).toFixed(0)
const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system

/** Fetches every URL, `concurrency` at a time, over one keep-alive pool; `parse` also parses each page. */
async function fetchLoop(urls: string[], parse: boolean): Promise<{ rate: number; cpuPerUrl: number }> {
  const agent = new Agent()
  const isInternal = (url: string) => url.startsWith(origin)
  let next = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!
        const response = await request(url, { dispatcher: agent })
        if (parse) pageFacts(url, await response.body.text(), {}, isInternal)
        else await response.body.arrayBuffer()
      }
    }),
  )
  const rate = urls.length / ((performance.now() - started) / 1000)
  const cpuPerUrl = cpuMicros(process.cpuUsage(cpu)) / urls.length
  await agent.close()
  return { rate, cpuPerUrl }
}

try {
  // Unmeasured warm-up of every loop (see the top of the file), on 1,000 pages: the peak RSS must be the
  // measured crawl's.
  const warmUrls = (
    await crawl(`${origin}/`, { concurrency, maxPages: Math.min(1000, pages), allowPrivate: true })
  ).tables.pages.map((p) => p.url)
  await fetchLoop(warmUrls, false)
  await fetchLoop(warmUrls, true)

  // CPU time of this process per URL as well as wall rates: on a shared, loaded machine the wall-clock
  // ratio swings with whatever else runs (seen 0.06-0.37 for one build), CPU per URL far less.
  const rssBefore = process.resourceUsage().maxRSS
  const crawlCpu = process.cpuUsage()
  const run = await crawl(`${origin}/`, { concurrency, maxPages: pages, allowPrivate: true })
  const crawlCpuUs = cpuMicros(process.cpuUsage(crawlCpu))
  const rssPeak = process.resourceUsage().maxRSS
  const issues = siteIssues(run.tables)
  const crawlRate = run.stats.urlsPerSecond
  const urls = run.tables.pages.map((p) => p.url)
  // The bare loop: same URLs, same concurrency, one keep-alive pool, bodies read and thrown away.
  const bare = await fetchLoop(urls, false)
  const ceiling = await fetchLoop(urls, true)

  // The polite start held (ceiling 2): the adaptive pace would otherwise speed up on a fast loopback site.
  const polite = await crawl(`${origin}/`, {
    ceiling: 2,
    maxPages: pages,
    maxSeconds: politeSeconds,
    allowPrivate: true,
    sitemaps: false,
  })

  console.log(`site: ${pages} pages on ${origin} (served by a separate process)`)
  console.log(
    `crawl --concurrency ${concurrency}: ${run.stats.pages} pages in ${run.stats.seconds.toFixed(1)} s`,
  )
  console.log(`  URLs/s:          ${crawlRate.toFixed(1)}   (goal >= 100)`)
  console.log(
    `  peak RSS:        ${mb(rssPeak)} MB (before the crawl: ${mb(rssBefore)} MB)   (goal <= 400 MB)`,
  )
  console.log(`  bare fetch loop: ${bare.rate.toFixed(1)} URLs/s over the same ${urls.length} URLs`)
  console.log(`  ratio:           ${(crawlRate / bare.rate).toFixed(2)}   (goal >= 0.6)`)
  const crawlPerUrl = crawlCpuUs / run.stats.pages
  console.log(
    `  CPU per URL:     crawl ${crawlPerUrl.toFixed(0)} us, bare loop ${bare.cpuPerUrl.toFixed(0)} us (ratio ${(bare.cpuPerUrl / crawlPerUrl).toFixed(2)})`,
  )
  console.log(
    `  ceiling:         fetch + parse only ${ceiling.rate.toFixed(1)} URLs/s, ${ceiling.cpuPerUrl.toFixed(0)} us CPU per URL: ratio ${(ceiling.rate / bare.rate).toFixed(2)} to the bare loop; the crawl reaches ${(crawlRate / ceiling.rate).toFixed(2)} of it`,
  )
  console.log(`  issues found:    ${issues.map((i) => `${i.type} ${i.urls.length}`).join(', ') || 'none'}`)
  console.log(
    `polite default (2 in flight, 500 ms apart) for ${politeSeconds} s: ${polite.stats.pages} pages, ${polite.stats.urlsPerSecond.toFixed(2)} URLs/s   (goal <= 4/s)`,
  )
} finally {
  site.kill('SIGTERM')
}
