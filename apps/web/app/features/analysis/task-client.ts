/**
 * Client of the analysis task API: create a task, read its status, follow it to the end. Following uses
 * the server-sent events stream (`/api/tasks/{id}/events`) and falls back to polling the status every
 * 5 s, at most 60 times, as the specification's client did (§7), ending with 'Task polling timed out'.
 */
import { ApiError, apiError } from '../../lib/api-error.ts'
import type { CreateTaskRequest, TaskStatusResponse } from './types.ts'
import { isFinished } from './types.ts'

const POLL_INTERVAL_MS = 5000
export const MAX_POLLS = 60
export const POLLING_TIMEOUT_MESSAGE = 'Task polling timed out'

type Fetch = typeof fetch

export async function createTask(
  request: CreateTaskRequest,
  fetchImpl: Fetch = fetch,
): Promise<{ taskId: string; reused: boolean }> {
  const response = await fetchImpl('/api/seo-task-manager/create', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      task_name: request.kind,
      requested_data: {
        url: request.url,
        ...(request.platform ? { platform: request.platform } : {}),
        ...(request.fresh ? { fresh: true } : {}),
        ...(request.background ? { background: true } : {}),
      },
      ...(request.lang ? { lang: request.lang } : {}),
    }),
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as { taskId: string; reused: boolean }
}

export async function getTaskStatus(
  taskId: string,
  lang?: 'pt' | 'en',
  fetchImpl: Fetch = fetch,
): Promise<TaskStatusResponse> {
  const params = new URLSearchParams({ taskId })
  if (lang) params.set('lang', lang)
  const response = await fetchImpl(`/api/seo-task-manager/status?${params}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as TaskStatusResponse
}

export interface SubscribeHandlers {
  /** Every status seen, the final one included. */
  onUpdate: (status: TaskStatusResponse) => void
  /** The task could not be followed (unknown task, polling timed out); not called for a failed task. */
  onError: (error: Error) => void
}

interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
  onerror: ((event: Event) => void) | null
  readonly readyState: number
}

export interface SubscribeOptions {
  lang?: 'pt' | 'en'
  fetchImpl?: Fetch
  /** EventSource constructor; null forces polling. Default: the browser's, when it has one. */
  eventSource?: (new (url: string) => EventSourceLike) | null
  pollIntervalMs?: number
  maxPolls?: number
}

/** Follows a task until it succeeds or fails. Returns a function that stops following. */
export function subscribeTask(
  taskId: string,
  handlers: SubscribeHandlers,
  options: SubscribeOptions = {},
): () => void {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<Fetch>) => fetch(...args))
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS
  const maxPolls = options.maxPolls ?? MAX_POLLS
  const EventSourceImpl =
    options.eventSource === undefined
      ? typeof EventSource === 'undefined'
        ? null
        : (EventSource as unknown as new (
            url: string,
          ) => EventSourceLike)
      : options.eventSource
  let stopped = false
  let source: EventSourceLike | null = null
  let timer: ReturnType<typeof setTimeout> | null = null

  function stop() {
    stopped = true
    source?.close()
    source = null
    if (timer) clearTimeout(timer)
    timer = null
  }

  function deliver(status: TaskStatusResponse): boolean {
    if (stopped) return true
    handlers.onUpdate(status)
    if (isFinished(status.status)) {
      stop()
      return true
    }
    return false
  }

  function fail(error: Error) {
    if (stopped) return
    stop()
    handlers.onError(error)
  }

  function startPolling() {
    let polls = 0
    const poll = async () => {
      timer = null
      if (stopped) return
      polls += 1
      try {
        const status = await getTaskStatus(taskId, options.lang, fetchImpl)
        if (deliver(status)) return
      } catch (error) {
        // An unknown task never appears; other errors (network blips) count as a poll and go on.
        if (error instanceof ApiError && error.status === 404) return fail(error)
      }
      if (stopped) return
      if (polls >= maxPolls) return fail(new Error(POLLING_TIMEOUT_MESSAGE))
      timer = setTimeout(() => void poll(), pollIntervalMs)
    }
    void poll()
  }

  if (!EventSourceImpl) {
    startPolling()
    return stop
  }

  const params = new URLSearchParams()
  if (options.lang) params.set('lang', options.lang)
  const query = params.size ? `?${params}` : ''
  source = new EventSourceImpl(`/api/tasks/${encodeURIComponent(taskId)}/events${query}`)
  const onMessage = (event: MessageEvent) => {
    try {
      deliver(JSON.parse(String(event.data)) as TaskStatusResponse)
    } catch {
      // A malformed event: the next one (or polling) tells the truth.
    }
  }
  source.addEventListener('progress', onMessage)
  source.addEventListener('done', onMessage)
  source.onerror = () => {
    if (stopped) return
    // The stream broke (proxy, server restart, 404): stop it and poll instead, like the spec's client.
    source?.close()
    source = null
    startPolling()
  }
  return stop
}

export interface LatestAnalysisResponse {
  url: string | null
  parts: Partial<Record<'aio' | 'desktop' | 'mobile', TaskStatusResponse>>
}

/** A signed-in user's latest analysis of `url` (or of their newest address), from the server. */
export async function getLatestAnalysis(
  url: string | null,
  lang?: 'pt' | 'en',
  fetchImpl: Fetch = fetch,
): Promise<LatestAnalysisResponse> {
  const params = new URLSearchParams()
  if (url) params.set('url', url)
  if (lang) params.set('lang', lang)
  const response = await fetchImpl(`/api/seo-task-manager/latest-analysis?${params}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as LatestAnalysisResponse
}
