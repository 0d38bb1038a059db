// Email is recorded first and delivered by a job: with no SMTP server it becomes a readable .eml file;
// a failing SMTP server is retried until it accepts.
import { existsSync, readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { startFarol } from '../src/composition/server.ts'
import { emailOutbox } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, tempDataDir, testConfig } from './helpers.ts'

const log = createLogger('silent')

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function signUp(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: 'Rui', email, password: 'Farol#Seguro2026', lang: 'en' }),
  })
  expect(res.status).toBe(200)
}

describe('email outbox', () => {
  it('writes a readable .eml under the data directory when no SMTP server is configured', async () => {
    const dataDir = tempDataDir()
    const port = await freePort()
    const farol = await startFarol(testConfig({ dataDir, port }), log)
    try {
      await signUp(farol.url, 'rui@example.pt')
      const row = await waitFor(async () => {
        const [r] = await farol.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, 'rui@example.pt'))
        return r?.status === 'written' ? r : undefined
      })
      expect(row.filePath).toContain(`${dataDir}/mail/`)
      expect(existsSync(row.filePath!)).toBe(true)
      const eml = readFileSync(row.filePath!, 'utf8')
      expect(eml).toContain('To: rui@example.pt')
      expect(eml).toContain('Subject: Confirm your email for Farol')
    } finally {
      await farol.stop()
    }
  })

  it('retries a failed SMTP delivery until the server accepts it', async () => {
    const { SMTPServer } = await import('smtp-server')
    let attempts = 0
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume()
        stream.on('end', () => {
          attempts++
          callback(attempts === 1 ? Object.assign(new Error('try later'), { responseCode: 451 }) : null)
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const smtpPort = (smtp.server.address() as { port: number }).port
    const port = await freePort()
    const farol = await startFarol(
      testConfig({ port, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } }),
      log,
    )
    try {
      await signUp(farol.url, 'eva@example.pt')
      const row = await waitFor(async () => {
        const [r] = await farol.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, 'eva@example.pt'))
        return r?.status === 'sent' ? r : undefined
      }, 60_000)
      expect(row.attempts).toBe(2)
      expect(row.lastError).toContain('try later')
      expect(attempts).toBe(2)
    } finally {
      await farol.stop()
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  }, 90_000)
})
