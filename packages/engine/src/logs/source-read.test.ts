import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { SeenFile } from './incremental.ts'
import { type LogObject, readNewLines } from './source-read.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const line = (n: number) =>
  `20.171.206.${n % 250} - - [20/Nov/2026:10:00:${String(n % 60).padStart(2, '0')} +0000] "GET /p${n} HTTP/1.1" 200 10 "-" "${GPT}"\n`
const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => line(from + i)).join('')

/** An in-memory folder: name → bytes and a version that changes when the bytes do. */
const opens = new Map<string, number>()
function folder(files: Record<string, Uint8Array | string>): LogObject[] {
  return Object.entries(files).map(([key, v]) => {
    const bytes = typeof v === 'string' ? Buffer.from(v) : Buffer.from(v)
    return {
      key,
      size: bytes.length,
      version: String(bytes.length),
      async *open(start: number) {
        opens.set(key, (opens.get(key) ?? 0) + 1)
        // Small chunks: line cuts and head reads must not depend on one chunk holding everything.
        for (let i = start; i < bytes.length; i += 97) yield bytes.subarray(i, Math.min(i + 97, bytes.length))
      },
    }
  })
}

const opts = { verifier: { resolver: null } }
const gptHits = (r: Awaited<ReturnType<typeof readNewLines>>) =>
  r.aggregates?.bots.find((b) => b.token === 'GPTBot')?.hits ?? 0

describe('readNewLines', () => {
  it('reads each file once: a second read of the same folder counts nothing', async () => {
    const files = folder({ 'access.log': lines(0, 30), 'old.log.gz': gzipSync(lines(30, 40)) })
    opens.clear()
    const first = await readNewLines(files, [], opts)
    expect(gptHits(first)).toBe(40)
    // One open per new file (its first bytes are read from the same stream as the rest).
    expect(Object.fromEntries(opens)).toEqual({ 'access.log': 1, 'old.log.gz': 1 })
    const second = await readNewLines(files, first.seen, opts)
    expect(second.aggregates).toBeNull()
    expect(second.seen).toEqual(first.seen)
    // Unchanged files are not opened at all.
    expect(Object.fromEntries(opens)).toEqual({ 'access.log': 1, 'old.log.gz': 1 })
  })

  it('counts a growing file incrementally, leaving a half-written last line for the next read', async () => {
    const whole = lines(0, 50)
    const cut = whole.length - 40 // inside the last line
    const first = await readNewLines(folder({ 'access.log': whole.slice(0, cut) }), [], opts)
    expect(gptHits(first)).toBe(49)
    expect(first.seen[0]!.offset).toBe(lines(0, 49).length)
    const second = await readNewLines(folder({ 'access.log': whole + lines(50, 60) }), first.seen, opts)
    expect(gptHits(second)).toBe(11)
    expect(second.files[0]).toMatchObject({ lines: 11, from: lines(0, 49).length })
  })

  it('follows a log through rotation: renamed, then compressed, never counted twice', async () => {
    const a = lines(0, 20)
    const run1 = await readNewLines(folder({ 'access.log': a }), [], opts)
    expect(gptHits(run1)).toBe(20)
    // logrotate: access.log (with 5 lines written since) → access.log.1; a new access.log starts.
    const a2 = a + lines(20, 25)
    const b = lines(100, 103)
    const run2 = await readNewLines(folder({ 'access.log': b, 'access.log.1': a2 }), run1.seen, opts)
    expect(gptHits(run2)).toBe(8)
    // Next rotation: access.log.1 compressed to access.log.2.gz, access.log → access.log.1.
    const run3 = await readNewLines(
      folder({ 'access.log': '', 'access.log.1': b, 'access.log.2.gz': gzipSync(a2) }),
      run2.seen,
      opts,
    )
    expect(gptHits(run3)).toBe(0)
    expect(run3.seen.map((s) => s.key).sort()).toEqual(['access.log', 'access.log.1', 'access.log.2.gz'])
  })

  it('a .gz still being written is not counted and is tried again; a file that is no log is not retried', async () => {
    const gz = gzipSync(lines(0, 400))
    const partial = gz.subarray(0, Math.floor(gz.length / 2))
    const first = await readNewLines(folder({ 'a.gz': partial, 'notes.txt': 'hello\nworld\n' }), [], opts)
    expect(first.aggregates).toBeNull()
    expect(first.failed.map((f) => f.key).sort()).toEqual(['a.gz', 'notes.txt'])
    expect(first.seen.map((s: SeenFile) => s.key)).toEqual(['notes.txt'])
    const second = await readNewLines(folder({ 'a.gz': gz, 'notes.txt': 'hello\nworld\n' }), first.seen, opts)
    expect(gptHits(second)).toBe(400)
    expect(second.failed).toEqual([])
  })
})
