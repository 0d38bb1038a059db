import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { audit } from '@farol/engine'
import type { AuditFn } from '../src/features/analysis/worker.ts'
import { type Config, loadConfig } from '../src/platform/config.ts'

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'farol-test-'))
}

/** A config on a random port; on PostgreSQL when `databaseUrl` is given, else embedded in `dataDir`. */
export function testConfig(
  overrides: { dataDir?: string; databaseUrl?: string; port?: number; env?: Record<string, string> } = {},
): Config {
  return loadConfig({
    PORT: String(overrides.port ?? 0),
    ...(overrides.port ? { FAROL_PUBLIC_URL: `http://127.0.0.1:${overrides.port}` } : {}),
    LOG_LEVEL: 'silent',
    FAROL_DATA_DIR: overrides.dataDir ?? tempDataDir(),
    DATABASE_URL: overrides.databaseUrl ?? '',
    FAROL_SHUTDOWN_TIMEOUT_MS: '5000',
    // No test server fetches the operators' IP lists unless it asks to (test/bot-ranges.test.ts).
    FAROL_BOT_RANGES_EVERY_S: '0',
    ...overrides.env,
  })
}

/** The PostgreSQL to test the production path against, when CI or a developer provides one. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined

/**
 * Polls /api/seo-task-manager/status until the task succeeds or fails. A request refused by a kept-alive
 * socket the server closed meanwhile (its event loop stalled on a busy two-core machine) is asked again.
 */
export async function finishedTask<T = unknown>(
  baseUrl: string,
  taskId: string,
  headers: Record<string, string> = {},
  { timeoutMs = 120_000, lang = 'en' }: { timeoutMs?: number; lang?: 'pt' | 'en' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${baseUrl}/api/seo-task-manager/status?taskId=${taskId}&lang=${lang}`, {
      headers,
    }).catch(() => null)
    const body = res ? ((await res.json()) as { status: string }) : null
    if (body?.status === 'success' || body?.status === 'failed') return body as T
    if (Date.now() > deadline) throw new Error(`task still ${body?.status ?? 'unanswered'}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Calls the server's /api as one of several signed-in people: `who` names their cookie in `cookies`.
 * JSON answers come parsed; any other answer's body is null.
 */
export function apiCaller(baseUrl: () => string, cookies: Partial<Record<string, string>>) {
  return async (who: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: {
        cookie: cookies[who] ?? '',
        origin: baseUrl(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it asked for
    const json: any = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null
    return { status: res.status, body: json }
  }
}

/** Ports handed out by this process (a test file), never handed out twice. */
const portsGiven = new Set<number>()

/**
 * A free port for a server a test starts. Chosen below Linux's ephemeral range (32768–60999): a port the
 * kernel picked (listen on 0) was free when checked, but the test files running beside this one open
 * client connections from that same range, and one took it before the server listened (EADDRINUSE, seen
 * in CI). Below the range only a listener can take it: random, and checked by listening on it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768)
    if (portsGiven.has(port)) continue
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (free) {
      portsGiven.add(port)
      return port
    }
  }
  throw new Error('no free port between 20000 and 32767')
}

export interface CapturedMail {
  to: string[]
  raw: string
  /** Body with quoted-printable soft breaks and escapes undone, good enough to find links. */
  text: string
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(port = 0) {
  const { SMTPServer } = await import('smtp-server')
  const messages: CapturedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        })
        for (const w of waiters.splice(0)) w()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const listening = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    /** Waits for the next message to `to` that arrives after `after` messages were seen. */
    async next(to: string, after = 0, timeoutMs = 15_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.slice(after).find((m) => m.to.includes(to))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 250)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  // =XX escapes are bytes of UTF-8 text: collect them as bytes, then decode once.
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The first link in a message that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = mail.text.match(new RegExp(`${escaped}[^\\s"<>]+`))
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`)
  return match[0].replace(/&amp;/g, '&')
}

/**
 * A new, empty PostgreSQL database on the TEST_DATABASE_URL server, so test files running in parallel
 * never share tables or job queues (a worker of one file must not pick up another file's jobs).
 */
export async function freshPostgres(
  serverUrl = testDatabaseUrl,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set')
  const pg = (await import('pg')).default
  const name = `farol_test_${randomBytes(6).toString('hex')}`
  // A copy of the run's migrated database when there is one on this server (scripts/vitest-global-setup.ts).
  const template = serverUrl === testDatabaseUrl ? process.env.FAROL_PG_TEMPLATE : undefined
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      // Let connections still closing (a pool ending) leave first: a forced drop kills them mid-close, and
      // their 'error' event, no longer listened to, fails the whole run as an uncaught exception.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ])
        if (rows[0].n === 0) break
        await new Promise((r) => setTimeout(r, 100))
      }
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** A migrated database on `serverUrl` for freshPostgres to copy; made once per run, dropped at its end. */
export async function createPostgresTemplate(serverUrl: string) {
  const fresh = await freshPostgres(serverUrl)
  const { openDatabase } = await import('../src/platform/db/database.ts')
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
  await database.close()
  return { name: new URL(fresh.url).pathname.slice(1), drop: fresh.drop }
}

/** Signs up and verifies a user directly (mail flows have their own tests); returns its session cookie. */
export async function signedInUser(
  farol: { url: string; database: { db: import('../src/platform/db/database.ts').Db } },
  email: string,
  password = 'Farol#Seguro2026',
): Promise<string> {
  const { users } = await import('../src/platform/db/schema.ts')
  const { eq } = await import('drizzle-orm')
  const post = (path: string, body: unknown) =>
    fetch(`${farol.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify(body),
    })
  const signUp = await post('/api/auth/sign-up/email', { name: email.split('@')[0], email, password })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  await farol.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email))
  const signIn = await post('/api/auth/sign-in/email', { email, password })
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`)
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The real engine without Lighthouse, for server tests that are not about Lighthouse (runs in-process). */
export const withoutLighthouse: AuditFn = (url, opts, deps) => audit(url, { ...opts, device: 'none' }, deps)
