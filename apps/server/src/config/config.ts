// Configuration is read once at start, validated, and frozen. A bad variable stops the process with a
// message naming it, rather than failing later somewhere far from the cause.
import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  FAROL_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  FAROL_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FAROL_WORKERS: booleanFlag.default(true),
  FAROL_ALLOW_PRIVATE_TARGETS: booleanFlag,
  FAROL_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  CHROME_PATH: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
})

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  logLevel: z.infer<typeof schema>['LOG_LEVEL']
  workers: boolean
  allowPrivateTargets: boolean
  shutdownTimeoutMs: number
  chromePath: string | undefined
  nodeEnv: z.infer<typeof schema>['NODE_ENV']
}

export class ConfigError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Pure: environment in, validated config out (or a ConfigError naming every bad variable). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) =>
          `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
      ),
    )
  }
  const e = parsed.data
  const publicUrl = (e.FAROL_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.FAROL_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    workers: e.FAROL_WORKERS,
    allowPrivateTargets: e.FAROL_ALLOW_PRIVATE_TARGETS,
    shutdownTimeoutMs: e.FAROL_SHUTDOWN_TIMEOUT_MS,
    chromePath: e.CHROME_PATH,
    nodeEnv: e.NODE_ENV,
  })
}
