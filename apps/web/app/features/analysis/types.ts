/** The task API's shapes (apps/server/src/platform/tasks/contract.ts), with the engine's result types. */
import type { AuditResult } from '@farol/engine'

export type TaskKind = 'seo_analysis' | 'ai_optimization'
export type Platform = 'desktop' | 'mobile'
export type TaskStatus = 'pending' | 'running' | 'success' | 'failed'
type TaskStage =
  | 'queued'
  | 'retrying'
  | 'fetching'
  | 'analysing'
  | 'lighthouse'
  | 'saving'
  | 'done'
  | 'failed'

export interface TaskProgress {
  stage: TaskStage
  percent: number
}

export interface TaskStatusResponse {
  taskId: string
  status: TaskStatus
  /** The engine's AuditResult when finished (a failed Lighthouse task still carries on-page and AIO). */
  results: AuditResult | null
  message: string | null
  errorCode: string | null
  progress: TaskProgress
  task: {
    kind: TaskKind
    url: string
    platform: Platform | null
    createdAt: string
    finishedAt: string | null
  }
}

export interface CreateTaskRequest {
  kind: TaskKind
  url: string
  platform?: Platform
  lang?: 'pt' | 'en'
  /** "Reanalisar": a new run, not the reuse of an identical recent one. */
  fresh?: boolean
  /** Run ahead for another page: queued behind every foreground analysis on the server. */
  background?: boolean
}

export interface MyTask {
  id: string
  /** Any kind the server runs: the audit's and every capability's (task-kinds.ts names them). */
  kind: TaskKind | (string & {})
  url: string
  platform: Platform | null
  status: TaskStatus
  errorCode: string | null
  createdAt: string
  finishedAt: string | null
  /** The finished analysis's scores (0-100); null until it has results. */
  scores?: TaskScores | null
}

export interface TaskScores {
  seo: number | null
  aio: number | null
  overall: number | null
  /** The AI-presence part counted in `overall` (decision 045); absent: none, its 20% redistributed. */
  llm?: number | null
}

export function isFinished(status: TaskStatus): boolean {
  return status === 'success' || status === 'failed'
}
