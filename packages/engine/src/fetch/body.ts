// Reading a response body with a hard size limit, decompressing as it streams: a 12 MB page (or a
// small gzip bomb) is refused after ~limit bytes instead of being buffered whole.
import { pipeline, type Readable } from 'node:stream'
import { pipeline as pipelineAsync } from 'node:stream/promises'
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib'
import { EngineError } from '../errors.ts'

/** What the fetcher asks for; anything else a server sends unasked is refused as a network error. */
export const acceptEncoding = 'gzip, deflate, br'

type Transform = (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>

/** Pushes the bytes of `source` through a zlib stream and yields its output. */
function through(make: () => NodeJS.ReadWriteStream): Transform {
  return async function* (source) {
    const zlib = make()
    const input = (async function* () {
      for await (const chunk of source) yield chunk
    })()
    // Errors on either side destroy both, so iteration below throws instead of hanging.
    pipeline(input, zlib as unknown as NodeJS.WritableStream, () => {})
    yield* zlib as AsyncIterable<Buffer>
  }
}

/** "deflate" is meant to be zlib-wrapped (RFC 9110) but some servers send raw deflate: sniff the header. */
function inflateEither(): Transform {
  return async function* (source) {
    const iterator = source[Symbol.asyncIterator]()
    const first = await iterator.next()
    if (first.done) return
    const head: Buffer = first.value
    const zlibWrapped = head.length >= 2 && (head[0]! & 0x0f) === 8 && ((head[0]! << 8) | head[1]!) % 31 === 0
    const rest = (async function* () {
      yield head
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
    })()
    yield* through(zlibWrapped ? createInflate : createInflateRaw)(rest)
  }
}

/** Decoders for a Content-Encoding header, in the order to apply them (reverse of the listed order). */
export function contentDecoders(header: string | null | undefined): Transform[] {
  const codings = (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
  return codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return through(createGunzip)
    if (coding === 'br') return through(createBrotliDecompress)
    if (coding === 'deflate') return inflateEither()
    throw new EngineError('NETWORK_ERROR', `unsupported content-encoding: ${coding}`)
  })
}

/**
 * Reads the whole (decoded) body, throwing BODY_TOO_LARGE as soon as it passes `maxBytes`. The limit
 * counts decoded bytes, which is what the parser would have to hold. On error the pipeline destroys the
 * source, which makes undici drop the connection: the rest of the body is never downloaded.
 */
export async function readLimitedBody(body: Readable, encoding: string | null | undefined, maxBytes: number) {
  const chunks: Buffer[] = []
  let total = 0
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      total += chunk.length
      if (total > maxBytes) throw new EngineError('BODY_TOO_LARGE', `more than ${maxBytes} bytes`)
      chunks.push(chunk)
    }
  }
  const stages = contentDecoders(encoding)
  if (stages.length === 0) {
    // Nothing to decode: read the body directly. stream.pipeline would cost an AbortController that it
    // aborts when done, and that abort builds a DOMException with a stack trace (~35 µs a response,
    // a tenth of a crawled page's CPU on loopback). Leaving the loop early (the throw) destroys the
    // body, as the pipeline would, so undici drops the connection instead of downloading the rest.
    await collect(body)
    return Buffer.concat(chunks, total)
  }
  // pipeline's typings cannot express a variable number of stages; the runtime accepts them.
  await (pipelineAsync as (...streams: unknown[]) => Promise<void>)(body, ...stages, collect)
  return Buffer.concat(chunks, total)
}
