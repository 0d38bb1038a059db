// Task kind `ai_overviews` (issue 43): `requested_data: { runId }`, a run the user confirmed on the page
// (routes.ts wrote it with its estimate). The worker asks DataForSEO for every call the day's cache lacks,
// keeps each answer as it comes (so a failure part way loses nothing paid for), and records what it spent.
import { type Answer, DataForSeoAnswers, isOverviewsError } from '@farol/engine/overviews/index.ts'
import { z } from 'zod'
import { AppError } from '../../platform/errors.ts'
import type { Capability, CapabilityContext } from '../../platform/tasks/capability.ts'
import { type Call, callKey, callsOf, type RunRequest } from './request.ts'
import { cachedAnswers, claimRun, finishRun, saveAnswers } from './store.ts'

export interface OverviewsInput {
  runId: string
}
export interface OverviewsTaskResult {
  runId: string
  calls: number
  cached: number
  spent: number
}

const input = z.object({ runId: z.uuid() })

/**
 * Calls in flight at once inside a run; the client's throttle keeps their starts under the rate limit.
 * Live answers take seconds, so this many in flight is what lets a run approach the allowed rate.
 */
const parallel = 32
const flushMs = 1000

export async function executeRun(
  ctx: Pick<CapabilityContext, 'db' | 'config' | 'signal' | 'userId'> & {
    progress: CapabilityContext['progress']
  },
  runId: string,
  client?: DataForSeoAnswers,
): Promise<OverviewsTaskResult> {
  if (!ctx.userId) throw new AppError('UNAUTHENTICATED')
  const run = await claimRun(ctx.db, runId, ctx.userId)
  if (!run) throw new AppError('NOT_FOUND')
  const dfs = ctx.config.keywords.dataforseo
  if (!dfs && !client) {
    await finishRun(ctx.db, run.id, {
      status: 'failed',
      spent: 0,
      calls: 0,
      errorCode: 'OVERVIEWS_NOT_CONFIGURED',
    })
    throw new AppError('OVERVIEWS_NOT_CONFIGURED')
  }
  const api =
    client ??
    new DataForSeoAnswers({
      login: dfs!.login,
      password: dfs!.password,
      baseUrl: dfs!.url,
      concurrency: parallel,
    })
  const calls = callsOf(run.request as RunRequest)
  const cached = await cachedAnswers(ctx.db, run.workspaceId, run.day, calls)
  const todo: Call[] = calls.filter((c) => !cached.has(callKey(c)))
  let spent = 0
  let made = 0
  let done = 0
  let lastPercent = -1
  let failure: unknown = null
  const next = () => todo.shift()
  // Answers are written in batches: one insert per answer made the database, not DataForSEO's rate limit,
  // the bound of a run (PGlite has one connection). A batch waits at most `flushMs`; a failure part way
  // still writes what came back before it.
  const batch: { call: Call; answer: Answer }[] = []
  let writing: Promise<void> = Promise.resolve()
  let lastFlush = Date.now()
  const flush = () => {
    const rows = batch.splice(0)
    lastFlush = Date.now()
    writing = writing
      .then(() => saveAnswers(ctx.db, run.workspaceId, run.day, rows))
      .catch((error: unknown) => {
        failure ??= error
      })
    return writing
  }
  const worker = async () => {
    for (let call = next(); call && !failure; call = next()) {
      try {
        const answer = await api.answer(
          call.surface,
          call.keyword,
          { locationCode: call.locationCode, languageCode: call.languageCode, device: call.device },
          ctx.signal,
        )
        batch.push({ call, answer })
        if (batch.length >= 50 || Date.now() - lastFlush > flushMs) void flush()
        spent += answer.cost
        made += 1
      } catch (error) {
        failure ??= error
        return
      }
      done += 1
      const percent = Math.floor(((cached.size + done) / Math.max(1, calls.length)) * 100)
      if (percent !== lastPercent) {
        lastPercent = percent
        // Not awaited: the writes are ordered by the task service and a slow one must not hold a call.
        void ctx
          .progress('asking', percent, { runId: run.id, done: cached.size + done, total: calls.length })
          .catch(() => {})
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, worker))
  await flush()
  spent = Math.round(spent * 10_000) / 10_000
  if (failure) {
    const code = isOverviewsError(failure) ? failure.code : null
    await finishRun(ctx.db, run.id, { status: 'failed', spent, calls: made, errorCode: code ?? 'INTERNAL' })
    // An abort, or the database: the task's own handling (retry, INTERNAL) applies.
    if (ctx.signal.aborted || !code) throw failure
    throw new AppError(code, (failure as Error).message)
  }
  await finishRun(ctx.db, run.id, { status: 'success', spent, calls: made, errorCode: null })
  return { runId: run.id, calls: made, cached: cached.size, spent }
}

export const capability: Capability<OverviewsInput, OverviewsTaskResult> = {
  kind: 'ai_overviews',
  loginRequired: true,
  // 500 keywords × 2 places × 2 surfaces at live speed: give it room.
  expireInSeconds: 3600,
  reuse: false,
  parse(data) {
    const parsed = input.safeParse(data)
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    return { url: '', input: parsed.data }
  },
  run(ctx, { runId }) {
    return executeRun(ctx, runId)
  },
}
