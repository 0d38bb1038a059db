// The end-of-crawl comparison's previous crawl (issue 40, decision 044): the same start URL in the same
// workspace, whoever made it there; never the same user's crawl of another workspace. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../../test/each-database.ts'
import { organizations, siteCrawls, tasks, users } from '../../platform/db/schema.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'
import { ensureCrawl } from './frontier.ts'
import { previousCrawl } from './store.ts'

describeOnEachDatabase('previous crawl on %s', (opened) => {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  /** A finished crawl of `url` made by `userId` in `workspaceId` (null: a row from before 0034). */
  const crawlIn = async (userId: string, workspaceId: string | null, url: string, finished = true) => {
    const id = randomUUID()
    const db = opened().db
    await db.insert(tasks).values({ id, userId, workspaceId, kind: 'site_crawl', url, status: 'success' })
    await ensureCrawl(db, { id, userId, startUrl: url, maxPages: 10 })
    clock += 60_000
    await db
      .update(siteCrawls)
      .set({ createdAt: new Date(clock), finishedAt: finished ? new Date(clock + 1000) : null })
      .where(eq(siteCrawls.id, id))
    return id
  }

  it('compares with the same site’s previous crawl in the same workspace only', async () => {
    const db = opened().db
    const [ana, mia] = [randomUUID(), randomUUID()]
    for (const id of [ana, mia])
      await db.insert(users).values({ id, name: id.slice(0, 4), email: `${id}@prev.pt` })
    const agency = randomUUID()
    await db.insert(organizations).values([
      { id: agency, name: 'Agência', slug: `ag-${agency}` },
      { id: personalWorkspaceId(ana), name: 'Ana', slug: `p-${ana}`, metadata: '{"personal":true}' },
    ])
    const url = 'https://loja.pt/'
    const agencyFirst = await crawlIn(mia, agency, url)
    const personalOld = await crawlIn(ana, null, url) // before 0034: Ana's personal workspace
    const personal = await crawlIn(ana, personalWorkspaceId(ana), url)
    await crawlIn(ana, agency, 'https://outra.pt/')
    await crawlIn(mia, agency, url, false) // unfinished: never compared with
    const agencyNow = await crawlIn(ana, agency, url)
    // Ana's latest crawl of the shop in the agency is compared with Mia's there, not with her own personal one.
    expect((await previousCrawl(db, agencyNow))?.id).toBe(agencyFirst)
    expect(await previousCrawl(db, agencyFirst)).toBeNull()
    // In her personal workspace, her own earlier (pre-0034) crawl; never the agency's.
    expect((await previousCrawl(db, personal))?.id).toBe(personalOld)
    expect(await previousCrawl(db, personalOld)).toBeNull()
  })
  it('two overlapping crawls: the one that ends last compares with the one that ended before it', async () => {
    // IndexNow submits what changed since the previous crawl: two crawls that both compared with the same
    // earlier one submitted the same URLs twice. A started before B, B ended first.
    const db = opened().db
    const ana = randomUUID()
    await db.insert(users).values({ id: ana, name: 'Ana', email: `${ana}@prev.pt` })
    const shop = randomUUID()
    await db.insert(organizations).values({ id: shop, name: 'Loja', slug: `lj-${shop}` })
    const url = 'https://sobreposta.pt/'
    const at = (minutes: number) => new Date(Date.parse('2026-02-01T00:00:00Z') + minutes * 60_000)
    const crawl = async (created: number, finished: number | null) => {
      const id = await crawlIn(ana, shop, url, false)
      await db
        .update(siteCrawls)
        .set({ createdAt: at(created), finishedAt: finished === null ? null : at(finished) })
        .where(eq(siteCrawls.id, id))
      return id
    }
    const earlier = await crawl(0, 10)
    const a = await crawl(20, null) // still running when B ends
    const b = await crawl(25, 40)
    // B, ending while A runs, compares with the earlier crawl.
    expect((await previousCrawl(db, b))?.id).toBe(earlier)
    // A, ending now (not finished yet as it compares), compares with B, which ended before it.
    expect((await previousCrawl(db, a))?.id).toBe(b)
    await db
      .update(siteCrawls)
      .set({ finishedAt: at(50) })
      .where(eq(siteCrawls.id, a))
    expect((await previousCrawl(db, a))?.id).toBe(b)
    expect((await previousCrawl(db, b))?.id).toBe(earlier)
  })
})
