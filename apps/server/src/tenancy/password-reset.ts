// Password reset requests answer the same way, after the same work, for a registered and an unknown
// address: the request only validates the form and queues a job; the worker looks the address up,
// makes the token and writes the email (Better Auth's own requestPasswordReset, called server-side).
// Better Auth alone answered a registered address ~5 ms slower (token row, outbox row, queue job), which
// told an observer which addresses have accounts (issue 26). No sleep: nothing address-dependent is left
// in the request.
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import { backstopPollSeconds, createQueue } from '../platform/jobs/queue.ts'
import type { Logger } from '../platform/log.ts'

export const passwordResetQueue = 'account.password-reset'

/** Better Auth's answer to every accepted request, registered address or not. */
export const resetAnswer = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
}

/** The form Better Auth's endpoint takes; anything else goes on to it and gets its own 400. */
export const resetRequest = z.object({
  email: z.email().max(254),
  redirectTo: z.string().max(2048).optional(),
})
export type ResetRequest = z.infer<typeof resetRequest>

/** Pure: whether a redirect target is on one of Farol's own origins (relative paths are). */
export function trustedRedirect(
  redirectTo: string | undefined,
  publicUrl: string,
  origins: string[],
): boolean {
  if (redirectTo === undefined) return true
  try {
    return origins.includes(new URL(redirectTo, publicUrl).origin)
  } catch {
    return false
  }
}

export async function ensurePasswordResetQueue(boss: PgBoss): Promise<void> {
  await createQueue(boss, passwordResetQueue, { retryLimit: 3, retryDelay: 5, expireInSeconds: 120 })
}

/** The worker: the real request, server-side (no HTTP request, so the before hook lets it through). */
export async function startPasswordResetWorker(
  boss: PgBoss,
  requestReset: (body: ResetRequest) => Promise<unknown>,
  log: Logger,
): Promise<void> {
  await boss.work<ResetRequest>(
    passwordResetQueue,
    {
      batchSize: 5,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: backstopPollSeconds,
      localConcurrency: 2,
    },
    async (jobs) => {
      for (const job of jobs) {
        const parsed = resetRequest.safeParse(job.data)
        if (!parsed.success) continue
        await requestReset(parsed.data)
        log.debug('password reset request handled')
      }
    },
  )
}
