// Where report PDFs live: a directory under the data dir by default, or an S3-compatible bucket (MinIO,
// R2, Garage, AWS) when FAROL_REPORTS_S3_* is configured. Only the server reads them back, behind the
// owner check of GET /api/reports/{id}/file; names are random (service.ts), so keys are not guessable.
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Config, ReportsS3Config } from '../config.ts'
import { emptyPayloadHash, sha256Hex, signV4, uriEncode } from './sigv4.ts'

interface StoredReport {
  body: ReadableStream<Uint8Array>
  /** Bytes, when the store says. */
  size: number | null
}

export interface ReportStore {
  /** For logs: where the files go, without credentials. */
  readonly location: string
  put(name: string, pdf: Uint8Array): Promise<void>
  /** null when there is no such file. */
  get(name: string): Promise<StoredReport | null>
  /** Succeeds when the file is already gone. */
  delete(name: string): Promise<void>
}

/** Names come from service.ts; anything else (a path, `..`) is refused before it reaches a store. */
function checkedName(name: string): string {
  if (!/^[A-Za-z0-9_-]+\.pdf$/.test(name)) throw new Error(`invalid report file name: ${name}`)
  return name
}

export function createReportStore(config: Pick<Config, 'dataDir' | 'reportsS3'>): ReportStore {
  return config.reportsS3
    ? s3ReportStore(config.reportsS3)
    : localReportStore(path.join(config.dataDir, 'reports'))
}

export function localReportStore(dir: string): ReportStore {
  return {
    location: dir,
    async put(name, pdf) {
      const file = path.join(dir, checkedName(name))
      await mkdir(dir, { recursive: true })
      // Written aside then renamed, so a download never sees half a file.
      await writeFile(`${file}.part`, pdf)
      await rename(`${file}.part`, file)
    },
    async get(name) {
      const file = path.join(dir, checkedName(name))
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null
        throw error
      })
      if (!info) return null
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size }
    },
    async delete(name) {
      await rm(path.join(dir, checkedName(name)), { force: true })
    },
  }
}

export class S3Error extends Error {
  readonly status: number
  /** S3's error code from the answer's XML (AccessDenied, SignatureDoesNotMatch…), or ''. */
  readonly code: string
  constructor(status: number, code: string, operation: string) {
    super(`S3 ${operation} answered ${status}${code ? ` ${code}` : ''}`)
    this.name = 'S3Error'
    this.status = status
    this.code = code
  }
}

const s3TimeoutMs = 60_000

export function s3ReportStore(s3: ReportsS3Config): ReportStore {
  const endpoint = new URL(s3.endpoint)
  const base = `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}`
  const credentials = { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }

  // Path-style (endpoint/bucket/key) works with every S3-compatible server without DNS per bucket.
  async function send(method: 'PUT' | 'GET' | 'DELETE', name: string, body?: Uint8Array): Promise<Response> {
    const url = new URL(`${base}/${uriEncode(s3.bucket)}/${uriEncode(s3.prefix + checkedName(name), true)}`)
    const payloadHash = body ? sha256Hex(body) : emptyPayloadHash
    const signed = signV4(
      {
        method,
        url,
        headers: {
          'x-amz-content-sha256': payloadHash,
          ...(body ? { 'content-type': 'application/pdf' } : {}),
        },
        payloadHash,
      },
      credentials,
      { region: s3.region, service: 's3', now: new Date() },
    )
    // The deadline covers the answer's headers only: a download then streams at the client's pace.
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new Error(`S3 ${method} timed out`)), s3TimeoutMs)
    try {
      return await fetch(url, {
        method,
        headers: signed.headers,
        body: body as BodyInit | undefined,
        signal: controller.signal,
      })
    } finally {
      clearTimeout(timer)
    }
  }

  async function failure(response: Response, operation: string): Promise<S3Error> {
    const text = await response.text().catch(() => '')
    return new S3Error(response.status, text.match(/<Code>([^<]*)<\/Code>/)?.[1] ?? '', operation)
  }

  return {
    location: `${base}/${s3.bucket}/${s3.prefix}`,
    async put(name, pdf) {
      const response = await send('PUT', name, pdf)
      if (!response.ok) throw await failure(response, `PUT ${name}`)
      await response.body?.cancel()
    },
    async get(name) {
      const response = await send('GET', name)
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok || !response.body) throw await failure(response, `GET ${name}`)
      const length = response.headers.get('content-length')
      return { body: response.body, size: length ? Number(length) : null }
    },
    async delete(name) {
      const response = await send('DELETE', name)
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${name}`)
      await response.body?.cancel()
    },
  }
}

/** Reads a stored report's PDF whole (for a mail attachment, reports/scheduled.ts); null when it is gone. */
export async function readReportFile(store: ReportStore, name: string): Promise<Uint8Array | null> {
  const stored = await store.get(name)
  if (!stored) return null
  return new Uint8Array(await new Response(stored.body).arrayBuffer())
}
