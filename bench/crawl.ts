// `npm run bench:crawl`: the crawl goals of issue 18, on a generated site on loopback (its own process).
//   1. URLs/s of `crawl` at --concurrency 8 over a 5,000-page site (goal >= 100 on the 2-core machine).
//   2. Peak RSS of this process during that crawl (goal <= 400 MB).
//   3. The ratio to a bare fetch loop over the same URLs at the same concurrency, no parsing, measured
//      in the same run (goal >= 0.6).
//      Also CPU time per URL of each (this process only), steadier than wall rates on a loaded machine.
//   4. The polite default's rate (2 in flight, 500 ms apart) on the same site, for 10 s (goal <= 4/s).
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --pages N (default 5000), --concurrency N (default 8), --polite-seconds N (default 10).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { Agent, request } from 'undici'
import { siteIssues } from '../packages/engine/src/crawl/checks/index.ts'
import { crawl } from '../packages/engine/src/crawl/crawler.ts'

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '8' },
    'polite-seconds': { type: 'string', default: '10' },
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

try {
  const rssBefore = process.resourceUsage().maxRSS
  // CPU time of this process per URL as well as wall rates: on a shared, loaded machine the wall-clock
  // ratio swings with whatever else runs (seen 0.06-0.37 for one build), CPU per URL far less.
  const crawlCpu = process.cpuUsage()
  const run = await crawl(`${origin}/`, { concurrency, maxPages: pages, allowPrivate: true })
  const crawlCpuUs = cpuMicros(process.cpuUsage(crawlCpu))
  const rssPeak = process.resourceUsage().maxRSS
  const issues = siteIssues(run.tables)
  const urls = run.tables.pages.map((p) => p.url)
  const crawlRate = run.stats.urlsPerSecond

  // The bare loop: same URLs, same concurrency, one keep-alive pool, bodies read and thrown away.
  const agent = new Agent()
  let next = 0
  const bareCpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!
        const response = await request(url, { dispatcher: agent })
        await response.body.arrayBuffer()
      }
    }),
  )
  const bareRate = urls.length / ((performance.now() - started) / 1000)
  const bareCpuUs = cpuMicros(process.cpuUsage(bareCpu))
  await agent.close()

  const polite = await crawl(`${origin}/`, {
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
  console.log(`  bare fetch loop: ${bareRate.toFixed(1)} URLs/s over the same ${urls.length} URLs`)
  console.log(`  ratio:           ${(crawlRate / bareRate).toFixed(2)}   (goal >= 0.6)`)
  const crawlPerUrl = crawlCpuUs / run.stats.pages
  const barePerUrl = bareCpuUs / urls.length
  console.log(
    `  CPU per URL:     crawl ${crawlPerUrl.toFixed(0)} us, bare loop ${barePerUrl.toFixed(0)} us (ratio ${(barePerUrl / crawlPerUrl).toFixed(2)})`,
  )
  console.log(`  issues found:    ${issues.map((i) => `${i.type} ${i.urls.length}`).join(', ') || 'none'}`)
  console.log(
    `polite default (2 in flight, 500 ms apart) for ${politeSeconds} s: ${polite.stats.pages} pages, ${polite.stats.urlsPerSecond.toFixed(2)} URLs/s   (goal <= 4/s)`,
  )
} finally {
  site.kill('SIGTERM')
}
