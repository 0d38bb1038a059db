// A tracked site's log prefix in S3 (CloudFront, ALB, Logpush deliveries): ListObjectsV2 pages and
// GetObject (with Range, to read a growing object from an offset), signed with AWS Signature V4 by the
// report store's signer (node:crypto only), addressed path-style (endpoint/bucket) like the report store.
// S3's XML is small and flat: read with a few expressions, no XML dependency.
import type { LogObject } from '@farol/engine/logs/source-read.ts'
import type { BotLogsS3Config } from '../../platform/config.ts'
import { AppError } from '../../platform/errors.ts'
import { emptyPayloadHash, signV4, uriEncode } from '../../platform/storage/sigv4.ts'

export interface S3Location {
  bucket: string
  prefix: string
}

/** `s3://bucket/prefix/` → its parts; an AppError for anything else (bucket names per S3's rules). */
export function parseS3Url(text: string): S3Location {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(text.trim())
  if (!m || m[2]?.includes('\0')) throw new AppError('BOT_LOGS_S3_URL')
  return { bucket: m[1]!, prefix: m[2] ?? '' }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
export function xmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : ENTITIES[e.toLowerCase()]!,
  )
}
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)
  return m ? xmlText(m[1]!) : null
}

export interface ListPage {
  objects: { key: string; size: number; etag: string; lastModified: string }[]
  next: string | null
}

/** Pure: one ListObjectsV2 answer (ListBucketResult). */
export function parseListPage(xml: string): ListPage {
  const objects: ListPage['objects'] = []
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const c = m[1]!
    const key = tag(c, 'Key')
    if (key === null) continue
    objects.push({
      key,
      size: Number(tag(c, 'Size') ?? 0),
      etag: (tag(c, 'ETag') ?? '').replace(/"/g, ''),
      lastModified: tag(c, 'LastModified') ?? '',
    })
  }
  const truncated = tag(xml, 'IsTruncated') === 'true'
  return { objects, next: truncated ? tag(xml, 'NextContinuationToken') : null }
}

/** The S3 error code of an answer, mapped to Farol's: the bucket missing, or a refusal. */
function s3Failure(status: number, body: string): AppError {
  const code = tag(body, 'Code') ?? ''
  if (code === 'NoSuchBucket') return new AppError('BOT_LOGS_S3_NO_BUCKET', code)
  if (status === 403 || status === 400 || status === 401) return new AppError('BOT_LOGS_S3_DENIED', code)
  return new AppError('BOT_LOGS_S3_UNREACHABLE', `${status} ${code}`)
}

export interface S3Client {
  list(location: S3Location, maxObjects?: number): Promise<ListPage['objects']>
  get(bucket: string, key: string, start: number): AsyncIterable<Uint8Array>
}

/** Objects listed at most per read (10 pages of 1,000). */
const MAX_OBJECTS = 10_000

export function s3Client(config: BotLogsS3Config, now: () => Date = () => new Date()): S3Client {
  const request = async (url: URL, headers: Record<string, string> = {}) => {
    const signed = signV4(
      {
        method: 'GET',
        url,
        headers: { ...headers, 'x-amz-content-sha256': emptyPayloadHash },
        payloadHash: emptyPayloadHash,
      },
      config,
      { region: config.region, service: 's3', now: now() },
    )
    let res: Response
    try {
      res = await fetch(url, { headers: signed.headers, signal: AbortSignal.timeout(60_000) })
    } catch (error) {
      throw new AppError('BOT_LOGS_S3_UNREACHABLE', (error as Error).message)
    }
    if (!res.ok && res.status !== 206) throw s3Failure(res.status, await res.text().catch(() => ''))
    return res
  }
  const bucketUrl = (bucket: string) => new URL(`${config.endpoint}/${uriEncode(bucket)}`)

  return {
    async list(location, maxObjects = MAX_OBJECTS) {
      const out: ListPage['objects'] = []
      let token: string | null = null
      do {
        const url = bucketUrl(location.bucket)
        const params: [string, string][] = [['list-type', '2']]
        if (location.prefix) params.push(['prefix', location.prefix])
        if (token) params.push(['continuation-token', token])
        // Encoded as SigV4 encodes them (URLSearchParams would write a space as '+' and '~' as %7E).
        url.search = params.map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`).join('&')
        const page = parseListPage(await (await request(url)).text())
        out.push(...page.objects)
        token = page.next
      } while (token && out.length < maxObjects)
      return out.slice(0, maxObjects)
    },
    async *get(bucket, key, start) {
      const url = new URL(`${config.endpoint}/${uriEncode(bucket)}/${uriEncode(key, true)}`)
      const res = await request(url, start > 0 ? { range: `bytes=${start}-` } : {})
      if (!res.body) return
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) yield chunk
    },
  }
}

/**
 * Pure: a key that is safe to put in a path-style address. A `.` or `..` segment (or an empty one) would be
 * resolved away by the URL parser: `logs/../other-bucket/key` must not become a read of another bucket.
 */
export function plainKey(key: string): boolean {
  return key.length > 0 && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
}

/** The objects under a prefix as log files: known by key, size and ETag (an object changes only whole). */
export async function listS3Logs(client: S3Client, location: S3Location): Promise<LogObject[]> {
  const objects = await client.list(location)
  return objects
    .filter((o) => plainKey(o.key) && o.size > 0)
    .map((o) => ({
      key: o.key,
      size: o.size,
      version: o.etag,
      open: (start: number) => client.get(location.bucket, o.key, start),
    }))
}
