// The signer against AWS's published examples: any mistake in the canonical request, the scope or the
// key derivation changes these signatures.
import { describe, expect, it } from 'vitest'
import { emptyPayloadHash, sha256Hex, signV4, uriEncode } from './sigv4.ts'

// Amazon S3 API Reference, "Signature Calculations for the Authorization Header: Transferring Payload
// in a Single Chunk" (sig-v4-header-based-auth).
const s3Docs = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
}
const s3Scope = { region: 'us-east-1', service: 's3', now: new Date('2013-05-24T00:00:00Z') }

describe('AWS Signature Version 4', () => {
  it('signs the documented S3 GET Object example', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': emptyPayloadHash },
        payloadHash: emptyPayloadHash,
      },
      s3Docs,
      s3Scope,
    )
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
    expect(signed.headers['x-amz-date']).toBe('20130524T000000Z')
  })

  it('signs the documented S3 PUT Object example (a signed body and a key with $)', () => {
    const body = 'Welcome to Amazon S3.'
    const payloadHash = sha256Hex(body)
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072')
    const url = new URL(`https://examplebucket.s3.amazonaws.com/${uriEncode('test$file.text', true)}`)
    expect(url.pathname).toBe('/test%24file.text')
    const signed = signV4(
      {
        method: 'PUT',
        url,
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payloadHash,
        },
        payloadHash,
      },
      s3Docs,
      s3Scope,
    )
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')
  })

  it('signs the get-vanilla case of the SigV4 test suite', () => {
    const signed = signV4(
      { method: 'GET', url: new URL('https://example.amazonaws.com/'), payloadHash: emptyPayloadHash },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      { region: 'us-east-1', service: 'service', now: new Date('2015-08-30T12:36:00Z') },
    )
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })

  it('sorts and encodes the query as the S3 list example expects', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2'),
        headers: { 'x-amz-content-sha256': emptyPayloadHash },
        payloadHash: emptyPayloadHash,
      },
      s3Docs,
      s3Scope,
    )
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
  })

  it('encodes keys byte by byte, keeping only unreserved characters and, in paths, the slash', () => {
    expect(uriEncode("a b+c/d!'()*~é")).toBe('a%20b%2Bc%2Fd%21%27%28%29%2A~%C3%A9')
    expect(uriEncode('relatórios/x y.pdf', true)).toBe('relat%C3%B3rios/x%20y.pdf')
  })
})
