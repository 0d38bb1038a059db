// `npm run bench:crawl`: a site crawl at the scale of real sites (issue #28), on the generated site served
// by its own process: 200,000 pages by default, --concurrency 8. Two crawlers, each in a process of its own
// (so each peak RSS is that crawler's alone), one after the other on the same site:
//   1. Farol's server path, as a `npm run worker` runs a site_crawl: PgFrontier, the page store and the
//      checks as queries, on PostgreSQL when DATABASE_URL is set, else on PGlite (then inside the worker).
//   2. Crawlee's CheerioCrawler at the same fixed concurrency (bench/crawlee.ts).
// Printed: URLs/s, peak RSS (and RSS at each tenth of the crawl: flat or growing), the growth over the
// worker's idle RSS, the database's size on disk after the end-of-crawl upkeep (and its write-ahead log), the
// time from the crawl's end to its issues being available, and the ratios. Goals: worker RSS <= 1 GB,
// >= 5x Crawlee's URLs/s, issues <= 10 s after the crawl ends. Prints figures only.
// Options: --pages N, --concurrency N, --skip-crawlee, --crawlee-pages N (Crawlee stops after N pages); --mode memory runs issue 18's bench instead
// (bench/crawl-memory.ts: the in-memory crawl against bare fetch loops, and the polite default);
// --mode inventory times the inventory's queries (bench/crawl-inventory.ts, issue #29); --mode cli runs
// `farol crawl --store` in its own process (bench/crawl-cli.ts, issue 42: peak RSS, store size on disk).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

/** The machine's load (1, 5 and 15 minutes): figures on a shared machine mean little without it. */
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'store' },
    pages: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    'polite-seconds': { type: 'string', default: '10' },
    'skip-crawlee': { type: 'boolean', default: false },
    // --mode cli: the CLI writes --json (to /dev/null) instead of the text report.
    json: { type: 'boolean', default: false },
    // Crawlee on the same site but stopped after this many pages (its rate is steady; at 200,000 pages it
    // needs most of an hour on a loaded 2-core machine).
    'crawlee-pages': { type: 'string' },
  },
})
if (values.mode === 'memory') {
  await import('./crawl-memory.ts')
} else if (values.mode === 'inventory') {
  await import('./crawl-inventory.ts')
} else if (values.mode === 'cli') {
  await import('./crawl-cli.ts')
} else {
  const pages = Number(values.pages ?? 200_000)
  const concurrency = values.concurrency
  const here = import.meta.dirname
  const site = spawn(process.execPath, [path.join(here, 'crawl-site.ts'), String(pages)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const origin = await new Promise<string>((resolve, reject) => {
    site.once('exit', (code) => reject(new Error(`site exited with ${code}`)))
    createInterface({ input: site.stdout! }).once('line', resolve)
  })
  /** Runs a bench child and returns the JSON line it prints. */
  const child = (file: string, limit = pages) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const p = spawn(process.execPath, [path.join(here, file), `${origin}/`, String(limit), concurrency], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let out = ''
      p.stdout!.on('data', (d) => {
        out += d
      })
      p.once('exit', (code) => {
        const line = out.trim().split('\n').pop() ?? ''
        // Its figures count even if tearing down (dropping the bench database) failed after printing them.
        if (line.startsWith('{')) {
          if (code !== 0) console.error(`${file} exited with ${code} after its figures`)
          resolve(JSON.parse(line))
        } else reject(new Error(`${file} exited with ${code}: ${out.slice(-500)}`))
      })
    })
  try {
    console.log(
      `site: ${pages} pages on ${origin} (served by a separate process), --concurrency ${concurrency}, load average ${loadavg()}`,
    )
    const farol = await child('crawl-worker.ts')
    console.log(`Farol worker (server path, ${farol.backend}), load average after: ${loadavg()}`)
    console.log(`  pages:          ${farol.pages} in ${Number(farol.seconds).toFixed(1)} s`)
    console.log(`  URLs/s:         ${Number(farol.urlsPerSecond).toFixed(1)}`)
    console.log(`  peak RSS:       ${farol.peakRssMb} MB (maxRSS ${farol.maxRssMb} MB)   (goal <= 1024 MB)`)
    console.log(`  RSS by tenth:   ${(farol.rssByTenthMb as number[]).join(', ')} MB`)
    if ((farol.walByTenthMb as number[]).length > 0)
      console.log(
        `  log by tenth:   ${(farol.walByTenthMb as number[]).join(', ')} MB (write-ahead log during the crawl)`,
      )
    console.log(
      `  database size:  ${farol.databaseMb} MB on disk after the crawl${farol.walMb === null ? '' : ` (write-ahead log ${farol.walMb} MB)`}   (goal <= 1229 MB at 100,000 pages)`,
    )
    console.log(
      `  growth:         ${farol.growthMb} MB over idle (idle ${farol.idleRssMb} MB, peak ${farol.peakRssMb} MB)   (goal <= 512 MB)`,
    )
    console.log(
      `  issues after:   ${Number(farol.issuesSeconds).toFixed(1)} s from the crawl's end   (goal <= 10 s)`,
    )
    console.log(`  end of crawl:   ${(farol.endSteps as string[]).join(', ')}`)
    console.log(`  issues:         ${(farol.issues as string[]).join(', ') || 'none'}`)
    if (!values['skip-crawlee']) {
      const crawlee = await child('crawlee.ts', Number(values['crawlee-pages'] ?? pages))
      console.log(`Crawlee CheerioCrawler (in-memory storage), load average after: ${loadavg()}`)
      console.log(
        `  pages:          ${crawlee.pages} in ${Number(crawlee.seconds).toFixed(1)} s (${crawlee.failed} failed)`,
      )
      console.log(`  URLs/s:         ${Number(crawlee.urlsPerSecond).toFixed(1)}`)
      console.log(`  peak RSS:       ${crawlee.peakRssMb} MB (maxRSS ${crawlee.maxRssMb} MB)`)
      console.log(`  RSS by tenth:   ${(crawlee.rssByTenthMb as number[]).join(', ')} MB`)
      console.log(
        `ratio Farol / Crawlee: ${(Number(farol.urlsPerSecond) / Number(crawlee.urlsPerSecond)).toFixed(2)}x URLs/s   (goal >= 5), ${(Number(farol.peakRssMb) / Number(crawlee.peakRssMb)).toFixed(2)}x peak RSS`,
      )
    }
  } finally {
    site.kill('SIGTERM')
  }
}
