// What a tracked site does when a task about its host finishes: a crawl becomes its webhooks'
// `crawl.finished` event and its IndexNow submission. The workers call it after each capability task.
import type { PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import type { Logger } from '../../platform/log.ts'
import { submitChangedUrls } from './indexnow/service.ts'
import { emitSiteEvent, sitesOfHost } from './webhooks/service.ts'

/** A finished crawl of a tracked site's host is that site's `crawl.finished` webhook event and IndexNow run. */
export async function afterCapabilityTask(
  deps: { db: Db; boss: PgBoss; config: Config; log: Logger },
  task: { id: string; kind: string; userId: string | null; workspaceId: string | null; url: string },
  results: unknown,
): Promise<void> {
  if (task.kind !== 'site_crawl' || !task.workspaceId) return
  const report = results as {
    stats?: { pages?: number }
    issues?: { type: string; severity: string; urls: string[] }[]
  }
  const issues = report?.issues ?? []
  const data = {
    crawlId: task.id,
    url: task.url,
    pages: report?.stats?.pages ?? 0,
    errors: issues.filter((i) => i.severity === 'error').reduce((n, i) => n + i.urls.length, 0),
    issues: issues.map((i) => ({ type: i.type, severity: i.severity, count: i.urls.length })),
  }
  for (const site of await sitesOfHost(deps.db, task.workspaceId, task.url)) {
    await emitSiteEvent(deps, site, 'crawl.finished', data)
    await submitChangedUrls(deps, site, task.id)
  }
}
