// Configuration is read once at start, validated, and frozen. A bad variable stops the process with a
// message naming it, rather than failing later somewhere far from the cause.
import path from 'node:path'
import { type LlmConfig, llmConfigFromEnv } from '@farol/engine/llm/config.ts'
import { z } from 'zod'

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

/** An empty variable counts as unset (a blank line in an env file). */
/** FAROL_LOG_DNS: off → no lookups, system → the system resolver, else resolver addresses. */
function logDns(value: string): 'system' | string[] | null {
  if (value === 'off') return null
  return value === 'system' ? 'system' : value.split(',')
}

function unsetWhenEmpty<T extends z.ZodType>(type: T) {
  return type.optional().or(z.literal('').transform(() => undefined))
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  FAROL_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  FAROL_DATA_DIR: z.string().min(1).default('./data'),
  FAROL_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
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
  FAROL_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FAROL_TRUST_PROXY: booleanFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  FAROL_MAIL_FROM: z.string().min(3).default('Farol <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Google's OAuth token endpoint, where Search Console access tokens are refreshed (a fake in tests).
  FAROL_GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  FAROL_QUOTA_ANONYMOUS_PER_DAY: z.coerce.number().int().min(0).default(30),
  FAROL_QUOTA_USER_PER_DAY: z.coerce.number().int().min(0).default(300),
  FAROL_TASK_REUSE_SECONDS: z.coerce.number().int().min(0).default(600),
  FAROL_SITES_PER_USER: z.coerce.number().int().min(0).default(10),
  FAROL_LOG_UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(5120),
  FAROL_LOG_UPLOAD_MAX_UNPACKED_MB: z.coerce.number().int().min(1).default(20480),
  FAROL_LOG_UPLOAD_MAX_RATIO: z.coerce.number().int().min(2).default(100),
  FAROL_LOG_UPLOADS_PER_USER: z.coerce.number().int().min(1).default(2),
  FAROL_LOG_DNS: z
    .string()
    .regex(/^(off|system|[^,\s]+(,[^,\s]+)*)$/, 'must be off, system, or resolver addresses (host:port,…)')
    .default('system'),
  FAROL_BOT_LOGS_ROOT: unsetWhenEmpty(z.string()),
  FAROL_BOT_LOGS_EVERY_S: z.coerce.number().int().min(5).optional(),
  FAROL_BOT_RANGES_BASE_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  FAROL_BOT_RANGES_EVERY_S: z.coerce.number().int().min(0).optional(),
  FAROL_BOT_LOGS_S3_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  FAROL_BOT_LOGS_S3_REGION: unsetWhenEmpty(z.string()),
  FAROL_BOT_LOGS_S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string()),
  FAROL_BOT_LOGS_S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string()),
  FAROL_BOT_LOGS_S3_BUCKETS: unsetWhenEmpty(z.string()),
  FAROL_MONITOR_EVERY_S: z.coerce.number().int().min(5).optional(),
  FAROL_LIGHTHOUSE_TIMEOUT_MS: z.coerce.number().int().min(5000).default(120_000),
  // Read by the engine's Lighthouse runner itself (lighthouse/protocol.ts); checked here so a bad value stops
  // the server at start rather than failing every analysis.
  FAROL_LIGHTHOUSE_NICE: unsetWhenEmpty(z.coerce.number().int().min(0).max(19)),
  FAROL_CONTACT_EMAILS: z
    .string()
    .default('contacto@farol.app,suporte@farol.app')
    .refine(
      (v) => v.split(',').every((e) => /^[^\s@]+@[^\s@]+$/.test(e.trim())),
      'must be a comma-separated list of emails',
    ),
  FAROL_CONTACT_HOURS_WEEKDAYS: z.string().default('09:00–18:00'),
  FAROL_CONTACT_HOURS_WEEKEND: z.string().default(''),
  FAROL_CONTACT_PER_10_MIN: z.coerce.number().int().min(1).default(5),
  FAROL_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(60),
  FAROL_RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(10),
  FAROL_RATE_LIMIT_SIGN_UP: z.coerce.number().int().min(1).default(5),
  FAROL_RATE_LIMIT_RECOVERY: z.coerce.number().int().min(1).default(5),
  FAROL_RATE_LIMIT_VERIFICATION: z.coerce.number().int().min(1).default(5),
  FAROL_RATE_LIMIT_CHANGE_PASSWORD: z.coerce.number().int().min(1).default(5),
  FAROL_RATE_LIMIT_FAVICON: z.coerce.number().int().min(1).default(30),
  FAROL_RATE_LIMIT_API_TOKEN: z.coerce.number().int().min(1).default(600),
  FAROL_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  FAROL_INVITATIONS_PER_INVITER_HOUR: z.coerce.number().int().min(1).default(30),
  FAROL_WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  FAROL_WEBHOOK_RETRY_DELAY_S: z.coerce.number().int().min(1).default(30),
  FAROL_REPORTS_S3_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  FAROL_REPORTS_S3_BUCKET: unsetWhenEmpty(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,62}$/, 'must be a bucket name (letters, digits, . _ -)'),
  ),
  FAROL_REPORTS_S3_REGION: unsetWhenEmpty(
    z.string().regex(/^[a-z0-9-]+$/, 'must be a region such as us-east-1'),
  ),
  FAROL_REPORTS_S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string()),
  FAROL_REPORTS_S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string()),
  FAROL_REPORTS_S3_PREFIX: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^\/?[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
        'must be a key prefix such as farol/reports/ (letters, digits, . _ - and /)',
      ),
  ),
  // Keyword research (issue #16): autocomplete is keyless (default Google's public suggest endpoint);
  // DataForSEO Labs gives volumes, CPC, difficulty and intent only with both credentials.
  FAROL_AUTOCOMPLETE_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  DATAFORSEO_LOGIN: unsetWhenEmpty(z.string()),
  DATAFORSEO_PASSWORD: unsetWhenEmpty(z.string()),
  DATAFORSEO_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  FAROL_GSC_URL: z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com'),
  // Site crawl (issue #18): pages per crawl, pages per user per 24 h, and the per-host pace (unset: polite).
  FAROL_CRAWL_MAX_PAGES: z.coerce.number().int().min(1).default(100_000),
  FAROL_CRAWL_PAGE_QUOTA: z.coerce.number().int().min(0).default(200_000),
  FAROL_CRAWL_CONCURRENCY: unsetWhenEmpty(z.coerce.number().int().min(1).max(32)),
  FAROL_RENDER_TIMEOUT_S: z.coerce.number().int().min(5).max(120).default(15),
  // Issue 28: the adaptive pace's ceiling for a site whose owner published their verification token.
  FAROL_CRAWL_OWNER_MAX: z.coerce.number().int().min(2).max(64).default(32),
  // Local directories (issue #17): Nominatim is keyless (default: the public instance; 'off' disables it);
  // Google Places and Foursquare are used only with a key.
  FAROL_NOMINATIM_URL: z
    .union([z.literal('off'), z.url({ protocol: /^https?$/ })])
    .default('https://nominatim.openstreetmap.org'),
  GOOGLE_PLACES_API_KEY: unsetWhenEmpty(z.string()),
  FAROL_GOOGLE_PLACES_URL: z.url({ protocol: /^https?$/ }).default('https://places.googleapis.com'),
  FOURSQUARE_API_KEY: unsetWhenEmpty(z.string()),
  // Field data (issue #33): real users' Core Web Vitals from the Chrome UX Report, only with a (free) key.
  CRUX_API_KEY: unsetWhenEmpty(z.string()),
  FAROL_CRUX_URL: z.url({ protocol: /^https?$/ }).default('https://chromeuxreport.googleapis.com'),
  FAROL_FOURSQUARE_URL: z.url({ protocol: /^https?$/ }).default('https://places-api.foursquare.com'),
  // IndexNow (issue #31): where changed URLs of tracked sites with a key are submitted.
  FAROL_INDEXNOW_URL: z.url({ protocol: /^https?$/ }).default('https://api.indexnow.org/indexnow'),
  FAROL_INDEXNOW_RETRY_DELAY_S: z.coerce.number().int().min(1).default(60),
})

const s3Required = [
  'FAROL_REPORTS_S3_ENDPOINT',
  'FAROL_REPORTS_S3_BUCKET',
  'FAROL_REPORTS_S3_ACCESS_KEY_ID',
  'FAROL_REPORTS_S3_SECRET_ACCESS_KEY',
] as const

/** Half an S3 configuration must stop the start, not silently fall back to local files. */
function missingS3Variables(e: z.infer<typeof schema>): string[] {
  const given = Object.keys(e).filter((k) => k.startsWith('FAROL_REPORTS_S3_') && e[k as keyof typeof e])
  if (!given.length) return []
  return s3Required
    .filter((name) => !e[name])
    .map(
      (name) =>
        `${name}: missing; the S3 report store (configured by ${given.join(', ')}) needs ${s3Required.join(', ')}`,
    )
}

/** An S3-compatible bucket for report PDFs, addressed path-style (endpoint/bucket/key). */
export interface ReportsS3Config {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Prepended to every key; empty or ending in '/'. */
  prefix: string
}

/** The operator's S3 credentials for tracked sites' log prefixes (path-style, like the report store). */
export interface BotLogsS3Config {
  endpoint: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Buckets users may point at; null: any the credentials can read. */
  buckets: string[] | null
}

interface OAuthClient {
  clientId: string
  clientSecret: string
}

export interface Config {
  port: number
  host: string
  publicUrl: string
  /** Where workers reach the web app to render reports; unset: this process's own address, or publicUrl. */
  internalUrl: string | undefined
  dataDir: string
  databaseUrl: string | undefined
  logLevel: z.infer<typeof schema>['LOG_LEVEL']
  workers: boolean
  allowPrivateTargets: boolean
  shutdownTimeoutMs: number
  chromePath: string | undefined
  nodeEnv: z.infer<typeof schema>['NODE_ENV']
  /** Signs session cookies; when unset, a secret generated once and kept in the database is used. */
  authSecret: string | undefined
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean
  smtpUrl: string | undefined
  mailFrom: string
  google: OAuthClient | null
  /** Where Google access tokens are refreshed (FAROL_GOOGLE_TOKEN_URL; decision 016). */
  googleTokenUrl: string
  github: OAuthClient | null
  contact: {
    /** Shown on the contact page; contact-form messages are emailed to all of them. */
    emails: string[]
    /** Opening hours as written; an empty weekend means closed. */
    hoursWeekdays: string
    hoursWeekend: string
    /** Messages accepted per client address in 10 minutes. */
    perTenMinutes: number
  }
  tasks: {
    /** Analyses (tasks) an anonymous visitor may start per IP in 24 hours. */
    anonymousPerDay: number
    userPerDay: number
    /** An identical request within this many seconds reuses the running or finished task. */
    reuseSeconds: number
    lighthouseTimeoutMs: number
  }
  /** Tracked sites (issue #19): how many a user may follow, and a test/demo period overriding schedules. */
  sites: { perUser: number; everySeconds: number | undefined; gscUrl: string }
  /** Access-log uploads (issue #32): largest upload, and the resolver for bot verification (null: none). */
  botLogs?: {
    maxUploadBytes: number
    /** A gzip upload's decompressed bytes: at most this many, and at most `maxRatio` × the compressed. */
    maxUnpackedBytes?: number
    maxRatio?: number
    /** Uploads one user may have in progress at once (per server process). */
    uploadsPerUser?: number
    dns: 'system' | string[] | null
    /** Log folders of tracked sites must be under this folder; null: the feature is off. */
    root?: string | null
    /** Test/demo period of the scheduled reads (default: hourly). */
    everySeconds?: number
    /** The refresh of the operators' IP lists (features/bot-logs/ranges.ts): a mirror serving <name>.json
     *  instead of the operators' URLs, and the seconds between refreshes (0: never; default daily). */
    ranges?: { baseUrl: string | null; everySeconds: number | null }
    /** The operator's S3 credentials for log prefixes; null: off. `buckets` null: any they can read. */
    s3?: BotLogsS3Config | null
  }
  /** Where report PDFs go: this bucket when configured, else <dataDir>/reports. */
  reportsS3: ReportsS3Config | null
  /** AI assistants to ask (OPENAI_API_KEY, …, FAROL_LLM_*); absent in hand-built test configs. */
  llm?: LlmConfig
  /** Keyword research providers (issue #16). */
  keywords: {
    /** Google's suggest endpoint or a stand-in (FAROL_AUTOCOMPLETE_URL); undefined: the public one. */
    autocompleteUrl: string | undefined
    dataforseo: { login: string; password: string; url: string | undefined } | null
  }
  /**
   * Chrome UX Report (issue #33); null without CRUX_API_KEY. Optional so hand-built test configs need not
   * name it.
   */
  crux?: { apiKey: string; url: string } | null
  /** IndexNow endpoint (issue #31). Optional so hand-built test configs need not name it. */
  indexNowUrl?: string
  /** First wait before a 429'd or unanswered IndexNow batch is sent again. Optional as indexNowUrl. */
  indexNowRetrySeconds?: number
  /** Site crawl (issue #18). */
  crawl: {
    /** Largest maxPages a crawl may ask for. */
    maxPages: number
    /** Pages a user's crawls may fetch per 24 h. */
    pageQuota: number
    /** Requests in flight per host; undefined: the adaptive default (2, 500 ms apart, up to 8). */
    concurrency: number | undefined
    /** Requests in flight the adaptive pace may reach on a site its owner verified. */
    ownerMax: number
    /** Per-page time a rendered crawl gives Chromium. Optional so hand-built test configs need not name it. */
    renderTimeoutSeconds?: number
  }
  /** Local-directory providers (issue #17); null when not configured. */
  directories: {
    nominatimUrl: string | null
    googlePlaces: { apiKey: string; url: string } | null
    foursquare: { apiKey: string; url: string } | null
  }
  /** Tracked sites' webhooks (issue #31): retries after a failed delivery, first delay (then doubling). */
  webhooks: { retries: number; retryDelaySeconds: number }
  rateLimit: {
    windowSeconds: number
    signIn: number
    signUp: number
    recovery: number
    verification: number
    changePassword: number
    /** Favicon fetches (cache misses of /api/favicon) per client address per window. */
    favicon: number
    /** Requests one personal API token may make per window (/api/v1 and /mcp). */
    apiToken: number
    /** Invitations sent in the last hour: from one workspace, and by one person across all of theirs. */
    invitationsPerWorkspaceHour: number
    invitationsPerInviterHour: number
  }
}

/** A social provider is usable only with both halves of its credentials. */
function oauthClient(clientId: string | undefined, clientSecret: string | undefined): OAuthClient | null {
  return clientId && clientSecret ? { clientId, clientSecret } : null
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
  const missing = missingS3Variables(e)
  if (missing.length) throw new ConfigError(missing)
  const publicUrl = (e.FAROL_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  let llm: LlmConfig
  try {
    llm = llmConfigFromEnv(env)
  } catch (error) {
    throw new ConfigError([(error as Error).message])
  }
  return Object.freeze({
    llm,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    internalUrl: e.FAROL_INTERNAL_URL?.replace(/\/+$/, ''),
    dataDir: path.resolve(e.FAROL_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    workers: e.FAROL_WORKERS,
    allowPrivateTargets: e.FAROL_ALLOW_PRIVATE_TARGETS,
    shutdownTimeoutMs: e.FAROL_SHUTDOWN_TIMEOUT_MS,
    chromePath: e.CHROME_PATH,
    nodeEnv: e.NODE_ENV,
    authSecret: e.FAROL_AUTH_SECRET,
    trustProxy: e.FAROL_TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.FAROL_MAIL_FROM,
    google: oauthClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    googleTokenUrl: e.FAROL_GOOGLE_TOKEN_URL,
    github: oauthClient(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
    contact: {
      emails: e.FAROL_CONTACT_EMAILS.split(',').map((x) => x.trim()),
      hoursWeekdays: e.FAROL_CONTACT_HOURS_WEEKDAYS,
      hoursWeekend: e.FAROL_CONTACT_HOURS_WEEKEND,
      perTenMinutes: e.FAROL_CONTACT_PER_10_MIN,
    },
    tasks: {
      anonymousPerDay: e.FAROL_QUOTA_ANONYMOUS_PER_DAY,
      userPerDay: e.FAROL_QUOTA_USER_PER_DAY,
      reuseSeconds: e.FAROL_TASK_REUSE_SECONDS,
      lighthouseTimeoutMs: e.FAROL_LIGHTHOUSE_TIMEOUT_MS,
    },
    botLogs: {
      maxUploadBytes: e.FAROL_LOG_UPLOAD_MAX_MB * 1024 * 1024,
      maxUnpackedBytes: e.FAROL_LOG_UPLOAD_MAX_UNPACKED_MB * 1024 * 1024,
      maxRatio: e.FAROL_LOG_UPLOAD_MAX_RATIO,
      uploadsPerUser: e.FAROL_LOG_UPLOADS_PER_USER,
      dns: logDns(e.FAROL_LOG_DNS),
      root: e.FAROL_BOT_LOGS_ROOT ? path.resolve(e.FAROL_BOT_LOGS_ROOT) : null,
      ...(e.FAROL_BOT_LOGS_EVERY_S ? { everySeconds: e.FAROL_BOT_LOGS_EVERY_S } : {}),
      ranges: {
        baseUrl: e.FAROL_BOT_RANGES_BASE_URL ?? null,
        everySeconds: e.FAROL_BOT_RANGES_EVERY_S ?? null,
      },
      s3:
        e.FAROL_BOT_LOGS_S3_ACCESS_KEY_ID && e.FAROL_BOT_LOGS_S3_SECRET_ACCESS_KEY
          ? {
              endpoint: (
                e.FAROL_BOT_LOGS_S3_ENDPOINT ??
                `https://s3.${e.FAROL_BOT_LOGS_S3_REGION ?? 'us-east-1'}.amazonaws.com`
              ).replace(/\/+$/, ''),
              region: e.FAROL_BOT_LOGS_S3_REGION ?? 'us-east-1',
              accessKeyId: e.FAROL_BOT_LOGS_S3_ACCESS_KEY_ID,
              secretAccessKey: e.FAROL_BOT_LOGS_S3_SECRET_ACCESS_KEY,
              buckets: e.FAROL_BOT_LOGS_S3_BUCKETS
                ? e.FAROL_BOT_LOGS_S3_BUCKETS.split(',')
                    .map((b) => b.trim())
                    .filter(Boolean)
                : null,
            }
          : null,
    },
    sites: {
      perUser: e.FAROL_SITES_PER_USER,
      everySeconds: e.FAROL_MONITOR_EVERY_S,
      gscUrl: e.FAROL_GSC_URL.replace(/\/+$/, ''),
    },
    reportsS3: e.FAROL_REPORTS_S3_ENDPOINT
      ? {
          endpoint: e.FAROL_REPORTS_S3_ENDPOINT.replace(/\/+$/, ''),
          bucket: e.FAROL_REPORTS_S3_BUCKET!,
          region: e.FAROL_REPORTS_S3_REGION ?? 'us-east-1',
          accessKeyId: e.FAROL_REPORTS_S3_ACCESS_KEY_ID!,
          secretAccessKey: e.FAROL_REPORTS_S3_SECRET_ACCESS_KEY!,
          prefix: (e.FAROL_REPORTS_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '').replace(/.$/, '$&/'),
        }
      : null,
    keywords: {
      autocompleteUrl: e.FAROL_AUTOCOMPLETE_URL,
      dataforseo:
        e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD
          ? { login: e.DATAFORSEO_LOGIN, password: e.DATAFORSEO_PASSWORD, url: e.DATAFORSEO_URL }
          : null,
    },
    directories: {
      nominatimUrl: e.FAROL_NOMINATIM_URL === 'off' ? null : e.FAROL_NOMINATIM_URL.replace(/\/+$/, ''),
      googlePlaces: e.GOOGLE_PLACES_API_KEY
        ? { apiKey: e.GOOGLE_PLACES_API_KEY, url: e.FAROL_GOOGLE_PLACES_URL.replace(/\/+$/, '') }
        : null,
      foursquare: e.FOURSQUARE_API_KEY
        ? { apiKey: e.FOURSQUARE_API_KEY, url: e.FAROL_FOURSQUARE_URL.replace(/\/+$/, '') }
        : null,
    },
    indexNowUrl: e.FAROL_INDEXNOW_URL,
    indexNowRetrySeconds: e.FAROL_INDEXNOW_RETRY_DELAY_S,
    crux: e.CRUX_API_KEY ? { apiKey: e.CRUX_API_KEY, url: e.FAROL_CRUX_URL.replace(/\/+$/, '') } : null,
    crawl: {
      maxPages: e.FAROL_CRAWL_MAX_PAGES,
      pageQuota: e.FAROL_CRAWL_PAGE_QUOTA,
      concurrency: e.FAROL_CRAWL_CONCURRENCY,
      ownerMax: e.FAROL_CRAWL_OWNER_MAX,
      renderTimeoutSeconds: e.FAROL_RENDER_TIMEOUT_S,
    },
    webhooks: { retries: e.FAROL_WEBHOOK_RETRIES, retryDelaySeconds: e.FAROL_WEBHOOK_RETRY_DELAY_S },
    rateLimit: {
      windowSeconds: e.FAROL_RATE_LIMIT_WINDOW_S,
      signIn: e.FAROL_RATE_LIMIT_SIGN_IN,
      signUp: e.FAROL_RATE_LIMIT_SIGN_UP,
      recovery: e.FAROL_RATE_LIMIT_RECOVERY,
      verification: e.FAROL_RATE_LIMIT_VERIFICATION,
      changePassword: e.FAROL_RATE_LIMIT_CHANGE_PASSWORD,
      favicon: e.FAROL_RATE_LIMIT_FAVICON,
      apiToken: e.FAROL_RATE_LIMIT_API_TOKEN,
      invitationsPerWorkspaceHour: e.FAROL_INVITATIONS_PER_HOUR,
      invitationsPerInviterHour: e.FAROL_INVITATIONS_PER_INVITER_HOUR,
    },
  })
}
