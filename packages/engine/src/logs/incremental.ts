// Reading a log a second time without counting a line twice. A log file is known by its content, not its
// name: logrotate renames access.log to access.log.1 and later compresses it to access.log.2.gz, and
// each of those is the same stream of lines. So each file seen is remembered with the hash of its first
// bytes (decompressed) and how many bytes of that stream were counted (up to the last complete line).
// A file whose first bytes match a remembered one continues from the furthest offset any file with those
// first bytes reached; anything else is new. Pure decisions here; the reading is the caller's.
import { createHash } from 'node:crypto'

/** Bytes of the (decompressed) start of a file that identify it. */
export const HEAD_BYTES = 1024

export interface SeenFile {
  /** Name inside the source (relative path or object key). */
  key: string
  /** Size on disk (compressed for .gz) and modification time (ms) or ETag when the file was last read. */
  size: number
  version: string
  /** Length of the identifying start (less than HEAD_BYTES while the file was smaller) and its hash. */
  headLen: number
  headHash: string
  /** Bytes of the decompressed stream already counted: always the end of a complete line. */
  offset: number
}

export interface Candidate {
  key: string
  size: number
  version: string
}

export const hashHead = (head: Uint8Array): string => createHash('sha256').update(head).digest('hex')

/** Unchanged since it was last read (same name, size and time/ETag): nothing to open. */
export function unchanged(seen: SeenFile[], c: Candidate): boolean {
  return seen.some((s) => s.key === c.key && s.size === c.size && s.version === c.version)
}

/**
 * Where to start reading a file whose first bytes are `head` (up to HEAD_BYTES of its decompressed
 * stream): the furthest offset reached by a remembered file with the same start, else 0.
 */
export function resumeOffset(seen: SeenFile[], head: Uint8Array): number {
  let from = 0
  const hashes = new Map<number, string>()
  for (const s of seen) {
    if (s.headLen === 0 || s.headLen > head.length) continue
    let h = hashes.get(s.headLen)
    if (h === undefined) {
      h = hashHead(head.subarray(0, s.headLen))
      hashes.set(s.headLen, h)
    }
    if (h === s.headHash && s.offset > from) from = s.offset
  }
  return from
}

export interface LineCut {
  /** Bytes yielded so far, all of them whole lines. */
  consumed: number
}

/**
 * Passes through the bytes of `source` up to its last newline: a line still being written is left for the
 * next read. `cut.consumed` says how far it got (also when the source fails midway).
 */
export async function* completeLines(
  source: AsyncIterable<Uint8Array>,
  cut: LineCut,
): AsyncGenerator<Buffer> {
  let carry: Buffer = Buffer.alloc(0)
  for await (const raw of source) {
    const chunk = Buffer.from(raw.buffer, raw.byteOffset, raw.length)
    const nl = chunk.lastIndexOf(10)
    if (nl === -1) {
      carry = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk)
      continue
    }
    const out = carry.length ? Buffer.concat([carry, chunk.subarray(0, nl + 1)]) : chunk.subarray(0, nl + 1)
    carry = Buffer.from(chunk.subarray(nl + 1))
    cut.consumed += out.length
    yield out
  }
}

/** The bytes of `source` after its first `n`. */
export async function* skipBytes(source: AsyncIterable<Uint8Array>, n: number): AsyncGenerator<Buffer> {
  let left = n
  for await (const raw of source) {
    const chunk = Buffer.from(raw.buffer, raw.byteOffset, raw.length)
    if (left >= chunk.length) {
      left -= chunk.length
      continue
    }
    yield left > 0 ? chunk.subarray(left) : chunk
    left = 0
  }
}

/** The first `n` bytes of a stream (fewer when it is shorter); stops reading once it has them. */
export async function headOf(source: AsyncIterable<Uint8Array>, n = HEAD_BYTES): Promise<Buffer> {
  const parts: Buffer[] = []
  let have = 0
  for await (const raw of source) {
    parts.push(Buffer.from(raw.buffer, raw.byteOffset, raw.length))
    have += raw.length
    if (have >= n) break
  }
  return Buffer.concat(parts).subarray(0, n)
}
