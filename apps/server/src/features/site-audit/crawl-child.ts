// A crawl in a process of its own, for the kill -9 test (frontier.test.ts): opens the embedded database,
// crawls with the PostgreSQL frontier and prints a line per finished page until it is killed.
// Usage: node crawl-child.ts <dataDir> <crawlId> <startUrl> [render] (render: pages rendered in Chromium).
import { crawl } from '@farol/engine/crawl/index.ts'
import { openDatabase } from '../../platform/db/database.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'

const [dataDir, crawlId, startUrl, mode] = process.argv.slice(2) as [string, string, string, string?]
const database = await openDatabase({ dataDir })
await ensureCrawl(database.db, { id: crawlId, userId: null, startUrl, maxPages: 1000 })
// Batches of one: every finished page is durable at once, so the test knows what the kill interrupted.
const frontier = new PgFrontier(database.db, crawlId, { leaseSeconds: 1, batchSize: 1 })
await crawl(startUrl, {
  frontier,
  concurrency: 2,
  allowPrivate: true,
  ...(mode === 'render' ? { render: 'on' as const, renderConcurrency: 2 } : {}),
  onProgress: (p) => process.stdout.write(`pages ${p.pages}\n`),
})
process.stdout.write('finished\n')
await database.close()
