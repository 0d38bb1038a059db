// Scheduled reads of tracked sites' log sources (a folder in the site's workspace's folder under
// FAROL_BOT_LOGS_ROOT, an S3 prefix granted to the workspace). One schedule (hourly, or
// FAROL_BOT_LOGS_EVERY_S) sends one read job per site with a source; a read takes only what is new since
// the last one (engine logs/source-read.ts), adds it to the site's analysis and
// remembers, in the same transaction, how far it got in each file. Only aggregates are stored.
import type { Aggregates } from '@farol/engine/logs/aggregate.ts'
import type { LogReport } from '@farol/engine/logs/analyze.ts'
import type { SeenFile } from '@farol/engine/logs/incremental.ts'
import { mergeAggregates } from '@farol/engine/logs/merge.ts'
import { type LogObject, readNewLines, type SourceReadResult } from '@farol/engine/logs/source-read.ts'
import { dnsResolver, rangesFresh } from '@farol/engine/logs/verify.ts'
import { and, eq } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { botLogAnalyses, botLogSeenFiles, botLogSources, trackedSites } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { createQueue } from '../../platform/jobs/queue.ts'
import type { Logger } from '../../platform/log.ts'
import { listLogFolder } from './folder.ts'
import { currentRanges } from './ranges.ts'
import { siteRobots } from './robots.ts'
import { listS3Logs, parseS3Url, s3Client } from './s3.ts'
import { aggregatesOf, writeSourceAnalysis } from './store.ts'

const botLogsTickQueue = 'bot-logs.tick'
const botLogsReadQueue = 'bot-logs.read'

/** Files' stats kept on a source's analysis (the latest reads'). */
const KEEP_FILES = 100

export interface BotLogsDeps {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
}

const botLogsEnabled = (config: Config) => Boolean(config.botLogs?.root || config.botLogs?.s3)

/** Created with the task queues: the API queues a read when a source is set, workers or not. */
export async function ensureBotLogsQueues(boss: PgBoss): Promise<void> {
  await createQueue(boss, botLogsTickQueue)
  await createQueue(boss, botLogsReadQueue, { retryLimit: 1, retryDelay: 300, expireInSeconds: 3600 })
}

export async function startBotLogsWorker(deps: BotLogsDeps): Promise<void> {
  await ensureBotLogsQueues(deps.boss)
  if (!botLogsEnabled(deps.config)) {
    await deps.boss.unschedule(botLogsTickQueue)
    return
  }
  const every = deps.config.botLogs?.everySeconds
  await deps.boss.schedule(
    botLogsTickQueue,
    every ? `FREQ=SECONDLY;INTERVAL=${every}` : '17 * * * *',
    {},
    {
      tz: 'UTC',
    },
  )
  await deps.boss.work(botLogsTickQueue, async () => {
    const sources = await deps.db.select({ siteId: botLogSources.siteId }).from(botLogSources)
    for (const s of sources) await queueRead(deps.boss, s.siteId)
  })
  await deps.boss.work<{ siteId: string }>(botLogsReadQueue, { localConcurrency: 1 }, async ([job]) => {
    if (job) await readSiteLogs(deps, job.data.siteId)
  })
}

/** A read of one site now (when its source is set, and at each tick); one waiting read per site. */
export async function queueRead(boss: PgBoss, siteId: string): Promise<void> {
  await boss.send(botLogsReadQueue, { siteId }, { singletonKey: `bot-logs-${siteId}` })
}

/**
 * Pure: the S3 location a user gave, if this server reads S3, allows its bucket, and the prefix is granted
 * to the workspace: it starts with `<workspace id>/` (decision 037).
 */
export function s3LocationFor(config: Config, s3Url: string, workspaceId: string) {
  const s3 = config.botLogs?.s3
  if (!s3) throw new AppError('BOT_LOGS_S3_OFF')
  const location = parseS3Url(s3Url)
  if (s3.buckets && !s3.buckets.includes(location.bucket)) throw new AppError('BOT_LOGS_S3_BUCKET')
  if (!s3PrefixGranted(location.prefix, workspaceId)) throw new AppError('BOT_LOGS_S3_NOT_GRANTED')
  return location
}

/** Pure: a prefix under `<workspace id>/`, with no empty, `.` or `..` segment on the way. */
export function s3PrefixGranted(prefix: string, workspaceId: string): boolean {
  if (!prefix.startsWith(`${workspaceId}/`)) return false
  const segments = prefix.split('/')
  return segments.slice(0, -1).every((s) => s !== '' && s !== '.' && s !== '..') && segments.at(-1) !== '..'
}

async function listSource(
  config: Config,
  workspaceId: string,
  kind: 'folder' | 's3',
  where: string,
): Promise<LogObject[]> {
  if (kind === 'folder') {
    const root = config.botLogs?.root
    if (!root) throw new AppError('BOT_LOGS_FOLDER_OFF')
    return listLogFolder(root, workspaceId, where)
  }
  let location: ReturnType<typeof s3LocationFor>
  try {
    location = s3LocationFor(config, where, workspaceId)
  } catch (error) {
    // Set before decision 037, or the site moved: no longer read, and said so on /suite/sites.
    if ((error as AppError).code === 'BOT_LOGS_S3_NOT_GRANTED')
      throw new AppError('BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE')
    throw error
  }
  return listS3Logs(s3Client(config.botLogs!.s3!), location)
}

export interface ReadOutcome {
  newLines: number
  files: number
  failed: SourceReadResult['failed']
  error: string | null
}

/** One read of a site's sources: what is new is added to its analysis. */
export async function readSiteLogs(deps: Omit<BotLogsDeps, 'boss'>, siteId: string): Promise<ReadOutcome> {
  const { db, config, log } = deps
  const [site] = await db.select().from(trackedSites).where(eq(trackedSites.id, siteId))
  const [source] = await db.select().from(botLogSources).where(eq(botLogSources.siteId, siteId))
  const outcome: ReadOutcome = { newLines: 0, files: 0, failed: [], error: null }
  if (!site || !source) return outcome
  const parts: { kind: 'folder' | 's3'; where: string }[] = []
  if (source.folder) parts.push({ kind: 'folder', where: source.folder })
  if (source.s3Url) parts.push({ kind: 's3', where: source.s3Url })
  try {
    const dns = config.botLogs?.dns ?? null
    const options = {
      origin: site.url,
      host: new URL(site.url).hostname,
      robotsTxt: await siteRobots(site.url, config.allowPrivateTargets),
      verifier: {
        ranges: await currentRanges(db),
        resolver: dns === null ? null : dnsResolver(dns === 'system' ? undefined : dns),
      },
    }
    const reads: { kind: 'folder' | 's3'; result: SourceReadResult }[] = []
    for (const part of parts) {
      const objects = await listSource(config, site.workspaceId, part.kind, part.where)
      const rows = await db
        .select()
        .from(botLogSeenFiles)
        .where(and(eq(botLogSeenFiles.siteId, siteId), eq(botLogSeenFiles.source, part.kind)))
      const seen: SeenFile[] = rows.map((r) => ({
        key: r.key,
        size: r.size,
        version: r.version,
        headLen: r.headLen,
        headHash: r.headHash,
        offset: r.offset,
      }))
      reads.push({ kind: part.kind, result: await readNewLines(objects, seen, options) })
    }
    let fresh: Aggregates | null = null
    for (const { result } of reads) {
      if (result.aggregates) fresh = fresh ? mergeAggregates(fresh, result.aggregates) : result.aggregates
      outcome.failed.push(...result.failed)
      outcome.files += result.files.length
      outcome.newLines += result.files.reduce((n, f) => n + f.lines, 0)
    }
    const remember = async (tx: Db, analysisId: string | null) => {
      for (const { kind, result } of reads) {
        await tx
          .delete(botLogSeenFiles)
          .where(and(eq(botLogSeenFiles.siteId, siteId), eq(botLogSeenFiles.source, kind)))
        for (let i = 0; i < result.seen.length; i += 500)
          await tx
            .insert(botLogSeenFiles)
            .values(result.seen.slice(i, i + 500).map((s) => ({ siteId, source: kind, ...s })))
      }
      await tx
        .update(botLogSources)
        .set({ analysisId, lastReadAt: new Date(), lastError: '', lastNewLines: outcome.newLines })
        .where(eq(botLogSources.siteId, siteId))
    }
    if (!fresh) {
      await db.transaction(async (tx) => remember(tx as unknown as Db, source.analysisId))
    } else {
      const previous = source.analysisId ? await aggregatesOf(db, source.analysisId) : null
      const merged = previous ? mergeAggregates(previous, fresh) : fresh
      const [stored] = previous
        ? await db
            .select({ files: botLogAnalyses.files })
            .from(botLogAnalyses)
            .where(eq(botLogAnalyses.id, source.analysisId!))
        : []
      const previousFiles = (stored?.files as LogReport['files'] | undefined) ?? []
      const ranges = options.verifier.ranges
      const now = Date.now()
      const report: LogReport = {
        ...merged,
        files: [...previousFiles, ...reads.flatMap((r) => r.result.files)].slice(-KEEP_FILES),
        verification: {
          ranges: [...ranges.values()].map((r) => ({
            name: r.name,
            retrieved: r.retrieved,
            prefixes: r.cidrs.length,
            fresh: rangesFresh(r, now),
          })),
          dns: Boolean(options.verifier.resolver),
          lookups: 0,
        },
      }
      await writeSourceAnalysis(
        db,
        {
          id: previous ? source.analysisId : null,
          userId: site.userId,
          workspaceId: site.workspaceId,
          siteUrl: site.url,
          report,
        },
        (tx, id) => remember(tx, id),
      )
    }
    log.info({ siteId, newLines: outcome.newLines, files: outcome.files }, 'bot logs read')
  } catch (error) {
    outcome.error = (error as { code?: string }).code ?? 'INTERNAL'
    log.warn({ siteId, err: error }, 'bot logs read failed')
    await db
      .update(botLogSources)
      .set({ lastReadAt: new Date(), lastError: outcome.error, lastNewLines: 0 })
      .where(eq(botLogSources.siteId, siteId))
  }
  return outcome
}
