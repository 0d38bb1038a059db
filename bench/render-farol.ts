// Farol's rendered crawl on the bench's SPA, in its own process (the parent measures this process and its
// Chromium together): the engine's crawler with `render: 'on'`, N tabs, in-memory frontier.
// Usage: node bench/render-farol.ts <startUrl> <pages> <concurrency>; prints one JSON line.
import { crawl } from '../packages/engine/src/crawl/crawler.ts'

const [startUrl, pagesArg, concurrencyArg] = process.argv.slice(2) as [string, string, string]
const pages = Number(pagesArg)
const concurrency = Number(concurrencyArg)
const started = performance.now()
const run = await crawl(startUrl, {
  render: 'on',
  renderConcurrency: concurrency,
  concurrency,
  maxPages: pages,
  allowPrivate: true,
  sitemaps: false,
})
const seconds = (performance.now() - started) / 1000
const rendered = run.tables.pages.filter((p) => p.render && p.render.error === null).length
const renderMs = run.tables.pages
  .map((p) => p.render?.ms ?? 0)
  .filter((ms) => ms > 0)
  .sort((a, b) => a - b)
const cpu = process.cpuUsage()
const failed = run.tables.pages.filter((p) => p.render?.error).map((p) => p.render!.error)
process.stdout.write(
  `${JSON.stringify({
    pages: run.stats.pages,
    rendered,
    failed: failed.length,
    failures: [...new Set(failed)],
    seconds,
    pagesPerSecond: rendered / seconds,
    medianRenderMs: renderMs[Math.floor(renderMs.length / 2)] ?? null,
    nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
  })}\n`,
)
process.exit(0)
