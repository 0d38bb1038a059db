// The task API's contract (spec §7 "seo-task-manager"), validated at the boundary.
import { EngineError, isEngineError } from '@farol/engine'
import { parseTargetUrl } from '@farol/engine/fetch/index.ts'
import { z } from 'zod'
import { AppError } from '../errors.ts'

/** The audit's own kinds; every other kind is a capability (capabilities.ts). */
export const taskKinds = ['seo_analysis', 'ai_optimization'] as const
export type AuditKind = (typeof taskKinds)[number]
/** An audit kind or a capability's kind (e.g. 'llm_presence'). */
export type TaskKind = AuditKind | (string & {})
export type Platform = 'desktop' | 'mobile'
export type TaskStatus = 'pending' | 'running' | 'success' | 'failed'

/** Any kind's request: the envelope first, then the kind's own `requested_data` rules. */
export const taskEnvelope = z.object({
  task_name: z.string().max(64).default('seo_analysis'),
  requested_data: z.record(z.string(), z.unknown()),
  lang: z.enum(['pt', 'en']).optional(),
})

export function parseEnvelope(json: unknown): z.infer<typeof taskEnvelope> {
  const parsed = taskEnvelope.safeParse(json)
  if (!parsed.success) throw new AppError('INVALID_TASK', parsed.error.message)
  return parsed.data
}

export function isAuditKind(kind: string): kind is AuditKind {
  return (taskKinds as readonly string[]).includes(kind)
}

const createBody = z.object({
  task_name: z.enum(taskKinds).default('seo_analysis'),
  requested_data: z.object({
    url: z.string().max(2048).optional(),
    platform: z.enum(['desktop', 'mobile']).optional(),
    /** "Reanalisar": a new run even when an identical recent one could be reused. */
    fresh: z.boolean().optional(),
    /** A part the page runs ahead for another page (the dashboard's mobile run): after every other job. */
    background: z.boolean().optional(),
  }),
  lang: z.enum(['pt', 'en']).optional(),
})

export interface TaskRequest {
  kind: TaskKind
  url: string
  platform: Platform | null
  lang: 'pt' | 'en' | undefined
  /** A capability's validated `requested_data`; for the audit's kinds `{ httpFallback: true }` or absent. */
  input?: unknown
  /** Skip the reuse of an identical recent task (the "Reanalisar" action). */
  fresh?: boolean
  /** Queued behind every foreground job (pg-boss priority), so it never delays someone's analysis. */
  background?: boolean
}

/**
 * Spec §5: trim, prefix https:// when there is no scheme. Then the engine's own validation (http(s),
 * no credentials, no literal private address unless allowed), so a bad address fails here with a clear
 * message instead of later in a worker.
 */
export function normalizeTaskUrl(input: string, allowPrivate: boolean): string {
  const trimmed = input.trim()
  if (!trimmed) throw new AppError('URL_REQUIRED')
  const withScheme = hasScheme(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const url = parseTargetUrl(withScheme, { allowPrivate })
    if (!url.hostname.includes('.') && !allowPrivate) throw new EngineError('INVALID_URL', 'no dot in host')
    return url.href
  } catch (error) {
    if (isEngineError(error)) throw error
    throw new AppError('URL_REQUIRED')
  }
}

export function parseCreateBody(json: unknown, allowPrivate: boolean): TaskRequest {
  const parsed = createBody.safeParse(json)
  if (!parsed.success) throw new AppError('INVALID_TASK', parsed.error.message)
  const { task_name: kind, requested_data: data, lang } = parsed.data
  if (!data.url?.trim()) throw new AppError('URL_REQUIRED')
  const url = normalizeTaskUrl(data.url, allowPrivate)
  if (kind === 'seo_analysis' && !data.platform) throw new AppError('PLATFORM_REQUIRED')
  // Typed without a scheme: https is assumed, and http tried when https cannot connect (fetch/classify.ts).
  const httpFallback = !hasScheme(data.url.trim())
  return {
    kind,
    url,
    platform: kind === 'seo_analysis' ? data.platform! : null,
    lang,
    ...(httpFallback ? { input: { httpFallback: true } } : {}),
    ...(data.fresh ? { fresh: true } : {}),
    ...(data.background ? { background: true } : {}),
  }
}

function hasScheme(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:]+:\d/.test(text)
}

export interface TaskStatusResponse {
  taskId: string
  status: TaskStatus
  /** The engine's AuditResult when finished (also partial results of a failed Lighthouse run); else null. */
  results: unknown
  /** The error in the request's language when status is failed; null otherwise. */
  message: string | null
  errorCode: string | null
  progress: { stage: string; percent: number }
  task: {
    kind: TaskKind
    url: string
    platform: Platform | null
    /** A capability's validated request (null for the audit's kinds). */
    input: unknown
    createdAt: string
    finishedAt: string | null
  }
}
