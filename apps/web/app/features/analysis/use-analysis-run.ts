import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../lib/api-error.ts'
import {
  analysisRunKey,
  analysisSlots,
  emptySlot,
  isSlotDone,
  missingSlots,
  phaseOf,
  type RunState,
  readRun,
  type SlotKey,
  type SlotState,
  sameAddress,
  slotFromStatus,
  writeRun,
} from './run-storage.ts'
import { rememberTyped, requestAddress } from './scheme-guess.ts'
import { createTask, getLatestAnalysis, subscribeTask } from './task-client.ts'
import type { TaskStatusResponse } from './types.ts'

interface StartError {
  status: number
  code: string
  message: string
}

interface StartOptions {
  projectId?: string | null
  /** The address as typed, when it had no scheme: sent as is so the server may fall back to http. */
  typed?: string | null
  /** "Reanalisar": new tasks even where identical recent ones exist. */
  fresh?: boolean
}

export interface AnalysisRun {
  /** False until the stored (and, signed in, the server's) latest analysis was read. */
  ready: boolean
  state: RunState | null
  /** The phase of the parts this page needs. */
  phase: 'analysing' | 'finished' | 'failed' | 'idle'
  busy: boolean
  /** A new analysis of `url` with this page's parts (other pages add theirs). Ignored while busy. */
  start: (url: string, options?: StartOptions) => Promise<void>
}

interface Options {
  lang: 'pt' | 'en'
  /** The parts of the analysis this page shows; the ones the latest analysis lacks are run. */
  needs: readonly SlotKey[]
  /** The address in the page's query (`?url=`); else the latest analysis's own address. */
  queryUrl: string | null
  /** Signed-in users' latest analysis also comes from the server (any browser). */
  signedIn: boolean
  /**
   * Run the missing parts of an analysis that exists for the address (e.g. /suite/seo adds the mobile
   * run to the dashboard's). Default true.
   */
  complete?: boolean
  /**
   * Parts run once `needs` have finished, at low priority, for the pages that show them (the dashboard
   * runs mobile Lighthouse so /suite/seo opens on it). They do not count in `phase`.
   */
  background?: readonly SlotKey[]
  /** Called when the API refuses to start a task (the toast 'Erro ao iniciar análise'). */
  onStartError?: (error: StartError) => void
  /** Message for a failure without one from the server, per slot key. */
  defaultMessage?: (slotKey: string) => string
}

/** The server's latest analysis as a stored run; null when it has none. */
async function serverRun(url: string | null, lang: 'pt' | 'en'): Promise<RunState | null> {
  try {
    const latest = await getLatestAnalysis(url, lang)
    const parts = Object.entries(latest.parts).filter((e): e is [string, TaskStatusResponse] => Boolean(e[1]))
    if (!latest.url || parts.length === 0) return null
    const startedAt = parts.map(([, p]) => p.task.createdAt).sort()[0] ?? new Date().toISOString()
    return {
      url: url ?? latest.url,
      projectId: null,
      startedAt,
      slots: Object.fromEntries(parts.map(([key, p]) => [key, slotFromStatus(p)])),
      startError: null,
    }
  } catch {
    // Offline or signed out meanwhile: the page opens without it.
    return null
  }
}

/**
 * The latest analysis of an address, shared by the suite's pages (one stored run, session storage) and,
 * for a signed-in user, read from the server when this browser has none. Its tasks are followed to the
 * end (server-sent events, polling as the fallback); a reload resumes them.
 */
export function useAnalysisRun(options: Options): AnalysisRun {
  const [state, setState] = useState<RunState | null>(null)
  const [ready, setReady] = useState(false)
  const stops = useRef(new Map<string, () => void>())
  const generation = useRef(0)
  const optionsRef = useRef(options)
  optionsRef.current = options
  const stateRef = useRef<RunState | null>(null)
  stateRef.current = state
  // "Reanalisar" applies to the background parts too, or they would reuse the previous run's.
  const freshRef = useRef(false)

  const commit = useCallback((next: RunState | null) => {
    stateRef.current = next
    writeRun(analysisRunKey, next)
    setState(next)
  }, [])

  const update = useCallback((gen: number, slotKey: string, patch: Partial<SlotState>) => {
    if (gen !== generation.current) return
    setState((prev) => {
      if (!prev) return prev
      const slot = prev.slots[slotKey] ?? emptySlot()
      const next = { ...prev, slots: { ...prev.slots, [slotKey]: { ...slot, ...patch } } }
      stateRef.current = next
      writeRun(analysisRunKey, next)
      return next
    })
  }, [])

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

  /** Creates the tasks of `keys` in the current run, one after the other; a refusal stops the rest. */
  const runSlots = useCallback(
    async (gen: number, keys: readonly SlotKey[], fresh: boolean, background = false) => {
      for (const [index, key] of keys.entries()) {
        const run = stateRef.current
        if (!run || gen !== generation.current) return
        const spec = analysisSlots[key]
        try {
          const { taskId } = await createTask({
            kind: spec.kind,
            url: run.requestUrl ?? requestAddress(run.url),
            ...(spec.platform ? { platform: spec.platform } : {}),
            lang: optionsRef.current.lang,
            ...(fresh ? { fresh: true } : {}),
            ...(background ? { background: true } : {}),
          })
          if (gen !== generation.current) return
          update(gen, key, { taskId, status: 'pending', progress: { stage: 'queued', percent: 0 } })
          follow(gen, key, taskId)
        } catch (error) {
          if (gen !== generation.current) return
          const startError: StartError =
            error instanceof ApiError
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
            for (const rest of keys.slice(index)) {
              next.slots[rest] = {
                ...emptySlot(),
                status: 'error',
                message: startError.message,
                errorCode: startError.code,
              }
            }
            stateRef.current = next
            writeRun(analysisRunKey, next)
            return next
          })
          optionsRef.current.onStartError?.(startError)
          return
        }
      }
    },
    [follow, update],
  )

  /** Adds the page's missing parts to the analysis it opened on. */
  const complete = useCallback(
    (gen: number) => {
      const { needs, complete: shouldComplete = true } = optionsRef.current
      const run = stateRef.current
      if (!run || !shouldComplete || run.startError) return
      const missing = missingSlots(run, run.url, needs)
      if (!missing.length) return
      const next: RunState = { ...run, slots: { ...run.slots } }
      for (const key of missing) next.slots[key] = emptySlot()
      commit(next)
      void runSlots(gen, missing, false)
    },
    [commit, runSlots],
  )

  // After hydration: open on the latest analysis of the address (this browser's, else the server's for a
  // signed-in user), resume its running tasks and add the parts this page lacks.
  const { queryUrl, signedIn } = options
  useEffect(() => {
    const gen = ++generation.current
    let cancelled = false
    setReady(false)
    void (async () => {
      let run = readRun(analysisRunKey)
      if (run && queryUrl && !sameAddress(run.url, queryUrl)) run = null
      if (!run && signedIn) run = await serverRun(queryUrl, optionsRef.current.lang)
      if (cancelled || gen !== generation.current) return
      if (run) {
        for (const [key, slot] of Object.entries(run.slots)) {
          // A task whose creation was cut short by a reload has no id to follow.
          if (slot.status === 'creating' && !slot.taskId) {
            run.slots[key] = {
              ...slot,
              status: 'error',
              message: optionsRef.current.defaultMessage?.(key) ?? null,
            }
          }
        }
        commit(run)
        for (const [key, slot] of Object.entries(run.slots)) {
          if (slot.taskId && !isSlotDone(slot)) follow(gen, key, slot.taskId)
        }
        complete(gen)
      } else {
        setState(null)
        stateRef.current = null
      }
      setReady(true)
    })()
    return () => {
      cancelled = true
      generation.current += 1
      stopAll()
    }
  }, [queryUrl, signedIn, follow, stopAll, commit, complete])

  const phase = state ? phaseOf(state, options.needs) : 'idle'
  const busyRef = useRef(false)
  busyRef.current = phase === 'analysing'

  // The page's own parts first (desktop before mobile), then the background ones, once, for an analysis
  // this page saw running (an old analysis opened later gets nothing it did not ask for).
  const sawAnalysing = useRef(false)
  if (phase === 'analysing') sawAnalysing.current = true
  useEffect(() => {
    const run = stateRef.current
    const { background = [], complete: shouldComplete = true } = optionsRef.current
    if (phase !== 'finished' || !sawAnalysing.current) return
    if (!run || !shouldComplete || run.startError || !background.length) return
    const missing = missingSlots(run, run.url, background)
    if (!missing.length) return
    const next: RunState = { ...run, slots: { ...run.slots } }
    for (const key of missing) next.slots[key] = emptySlot()
    commit(next)
    void runSlots(generation.current, missing, freshRef.current, true)
  }, [phase, commit, runSlots])

  const start = useCallback(
    async (url: string, startOptions: StartOptions = {}) => {
      if (busyRef.current) return
      busyRef.current = true
      stopAll()
      const gen = ++generation.current
      const needs = optionsRef.current.needs
      freshRef.current = startOptions.fresh ?? false
      // Typed without a scheme: sent without one, so the server may fall back to http (scheme-guess.ts).
      if (startOptions.typed !== undefined && startOptions.typed !== null)
        rememberTyped(startOptions.typed, url)
      const address = requestAddress(url)
      const requestUrl = address !== url ? address : null
      const initial: RunState = {
        url,
        projectId: startOptions.projectId ?? null,
        startedAt: new Date().toISOString(),
        slots: Object.fromEntries(needs.map((key) => [key, emptySlot()])),
        startError: null,
        ...(requestUrl ? { requestUrl } : {}),
      }
      commit(initial)
      await runSlots(gen, needs, startOptions.fresh ?? false)
    },
    [commit, runSlots, stopAll],
  )

  return { ready, state, phase, busy: phase === 'analysing', start }
}
