/** Analysis state, task ids and results in session storage (spec §3 "Browser storage"). */
import type { AuditResult } from '@farol/engine'
import { analysisAudit } from '@farol/engine/analysis/one-verdict.ts'
import type { Platform, TaskKind, TaskProgress, TaskStatus } from './types.ts'

export interface SlotSpec {
  /** Name of the task in the run, e.g. 'aio', 'desktop', 'mobile'. */
  key: string
  kind: TaskKind
  platform?: Platform
}

/** 'creating' until the API answers; 'error' when it refused the task (the message says why). */
type SlotStatus = TaskStatus | 'creating' | 'error'

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
  /** The address as it goes to the API: without a scheme when typed so (the server then falls back to http). */
  requestUrl?: string
}

/**
 * One analysis shared by every suite page (dashboard, SEO, AIO, recommendations, reports): each page adds
 * the parts it needs to the latest analysis of the address instead of starting its own.
 */
export const analysisRunKey = 'farol.suite.analysis'
export const pendingAnalysisUrlKey = 'pendingAnalysisUrl'

/** The parts of an analysis: the fast on-page/AIO task, and one Lighthouse task per device. */
export type SlotKey = 'aio' | 'desktop' | 'mobile'

export const analysisSlots: Record<SlotKey, SlotSpec> = {
  aio: { key: 'aio', kind: 'ai_optimization' },
  desktop: { key: 'desktop', kind: 'seo_analysis', platform: 'desktop' },
  mobile: { key: 'mobile', kind: 'seo_analysis', platform: 'mobile' },
}

/** The parts `needs` asks for that the analysis does not have yet (a page runs only these). */
export function missingSlots(state: RunState | null, url: string, needs: readonly SlotKey[]): SlotKey[] {
  if (!state || !sameAddress(state.url, url)) return [...needs]
  return needs.filter((key) => !state.slots[key])
}

/** Two spellings of one address (the server adds the root path's slash). */
export function sameAddress(a: string, b: string): boolean {
  const canonical = (u: string) => {
    try {
      return new URL(u).href
    } catch {
      return u
    }
  }
  return canonical(a) === canonical(b)
}

/**
 * Errors about the page itself (it cannot be fetched): every other part of the analysis fails the same
 * way, so the first such failure ends the analysis at once. Without this, a closed port's error waited for
 * the Lighthouse task, queued behind another analysis's run, to fail too (35 s instead of 1 s).
 */
const pageErrors = new Set([
  'CONNECTION_REFUSED',
  'HTTPS_UNAVAILABLE',
  'TLS_FAILURE',
  'HOST_NOT_FOUND',
  'INVALID_URL',
  'UNSUPPORTED_SCHEME',
  'CREDENTIALS_IN_URL',
  'BLOCKED_ADDRESS',
  'UNSUPPORTED_CONTENT_TYPE',
  'TOO_MANY_REDIRECTS',
  'REDIRECT_LOOP',
  'BODY_TOO_LARGE',
])

function pageFailed(state: RunState, keys: readonly string[]): boolean {
  return keys.some((k) => {
    const slot = state.slots[k]
    return slot?.status === 'failed' && slot.errorCode !== null && pageErrors.has(slot.errorCode)
  })
}

/** The phase of the parts a page shows (a page is not "analysing" because another page's part runs). */
export function phaseOf(state: RunState, keys: readonly string[]): RunPhase {
  const slots = keys.map((k) => state.slots[k]).filter((s): s is SlotState => Boolean(s))
  if (pageFailed(state, keys)) return 'failed'
  if (slots.some((s) => !isSlotDone(s))) return 'analysing'
  if (state.startError || slots.length === 0 || slots.every((s) => s.status !== 'success')) return 'failed'
  return 'finished'
}

export function isSlotDone(slot: SlotState | undefined): boolean {
  return !slot || slot.status === 'success' || slot.status === 'failed' || slot.status === 'error'
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

/** A task as the status endpoint gives it, as a part of the stored analysis. */
export function slotFromStatus(s: {
  taskId: string
  status: TaskStatus
  progress: TaskProgress
  results: AuditResult | null
  message: string | null
  errorCode: string | null
  task: { finishedAt: string | null }
}): SlotState {
  return {
    taskId: s.taskId,
    status: s.status,
    progress: s.progress,
    results: s.results ?? null,
    message: s.status === 'failed' ? s.message : null,
    errorCode: s.errorCode,
    finishedAt: s.task.finishedAt,
  }
}

/**
 * The audit an analysis's scores are read from, the same on every page, while running and finished: a
 * finished Lighthouse run's audit (SEO blended with performance) with the AIO task's AIO, which is the
 * analysis's AIO everywhere (the PDF and the history read it too; analysis/one-verdict.ts). Before
 * Lighthouse finishes, the AIO task's audit.
 */
export function analysisResult(state: RunState | null): AuditResult | null {
  if (!state) return null
  const done = (key: string) => {
    const slot = state.slots[key]
    return slot?.status === 'success' ? slot.results : null
  }
  if (done('desktop') || done('mobile'))
    return analysisAudit({ aio: done('aio'), desktop: done('desktop'), mobile: done('mobile') })
  return state.slots.aio?.results ?? state.slots.desktop?.results ?? state.slots.mobile?.results ?? null
}

/** Whether a part says Lighthouse could not run on this server (no working Chromium). */
export function lighthouseUnavailable(state: RunState | null): boolean {
  if (!state) return false
  return Object.values(state.slots).some((slot) =>
    Object.values(slot.results?.lighthouse?.errors ?? {}).some((e) => e?.code === 'CHROME_NOT_FOUND'),
  )
}
