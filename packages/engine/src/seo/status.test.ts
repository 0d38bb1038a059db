import { describe, expect, it } from 'vitest'
import { httpStatusCode, redirectChain } from './status.ts'
import { page, run, verdict } from './test-utils.ts'

const html = page('<title>t</title>')
const hop = (url: string, status = 301) => ({ url, status, location: 'x' })

describe('http-status-code (Lighthouse rule: 400-599 fails)', () => {
  it.each([
    [200, 'pass'],
    [204, 'pass'],
    [304, 'warn'],
    [399, 'warn'],
    [400, 'fail'],
    [404, 'fail'],
    [500, 'fail'],
    [599, 'fail'],
  ] as const)('status %i -> %s', (status, v) => expect(verdict(httpStatusCode, html, { status })).toBe(v))
  it('reports the status as evidence', () => {
    expect(run(httpStatusCode, html, { status: 503 }).evidence[0]?.value).toBe(503)
  })
})

describe('redirect-chain', () => {
  it('passes with no redirect or one (http -> https)', () => {
    expect(verdict(redirectChain, html)).toBe('pass')
    expect(verdict(redirectChain, html, { redirects: [hop('http://farol.example/')] })).toBe('pass')
  })
  it('warns for 2-3 hops and fails beyond', () => {
    const hops = (n: number) => Array.from({ length: n }, (_, i) => hop(`https://farol.example/${i}`))
    expect(verdict(redirectChain, html, { redirects: hops(2) })).toBe('warn')
    expect(verdict(redirectChain, html, { redirects: hops(3) })).toBe('warn')
    expect(verdict(redirectChain, html, { redirects: hops(4) })).toBe('fail')
  })
  it('records the chain and temporary redirects', () => {
    const f = run(redirectChain, html, {
      redirects: [hop('http://a.example/', 302), hop('https://a.example/', 301)],
    })
    expect(f.evidence.find((e) => e.signal.en === 'redirect chain')?.value).toContain('302 http://a.example/')
    expect(f.evidence.find((e) => e.signal.en.startsWith('temporary'))?.value).toBe(1)
  })
})
