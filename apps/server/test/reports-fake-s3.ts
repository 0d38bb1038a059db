// A fake S3-compatible server for tests: path-style buckets in memory, and every request's SigV4
// signature recomputed here from what actually arrived on the wire (deliberately not with the
// signer under test), so a signing mistake, or a header sent differently from how it was signed,
// gets the 403 SignatureDoesNotMatch a real S3 would answer.
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeS3 {
  /** The endpoint, e.g. http://127.0.0.1:41234 */
  url: string
  /** bucket/key → bytes */
  objects: Map<string, Buffer>
  /** Every request, in order, with the status it got. */
  log: Array<{ method: string; path: string; status: number }>
  /** ListObjectsV2 answers at most this many keys a page (S3: 1,000), to exercise continuation tokens. */
  pageSize: number
  /** The next `times` requests of this method answer `status` (an S3 outage or a refusal). */
  failNext(method: 'PUT' | 'GET' | 'DELETE', status: number, times?: number): void
  close(): Promise<void>
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const messages: Record<string, string> = {
  SignatureDoesNotMatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified key does not exist.',
  AccessDenied: 'Access Denied',
}

/** S3's REST error body (Amazon S3 API Reference, "Error responses"). */
function s3Error(res: ServerResponse, status: number, code: string, resource = ''): number {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(messages[code] ?? code)}</Message><Resource>${xml(resource)}</Resource><RequestId>4442587FB7D0A2F9</RequestId></Error>`,
  )
  return status
}

/** A ListObjectsV2 page (ListBucketResult), keys in UTF-8 binary order, continuation token opaque. */
function listPage(
  objects: Map<string, Buffer>,
  bucket: string,
  params: URLSearchParams,
  pageSize: number,
): string {
  const prefix = params.get('prefix') ?? ''
  const max = Math.min(pageSize, Number(params.get('max-keys') ?? 1000))
  const after = params.get('continuation-token')
    ? Buffer.from(params.get('continuation-token')!, 'base64').toString('utf8')
    : (params.get('start-after') ?? '')
  const keys = [...objects.keys()]
    .filter((k) => k.startsWith(`${bucket}/`))
    .map((k) => k.slice(bucket.length + 1))
    .filter((k) => k.startsWith(prefix) && k > after)
    .sort()
  const page = keys.slice(0, max)
  const truncated = keys.length > max
  const contents = page
    .map((key) => {
      const body = objects.get(`${bucket}/${key}`)!
      const etag = createHash('md5').update(body).digest('hex')
      return `<Contents><Key>${xml(key)}</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><ETag>&quot;${etag}&quot;</ETag><Size>${body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
    })
    .join('')
  const token = params.get('continuation-token')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : ''}${contents}${truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64')}</NextContinuationToken>` : ''}</ListBucketResult>`
}

/** The reason a request is refused, or null when its signature holds. */
function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth = req.headers.authorization ?? ''
  const match = auth.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/,
  )
  if (!match) return 'AuthorizationHeaderMalformed'
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as string[]
  if (keyId !== credentials.accessKeyId) return 'InvalidAccessKeyId'
  if (region !== credentials.region) return 'AuthorizationHeaderMalformed'
  const timestamp = String(req.headers['x-amz-date'] ?? '')
  if (!timestamp.startsWith(day!)) return 'AuthorizationHeaderMalformed'
  const names = signedHeaders!.split(';')
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!names.includes(required)) return 'AccessDenied'
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'])
  if (payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch'

  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?')
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&')
  const canonical = [
    req.method,
    rawPath,
    query,
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256(canonical)].join('\n')
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day!)
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part)
  return hmac(key, toSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch'
}

export async function startFakeS3(credentials: {
  accessKeyId: string
  secretAccessKey: string
  region?: string
}): Promise<FakeS3> {
  const objects = new Map<string, Buffer>()
  const log: FakeS3['log'] = []
  const failures: Array<{ method: string; status: number; times: number }> = []
  const expected = { ...credentials, region: credentials.region ?? 'us-east-1' }

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): number => {
    const failure = failures.find((f) => f.method === req.method && f.times > 0)
    if (failure) {
      failure.times -= 1
      return s3Error(res, failure.status, failure.status === 403 ? 'AccessDenied' : 'InternalError')
    }
    const problem = signatureProblem(req, body, expected)
    if (problem) return s3Error(res, 403, problem)
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1))
    const bucket = path.split('/')[0]!
    const bucketExists = [...objects.keys()].some((k) => k.startsWith(`${bucket}/`))
    if (req.method === 'GET' && !path.includes('/')) {
      const params = new URLSearchParams((req.url ?? '').split('?')[1] ?? '')
      if (params.get('list-type') !== '2') return s3Error(res, 400, 'InvalidRequest')
      if (!bucketExists) return s3Error(res, 404, 'NoSuchBucket', bucket)
      res.writeHead(200, { 'content-type': 'application/xml' })
      res.end(listPage(objects, bucket, params, fake.pageSize))
      return 200
    }
    if (!/^[^/]+\/.+/.test(path)) return s3Error(res, 400, 'InvalidRequest')
    if (req.method === 'PUT') {
      objects.set(path, body)
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` })
      res.end()
      return 200
    }
    if (req.method === 'GET') {
      const object = objects.get(path)
      if (!bucketExists) return s3Error(res, 404, 'NoSuchBucket', bucket)
      if (!object) return s3Error(res, 404, 'NoSuchKey', `/${path}`)
      const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''))
      if (range) {
        const start = Number(range[1])
        if (start >= object.length) return s3Error(res, 416, 'InvalidRange', `/${path}`)
        res.writeHead(206, {
          'content-length': object.length - start,
          'content-range': `bytes ${start}-${object.length - 1}/${object.length}`,
        })
        res.end(object.subarray(start))
        return 206
      }
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': object.length })
      res.end(object)
      return 200
    }
    if (req.method === 'DELETE') {
      objects.delete(path)
      res.writeHead(204)
      res.end()
      return 204
    }
    return s3Error(res, 405, 'MethodNotAllowed')
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const status = handle(req, res, Buffer.concat(chunks))
      log.push({ method: req.method ?? '', path: req.url ?? '', status })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const fake: FakeS3 = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    log,
    pageSize: 1000,
    failNext(method, status, times = 1) {
      failures.push({ method, status, times })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
