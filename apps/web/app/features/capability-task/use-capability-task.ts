// Starting and following a capability task (recommender, writer…) from a page: create it through the
// one task API, then read its status every second — partial results included — until it ends. The
// server's translated error (code and message) is what the page shows.

import { useCallback, useEffect, useRef, useState } from 'react'
import { getTaskStatus } from '~/features/analysis/task-client.ts'
import { ApiError, apiError } from '../../lib/api-error.ts'

type CapabilityStatus = 'idle' | 'starting' | 'pending' | 'running' | 'success' | 'failed'

export interface CapabilityState<Result> {
  status: CapabilityStatus
  taskId: string | null
  results: Result | null
  progress: { stage: string; percent: number } | null
  error: { code: string; message: string; status: number } | null
}

const idle = { status: 'idle', taskId: null, results: null, progress: null, error: null } as const

const CAPABILITY_POLL_MS = 1000

async function createCapabilityTask(
  kind: string,
  requestedData: Record<string, unknown>,
  lang: 'pt' | 'en',
  fetchImpl: typeof fetch = fetch,
): Promise<{ taskId: string; reused: boolean }> {
  // `lang` in the query too: the API answers its errors in that language.
  const response = await fetchImpl(`/api/seo-task-manager/create?lang=${lang}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ task_name: kind, requested_data: requestedData, lang }),
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as { taskId: string; reused: boolean }
}

export function useCapabilityTask<Result>(kind: string, lang: 'pt' | 'en') {
  const [state, setState] = useState<CapabilityState<Result>>(idle)
  // One follower at a time: a new start or an unmount stops the previous one.
  const generation = useRef(0)
  useEffect(
    () => () => {
      generation.current++
    },
    [],
  )

  const follow = useCallback(
    async (taskId: string, mine: number) => {
      for (;;) {
        if (generation.current !== mine) return
        try {
          const s = await getTaskStatus(taskId, lang)
          if (generation.current !== mine) return
          const finished = s.status === 'success' || s.status === 'failed'
          setState({
            status: s.status,
            taskId,
            results: (s.results as Result | null) ?? null,
            progress: s.progress,
            error:
              s.status === 'failed'
                ? { code: s.errorCode ?? 'INTERNAL', message: s.message ?? '', status: 200 }
                : null,
          })
          if (finished) return
        } catch (error) {
          if (generation.current !== mine) return
          const e = error instanceof ApiError ? error : null
          setState((prev) => ({
            ...prev,
            status: 'failed',
            error: {
              code: e?.code ?? 'NETWORK',
              message: e?.message ?? String(error),
              status: e?.status ?? 0,
            },
          }))
          return
        }
        await new Promise((r) => setTimeout(r, CAPABILITY_POLL_MS))
      }
    },
    [lang],
  )

  const start = useCallback(
    async (requestedData: Record<string, unknown>) => {
      const mine = ++generation.current
      setState({ ...idle, status: 'starting' })
      try {
        const { taskId } = await createCapabilityTask(kind, requestedData, lang)
        if (generation.current !== mine) return
        setState({ ...idle, status: 'pending', taskId })
        await follow(taskId, mine)
      } catch (error) {
        if (generation.current !== mine) return
        const e = error instanceof ApiError ? error : null
        setState({
          ...idle,
          status: 'failed',
          error: { code: e?.code ?? 'NETWORK', message: e?.message ?? String(error), status: e?.status ?? 0 },
        })
      }
    },
    [kind, lang, follow],
  )

  /** Shows a task that already exists (e.g. the user's latest one) and follows it if it still runs. */
  const resume = useCallback(
    (taskId: string) => {
      const mine = ++generation.current
      void follow(taskId, mine)
    },
    [follow],
  )

  const reset = useCallback(() => {
    generation.current++
    setState(idle)
  }, [])

  const busy = state.status === 'starting' || state.status === 'pending' || state.status === 'running'
  return { state, start, resume, reset, busy }
}
