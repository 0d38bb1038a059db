// Mail delivery under a backlog: contact emails are sent several at a time, and a password-reset email
// goes out while a batch of contact emails is still stuck at the SMTP server.
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { accountEmailQueue, emailQueue, queueFor } from '../src/platform/email/outbox.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const team = 'equipa@farol.test'

/** An SMTP server that holds every message to the team until released, and accepts the rest. */
async function startHoldingSmtp() {
  const { SMTPServer } = await import('smtp-server')
  const held: Array<() => void> = []
  const received: string[] = []
  let released = false
  let changed = () => {}
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address)
        received.push(...to)
        if (to.includes(team) && !released) held.push(() => callback())
        else callback()
        changed()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    held,
    received,
    /** Resolves once `check` holds (re-checked on every message). */
    until(check: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const test = () => {
          if (check()) resolve()
          else changed = test
        }
        test()
      })
    },
    release() {
      released = true
      for (const done of held.splice(0)) done()
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('mail queues', () => {
  it('puts account emails on their own queue', () => {
    for (const kind of ['verification', 'reset-password', 'existing-account', 'password-changed'])
      expect(queueFor(kind), kind).toBe(accountEmailQueue)
    for (const kind of ['contact', 'report-ready']) expect(queueFor(kind), kind).toBe(emailQueue)
  })

  // Requests all at once (one batch of several), or trickling in 700 ms apart on a busy machine (batches
  // of one each, several of them stuck at once: one stuck batch must not stop the queue behind it).
  it.each([
    ['all at once', 0],
    ['one by one', 700],
  ])(
    'sends contact emails arriving %s in parallel and a reset email past stuck ones',
    async (_how, gapMs) => {
      const smtp = await startHoldingSmtp()
      const farol: RunningFarol = await startFarol(
        testConfig({
          port: await freePort(),
          env: { SMTP_URL: smtp.url, FAROL_CONTACT_EMAILS: team, FAROL_CONTACT_PER_10_MIN: '100' },
        }),
        createLogger('silent'),
      )
      try {
        const owner = `dono.${Date.now()}@example.pt`
        await signedInUser(farol, owner)
        const post = (path: string, body: unknown) =>
          fetch(`${farol.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: farol.url },
            body: JSON.stringify(body),
          })
        for (let i = 0; i < 8; i++) {
          const res = await post('/api/contact', { name: `V${i}`, email: `v${i}@example.pt`, message: 'Olá' })
          expect(res.status).toBe(201)
          if (gapMs) await new Promise((r) => setTimeout(r, gapMs))
        }
        // One message at a time would leave a single one waiting at the server.
        await smtp.until(() => smtp.held.length >= 3)
        expect(smtp.held.length).toBeGreaterThanOrEqual(3)

        // Those contact emails are still unanswered: the reset email must not wait for them.
        const reset = await post('/api/auth/request-password-reset', {
          email: owner,
          redirectTo: '/reset-password',
        })
        expect(reset.status).toBe(200)
        await smtp.until(() => smtp.received.includes(owner))
        expect(smtp.held.length).toBeGreaterThanOrEqual(3)
        smtp.release()
        await smtp.until(() => smtp.received.filter((to) => to === team).length >= 8)
      } finally {
        smtp.release()
        await farol.stop()
        await smtp.close()
      }
    },
    // The reset request is a queued job since issue 26 (one more queue hop); a loaded CI machine running
    // four files at once took close to the minute this had.
    120_000,
  )
})
