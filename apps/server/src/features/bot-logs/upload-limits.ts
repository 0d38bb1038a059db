// The caps of an access-log upload (issue 40): a gzip body is decompressed here, as it arrives, and
// refused the moment its output passes an absolute size or a ratio to the compressed bytes read so far
// (a 1 MB gzip holding 1 GiB stops after a few MiB, not after the gigabyte); and a user may have only a
// few uploads in progress at once. The engine then reads plain text.

import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { EngineError } from '@farol/engine'
import { isGzip } from '@farol/engine/logs/read.ts'
import { AppError } from '../../platform/errors.ts'

export interface UnpackCaps {
  /** Decompressed bytes at most. */
  maxBytes: number
  /** Decompressed bytes at most this many times the compressed bytes read so far… */
  maxRatio: number
  /** …once past this many (a small file may be very repetitive). */
  ratioFloor?: number
}

/** Compressed bytes handed to gunzip at once: bounds the output produced between two checks. */
const SLICE = 16 * 1024
const RATIO_FLOOR = 8 * 1024 * 1024
/**
 * Raw bytes still read (and dropped, never decompressed) after a refusal, so that the client, still
 * sending, gets the answer rather than a reset connection; past this, the connection is closed.
 */
const DISCARD_BUDGET = 64 * 1024 * 1024

/** Reads and drops what is left of a body, up to the budget. */
export async function discard(it: AsyncIterator<Uint8Array>, budget = DISCARD_BUDGET): Promise<void> {
  try {
    let left = budget
    for (let next = await it.next(); !next.done; next = await it.next()) {
      left -= next.value.length
      if (left < 0) break
    }
  } catch {
    // the client went away: nothing to answer
  }
}

/**
 * The upload as plain bytes: passed through when it is not gzip, else decompressed under the caps (an
 * AppError LOG_UPLOAD_UNPACKED_TOO_LARGE as soon as one is passed). A gzip inside the gzip is refused:
 * the engine would decompress it again, uncapped.
 */
export async function* cappedLog(
  source: AsyncIterable<Uint8Array>,
  caps: UnpackCaps,
): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]()
  // Enough of the head to see the gzip magic bytes.
  let head: Uint8Array = new Uint8Array(0)
  let done = false
  while (head.length < 2 && !done) {
    const next = await it.next()
    if (next.done) done = true
    else head = head.length ? Buffer.concat([head, next.value]) : next.value
  }
  const rest = async function* () {
    if (head.length) yield head
    if (done) return
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value
  }
  if (!isGzip(head)) {
    yield* rest()
    return
  }

  const gunzip = createGunzip()
  const floor = caps.ratioFloor ?? RATIO_FLOOR
  let inBytes = 0
  let outBytes = 0
  let ready: Buffer[] = []
  let failure: Error | null = null
  let first = true
  gunzip.on('data', (chunk: Buffer) => {
    if (failure) return
    outBytes += chunk.length
    if (outBytes > caps.maxBytes || (outBytes > floor && outBytes > caps.maxRatio * inBytes)) {
      failure = new AppError('LOG_UPLOAD_UNPACKED_TOO_LARGE', `${outBytes} bytes from ${inBytes}`)
      gunzip.destroy()
      return
    }
    if (first && chunk.length > 0) {
      first = false
      if (isGzip(chunk)) {
        failure = new EngineError('LOG_UNREADABLE', 'gzip inside gzip')
        gunzip.destroy()
        return
      }
    }
    ready.push(chunk)
  })
  gunzip.on('error', (error) => {
    failure ??= new EngineError('LOG_UNREADABLE', error.message)
  })
  const ended = new Promise<void>((resolve) => {
    gunzip.on('end', resolve)
    gunzip.on('close', resolve)
  })
  // Resolves when the slice is processed (its output counted above), or at once once destroyed.
  const write = (piece: Uint8Array) =>
    new Promise<void>((resolve) => {
      if (gunzip.destroyed) return resolve()
      gunzip.write(piece, () => resolve())
    })
  const drain = function* () {
    const out = ready
    ready = []
    yield* out
  }
  try {
    for await (const chunk of rest()) {
      for (let i = 0; i < chunk.length; i += SLICE) {
        const piece = chunk.subarray(i, i + SLICE)
        inBytes += piece.length
        await write(piece)
        if (failure) throw failure
        yield* drain()
      }
    }
    if (!gunzip.destroyed) gunzip.end()
    await ended
    if (failure) throw failure
    yield* drain()
  } catch (error) {
    if (!done) await discard(it)
    throw error
  } finally {
    gunzip.destroy()
  }
}

/**
 * The upload's raw bytes, refused (AppError LOG_UPLOAD_TOO_LARGE) the moment they pass `maxBytes`: the body
 * limit in front only checks a declared Content-Length, so a chunked body is counted here as it is read,
 * never held whole (issue 40). Nothing more is read after the refusal; the answer closes the connection.
 */
async function* cappedBody(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let read = 0
  for await (const chunk of source) {
    read += chunk.length
    if (read > maxBytes) throw new AppError('LOG_UPLOAD_TOO_LARGE', `over ${maxBytes} bytes`)
    yield chunk
  }
}

/**
 * The upload, capped (raw and decompressed), written as plain text to a new file under `dir` as it
 * arrives: the client's bytes are never held in memory, and the analysis reads the file at its own pace.
 * The file is removed when a cap or a read fails; the caller removes it after the analysis.
 */
export async function uploadToFile(
  body: AsyncIterable<Uint8Array>,
  caps: UnpackCaps & { maxUploadBytes: number },
  dir: string,
): Promise<string> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${randomUUID()}.log`)
  try {
    await pipeline(
      Readable.from(cappedLog(cappedBody(body, caps.maxUploadBytes), caps)),
      createWriteStream(file),
    )
    return file
  } catch (error) {
    await rm(file, { force: true })
    throw error
  }
}

/** Uploads in progress per user, in this process: `enter` refuses past the limit, `leave` frees one. */
export function uploadSlots(limit: number) {
  const running = new Map<string, number>()
  return {
    enter(userId: string): () => void {
      const n = running.get(userId) ?? 0
      if (n >= limit) throw new AppError('LOG_UPLOADS_BUSY')
      running.set(userId, n + 1)
      let left = false
      return () => {
        if (left) return
        left = true
        const now = (running.get(userId) ?? 1) - 1
        if (now <= 0) running.delete(userId)
        else running.set(userId, now)
      }
    },
  }
}
