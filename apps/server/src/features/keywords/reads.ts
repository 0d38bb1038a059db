// A workspace's finished keyword researches (tasks of kind keyword_research made in it), and one's keywords:
// the related ideas and the long tail, the most searched first (unmeasured ones after, in their order).
import type { KeywordResearchResult } from '@farol/engine/keywords/types.ts'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'

export async function researchList(
  db: Db,
  workspaceId: string,
  limit = 20,
): Promise<{ taskId: string; seed: string; createdAt: string }[]> {
  const rows = await db
    .select({ id: tasks.id, input: tasks.input, createdAt: tasks.createdAt })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.kind, 'keyword_research'),
        eq(tasks.status, 'success'),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(limit)
  return rows.map((r) => ({
    taskId: r.id,
    // The keyword typed, or the page the research was seeded from.
    seed: String(
      (r.input as { keyword?: string | null; url?: string | null } | null)?.keyword ??
        (r.input as { url?: string | null } | null)?.url ??
        '',
    ),
    createdAt: r.createdAt.toISOString(),
  }))
}

/** The keywords of one of the workspace's researches, or null when it has none by that id. */
export async function researchKeywords(
  db: Db,
  workspaceId: string,
  taskId: string,
): Promise<string[] | null> {
  const [row] = await db
    .select({ results: tasks.results })
    .from(tasks)
    .where(
      and(
        eq(tasks.id, taskId),
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.kind, 'keyword_research'),
        eq(tasks.status, 'success'),
      ),
    )
  if (!row) return null
  const result = row.results as Partial<KeywordResearchResult> | null
  const ideas = [...(result?.related ?? []), ...(result?.longTail ?? [])]
  const order = ideas
    .map((idea, i) => ({ idea, i }))
    .sort((a, b) => (b.idea.volume ?? -1) - (a.idea.volume ?? -1) || a.i - b.i)
  return [...new Set(order.map((o) => o.idea.keyword))]
}
