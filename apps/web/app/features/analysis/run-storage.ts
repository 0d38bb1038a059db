/** Analysis state, task ids and results in session storage (spec §3 "Browser storage"). */
import type { AuditResult } from '@farol/engine'
import type { Platform, TaskKind, TaskProgress, TaskStatus } from './types.ts'

export interface SlotSpec {
  /** Name of the task in the run, e.g. 'aio', 'desktop', 'mobile'. */
  key: string
  kind: TaskKind
  platform?: Platform
}

/** 'creating' until the API answers; 'error' when it refused the task (the message says why). */
export type SlotStatus = TaskStatus | 'creating' | 'error'

export interface SlotState {
  taskId: string | null
  status: SlotStatus
  progress: TaskProgress | null
  results: AuditResult | null
  message: string | null
  errorCode: string | null
  finishedAt: string | null
}

export type RunPhase = 'analysing' | 'finished' | 'failed'

export interface RunState {
  url: string
  projectId: string | null
  startedAt: string
  slots: Record<string, SlotState>
  /** Why the run could not start (quota, invalid address), with the HTTP status. */
  startError: { status: number; code: string; message: string } | null
}

export const dashboardRunKey = 'farol.suite.dashboard'
export const seoRunKey = 'farol.suite.seo'
export const aioRunKey = 'farol.suite.aio'
export const pendingAnalysisUrlKey = 'pendingAnalysisUrl'

export function isSlotDone(slot: SlotState | undefined): boolean {
  return !slot || slot.status === 'success' || slot.status === 'failed' || slot.status === 'error'
}

export function runPhase(state: RunState): RunPhase {
  const slots = Object.values(state.slots)
  if (slots.some((s) => !isSlotDone(s))) return 'analysing'
  if (state.startError || slots.every((s) => s.status !== 'success')) return 'failed'
  return 'finished'
}

export function readRun(key: string): RunState | null {
  try {
    const raw = sessionStorage.getItem(key)
    if (!raw) return null
    const parsed = JSON.parse(raw) as RunState
    if (!parsed || typeof parsed.url !== 'string' || typeof parsed.slots !== 'object') return null
    return parsed
  } catch {
    return null
  }
}

export function writeRun(key: string, state: RunState | null): void {
  try {
    if (state) sessionStorage.setItem(key, JSON.stringify(state))
    else sessionStorage.removeItem(key)
  } catch {
    // Storage full or unavailable: the run goes on in memory.
  }
}

export function emptySlot(): SlotState {
  return {
    taskId: null,
    status: 'creating',
    progress: null,
    results: null,
    message: null,
    errorCode: null,
    finishedAt: null,
  }
}
