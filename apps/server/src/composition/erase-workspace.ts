// What deleting a workspace erases beyond the rows its foreign keys take with it: the reports made in it
// (their rows only lose the workspace on its deletion) with their PDF files, and the crawls made in it —
// its sites' monitoring runs' and any other whose task is the workspace's — with their page stores (crawl
// tables carry no foreign keys, decision 033).
import { eq, sql } from 'drizzle-orm'
import { deleteCrawls } from '../features/site-audit/public.ts'
import type { Db } from '../platform/db/database.ts'
import { reports } from '../platform/db/schema.ts'
import type { Logger } from '../platform/log.ts'
import type { ReportStore } from '../platform/storage/storage.ts'

export async function eraseWorkspaceData(
  deps: { db: Db; store: ReportStore; log: Logger },
  workspaceId: string,
): Promise<void> {
  await deleteCrawls(
    deps.db,
    sql`id in (select (r.task_ids->>'crawl')::uuid from site_runs r join tracked_sites s on s.id = r.site_id
      where s.workspace_id = ${workspaceId} and r.task_ids ? 'crawl')`,
  )
  // Every other crawl made in the workspace (a member's, asked for by hand): linked only through its task
  // (same id), whose row the workspace's deletion takes with it, leaving the crawl found by no one.
  await deleteCrawls(deps.db, sql`id in (select t.id from tasks t where t.workspace_id = ${workspaceId})`)
  const gone = await deps.db
    .delete(reports)
    .where(eq(reports.workspaceId, workspaceId))
    .returning({ fileName: reports.fileName })
  for (const { fileName } of gone) {
    if (!fileName) continue
    // A file left behind is unreachable (its row is gone): logged, not fatal to the deletion.
    await deps.store.delete(fileName).catch((error: unknown) => {
      deps.log.warn({ err: error, fileName }, 'workspace deletion: report file not removed')
    })
  }
}
