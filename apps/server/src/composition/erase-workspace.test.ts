// Deleting a workspace erases its crawls (issue 40): a monitoring run's, and one linked only through its
// task (a member's crawl asked for by hand), with their page store rows; another workspace's crawl of the
// same site stays. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../test/each-database.ts'
import { ensureCrawl } from '../features/site-audit/frontier.ts'
import { rowsOf } from '../features/site-audit/store.ts'
import { organizations, siteCrawls, siteRuns, tasks, trackedSites, users } from '../platform/db/schema.ts'
import { createLogger } from '../platform/log.ts'
import type { ReportStore } from '../platform/storage/storage.ts'
import { personalWorkspaceId } from '../tenancy/access.ts'
import { eraseWorkspaceData } from './erase-workspace.ts'

describeOnEachDatabase('erasing a workspace on %s', (opened) => {
  it('erases the crawls of its runs and those linked only through their task', async () => {
    const db = opened().db
    const ana = randomUUID()
    await db.insert(users).values({ id: ana, name: 'Ana', email: `${ana}@erase.pt` })
    const agency = randomUUID()
    const personal = personalWorkspaceId(ana)
    await db.insert(organizations).values([
      { id: agency, name: 'Agência', slug: `ag-${agency}` },
      { id: personal, name: 'Ana', slug: `p-${ana}`, metadata: '{"personal":true}' },
    ])
    const url = 'https://loja.pt/'
    const crawlIn = async (workspaceId: string) => {
      const id = randomUUID()
      await db
        .insert(tasks)
        .values({ id, userId: ana, workspaceId, kind: 'site_crawl', url, status: 'success' })
      await ensureCrawl(db, { id, userId: ana, startUrl: url, maxPages: 10 })
      await rowsOf(
        db,
        sql`INSERT INTO site_crawl_urls (crawl_id, url, seq, depth, source, state) VALUES (${id}::uuid, ${url}, 1, 0, 'start', 'done')`,
      )
      return id
    }
    const [site] = await db.insert(trackedSites).values({ userId: ana, workspaceId: agency, url }).returning()
    const ofRun = await crawlIn(agency)
    await db.insert(siteRuns).values({ siteId: site!.id, taskIds: { crawl: ofRun } })
    const byHand = await crawlIn(agency)
    const elsewhere = await crawlIn(personal)
    const store: ReportStore = {
      location: 'none',
      put: async () => {},
      get: async () => null,
      delete: async () => {},
    }
    await eraseWorkspaceData({ db, store, log: createLogger('silent') }, agency)
    await db.delete(organizations).where(eq(organizations.id, agency))
    const left = (await db.select({ id: siteCrawls.id }).from(siteCrawls)).map((r) => r.id)
    expect(left).toEqual([elsewhere])
    const urls = await rowsOf(db, sql`SELECT DISTINCT crawl_id FROM site_crawl_urls`)
    expect(urls.map((r) => String(r.crawl_id))).toEqual([elsewhere])
    expect(left).not.toContain(byHand)
  })
})
