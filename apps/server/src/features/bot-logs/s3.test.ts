// The S3 pieces that judge: the address a user gives, the keys that may be put in a path-style address,
// and ListObjectsV2's answer (the shape documented in the Amazon S3 API Reference).
import { describe, expect, it } from 'vitest'
import { parseListPage, parseS3Url, plainKey, xmlText } from './s3.ts'

describe('S3 log prefixes', () => {
  it.each([
    ['s3://registos-cdn/cloudfront/', { bucket: 'registos-cdn', prefix: 'cloudfront/' }],
    ['s3://registos.exemplo.pt', { bucket: 'registos.exemplo.pt', prefix: '' }],
    ['  s3://b1b/x y/  ', { bucket: 'b1b', prefix: 'x y/' }],
  ])('%s', (text, location) => {
    expect(parseS3Url(text)).toEqual(location)
  })
  it.each(['https://s3.amazonaws.com/b/x', 's3://', 's3://A_B/x', 's3:/b/x', 'b/x'])('refuses %s', (text) => {
    expect(() => parseS3Url(text)).toThrow(expect.objectContaining({ code: 'BOT_LOGS_S3_URL' }))
  })
  it.each([
    ['cf/E2ABC.2026-11-20-10.abcd.gz', true],
    ['logs/../other-bucket/secret', false],
    ['./x', false],
    ['a//b', false],
    ['dir/', false],
  ])('key %s is plain: %s', (key, ok) => {
    expect(plainKey(key)).toBe(ok)
  })
  it('reads a ListBucketResult page: keys unescaped, ETags unquoted, the next token when truncated', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Name>bucket</Name><Prefix>cf/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
  <Contents><Key>cf/a&amp;b.gz</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><ETag>&quot;fba9dede5f27731c9771645a39863328&quot;</ETag><Size>434234</Size><StorageClass>STANDARD</StorageClass></Contents>
  <Contents><Key>cf/c.gz</Key><LastModified>2026-11-20T11:00:00.000Z</LastModified><ETag>"0123"</ETag><Size>10</Size><StorageClass>STANDARD</StorageClass></Contents>
  <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
</ListBucketResult>`
    expect(parseListPage(xml)).toEqual({
      objects: [
        {
          key: 'cf/a&b.gz',
          size: 434234,
          etag: 'fba9dede5f27731c9771645a39863328',
          lastModified: '2026-11-20T10:00:00.000Z',
        },
        { key: 'cf/c.gz', size: 10, etag: '0123', lastModified: '2026-11-20T11:00:00.000Z' },
      ],
      next: '1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=',
    })
    expect(parseListPage(xml.replace('<IsTruncated>true', '<IsTruncated>false')).next).toBeNull()
    expect(xmlText('&lt;a&gt; &#233; &#x41;')).toBe('<a> é A')
  })
})
