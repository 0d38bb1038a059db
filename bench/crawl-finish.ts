// The end of a kept bench crawl again (bench/crawl-worker.ts with FAROL_BENCH_KEEP=1): finishCrawl and the
// summary on the crawl's tables, each step timed, so the end of a 200,000-page crawl can be worked on
// without crawling again. Usage: node bench/crawl-finish.ts <databaseUrl> <crawlId>; prints figures only.

import { RESULT_PAGES } from '../apps/server/src/features/site-audit/capability.ts'
import {
  finishCrawl,
  issueSummaries,
  listPages,
  sampleFromStore,
} from '../apps/server/src/features/site-audit/store.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { tempDataDir } from '../apps/server/test/helpers.ts'

const [databaseUrl, crawlId] = process.argv.slice(2) as [string, string]
const database = await openDatabase({ databaseUrl, dataDir: tempDataDir() })
try {
  const steps = new Map<string, number>()
  const started = performance.now()
  let peak = 0
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 100)
  await finishCrawl(database.db, crawlId, {}, (step, ms) => steps.set(step, (steps.get(step) ?? 0) + ms))
  const summaryAt = performance.now()
  const issues = await issueSummaries(database.db, crawlId)
  steps.set('(summary)', performance.now() - summaryAt)
  await listPages(database.db, crawlId, { sort: 'linkScore', limit: RESULT_PAGES })
  steps.set('(summary + top pages)', performance.now() - summaryAt)
  await sampleFromStore(database.db, crawlId)
  steps.set('summary, top pages, sample', performance.now() - summaryAt)
  clearInterval(sample)
  console.log(
    `end of crawl: ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${Math.round(peak / 2 ** 20)} MB, load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`,
  )
  for (const [step, ms] of [...steps].sort((a, b) => b[1] - a[1]))
    console.log(`  ${step}: ${(ms / 1000).toFixed(2)} s`)
  console.log(`issues: ${issues.map((i) => `${i.type} ${i.count}`).join(', ')}`)
} finally {
  await database.close()
}
