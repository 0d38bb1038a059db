/**
 * One row per analysis in the history (issue 25: one analysis showed three rows and three global scores).
 * An analysis is an AIO task and a Lighthouse task per device for one address, started together (the
 * suite adds the mobile part when the SEO page opens): tasks of one address are one analysis while each
 * part appears once and within ANALYSIS_WINDOW_MS of the first. Its scores are read as the suite reads them
 * (run-storage.ts analysisResult): SEO from a finished Lighthouse part, AIO from the AIO part, the overall
 * from both with the AI-presence part the server counted (decision 045). Other kinds (AI presence,
 * keywords…) stay one row each.
 */
import { overallScore } from '@farol/engine/scores/index.ts'
import type { MyTask, TaskScores, TaskStatus } from './types.ts'

/** Longest gap between an analysis's first part and the last one added to it. */
const ANALYSIS_WINDOW_MS = 30 * 60 * 1000

export interface HistoryRow {
  /** The first part's id (or the task's, for other kinds). */
  id: string
  kind: string
  url: string
  /** Set for a lone Lighthouse task of another kind's row; analyses show no device. */
  platform: string | null
  status: TaskStatus
  createdAt: string
  finishedAt: string | null
  scores: TaskScores | null
  /** The tasks this row stands for. */
  taskIds: string[]
}

const partOf = (task: MyTask): string | null =>
  task.kind === 'ai_optimization' ? 'aio' : task.kind === 'seo_analysis' ? (task.platform ?? 'desktop') : null

function statusOf(parts: MyTask[]): TaskStatus {
  if (parts.some((p) => p.status === 'running')) return 'running'
  if (parts.some((p) => p.status === 'pending')) return 'pending'
  return parts.some((p) => p.status === 'success') ? 'success' : 'failed'
}

const num = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : null)

/** The analysis's scores, as the suite shows them. */
function analysisScores(parts: MyTask[]): TaskScores | null {
  const done = (part: string) => parts.find((p) => partOf(p) === part && p.status === 'success' && p.scores)
  const lighthouse = done('desktop') ?? done('mobile')
  const aio = done('aio')
  if (!lighthouse) return aio?.scores ?? null
  const seo = num(lighthouse.scores?.seo)
  const aioScore = num(aio?.scores?.aio) ?? num(lighthouse.scores?.aio)
  if (seo === null || aioScore === null) return lighthouse.scores ?? null
  // The presence part the server counted for the Lighthouse part (decision 045) stays in the overall.
  const llm = num(lighthouse.scores?.llm)
  return {
    seo,
    aio: aioScore,
    overall: overallScore({ seo, aio: aioScore, llm }).score,
    ...(llm === null ? {} : { llm }),
  }
}

/** The tasks (newest first, as GET /api/me/tasks lists them) as history rows, newest first. */
export function historyRows(tasks: readonly MyTask[]): HistoryRow[] {
  const oldestFirst = [...tasks].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
  const groups: MyTask[][] = []
  const open = new Map<string, MyTask[]>()
  for (const task of oldestFirst) {
    const part = partOf(task)
    if (!part) {
      groups.push([task])
      continue
    }
    const current = open.get(task.url)
    const fits =
      current &&
      !current.some((p) => partOf(p) === part) &&
      Date.parse(task.createdAt) - Date.parse(current[0]!.createdAt) <= ANALYSIS_WINDOW_MS
    if (current && fits) {
      current.push(task)
      continue
    }
    const group = [task]
    open.set(task.url, group)
    groups.push(group)
  }
  const rows = groups.map((parts): HistoryRow => {
    const first = parts[0]!
    if (!partOf(first)) {
      return {
        id: first.id,
        kind: first.kind,
        url: first.url,
        platform: first.platform,
        status: first.status,
        createdAt: first.createdAt,
        finishedAt: first.finishedAt,
        scores: first.scores ?? null,
        taskIds: [first.id],
      }
    }
    const finished = parts.map((p) => p.finishedAt).filter((f): f is string => Boolean(f))
    return {
      id: first.id,
      kind: 'analysis',
      url: first.url,
      platform: null,
      status: statusOf(parts),
      createdAt: first.createdAt,
      finishedAt: finished.sort().at(-1) ?? null,
      scores: analysisScores(parts),
      taskIds: parts.map((p) => p.id),
    }
  })
  return rows.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id))
}
