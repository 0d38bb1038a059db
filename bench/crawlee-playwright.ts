// Crawlee's PlaywrightCrawler on the rendered-crawl bench's SPA, in its own process: Debian's Chromium
// (executablePath, no browser downloaded), the same Chromium flags as Farol's render pool, images, media and
// fonts blocked (Crawlee's blockRequests: by URL pattern, its own cheap way), a fixed concurrency (min = max,
// so its autoscaling does not pick another), one browser for the whole run (retireBrowserAfterPageCount =
// pages, as Farol keeps one), in-memory storage, no retries, same-host links.
// Each page's handler reads the title and enqueues the rendered DOM's links. `wait` is what Crawlee waits
// for before the handler: 'load' (its default) or 'networkidle' (Playwright's network quiet: 500 ms).
// Usage: node bench/crawlee-playwright.ts <startUrl> <pages> <concurrency> [load|networkidle]; prints JSON.
import { Configuration, log, PlaywrightCrawler, playwrightUtils } from '@crawlee/playwright'
import { chromium } from 'playwright'
import { chromeFlags } from '../packages/engine/src/lighthouse/chrome.ts'
import { renderFlags } from '../packages/engine/src/render/pool.ts'

const [startUrl, pagesArg, concurrencyArg, waitArg] = process.argv.slice(2) as [
  string,
  string,
  string,
  string?,
]
const pages = Number(pagesArg)
const concurrency = Number(concurrencyArg)
const wait = waitArg === 'networkidle' ? 'networkidle' : 'load'
log.setLevel(log.LEVELS.ERROR)
const blocked = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.svg', '.ico', '.bmp']
  .concat(['.woff', '.woff2', '.ttf', '.otf', '.eot'])
  .concat(['.mp4', '.webm', '.ogg', '.mp3', '.wav', '.m4a'])
const crawler = new PlaywrightCrawler(
  {
    minConcurrency: concurrency,
    maxConcurrency: concurrency,
    maxRequestsPerCrawl: pages,
    maxRequestRetries: 0,
    requestHandlerTimeoutSecs: 30,
    navigationTimeoutSecs: 30,
    launchContext: {
      launcher: chromium,
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        // Farol's flags without the proxy (Crawlee's Chromium fetches directly).
        args: [...chromeFlags({}).filter((f) => f !== '--headless'), ...renderFlags],
      },
    },
    browserPoolOptions: { retireBrowserAfterPageCount: pages + 1, maxOpenPagesPerBrowser: concurrency },
    preNavigationHooks: [
      async ({ page }, gotoOptions) => {
        await playwrightUtils.blockRequests(page, { urlPatterns: blocked })
        if (gotoOptions) gotoOptions.waitUntil = wait
      },
    ],
    async requestHandler({ page, enqueueLinks }) {
      await page.title()
      await enqueueLinks({ strategy: 'same-hostname' })
    },
  },
  new Configuration({ persistStorage: false }),
)
const started = performance.now()
const stats = await crawler.run([startUrl])
const seconds = (performance.now() - started) / 1000
process.stdout.write(
  `${JSON.stringify({
    pages: stats.requestsFinished,
    failed: stats.requestsFailed,
    seconds,
    pagesPerSecond: stats.requestsFinished / seconds,
    wait,
  })}\n`,
)
process.exit(0)
