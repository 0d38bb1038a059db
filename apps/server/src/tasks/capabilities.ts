// Task kinds beyond the audit (spec §7: one seo-task-manager API for every capability). Each capability
// lives in its own folder and exports a `capability`; this table only says where to find it. Modules are
// imported lazily so the web process never loads a worker's heavy code (LLM SDKs, the crawler) to parse
// a request, and a capability that fails to load fails its own tasks, not the server.
//
// To add a task kind: write `apps/server/src/<feature>/capability.ts` exporting
// `export const capability: Capability<Input, Result> = { … }` and add one line below.
import type { PgBoss } from 'pg-boss'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import type { Lang } from '../errors.ts'
import type { Logger } from '../log.ts'

const modules = {
  // kind: () => import('../<feature>/capability.ts'),
  directory_search: () => import('../directories/capability.ts'),
  keyword_research: () => import('../keywords/capability.ts'),
  content_suggestions: () => import('../recommender/capability.ts'),
  content_generation: () => import('../writer/capability.ts'),
  knowledge_check: () => import('../knowledge/hub.ts'),
  llm_journey: () => import('../journey/capability.ts'),
  llm_presence: () => import('../llm/capability.ts'),
  site_crawl: () => import('../site-audit/capability.ts'),
} satisfies Record<string, () => Promise<{ capability: unknown }>>

export type CapabilityKind = keyof typeof modules

export interface ParseContext {
  allowPrivate: boolean
  config: Config
  /** null for an anonymous visitor (a capability may offer them a smaller run). */
  userId: string | null
}

export interface CapabilityContext {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
  taskId: string
  userId: string | null
  lang: Lang
  /** The task's url ('' when the capability has none, e.g. keyword research from a keyword). */
  url: string
  /** Aborted when the job expires or the worker stops: stop work and return or throw. */
  signal: AbortSignal
  /**
   * Records progress; `partialResults`, when given, replaces the task's results so the page can show them
   * while the task runs (the status endpoint returns them). Writes are ordered and awaited.
   */
  progress(stage: string, percent: number, partialResults?: unknown): Promise<void>
}

export interface Capability<Input, Result> {
  kind: string
  /** Spec §6: anonymous requests answer 401 UNAUTHENTICATED before anything is parsed. */
  loginRequired: boolean
  /**
   * Validates `requested_data` at the boundary; throws AppError (or EngineError for a bad address) with a
   * translated code. `url` goes to the task row (run user-typed addresses through normalizeTaskUrl so the
   * SSRF rules apply); `input` is stored as JSON and handed to `run` unchanged.
   */
  parse(
    data: unknown,
    ctx: ParseContext,
  ): Promise<{ url: string; input: Input }> | { url: string; input: Input }
  /** Runs in a worker; returns the task's results (JSON). Throw AppError/EngineError to fail with its code. */
  run(ctx: CapabilityContext, input: Input): Promise<Result>
  /** Seconds before the job expires (default 300). */
  expireInSeconds?: number
  /** Attempts after the first, for errors marked transient or `{ retry: true }` (default 1). */
  retryLimit?: number
  /** Whether an identical request within FAROL_TASK_REUSE_SECONDS reuses the task (default true). */
  reuse?: boolean
}

export const capabilityKinds = Object.keys(modules) as CapabilityKind[]

const forTests = new Map<string, Capability<unknown, unknown>>()

/** Tests register a capability of their own to exercise the task plumbing without a real feature. */
export function registerTestCapability<Input, Result>(capability: Capability<Input, Result>): void {
  forTests.set(capability.kind, capability as Capability<unknown, unknown>)
}

export function isCapabilityKind(kind: string): boolean {
  return Object.hasOwn(modules, kind) || forTests.has(kind)
}

export async function loadCapability(kind: string): Promise<Capability<unknown, unknown>> {
  const registered = forTests.get(kind)
  if (registered) return registered
  const load = (modules as Record<string, () => Promise<{ capability: unknown }>>)[kind]
  if (!load) throw new Error(`unknown task kind ${kind}`)
  const module = await load()
  return module.capability as Capability<unknown, unknown>
}
