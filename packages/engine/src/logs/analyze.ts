// Reads one or more access logs into the aggregates: each line parsed, its user agent matched against
// the bot table, the claim verified, the hit counted. Pure of storage: the CLI prints the result, the
// server stores it.
import { type Aggregates, Aggregator, type AggregatorOptions, type BotList } from './aggregate.ts'
import { BOTS, type BotEntry, botForUserAgent } from './bots-table.ts'
import { type ScanStats, scanLog } from './read.ts'
import { createVerifier, loadRanges, type RangeSet, rangesFresh, type VerifierOptions } from './verify.ts'

const byToken = new Map(BOTS.map((b) => [b.token, b]))

/** The published list a bot is checked against (its first one the verifier has), with its date. */
function listOf(bot: BotEntry | undefined, ranges: Map<string, RangeSet>, now: number): BotList | null {
  for (const name of bot?.ranges ?? []) {
    const set = ranges.get(name)
    if (set) return { name, retrieved: set.retrieved, fresh: rangesFresh(set, now) }
  }
  return null
}

export interface LogSource {
  name: string
  stream: AsyncIterable<Buffer | Uint8Array>
}

export interface FileStats extends ScanStats {
  name: string
}

export interface LogReport extends Aggregates {
  files: FileStats[]
  verification: {
    /** `fresh`: recent enough that an address outside it is called spoofed (absent before issue 42). */
    ranges: { name: string; retrieved: string | null; prefixes: number; fresh?: boolean }[]
    dns: boolean
    lookups: number
  }
}

export interface AnalyzeOptions extends AggregatorOptions {
  /** NGINX `log_format` or Apache `LogFormat` string; detected per file when absent. */
  format?: string
  /** Only count requests for this host when the log names hosts (several sites in one log). */
  host?: string | null
  verifier?: VerifierOptions
  /** Bytes read so far, per file. */
  onProgress?: (file: string, bytes: number) => void
}

export async function analyzeLogs(sources: LogSource[], options: AnalyzeOptions = {}): Promise<LogReport> {
  const ranges = options.verifier?.ranges ?? loadRanges()
  const verifier = createVerifier({ ...options.verifier, ranges })
  const agg = new Aggregator(options)
  const host = options.host?.toLowerCase() ?? null
  const files: FileStats[] = []
  for (const source of sources) {
    const stats = await scanLog(
      source.stream,
      (hit) => {
        if (host && hit.host && hit.host.toLowerCase() !== host) return
        const bot = botForUserAgent(hit.userAgent)
        if (!bot) return agg.other(hit)
        const verdict = verifier.verify(bot, hit.ip)
        if (typeof verdict === 'string') return agg.bot(hit, bot, verdict)
        return verdict.then((v) => agg.bot(hit, bot, v))
      },
      {
        ...(options.format ? { format: options.format } : {}),
        ...(options.onProgress ? { onBytes: (n: number) => options.onProgress?.(source.name, n) } : {}),
      },
    )
    files.push({ name: source.name, ...stats })
  }
  const result = agg.result()
  const now = options.verifier?.now ?? Date.now()
  for (const bot of result.bots) bot.list = listOf(byToken.get(bot.token), ranges, now)
  return {
    ...result,
    files,
    verification: {
      ranges: [...ranges.values()].map((r) => ({
        name: r.name,
        retrieved: r.retrieved,
        prefixes: r.cidrs.length,
        fresh: rangesFresh(r, now),
      })),
      dns: Boolean(options.verifier?.resolver),
      lookups: verifier.lookups(),
    },
  }
}
