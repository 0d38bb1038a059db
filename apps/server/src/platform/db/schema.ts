// Farol's tables. Every change here gets a committed SQL migration (`npm run db:generate`).
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * One row per data directory or database, written by the first start. Health reports it so an operator
 * can tell which database a process is attached to (several workers on one PostgreSQL share one id).
 */
export const instance = pgTable('instance', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  /** Signs session cookies unless FAROL_AUTH_SECRET is set; kept here so every process shares it. */
  authSecret: text('auth_secret'),
})

// --- Accounts (Better Auth). Property names are the library's field names; columns are snake_case. ---

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // Admin plugin: 'user' (default) or 'admin', changed only by `npm run admin`.
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  // Settings, stored with the user so every device applies them.
  lang: text('lang').notNull().default('pt'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  darkMode: boolean('dark_mode').notNull().default(false),
})

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    // Organization plugin: the workspace chosen in the suite header (workspaces/access.ts checks it).
    activeOrganizationId: text('active_organization_id'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
)

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// --- Workspaces (Better Auth organization plugin; decision 027). The product says "workspace". ---

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** JSON text: {"personal":true} marks an account's own workspace. */
  metadata: text('metadata'),
})

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' | 'admin' | 'member' | 'client' (workspaces/roles.ts) */
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('members_organization_id_idx').on(t.organizationId),
    uniqueIndex('members_user_organization_idx').on(t.userId, t.organizationId),
  ],
)

export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('invitations_organization_id_idx').on(t.organizationId),
    index('invitations_email_idx').on(t.email),
  ],
)

/** A workspace's white label: on its PDF reports and its client view (workspaces/brand.ts). */
export const workspaceBrands = pgTable('workspace_brands', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** '#rrggbb' */
  color: text('color').notNull(),
  /** A data: URL of a PNG, JPEG or WebP image. */
  logo: text('logo'),
  contact: text('contact'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// --- Email: every message is recorded before it is sent, so a slow or failing server loses nothing. ---

export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  kind: text('kind').notNull(),
  /** 'queued' → 'sent' (via SMTP), 'written' (embedded default: an .eml file) or 'failed' after retries. */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  filePath: text('file_path'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Files read when the message is sent (a stored report's PDF), named here, not copied into the row. */
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
})

export interface OutboxAttachment {
  filename: string
  contentType: string
  /** The report store's file name (reports/storage.ts). */
  report: string
}

// --- Analysis tasks: a request creates a row and a job; a worker runs the engine and stores results. ---

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'seo_analysis' | 'ai_optimization' (the specification's task names). */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    /** 'desktop' | 'mobile' for seo_analysis; null otherwise. */
    platform: text('platform'),
    lang: text('lang').notNull().default('pt'),
    /** 'pending' → 'running' → 'success' | 'failed'. */
    status: text('status').notNull().default('pending'),
    progress: jsonb('progress').$type<TaskProgress>().notNull().default({ stage: 'queued', percent: 0 }),
    /** A capability's validated requested_data (capabilities.ts); null for the audit's kinds. */
    input: jsonb('input'),
    /** The engine's AuditResult (or a capability's result), as the API returns it. */
    results: jsonb('results'),
    errorCode: text('error_code'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The workspace it was made in (tenancy/access.ts reads it); null for an anonymous analysis. */
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who asked, for the anonymous daily quota; kept only as long as the task. */
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_user_created_idx').on(t.userId, t.createdAt),
    index('tasks_ip_created_idx').on(t.clientIp, t.createdAt),
    index('tasks_lookup_idx').on(t.kind, t.url, t.platform, t.createdAt),
    index('tasks_workspace_kind_created_idx').on(t.workspaceId, t.kind, t.createdAt),
  ],
)

/** The raw Lighthouse result of a task, kept apart because it is large and only reports need it. */
export const taskLighthouse = pgTable('task_lighthouse', {
  taskId: uuid('task_id')
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  device: text('device').notNull(),
  lhr: jsonb('lhr').notNull(),
})

export interface TaskProgress {
  /** The audit's stages, or a capability's own stage names. */
  stage: 'queued' | 'fetching' | 'analysing' | 'lighthouse' | 'saving' | 'done' | (string & {})
  percent: number
}

/** Favicons fetched through the SSRF-safe fetcher, cached per site origin (also "none found"). */
export const favicons = pgTable('favicons', {
  origin: text('origin').primaryKey(),
  contentType: text('content_type'),
  /** Base64 of the image; null when the site has no usable icon. */
  data: text('data'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
})

// --- Reports: a full audit (desktop, mobile, AIO tasks) rendered to a PDF. ---

/** A scheduled report's period and what changed in it (reports/period.ts makes it from the site's runs). */
export interface PeriodChanges {
  /** '2026-W47' or '2026-11'. */
  key: string
  /** ISO instants: the period is [start, end). */
  start: string
  end: string
  /** Each finished monitoring run of the period, oldest first: the score and AI-presence trends. */
  points: { at: string; total: number | null; llm: number | null }[]
  /** Failing at the period's last run and not at its first, and the reverse. */
  newIssues: { id: string; title: BilingualText; impact: string }[]
  fixedIssues: { id: string; title: BilingualText; impact: string }[]
}

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    /** 'pending' → 'success' | 'failed'. */
    status: text('status').notNull().default('pending'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it was made in: its brand goes on the PDF (null: Farol's own look). */
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('pt'),
    desktopTaskId: uuid('desktop_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    mobileTaskId: uuid('mobile_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    aiOptimizationTaskId: uuid('ai_optimization_task_id').references(() => tasks.id, {
      onDelete: 'set null',
    }),
    /** Random name of the stored PDF (never derived from the id or the URL). */
    fileName: text('file_name'),
    fileBytes: integer('file_bytes'),
    errorCode: text('error_code'),
    /** A scheduled report's period and its changes (reports/period.ts); null for a report asked by hand. */
    period: jsonb('period').$type<PeriodChanges>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('reports_user_created_idx').on(t.userId, t.createdAt)],
)

/** A read-only link to one report's PDF for people without an account: expiring, revocable (reports/links.ts). */
export const reportLinks = pgTable('report_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  reportId: uuid('report_id')
    .notNull()
    .references(() => reports.id, { onDelete: 'cascade' }),
  /** SHA-256 of the link's secret: the secret itself is only in the link. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// --- Public content: blog posts (seeded from content/blog/*.md) and contact messages. ---

export interface BilingualText {
  pt: string
  en: string
}

export const blogPosts = pgTable('blog_posts', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<BilingualText>().notNull(),
  excerpt: jsonb('excerpt').$type<BilingualText>().notNull(),
  /** Markdown, per language. */
  body: jsonb('body').$type<BilingualText>().notNull(),
  imageSrc: text('image_src'),
  category: text('category'),
  date: date('date'),
  author: text('author'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    lang: text('lang').notNull().default('pt'),
    clientIp: text('client_ip').notNull(),
    /** The honeypot was filled: kept for the record, never emailed. */
    spam: boolean('spam').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_ip_created_idx').on(t.clientIp, t.createdAt)],
)

/**
 * A signed-in user's onboarding (issue 12): the pages they have visited that complete a checklist step,
 * whether they dismissed the checklist, and the tour's flags. One row per user, so every browser shows
 * the same progress. Steps that follow from other data (a name, an analysis) are derived, not stored.
 */
export const onboardingStates = pgTable('onboarding_states', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Step pages visited: 'recommendations', 'aio'. */
  visited: jsonb('visited').$type<string[]>().notNull().default([]),
  dismissed: boolean('dismissed').notNull().default(false),
  tourCompleted: boolean('tour_completed').notNull().default(false),
  visitedDashboard: boolean('visited_dashboard').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// --- Knowledge: a user's confirmed facts about a site, each confirmation a new version (issue #15). ---

/**
 * One confirmed set of facts of a site (its origin) in one workspace; the newest version is the truth
 * (migration 0038: a row without a workspace is its user's, in their personal workspace).
 */
export const siteFacts = pgTable(
  'site_facts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who confirmed this version. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    version: integer('version').notNull(),
    /** The engine's SiteFact[] as confirmed, edited or added by the user. */
    facts: jsonb('facts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_facts_workspace_site_version_idx').on(t.workspaceId, t.site, t.version),
    index('site_facts_user_site_idx').on(t.userId, t.site),
  ],
)

/** The writer's saved ideas of a signed-in user in one workspace (titles to write about). */
export const writerIdeas = pgTable(
  'writer_ideas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('writer_ideas_user_created_idx').on(t.userId, t.createdAt)],
)

/** A wrong claim an AI answer made that a workspace set out to correct (knowledge hub's 'Corrigir'). */
export const knowledgeCorrections = pgTable(
  'knowledge_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The claim as the answer stated it, and its wrong value (followed up in the next runs). */
    claim: text('claim').notNull(),
    attribute: text('attribute').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_corrections_user_url_idx').on(t.userId, t.url)],
)

// --- Keyword research (issue #16): provider answers shared by every worker for 24 h. ---

/** Autocomplete answers by request URL, so a seed asked twice in a day costs the endpoint nothing. */
export const keywordCache = pgTable('keyword_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

// --- AI visibility (issue #14): the shared daily call budget and a user's per-site edits. ---

/** Calls made to AI providers per UTC day, for the whole install (FAROL_LLM_DAILY_CALLS). */
export const llmDailyCalls = pgTable('llm_daily_calls', {
  day: date('day', { mode: 'string' }).primaryKey(),
  calls: integer('calls').notNull().default(0),
})

/**
 * A workspace's brand, aliases, competitors and prompts for one site (by domain), changed by its owners and
 * admins (migration 0037). A row from before it whose account had no personal workspace yet has no
 * workspace and counts as that personal one (ai-presence/settings.ts).
 */
export const llmSettings = pgTable(
  'llm_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who changed them last. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    domain: text('domain').notNull(),
    brand: text('brand'),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    competitors: jsonb('competitors').$type<{ name: string; url: string | null }[]>().notNull().default([]),
    /** null: prompts generated from the site. */
    prompts: jsonb('prompts').$type<
      { text: string; kind: 'discovery' | 'comparison' | 'branded'; lang: 'pt' | 'en' }[] | null
    >(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('llm_settings_workspace_domain_idx').on(t.workspaceId, t.domain),
    index('llm_settings_user_domain_idx').on(t.userId, t.domain),
  ],
)

// --- Local directories (issue #17): Nominatim's install-wide request clock and answer cache. ---

/** The next free request time per rate-limited provider; each search reserves a slot atomically. */
export const directoryRateSlots = pgTable('directory_rate_slots', {
  provider: text('provider').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Provider answers by request URL (Nominatim's policy asks for results to be cached). */
export const directoryCache = pgTable('directory_cache', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
})

// --- Site crawl (issue #18): the frontier in the database (apps/server/src/features/site-audit/frontier.ts). ---

/**
 * One crawl per site_crawl task (same id), for the per-user page quota and to resume after a kill. Its
 * workspace is its task's (tenancy/access.ts joins them): the crawl tables keep the engine store's shape.
 */
export const siteCrawls = pgTable('site_crawls', {
  id: uuid('id').primaryKey(),
  userId: text('user_id'),
  startUrl: text('start_url').notNull(),
  maxPages: integer('max_pages').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the crawl's issues are materialised (the crawl a later one compares with). */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** URLs done, kept by the frontier's flush (leases read it rather than count the crawl's rows). */
  donePages: integer('done_pages').notNull().default(0),
  /** URLs in the crawl's queue in any state, kept by the frontier's inserts (pending = queued − done −
   *  live leases, without counting the crawl's rows). */
  queuedUrls: integer('queued_urls').notNull().default(0),
})

/** Every URL a crawl met: 'pending' → 'leased' (until lease_until) → 'done' with its row in `page`. */
export const siteCrawlUrls = pgTable('site_crawl_urls', {
  crawlId: uuid('crawl_id').notNull(),
  url: text('url').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  depth: integer('depth'),
  source: text('source').notNull(),
  state: text('state').notNull().default('pending'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  page: jsonb('page'),
})

export const siteCrawlSitemap = pgTable('site_crawl_sitemap', {
  crawlId: uuid('crawl_id').notNull(),
  url: text('url').notNull(),
})

// --- The crawl's page store (issue #28, apps/server/src/features/site-audit/store.ts): pages, links, edges and
// materialised issues per crawl; every site-wide check is a query over these. ---

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' })

/** One fetched (or blocked, or failed) URL of a crawl with its facts; redirect hops are rows too. */
export const siteCrawlPages = pgTable('site_crawl_pages', {
  crawlId: uuid('crawl_id').notNull(),
  url: text('url').notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  depth: integer('depth'),
  source: text('source').notNull(),
  status: integer('status'),
  blocked: boolean('blocked').notNull().default(false),
  error: text('error'),
  redirectTo: text('redirect_to'),
  contentType: text('content_type'),
  title: text('title'),
  description: text('description'),
  h1: text('h1'),
  canonical: text('canonical'),
  noindex: boolean('noindex').notNull().default(false),
  nofollow: boolean('nofollow').notNull().default(false),
  contentHash: text('content_hash'),
  invalidCanonical: text('invalid_canonical'),
  wordCount: integer('word_count').notNull().default(0),
  bytes: integer('bytes').notNull().default(0),
  firstByteMs: integer('first_byte_ms'),
  totalMs: integer('total_ms'),
  indexable: boolean('indexable').notNull().default(false),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  outlinks: integer('outlinks').notNull().default(0),
  /** MinHash signature for near-duplicates (128 little-endian uint32); null for non-HTML or empty text. */
  signature: bytea('signature'),
  /** The main text's shingle sketch for near-duplicate candidates (engine minhash.ts, migration 0026). */
  sketch: bytea('sketch'),
  // On-page facts and the page's problems (issue #29, migration 0023); null in older crawls.
  h1Count: integer('h1_count'),
  lang: text('lang'),
  imagesWithoutAlt: integer('images_without_alt'),
  insecureResources: integer('insecure_resources'),
  viewport: text('viewport'),
  problems: jsonb('problems'),
  /** Rendered crawls (issue 30): the engine's PageRender (raw facts, failure, script errors, blocked
   *  resources); null on raw crawls. */
  render: jsonb('render'),
})

/** Each page's inlink count and link score (PageRank, 0-100), written at the crawl's end (migration 0030). */
export const siteCrawlScores = pgTable('site_crawl_scores', {
  crawlId: uuid('crawl_id').notNull(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  inlinks: integer('inlinks'),
  linkScore: integer('link_score'),
})

/** One row per (source, target): the first anchor; nofollow when any such link is, followed when any is not. */
export const siteCrawlLinks = pgTable('site_crawl_links', {
  crawlId: uuid('crawl_id').notNull(),
  source: text('source').notNull(),
  target: text('target').notNull(),
  anchor: text('anchor').notNull(),
  nofollow: boolean('nofollow').notNull(),
  followed: boolean('followed').notNull(),
  internal: boolean('internal').notNull(),
})

/** Canonical (kind 'canonical') and hreflang (kind 'hreflang', with its lang) edges. */
export const siteCrawlEdges = pgTable('site_crawl_edges', {
  crawlId: uuid('crawl_id').notNull(),
  source: text('source').notNull(),
  kind: text('kind').notNull(),
  target: text('target').notNull(),
  lang: text('lang').notNull().default(''),
})

/** A crawl's issues, one row per (type, URL), materialised by the checks' queries at the crawl's end. */
export const siteCrawlIssues = pgTable('site_crawl_issues', {
  crawlId: uuid('crawl_id').notNull(),
  type: text('type').notNull(),
  severity: text('severity').notNull(),
  url: text('url').notNull(),
  detail: jsonb('detail'),
})

// --- Tracked sites and monitoring (issue #19): scheduled re-audits and the alerts between runs. ---

/** A site a signed-in user follows; re-audited on its schedule (pg-boss, key = site id). */
export const trackedSites = pgTable(
  'tracked_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who followed the site (its monitoring runs audit on their behalf). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace the site belongs to: who may see it is decided there (workspaces/access.ts). */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 'daily' | 'weekly' | 'monthly' */
    frequency: text('frequency').notNull().default('weekly'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracked_sites_workspace_url_idx').on(t.workspaceId, t.url)],
)

/** A site of a workspace shared with one of its clients (a client sees only these). */
export const siteShares = pgTable(
  'site_shares',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] })],
)

/** A weekly or monthly summary of a site mailed to chosen recipients (reports/scheduled.ts). */
export const reportSchedules = pgTable('report_schedules', {
  id: uuid('id').primaryKey().defaultRandom(),
  siteId: uuid('site_id')
    .notNull()
    .unique()
    .references(() => trackedSites.id, { onDelete: 'cascade' }),
  /** 'weekly' | 'monthly' */
  frequency: text('frequency').notNull(),
  /** Email addresses (at most 10). */
  recipients: jsonb('recipients').$type<string[]>().notNull(),
  language: text('language').notNull().default('pt'),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Who added each recipient (address → user id): their departure takes away those not members. */
  addedBy: jsonb('added_by').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One row per schedule and period sent: the primary key is what makes a period's mail go out once. */
export const reportScheduleSends = pgTable(
  'report_schedule_sends',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    /** '2026-W47' or '2026-11': the period the mail summarises. */
    period: text('period').notNull(),
    /** When the period was claimed (the name predates the period's own report). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The period's own report (made once, after the claim). */
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** When the mail was queued: set once, by whichever worker gets there first. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.period] })],
)

/** One monitoring run of a tracked site: the tasks it started, the scores, what failed, the alerts. */
export const siteRuns = pgTable(
  'site_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    /** 'running' | 'success' | 'failed' */
    status: text('status').notNull().default('running'),
    taskIds: jsonb('task_ids').$type<Record<string, string>>().notNull().default({}),
    scores: jsonb('scores'),
    snapshot: jsonb('snapshot'),
    alerts: jsonb('alerts').notNull().default([]),
    errorCode: text('error_code'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('site_runs_site_started_idx').on(t.siteId, t.startedAt)],
)

/** A keyword whose position a tracked site follows. */
export const siteKeywords = pgTable(
  'site_keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_keywords_site_keyword_idx').on(t.siteId, t.keyword)],
)

/** A keyword's position at one monitoring run, from Search Console or the DataForSEO SERP API. */
export const keywordPositions = pgTable(
  'keyword_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => siteKeywords.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => siteRuns.id, { onDelete: 'set null' }),
    /** 'search-console' | 'dataforseo' */
    source: text('source').notNull(),
    /** null: not ranked (SERP) or no impressions (Search Console). */
    position: real('position'),
    clicks: integer('clicks'),
    impressions: integer('impressions'),
    ctr: real('ctr'),
    url: text('url'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('keyword_positions_keyword_at_idx').on(t.keywordId, t.at)],
)

// --- AI crawler analytics from access logs (bot-logs/): only aggregates; no log line, no IP address. ---

/** One analysed upload of access logs for a site: the per-bot summary and the files' read statistics. */
export const botLogAnalyses = pgTable(
  'bot_log_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace it was made in (tenancy/access.ts). */
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    siteUrl: text('site_url').notNull(),
    /** The site's host (with a non-default port): how the latest crawl and answers are matched. */
    host: text('host').notNull(),
    files: jsonb('files').notNull().default([]),
    /** Aggregates without the pages (those grow with the site: bot_log_pages). */
    summary: jsonb('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_log_analyses_user_host_idx').on(t.userId, t.host, t.createdAt)],
)

/** Per page of an analysis: bot hits and, per bot, hits, first and last fetch and the last status. */
export const botLogPages = pgTable(
  'bot_log_pages',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => botLogAnalyses.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    hits: integer('hits').notNull(),
    bots: jsonb('bots').notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.analysisId, t.path] }),
    index('bot_log_pages_hits_idx').on(t.analysisId, t.hits),
  ],
)
/**
 * A tracked site's log source (issue 32): a folder under FAROL_BOT_LOGS_ROOT and/or an S3 prefix the
 * worker reads on its schedule, how the last read went, and the analysis its reads add up to.
 */
export const botLogSources = pgTable('bot_log_sources', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => trackedSites.id, { onDelete: 'cascade' }),
  /** As the user gave it, relative to the root (resolved again, symlinks included, at every read). */
  folder: text('folder'),
  /** s3://bucket/prefix */
  s3Url: text('s3_url'),
  analysisId: uuid('analysis_id').references(() => botLogAnalyses.id, { onDelete: 'set null' }),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  /** null: never read; else the error code of the last read, or '' when it went well. */
  lastError: text('last_error'),
  lastNewLines: bigint('last_new_lines', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** What each read of a source got to, per file (engine logs/incremental.ts): no line is read twice. */
export const botLogSeenFiles = pgTable(
  'bot_log_seen_files',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    /** 'folder' | 's3' */
    source: text('source').notNull(),
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    version: text('version').notNull(),
    headLen: integer('head_len').notNull(),
    headHash: text('head_hash').notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.source, t.key] })],
)

/** The operators' published IP lists as the scheduled refresh last fetched them (migration 0036, issue 42). */
export const botIpLists = pgTable('bot_ip_lists', {
  name: text('name').primaryKey(),
  url: text('url').notNull(),
  /** The operator's JSON, as fetched; null until a fetch succeeds. */
  body: jsonb('body'),
  prefixes: integer('prefixes'),
  retrievedAt: timestamp('retrieved_at', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  /** '' when the last attempt went well, else why it failed. */
  error: text('error').notNull().default(''),
})

// --- Field data (issue #33): the Chrome UX Report's answers, cached per URL, form factor and day (CrUX
// updates daily), and the install's shared query budget (150 a minute per Google Cloud project). ---

/** One CrUX lookup: the record Farol built (URL or origin), or null when CrUX had no data for either. */
export const cruxCache = pgTable(
  'crux_cache',
  {
    url: text('url').notNull(),
    formFactor: text('form_factor').notNull(),
    day: date('day').notNull(),
    record: jsonb('record'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.url, t.formFactor, t.day] })],
)

/** Queries sent to CrUX per minute (minute = epoch ms / 60 000), shared by every worker of the install. */
export const cruxQuota = pgTable('crux_quota', {
  minute: bigint('minute', { mode: 'number' }).primaryKey(),
  used: integer('used').notNull().default(0),
})

/**
 * A personal API token (issue #31): only its SHA-256 is kept (the token is shown once), with the scopes
 * it grants on /api/v1 and /mcp. A revoked or expired token is refused; the row stays for the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace the token acts in (the one active when it was made); null: the personal one. */
    workspaceId: text('workspace_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, shown in the list so the user can tell tokens apart. */
    prefix: text('prefix').notNull(),
    /** ('read' | 'audit' | 'sites')[] */
    scopes: jsonb('scopes').notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
  ],
)

/** A tracked site's webhook: where its events are posted, signed with the webhook's own secret. */
export const siteWebhooks = pgTable(
  'site_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** ('alert' | 'audit.finished' | 'crawl.finished' | 'citation.changed')[] */
    events: jsonb('events').notNull().default([]),
    /** 'json' | 'slack' */
    format: text('format').notNull().default('json'),
    secret: text('secret').notNull(),
    /** Who added it (null before migration 0034): it goes when they leave the workspace. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_webhooks_site_idx').on(t.siteId)],
)

/** One event sent (or being sent) to a webhook: the delivery log shown on the site's page. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => siteWebhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'delivered' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
)

// --- IndexNow (issue #31, apps/server/src/features/sites/indexnow/): a tracked site's key, checked against its key
// file, and each submission after a crawl with the endpoint's answer. ---

export const siteIndexNowKeys = pgTable('site_indexnow_keys', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => trackedSites.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The pages a tracked site's sitemaps listed at its last monitoring run (with their lastmod), kept only
 * for sites with an IndexNow key: the next run submits the pages that are new or whose lastmod changed.
 */
export const siteSitemapUrls = pgTable(
  'site_sitemap_urls',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    lastmod: text('lastmod'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.url] })],
)

export const indexNowSubmissions = pgTable(
  'indexnow_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => trackedSites.id, { onDelete: 'cascade' }),
    crawlId: uuid('crawl_id'),
    count: integer('count').notNull(),
    /** HTTP status of the endpoint's answer; null when it did not answer. */
    status: integer('status'),
    /** IndexNowCode (packages/engine/src/indexnow/client.ts). */
    code: text('code').notNull(),
    /** 1 for a batch's first POST; a retry of a 429'd or unanswered batch is a new row with the next number. */
    attempt: integer('attempt').notNull().default(1),
    /** When this batch is sent again (a retry is queued); null when it is not. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('indexnow_submissions_site_idx').on(t.siteId, t.createdAt)],
)

/**
 * Google's AI answers read through DataForSEO (issue 43, migration 0035): one row per workspace, surface,
 * keyword, place, language, device and UTC day. The unique key is the day's cache; the days, the history.
 */
export const aiOverviewAnswers = pgTable(
  'ai_overview_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    surface: text('surface').notNull(),
    keyword: text('keyword').notNull(),
    locationCode: integer('location_code').notNull(),
    languageCode: text('language_code').notNull(),
    device: text('device').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    answer: jsonb('answer').notNull(),
    cost: doublePrecision('cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_overview_answers_key_idx').on(
      t.workspaceId,
      t.surface,
      t.keyword,
      t.locationCode,
      t.languageCode,
      t.device,
      t.day,
    ),
  ],
)

/** A confirmed run over a site's keywords: what was asked, the estimate shown, what it spent. */
export const aiOverviewRuns = pgTable(
  'ai_overview_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    taskId: uuid('task_id'),
    site: text('site').notNull(),
    request: jsonb('request').notNull(),
    estimate: jsonb('estimate').notNull(),
    /** confirmed → running → success | failed */
    status: text('status').notNull().default('confirmed'),
    spent: doublePrecision('spent').notNull().default(0),
    calls: integer('calls').notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The tracked site a scheduled check was made for (migration 0039); null for a run from the page. */
    siteId: uuid('site_id').references(() => trackedSites.id, { onDelete: 'set null' }),
    /** A scheduled check's citations lost and gained since the site's previous check. */
    changes: jsonb('changes'),
  },
  (t) => [
    index('ai_overview_runs_workspace_idx').on(t.workspaceId, t.createdAt),
    index('ai_overview_runs_site_idx').on(t.siteId, t.createdAt),
  ],
)

/** A tracked site whose keywords are checked in Google's AI answers at each of its scheduled runs. */
export const aiOverviewTracking = pgTable('ai_overview_tracking', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => trackedSites.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Who confirmed the cost of a check. */
  userId: text('user_id').notNull(),
  competitors: jsonb('competitors').notNull().default([]),
  locations: jsonb('locations').notNull(),
  devices: jsonb('devices').notNull(),
  surfaces: jsonb('surfaces').notNull(),
  /** The cost of one check the user confirmed, USD: a check that would cost more is not made. */
  maxCost: doublePrecision('max_cost').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
