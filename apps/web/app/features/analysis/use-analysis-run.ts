import { useCallback, useEffect, useRef, useState } from 'react'
import {
  emptySlot,
  isSlotDone,
  type RunState,
  readRun,
  runPhase,
  type SlotSpec,
  type SlotState,
  writeRun,
} from './run-storage.ts'
import { createTask, subscribeTask, TaskApiError } from './task-client.ts'
import type { TaskStatusResponse } from './types.ts'

export interface StartError {
  status: number
  code: string
  message: string
}

export interface AnalysisRun {
  /** False until session storage was read (after hydration). */
  ready: boolean
  state: RunState | null
  phase: ReturnType<typeof runPhase> | 'idle'
  busy: boolean
  /** Clears the stored results and starts the tasks of `slots` for `url`. Ignored while busy. */
  start: (url: string, projectId?: string | null) => Promise<void>
}

interface Options {
  lang: 'pt' | 'en'
  /** Called when the API refuses to start a task (the toast 'Erro ao iniciar análise'). */
  onStartError?: (error: StartError) => void
  /** Message for a failure without one from the server, per slot key. */
  defaultMessage?: (slotKey: string) => string
}

/**
 * One analysis run of a page: its tasks, followed to the end (server-sent events, polling as the
 * fallback), kept in session storage so a reload resumes the running tasks. One run at a time.
 */
export function useAnalysisRun(storageKey: string, slots: SlotSpec[], options: Options): AnalysisRun {
  const [state, setState] = useState<RunState | null>(null)
  const [ready, setReady] = useState(false)
  const stops = useRef(new Map<string, () => void>())
  const generation = useRef(0)
  const optionsRef = useRef(options)
  optionsRef.current = options
  const slotsRef = useRef(slots)
  slotsRef.current = slots

  const update = useCallback(
    (gen: number, slotKey: string, patch: Partial<SlotState>) => {
      if (gen !== generation.current) return
      setState((prev) => {
        if (!prev) return prev
        const slot = prev.slots[slotKey] ?? emptySlot()
        const next = { ...prev, slots: { ...prev.slots, [slotKey]: { ...slot, ...patch } } }
        writeRun(storageKey, next)
        return next
      })
    },
    [storageKey],
  )

  const follow = useCallback(
    (gen: number, slotKey: string, taskId: string) => {
      stops.current.get(slotKey)?.()
      const stop = subscribeTask(
        taskId,
        {
          onUpdate: (s: TaskStatusResponse) => {
            const failed = s.status === 'failed'
            update(gen, slotKey, {
              status: s.status,
              progress: s.progress,
              // A failed Lighthouse task still carries its on-page and AIO results.
              results: s.results ?? null,
              message: failed ? (s.message ?? optionsRef.current.defaultMessage?.(slotKey) ?? null) : null,
              errorCode: s.errorCode,
              finishedAt: s.task.finishedAt,
            })
          },
          onError: (error) => {
            update(gen, slotKey, { status: 'error', message: error.message, errorCode: 'POLLING' })
          },
        },
        { lang: optionsRef.current.lang },
      )
      stops.current.set(slotKey, stop)
    },
    [update],
  )

  const stopAll = useCallback(() => {
    for (const stop of stops.current.values()) stop()
    stops.current.clear()
  }, [])

  // After hydration: restore the stored run and resume its running tasks.
  useEffect(() => {
    const stored = readRun(storageKey)
    const gen = ++generation.current
    if (stored) {
      for (const [key, slot] of Object.entries(stored.slots)) {
        // A task whose creation was cut short by the reload has no id to follow.
        if (slot.status === 'creating' && !slot.taskId) {
          stored.slots[key] = {
            ...slot,
            status: 'error',
            message: optionsRef.current.defaultMessage?.(key) ?? null,
          }
        }
      }
      writeRun(storageKey, stored)
      setState(stored)
      for (const [key, slot] of Object.entries(stored.slots)) {
        if (slot.taskId && !isSlotDone(slot)) follow(gen, key, slot.taskId)
      }
    }
    setReady(true)
    return () => {
      generation.current += 1
      stopAll()
    }
  }, [storageKey, follow, stopAll])

  const phase = state ? runPhase(state) : 'idle'
  const busyRef = useRef(false)
  busyRef.current = phase === 'analysing'

  const start = useCallback(
    async (url: string, projectId: string | null = null) => {
      if (busyRef.current) return
      busyRef.current = true
      stopAll()
      const gen = ++generation.current
      const specs = slotsRef.current
      const initial: RunState = {
        url,
        projectId,
        startedAt: new Date().toISOString(),
        slots: Object.fromEntries(specs.map((s) => [s.key, emptySlot()])),
        startError: null,
      }
      writeRun(storageKey, initial)
      setState(initial)
      for (const [index, spec] of specs.entries()) {
        try {
          const { taskId } = await createTask({
            kind: spec.kind,
            url,
            ...(spec.platform ? { platform: spec.platform } : {}),
            lang: optionsRef.current.lang,
          })
          if (gen !== generation.current) return
          update(gen, spec.key, { taskId, status: 'pending', progress: { stage: 'queued', percent: 0 } })
          follow(gen, spec.key, taskId)
        } catch (error) {
          if (gen !== generation.current) return
          const startError: StartError =
            error instanceof TaskApiError
              ? { status: error.status, code: error.code, message: error.message }
              : {
                  status: 0,
                  code: 'NETWORK',
                  message: error instanceof Error ? error.message : String(error),
                }
          // The tasks not created yet would be refused for the same reason: none of them start.
          setState((prev) => {
            if (!prev) return prev
            const next: RunState = { ...prev, startError, slots: { ...prev.slots } }
            for (const rest of specs.slice(index)) {
              next.slots[rest.key] = {
                ...emptySlot(),
                status: 'error',
                message: startError.message,
                errorCode: startError.code,
              }
            }
            writeRun(storageKey, next)
            return next
          })
          optionsRef.current.onStartError?.(startError)
          return
        }
      }
    },
    [storageKey, follow, update, stopAll],
  )

  return { ready, state, phase, busy: phase === 'analysing', start }
}
