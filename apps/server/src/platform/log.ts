import { pino } from 'pino'

export type Logger = pino.Logger

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: 'farol' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    // Errors are logged without what users typed: SQL parameters (form contents, emails, passwords'
    // neighbours) and PostgreSQL's detail line ("Key (email)=(…) already exists") are cut out.
    serializers: { err: safeError, error: safeError },
  })
}

const paramsTail = /\nparams: [\s\S]*?(?=\n {4}at |$)/

/** An error as pino would log it, minus SQL parameters and row values, its causes likewise. */
export function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error
  const plain = pino.stdSerializers.err(error) as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(plain)) {
    if (key === 'params' || key === 'parameters' || key === 'detail' || key === 'where') continue
    if (key === 'cause' || key === 'aggregateErrors') continue
    out[key] = typeof value === 'string' ? value.replace(paramsTail, '\nparams: [redacted]') : value
  }
  const cause = (error as { cause?: unknown }).cause
  if (cause !== undefined && depth < 4) out.cause = safeError(cause, depth + 1)
  return out
}

/** Email addresses in a free-text log message (a library's own wording) replaced by a placeholder. */
export function withoutEmails(message: string): string {
  return message.replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g, '[email]')
}
