// One scheduled read of a log source (a folder, an S3 prefix): every file listed is read from where the
// previous reads left it (incremental.ts), analysed, and the parts added up. Returns the aggregates of the
// new lines only and what to remember for the next read; storage is the caller's.
import type { Aggregates } from './aggregate.ts'
import { type AnalyzeOptions, analyzeLogs, type FileStats } from './analyze.ts'
import {
  type Candidate,
  completeLines,
  HEAD_BYTES,
  hashHead,
  type LineCut,
  resumeOffset,
  type SeenFile,
  skipBytes,
  unchanged,
} from './incremental.ts'
import { mergeAggregates } from './merge.ts'
import { decompressed, isGzip } from './read.ts'

export interface LogObject extends Candidate {
  /** The file's raw bytes (compressed for .gz) from byte `start`. */
  open(start: number): AsyncIterable<Uint8Array>
}

export interface SourceReadResult {
  /** Aggregates of the lines not read before; null when there were none. */
  aggregates: Aggregates | null
  /** The files that had new lines, with what was read of them now. */
  files: (FileStats & { from: number })[]
  /** What to remember: one entry per file listed now (files gone from the source are forgotten). */
  seen: SeenFile[]
  /** Files that could not be read this time (a .gz still being written): tried again next time. */
  failed: { key: string; message: string }[]
}

async function* nothing(): AsyncGenerator<Uint8Array> {}

/** Chunks of `it` until at least `n` bytes (or its end), after `already`; the iterator stays open. */
async function readAhead(
  it: AsyncIterator<Uint8Array>,
  n: number,
  already: Buffer[] = [],
): Promise<{ chunks: Buffer[]; bytes: Buffer }> {
  const chunks = [...already]
  let have = chunks.reduce((a, c) => a + c.length, 0)
  while (have < n) {
    const next = await it.next()
    if (next.done) break
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.length)
    chunks.push(chunk)
    have += chunk.length
  }
  return { chunks, bytes: Buffer.concat(chunks) }
}

/** `chunks`, then the rest of `it`; closing this closes `it` (a read stopped midway frees its file). */
async function* prepend(chunks: Buffer[], it: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* chunks
    for (;;) {
      const next = await it.next()
      if (next.done) return
      yield next.value
    }
  } finally {
    await it.return?.()
  }
}

export async function readNewLines(
  objects: LogObject[],
  seen: SeenFile[],
  options: AnalyzeOptions,
): Promise<SourceReadResult> {
  const result: SourceReadResult = { aggregates: null, files: [], seen: [], failed: [] }
  const previous = new Map(seen.map((s) => [s.key, s]))
  // What earlier files of this same read reached counts too (access.log.1 and its copy access.log.1.gz).
  const known = [...seen]
  for (const object of objects) {
    if (unchanged(seen, object)) {
      result.seen.push(previous.get(object.key)!)
      continue
    }
    let from = 0
    let raw: AsyncIterator<Uint8Array> | null = null
    try {
      // One open for a new file: its first bytes say whether it is gzip and which content it is, then the
      // same stream goes on being read (a plain file continued from an offset is opened there instead).
      raw = object.open(0)[Symbol.asyncIterator]()
      const rawHead = await readAhead(raw, 2)
      const gzip = isGzip(rawHead.bytes)
      let head: Buffer
      let content: AsyncIterable<Uint8Array>
      if (gzip) {
        const inflated = decompressed(prepend(rawHead.chunks, raw))[Symbol.asyncIterator]()
        const ahead = await readAhead(inflated, HEAD_BYTES)
        head = ahead.bytes.subarray(0, HEAD_BYTES)
        from = resumeOffset(known, head)
        content = skipBytes(prepend(ahead.chunks, inflated), from)
      } else {
        const ahead = await readAhead(raw, HEAD_BYTES, rawHead.chunks)
        head = ahead.bytes.subarray(0, HEAD_BYTES)
        from = resumeOffset(known, head)
        // A plain file shorter than what was read of its content was truncated and rewritten: read it anew.
        if (from > object.size) from = 0
        if (from === 0) content = prepend(ahead.chunks, raw)
        else {
          await raw.return?.()
          content = from < object.size ? object.open(from) : nothing()
        }
      }
      const cut: LineCut = { consumed: 0 }
      let report: Awaited<ReturnType<typeof analyzeLogs>> | null = null
      try {
        report = await analyzeLogs([{ name: object.key, stream: completeLines(content, cut) }], options)
      } catch (error) {
        // A file that is no log at all (every line malformed) is remembered as read: it is not retried.
        if ((error as { code?: string }).code !== 'LOG_FORMAT_UNKNOWN') throw error
        result.failed.push({ key: object.key, message: 'LOG_FORMAT_UNKNOWN' })
      }
      const state: SeenFile = {
        key: object.key,
        size: object.size,
        version: object.version,
        headLen: head.length,
        headHash: hashHead(head),
        offset: from + cut.consumed,
      }
      result.seen.push(state)
      known.push(state)
      if (!report || report.files.every((f) => f.lines === 0)) continue
      const { files, verification: _v, ...aggregates } = report
      for (const f of files) result.files.push({ ...f, from })
      result.aggregates = result.aggregates ? mergeAggregates(result.aggregates, aggregates) : aggregates
    } catch (error) {
      await raw?.return?.()?.catch(() => {})
      // Nothing of this file is counted now; its previous state stays, so the next read tries again.
      result.failed.push({ key: object.key, message: (error as Error).message })
      const before = previous.get(object.key)
      if (before) result.seen.push(before)
    }
  }
  return result
}
