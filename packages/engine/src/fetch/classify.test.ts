// Definitive network failures get their own codes, are not transient, and an address typed without a
// scheme falls back to http when https cannot connect. Real sockets on loopback.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import { EngineError } from '../errors.ts'
import { classifyNetworkError } from './classify.ts'
import { safeFetch } from './fetcher.ts'

let fx: FixtureServer
let closedPort: number
beforeAll(async () => {
  fx = await startFixtureServer()
  // A port that was just free: nothing listens there, so connecting is refused.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
})
afterAll(() => fx.close())

async function failure(url: string, options: Parameters<typeof safeFetch>[1] = {}): Promise<EngineError> {
  try {
    await safeFetch(url, { allowPrivate: true, ...options })
  } catch (error) {
    if (error instanceof EngineError) return error
    throw error
  }
  throw new Error(`expected ${url} to fail`)
}

const fxPort = () => new URL(fx.url('/')).port

describe('definitive network errors', () => {
  it('a closed port over http is CONNECTION_REFUSED, not transient', async () => {
    const error = await failure(`http://127.0.0.1:${closedPort}/`)
    expect(error.code).toBe('CONNECTION_REFUSED')
    expect(error.transient).toBe(false)
  })

  it('a closed port over https is HTTPS_UNAVAILABLE (http is what to try next)', async () => {
    const error = await failure(`https://127.0.0.1:${closedPort}/`)
    expect(error.code).toBe('HTTPS_UNAVAILABLE')
    expect(error.transient).toBe(false)
  })

  it('https against an http-only server is a TLS failure', async () => {
    const error = await failure(`https://127.0.0.1:${fxPort()}/`)
    expect(error.code).toBe('TLS_FAILURE')
    expect(error.transient).toBe(false)
  })

  it('a name DNS does not know is HOST_NOT_FOUND; a resolver that did not answer stays transient', async () => {
    const noName = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' })
    const unknown = await failure('http://nowhere.test/', {
      resolver: async () => {
        throw noName
      },
    })
    expect(unknown.code).toBe('HOST_NOT_FOUND')
    expect(unknown.transient).toBe(false)
    const again = Object.assign(new Error('getaddrinfo EAI_AGAIN slow.test'), { code: 'EAI_AGAIN' })
    const slow = await failure('http://slow.test/', {
      resolver: async () => {
        throw again
      },
    })
    expect(slow.code).toBe('DNS_FAILURE')
    expect(slow.transient).toBe(true)
  })

  it('classifies by code and scheme', () => {
    expect(classifyNetworkError('ECONNREFUSED', 'http:')).toBe('CONNECTION_REFUSED')
    expect(classifyNetworkError('ECONNREFUSED', 'https:')).toBe('HTTPS_UNAVAILABLE')
    expect(classifyNetworkError('CERT_HAS_EXPIRED', 'https:')).toBe('TLS_FAILURE')
    expect(classifyNetworkError('ECONNRESET', 'https:')).toBe('NETWORK_ERROR')
    expect(classifyNetworkError(undefined, 'https:')).toBe('NETWORK_ERROR')
  })
})

describe('http fallback for an address typed without a scheme', () => {
  it('fetches over http when https cannot connect', async () => {
    const page = await safeFetch(`https://127.0.0.1:${fxPort()}/redirect/chain/0`, {
      allowPrivate: true,
      httpFallback: true,
    })
    expect(page.status).toBe(200)
    expect(page.finalUrl).toBe(fx.url('/redirect/chain/0'))
  })

  it('does not fall back when the scheme was typed', async () => {
    expect((await failure(`https://127.0.0.1:${fxPort()}/redirect/chain/0`)).code).toBe('TLS_FAILURE')
  })

  it('does not fall back for other errors', async () => {
    const error = await failure(`http://127.0.0.1:${closedPort}/`, { httpFallback: true })
    expect(error.code).toBe('CONNECTION_REFUSED')
  })
})
