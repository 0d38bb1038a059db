// The contract of a task kind beyond the audit (spec §7: one seo-task-manager API for every capability),
// and the lookup the task service uses. Each capability lives in its feature's folder and exports a
// `capability`; composition/capabilities.ts is the one list of kinds. Modules are imported lazily so the web
// process never loads a worker's heavy code (LLM SDKs, the crawler) to parse a request, and a capability
// that fails to load fails its own tasks, not the server.
import type { PgBoss } from 'pg-boss'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import type { Lang } from '../errors.ts'
import type { Logger } from '../log.ts'

/** Where each kind's module is: `() => import('…/capability.ts')`, loaded lazily (see above). */
export type CapabilityModules = Record<string, () => Promise<{ capability: unknown }>>

let modules: CapabilityModules = {}

/**
 * The composition root hands over the one list of task kinds (composition/capabilities.ts) when the app or
 * the workers start: the task service sits below the features and cannot import them.
 */
export function registerCapabilities(list: CapabilityModules): void {
  modules = list
}

interface ParseContext {
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
  /** The task's workspace (null: an anonymous task): what it reads of earlier work is that workspace's. */
  workspaceId: string | null
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
  const load = modules[kind]
  if (!load) throw new Error(`unknown task kind ${kind}`)
  const module = await load()
  return module.capability as Capability<unknown, unknown>
}
