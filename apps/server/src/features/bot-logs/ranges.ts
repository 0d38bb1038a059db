// The operators' published IP lists kept fresh (issue 42). The copies shipped with the code age past the
// 30 days in which an address outside a list is called spoofed, so the server fetches each list again on
// a schedule (daily, FAROL_BOT_RANGES_EVERY_S; from FAROL_BOT_RANGES_BASE_URL when set) and keeps the last
// good copy in bot_ip_lists. A list that cannot be fetched (no network) keeps its previous copy: the
// shipped one or the last refreshed, whichever is newer, and the page says how old it is.
import { BOTS, RANGE_SOURCES } from '@farol/engine/logs/bots-table.ts'
import { fetchRangeLists } from '@farol/engine/logs/ranges-fetch.ts'
import {
  loadRanges,
  overlayRanges,
  parseRangeFile,
  type RangeSet,
  rangesFresh,
} from '@farol/engine/logs/verify.ts'
import { max, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { botIpLists } from '../../platform/db/schema.ts'
import { createQueue } from '../../platform/jobs/queue.ts'
import type { Logger } from '../../platform/log.ts'

const rangesQueue = 'bot-logs.ranges'
const DAY_S = 86_400

/** Seconds between refreshes: FAROL_BOT_RANGES_EVERY_S, daily by default; 0 turns the refresh off. */
const everyOf = (config: Config) => config.botLogs?.ranges?.everySeconds ?? DAY_S

export async function ensureRangesQueue(boss: PgBoss): Promise<void> {
  await createQueue(boss, rangesQueue, { retryLimit: 0, expireInSeconds: 600 })
}

let shipped: Map<string, RangeSet> | null = null
const shippedRanges = () => {
  shipped ??= loadRanges()
  return shipped
}

interface RefreshResult {
  at: string
  lists: { name: string; ok: boolean; prefixes: number | null; error: string | null }[]
}

/** Fetches every list once and stores what came back; a failed list keeps its last good copy. */
async function refreshRanges(
  db: Db,
  config: Config,
  options: { fetch?: typeof fetch; now?: Date } = {},
): Promise<RefreshResult> {
  const now = options.now ?? new Date()
  const lists = await fetchRangeLists({
    base: config.botLogs?.ranges?.baseUrl ?? null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  for (const list of lists) {
    const good = list.ok
      ? { body: list.json, prefixes: list.prefixes, retrievedAt: now, error: '' }
      : { error: list.error }
    await db
      .insert(botIpLists)
      .values({ name: list.name, url: list.url, checkedAt: now, ...good })
      .onConflictDoUpdate({ target: botIpLists.name, set: { url: list.url, checkedAt: now, ...good } })
  }
  return {
    at: now.toISOString(),
    lists: lists.map((l) => ({
      name: l.name,
      ok: l.ok,
      prefixes: l.ok ? l.prefixes : null,
      error: l.ok ? null : l.error,
    })),
  }
}

/** The lists the verifier uses: the shipped copies with the refreshed ones laid over them when newer. */
export async function currentRanges(db: Db): Promise<Map<string, RangeSet>> {
  const rows = await db
    .select({ name: botIpLists.name, body: botIpLists.body, retrievedAt: botIpLists.retrievedAt })
    .from(botIpLists)
    .where(sql`${botIpLists.body} IS NOT NULL`)
  const refreshed: RangeSet[] = []
  for (const r of rows) {
    try {
      refreshed.push(parseRangeFile(r.name, r.body, r.retrievedAt?.toISOString() ?? null))
    } catch {
      // a stored body the reader no longer accepts: the shipped copy stands
    }
  }
  return overlayRanges(shippedRanges(), refreshed)
}

/** One list as /suite/bots and the API show it. */
interface RangeListStatus {
  name: string
  /** Who publishes it (OpenAI, Google…). */
  operator: string
  /** The date of the copy in use; null when none is dated (or there is no copy). */
  retrieved: string | null
  fresh: boolean
  /**
   * 'refreshed': fetched by this server; 'shipped': the copy that came with the code; 'none': no copy at
   * all (never fetched, none shipped: DuckAssistBot's), so its bot's requests cannot be checked by list.
   */
  source: 'refreshed' | 'shipped' | 'none'
  /** The last refresh attempt of this list and its error ('' when it went well); null: never tried. */
  checkedAt: string | null
  error: string | null
}

export interface RangesView {
  /** Whether this server refreshes the lists on a schedule, and how often (seconds). */
  refresh: { on: boolean; everySeconds: number; lastCheck: string | null; failed: number }
  lists: RangeListStatus[]
}

const operatorOf = new Map<string, string>()
for (const bot of BOTS)
  for (const name of bot.ranges ?? []) if (!operatorOf.has(name)) operatorOf.set(name, bot.operator)

export async function rangesView(db: Db, config: Config, now = Date.now()): Promise<RangesView> {
  const [ranges, rows] = await Promise.all([
    currentRanges(db),
    db
      .select({
        name: botIpLists.name,
        checkedAt: botIpLists.checkedAt,
        error: botIpLists.error,
        retrievedAt: botIpLists.retrievedAt,
      })
      .from(botIpLists),
  ])
  const checks = new Map(rows.map((r) => [r.name, r]))
  // Every list the refresh fetches, with a copy or not, and any other copy in use: the lists shown and the
  // failures counted are the same lists ("11 not fetched" beside 11 listed, issue 42).
  const names = new Set([...Object.keys(RANGE_SOURCES), ...ranges.keys()])
  const lists = [...names]
    .map((name): RangeListStatus => {
      const set = ranges.get(name)
      const check = checks.get(name)
      const refreshed =
        set !== undefined && check?.retrievedAt != null && check.retrievedAt.toISOString() === set.retrieved
      return {
        name,
        operator: operatorOf.get(name) ?? name,
        retrieved: set?.retrieved ?? null,
        fresh: set ? rangesFresh(set, now) : false,
        source: !set ? 'none' : refreshed ? 'refreshed' : 'shipped',
        checkedAt: check?.checkedAt.toISOString() ?? null,
        error: check ? check.error || null : null,
      }
    })
    .sort((a, b) => a.operator.localeCompare(b.operator) || a.name.localeCompare(b.name))
  const every = everyOf(config)
  const lastCheck = rows.reduce<Date | null>((m, r) => (!m || r.checkedAt > m ? r.checkedAt : m), null)
  return {
    refresh: {
      on: every > 0,
      everySeconds: every,
      lastCheck: lastCheck?.toISOString() ?? null,
      failed: lists.filter((l) => l.error !== null).length,
    },
    lists,
  }
}

/**
 * The scheduled refresh on every worker process (pg-boss runs each scheduled job once among them), and one
 * right away when the lists were never refreshed or not within a period (a server just installed).
 */
export async function startRangesRefresh(deps: {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
}): Promise<void> {
  const { db, boss, config, log } = deps
  await ensureRangesQueue(boss)
  const every = everyOf(config)
  if (every === 0) {
    await boss.unschedule(rangesQueue)
    return
  }
  await boss.schedule(
    rangesQueue,
    every === DAY_S ? '41 4 * * *' : `FREQ=SECONDLY;INTERVAL=${every}`,
    {},
    { tz: 'UTC' },
  )
  await boss.work(rangesQueue, async () => {
    const result = await refreshRanges(db, config)
    const failed = result.lists.filter((l) => !l.ok)
    if (failed.length)
      log.warn(
        { failed: failed.map((l) => `${l.name}: ${l.error}`) },
        `bot IP lists: ${failed.length} of ${result.lists.length} not refreshed (the previous copies stay)`,
      )
    else log.info(`bot IP lists: ${result.lists.length} refreshed`)
  })
  const [last] = await db.select({ at: max(botIpLists.checkedAt) }).from(botIpLists)
  if (!last?.at || Date.now() - last.at.getTime() > every * 1000)
    await boss.send(rangesQueue, {}, { singletonKey: 'bot-ranges-refresh' })
}
