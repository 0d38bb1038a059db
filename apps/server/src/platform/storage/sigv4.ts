// AWS Signature Version 4 for the S3-compatible report store, with node:crypto only (decision 005).
// Pure: the same request, credentials and instant always give the same signature, which is what lets
// the tests hold it against AWS's published examples.
import { createHash, createHmac } from 'node:crypto'

export const emptyPayloadHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

export interface SigV4Credentials {
  accessKeyId: string
  secretAccessKey: string
}

export interface SigV4Request {
  method: string
  /** The address as it will be sent: its path already URI-encoded the way S3 expects (uriEncode). */
  url: URL
  /** Headers to send and sign, besides host and x-amz-date (for S3: x-amz-content-sha256). */
  headers?: Record<string, string>
  /** Hex SHA-256 of the body (emptyPayloadHash for none). */
  payloadHash: string
}

export interface SigV4Scope {
  region: string
  service: string
  now: Date
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/**
 * RFC 3986 encoding as SigV4 defines it: everything but A-Z a-z 0-9 - _ . ~ is %XX-encoded (upper case);
 * `/` is kept when encoding an object key's path.
 */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest()
}

/** `20130524T000000Z` */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

/**
 * Signs a request; answers the headers to send (the given ones plus x-amz-date and authorization; fetch
 * adds host from the address) and the signature. S3 does not normalise paths, so the path is used as
 * given, encoded once.
 */
export function signV4(
  request: SigV4Request,
  credentials: SigV4Credentials,
  scope: SigV4Scope,
): { headers: Record<string, string>; signature: string } {
  const timestamp = amzDate(scope.now)
  const day = timestamp.slice(0, 8)
  const toSign: Record<string, string> = { host: request.url.host, 'x-amz-date': timestamp }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    toSign[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ')
  }
  const names = Object.keys(toSign).sort()
  const signedHeaders = names.join(';')
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    ...names.map((n) => `${n}:${toSign[n]}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n')
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, credentialScope, sha256Hex(canonicalRequest)].join(
    '\n',
  )
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), scope.region), scope.service),
    'aws4_request',
  )
  const signature = hmac(signingKey, stringToSign).toString('hex')
  return {
    signature,
    headers: {
      ...request.headers,
      'x-amz-date': timestamp,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    },
  }
}
