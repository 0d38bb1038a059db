// `npm run bench:crawl -- --mode inventory [--pages 20000]`: the inventory's queries (issue #29) over a
// generated crawl written straight into the page store (apps/server/src/features/site-audit/generated-crawl.ts), on
// PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database there. Each query runs 5
// times; the median and the worst are printed (goal: each <= 200 ms at 20,000 rows). Figures only.
import { parseArgs } from 'node:util'
import { generatedCrawl, generatedUrl } from '../apps/server/src/features/site-audit/generated-crawl.ts'
import {
  duplicateGroups,
  inventoryCsv,
  inventoryFacets,
  inventoryQuerySchema,
  listInventory,
  pageDetail,
} from '../apps/server/src/features/site-audit/inventory.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { freshPostgres, tempDataDir } from '../apps/server/test/helpers.ts'

const { values } = parseArgs({
  options: { mode: { type: 'string' }, pages: { type: 'string', default: '20000' } },
  allowPositionals: true,
})
const pages = Number(values.pages)
const q = (o: Record<string, unknown> = {}) => inventoryQuerySchema.parse(o)

async function bench(name: string, serverUrl: string | null) {
  const fresh = serverUrl ? await freshPostgres(serverUrl) : null
  const database = await openDatabase(
    fresh ? { databaseUrl: fresh.url, dataDir: tempDataDir() } : { dataDir: tempDataDir() },
  )
  const db = database.db
  try {
    const started = performance.now()
    const id = await generatedCrawl(db, pages)
    console.log(
      `${name}: ${pages} generated pages written and checked in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const queries: [string, () => Promise<unknown>][] = [
      ['first page, by URL', () => listInventory(db, id, q())],
      [
        'sorted by response time, offset half',
        () => listInventory(db, id, q({ sort: 'ms', dir: 'desc', offset: Math.floor(pages / 2) })),
      ],
      ['filter: issue missing-description', () => listInventory(db, id, q({ issue: 'missing-description' }))],
      [
        'filter: issue + pattern + sort by words',
        () =>
          listInventory(
            db,
            id,
            q({ issue: 'missing-description', pattern: '*/blog/*', sort: 'words', dir: 'desc' }),
          ),
      ],
      ['filter: 4xx', () => listInventory(db, id, q({ status: '4xx' }))],
      [
        'filter: not indexable, sorted by title length',
        () => listInventory(db, id, q({ indexable: 'no', sort: 'titleLength' })),
      ],
      ['filter counts (facets)', () => inventoryFacets(db, id)],
      ["a URL's detail", () => pageDetail(db, id, generatedUrl(1))],
      ['duplicate-title groups', () => duplicateGroups(db, id, 'duplicate-title')],
      [
        'CSV of a filter (whole stream)',
        async () => {
          let n = 0
          for await (const chunk of inventoryCsv(db, id, q({ issue: 'missing-description' }), { lang: 'pt' }))
            n += chunk.length
          return n
        },
      ],
    ]
    for (const [label, run] of queries) {
      const times: number[] = []
      for (let i = 0; i < 5; i++) {
        const t = performance.now()
        await run()
        times.push(performance.now() - t)
      }
      times.sort((a, b) => a - b)
      console.log(
        `  ${label.padEnd(46)} median ${times[2]!.toFixed(1).padStart(7)} ms   worst ${times[4]!.toFixed(1).padStart(7)} ms`,
      )
    }
  } finally {
    await database.close()
    await fresh?.drop()
  }
}

console.log(`inventory queries over ${pages} pages (goal: each <= 200 ms at 20,000)`)
await bench('PGlite', null)
if (process.env.TEST_DATABASE_URL) await bench('PostgreSQL', process.env.TEST_DATABASE_URL)
else console.log('PostgreSQL: skipped (set TEST_DATABASE_URL)')
