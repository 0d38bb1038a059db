// Crawlee's CheerioCrawler on the bench's site, in its own process (its peak RSS is its own), at a fixed
// concurrency like ours (min = max, so its autoscaling does not pick another), in-memory storage, no
// retries, same-host links. What each page's handler does is the minimum: read the title, enqueue links.
// Usage: node bench/crawlee.ts <startUrl> <pages> <concurrency>; prints one JSON line.
import { CheerioCrawler, Configuration, log } from '@crawlee/cheerio'

const [startUrl, pagesArg, concurrencyArg] = process.argv.slice(2) as [string, string, string]
const pages = Number(pagesArg)
const concurrency = Number(concurrencyArg)
log.setLevel(log.LEVELS.ERROR)
let peak = 0
let done = 0
const tenths: number[] = []
const sample = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 200)
const crawler = new CheerioCrawler(
  {
    minConcurrency: concurrency,
    maxConcurrency: concurrency,
    maxRequestsPerCrawl: pages,
    maxRequestRetries: 0,
    requestHandlerTimeoutSecs: 30,
    async requestHandler({ $, enqueueLinks }) {
      $('title').text()
      await enqueueLinks({ strategy: 'same-hostname' })
      done++
      while (tenths.length < Math.floor((10 * done) / pages)) tenths.push(process.memoryUsage().rss)
    },
  },
  new Configuration({ persistStorage: false }),
)
const started = performance.now()
const stats = await crawler.run([startUrl])
const seconds = (performance.now() - started) / 1000
clearInterval(sample)
peak = Math.max(peak, process.memoryUsage().rss)
process.stdout.write(
  `${JSON.stringify({
    pages: stats.requestsFinished,
    failed: stats.requestsFailed,
    seconds,
    urlsPerSecond: stats.requestsFinished / seconds,
    peakRssMb: Math.round(peak / 2 ** 20),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    rssByTenthMb: tenths.map((r) => Math.round(r / 2 ** 20)),
  })}\n`,
)
process.exit(0)
