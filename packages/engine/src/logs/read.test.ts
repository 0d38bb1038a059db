import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { isEngineError } from '../errors.ts'
import { scanLog } from './read.ts'
import type { LogHit } from './types.ts'

const line = (i: number, ua = 'Mozilla/5.0') =>
  `192.0.2.${i % 250} - - [20/Nov/2026:10:00:${String(i % 60).padStart(2, '0')} +0000] "GET /p${i} HTTP/1.1" 200 ${i} "-" "${ua}"`

/** Feeds `buf` in chunks of `size` bytes, so lines (and UTF-8 characters) straddle chunk boundaries. */
async function* chunked(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size)
}

async function scan(buf: Buffer, size = 7, format?: string) {
  const hits: LogHit[] = []
  const stats = await scanLog(chunked(buf, size), (h) => void hits.push(h), format ? { format } : {})
  return { hits, stats }
}

describe('scanLog', () => {
  it('reads a source whose chunks are larger than the 64 KiB decoding pieces, lines and characters straddling them', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => line(i, i % 3 ? 'Mozilla/5.0' : 'Agente “ção” é'))
    const buf = Buffer.from(`${lines.join('\n')}\n`)
    expect(buf.length).toBeGreaterThan((3 * 1024 * 1024) / 2)
    const { hits, stats } = await scan(buf, 1024 * 1024 + 7)
    expect(stats).toMatchObject({ lines: 20_000, hits: 20_000, malformed: 0 })
    expect(hits[19_998]?.userAgent).toBe('Agente “ção” é')
    expect(hits.map((h) => h.bytes)).toEqual(lines.map((_, i) => i))
  })
  const text = [
    line(1),
    'not a log line at all',
    line(2, 'Agente “ção” é'),
    '',
    line(3),
    'broken "GET / HTTP/1.1" 200',
  ].join('\r\n')

  it('reads plain text across chunk boundaries, CRLF, UTF-8, counting malformed lines without stopping', async () => {
    const { hits, stats } = await scan(Buffer.from(text))
    expect(hits.map((h) => h.path)).toEqual(['/p1', '/p2', '/p3'])
    expect(hits[1]?.userAgent).toBe('Agente “ção” é')
    expect(stats).toMatchObject({ format: 'combined', lines: 5, hits: 3, malformed: 2 })
    expect(stats.malformedExamples).toEqual([
      { line: 2, text: 'not a log line at all' },
      { line: 5, text: 'broken "GET / HTTP/1.1" 200' },
    ])
  })

  it('reads the same log gzipped (detected by magic bytes, not by name)', async () => {
    const { hits, stats } = await scan(gzipSync(Buffer.from(text)), 5)
    expect(hits.map((h) => h.path)).toEqual(['/p1', '/p2', '/p3'])
    expect(stats.malformed).toBe(2)
  })

  it('reads a long file past the detection sample', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => line(i)).join('\n')
    const { hits, stats } = await scan(Buffer.from(many), 4096)
    expect(hits).toHaveLength(1000)
    expect(stats.lines).toBe(1000)
  })

  it('a damaged gzip is a typed error, not a crash', async () => {
    const gz = gzipSync(Buffer.from(text.repeat(50)))
    const broken = Buffer.concat([gz.subarray(0, 40), Buffer.alloc(40, 7)])
    const err = await scan(broken).catch((e) => e)
    expect(isEngineError(err) && err.code).toBe('LOG_UNREADABLE')
  })

  it('a file of which no line is a log line is LOG_FORMAT_UNKNOWN', async () => {
    const err = await scan(Buffer.from('a\nb\nc\n')).catch((e) => e)
    expect(isEngineError(err) && err.code).toBe('LOG_FORMAT_UNKNOWN')
  })

  it('a line without newline longer than 64 KiB is one malformed line and reading resumes', async () => {
    const buf = Buffer.from(`${line(1)}\n${'x'.repeat(200_000)}\n${line(2)}\n`)
    const { hits, stats } = await scan(buf, 16384)
    expect(hits.map((h) => h.path)).toEqual(['/p1', '/p2'])
    expect(stats.malformed).toBeGreaterThanOrEqual(1)
  })

  it('uses a given log_format', async () => {
    const { hits } = await scan(
      Buffer.from('example.pt 192.0.2.1 [2026-11-20T10:00:00+00:00] "GET /a" 200 5 "GPTBot/1.1"\n'),
      3,
      '$host $remote_addr [$time_iso8601] "$request_method $request_uri" $status $body_bytes_sent "$http_user_agent"',
    )
    expect(hits[0]).toMatchObject({ host: 'example.pt', path: '/a', userAgent: 'GPTBot/1.1' })
  })
})
