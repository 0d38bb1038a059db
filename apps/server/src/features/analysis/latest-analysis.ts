// A signed-in user's latest analysis of an address, in any browser: the newest task of each part of an
// analysis (AIO/on-page, Lighthouse desktop, Lighthouse mobile), theirs or, for a tracked site of their
// active workspace, its follower's when newer. Without an address, the address of their newest analysis. The suite's pages open on it and run only the parts it lacks.
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import type { Lang } from '../../platform/errors.ts'
import { type TaskStatusResponse, taskKinds } from '../../platform/tasks/contract.ts'
import { statusResponse } from '../../platform/tasks/service.ts'
import { inWorkspace, latestTaskFor, type WorkspaceAccess } from '../../tenancy/access.ts'
import { withAnalysisPresence } from './presence-part.ts'

/** The parts of an analysis, by the key the web app stores them under. */
const analysisParts = {
  aio: { kind: 'ai_optimization', platform: null },
  desktop: { kind: 'seo_analysis', platform: 'desktop' },
  mobile: { kind: 'seo_analysis', platform: 'mobile' },
} as const

type AnalysisPart = keyof typeof analysisParts

export interface LatestAnalysis {
  url: string | null
  parts: Partial<Record<AnalysisPart, TaskStatusResponse>>
}

export async function latestAnalysis(
  db: Db,
  access: WorkspaceAccess,
  url: string | null,
  lang: Lang,
): Promise<LatestAnalysis> {
  if (!url) {
    const [newest] = await db
      .select({ url: tasks.url })
      .from(tasks)
      .where(
        and(
          inWorkspace(access, tasks),
          eq(tasks.userId, access.user.id),
          inArray(tasks.kind, [...taskKinds]),
        ),
      )
      .orderBy(desc(tasks.createdAt))
      .limit(1)
    url = newest?.url ?? null
  }
  if (!url) return { url: null, parts: {} }
  const parts: LatestAnalysis['parts'] = {}
  for (const [key, part] of Object.entries(analysisParts) as [
    AnalysisPart,
    (typeof analysisParts)[AnalysisPart],
  ][]) {
    // The user's own, or the active workspace's for a tracked site it sees (workspaces/access.ts).
    const row = await latestTaskFor(db, access, { kind: part.kind, url, platform: part.platform })
    if (row) parts[key] = statusResponse(await withAnalysisPresence(db, row), lang)
  }
  return { url, parts }
}
