// `npm run bench:mail`: the mail goals of issue 13, on loopback with a real SMTP server.
//   1. Throughput: 200 contact emails queued through POST /api/contact, delivered to the SMTP server
//      (goal ≥ 20 emails/s: the backlog left once all are queued, over the time to drain it; the
//      overall rate from the first queued to the last received is printed beside it).
//   2. Priority: one password-reset email requested right after the 200 are queued, while they drain
//      (goal: at the SMTP server ≤ 2 s after the request).
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --emails N (default 200).
import { parseArgs } from 'node:util'
import { startFarol } from '../apps/server/src/composition/server.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { createLogger } from '../apps/server/src/platform/log.ts'
import { freePort, signedInUser, startSmtpCapture, tempDataDir } from '../apps/server/test/helpers.ts'

const { values } = parseArgs({ options: { emails: { type: 'string', default: '200' } } })
const emails = Math.max(1, Number(values.emails))

const smtp = await startSmtpCapture()
const port = await freePort()
const team = 'equipa@farol.test'
const farol = await startFarol(
  loadConfig({
    PORT: String(port),
    FAROL_PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    FAROL_DATA_DIR: tempDataDir(),
    DATABASE_URL: '',
    SMTP_URL: smtp.url,
    FAROL_CONTACT_EMAILS: team,
    FAROL_CONTACT_PER_10_MIN: String(emails + 10),
    FAROL_RATE_LIMIT_RECOVERY: '50',
  }),
  createLogger('silent'),
)

const post = (path: string, body: unknown) =>
  fetch(`${farol.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: farol.url },
    body: JSON.stringify(body),
  })

try {
  const owner = `bench.${Date.now()}@farol.test`
  await signedInUser(farol, owner)
  const before = smtp.messages.length

  // Queue the contact messages (ten requests at a time, as several visitors would).
  const queuedAt = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < emails) {
        const i = next++
        const res = await post('/api/contact', {
          name: `Visitante ${i}`,
          email: `v${i}@example.pt`,
          message: `Mensagem de teste ${i}`,
        })
        if (res.status !== 201) throw new Error(`contact ${i}: ${res.status} ${await res.text()}`)
      }
    }),
  )
  const allQueuedMs = performance.now() - queuedAt
  const waitingAtReset = emails - smtp.messages.slice(before).filter((m) => m.to.includes(team)).length

  // The reset email, requested behind the backlog.
  const resetAt = performance.now()
  const reset = await post('/api/auth/request-password-reset', {
    email: owner,
    redirectTo: '/reset-password',
  })
  if (reset.status !== 200) throw new Error(`reset: ${reset.status} ${await reset.text()}`)
  await smtp.next(owner, before, 60_000)
  const resetMs = performance.now() - resetAt

  // Then the rest of the contact emails.
  const deadline = Date.now() + 120_000
  while (smtp.messages.slice(before).filter((m) => m.to.includes(team)).length < emails) {
    if (Date.now() > deadline) throw new Error('contact emails did not all arrive within 120 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const drainedMs = performance.now() - queuedAt

  // Throughput to the SMTP server: the backlog left once everything was queued, over the time it took
  // to drain. (While queueing, the HTTP requests and the worker share the one embedded connection.)
  const rate = waitingAtReset / ((drainedMs - allQueuedMs) / 1000)
  const overall = emails / (drainedMs / 1000)
  console.log(`bench:mail (${emails} contact emails, SMTP on loopback, embedded PGlite)`)
  console.log(`  queued via POST /api/contact in     ${(allQueuedMs / 1000).toFixed(2)} s`)
  console.log(
    `  backlog of ${waitingAtReset} drained in ${((drainedMs - allQueuedMs) / 1000).toFixed(2)} s: ${rate.toFixed(1)} emails/s   (goal ≥ 20) ${rate >= 20 ? 'ok' : 'MISSED'}`,
  )
  console.log(
    `  first queued to last delivered   ${(drainedMs / 1000).toFixed(2)} s: ${overall.toFixed(1)} emails/s overall`,
  )
  console.log(
    `  reset email, requested with ${waitingAtReset} contact emails waiting: ${(resetMs / 1000).toFixed(2)} s   (goal ≤ 2 s) ${resetMs <= 2000 ? 'ok' : 'MISSED'}`,
  )
} finally {
  await farol.stop()
  await smtp.close()
}
