// Messages between the main thread and an audit thread. Errors cross as plain data and are rebuilt on the
// other side, so an EngineError keeps its class, code and transient flag (they decide retries).
import type { AuditOptions, AuditProgress, AuditResult, LighthouseDevice } from '@farol/engine'
// The errors module alone (the same module the engine's index re-exports): an audit thread loads this file
// before the engine, and must not pay for the whole engine twice over.
import { EngineError, type EngineErrorCode, isEngineError } from '@farol/engine/errors.ts'

/** The audit options that can cross a thread: no callbacks, no signal. */
export type ThreadAuditOptions = Omit<AuditOptions, 'onProgress' | 'signal'>

/** A progress event without its payload: the main thread only needs to know the stage. */
export type ThreadProgress = Pick<AuditProgress, 'type'> & { device?: LighthouseDevice }

export type ThreadRequest =
  | { type: 'run'; id: number; url: string; opts: ThreadAuditOptions }
  | { type: 'abort'; id: number }

export type ThreadReply =
  | { type: 'ready' }
  | { type: 'progress'; id: number; event: ThreadProgress }
  | {
      type: 'done'
      id: number
      result: AuditResult
      /** Each Lighthouse run's full result, encoded for the database (lighthouse-store.ts). */
      lhr: Partial<Record<LighthouseDevice, string>>
    }
  | { type: 'failed'; id: number; error: SerializedError }

export type SerializedError =
  | { kind: 'engine'; code: EngineErrorCode; detail: string | undefined; stack: string | undefined }
  | { kind: 'other'; name: string; message: string; stack: string | undefined; retry: boolean }

export function serializeError(error: unknown): SerializedError {
  if (isEngineError(error)) {
    return { kind: 'engine', code: error.code, detail: error.detail, stack: error.stack }
  }
  const e = error instanceof Error ? error : new Error(String(error))
  return {
    kind: 'other',
    name: e.name,
    message: e.message,
    stack: e.stack,
    retry: (error as { retry?: unknown } | null)?.retry === true,
  }
}

export function reviveError(data: SerializedError): Error {
  const error =
    data.kind === 'engine'
      ? new EngineError(data.code, data.detail)
      : Object.assign(new Error(data.message), { name: data.name }, data.retry ? { retry: true } : {})
  // The thread's stack says where it went wrong; the main thread's would only point at the pool.
  if (data.stack) error.stack = data.stack
  return error
}
