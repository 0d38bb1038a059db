import { EngineError } from '@farol/engine'
import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.ts'
import { normalizeTaskUrl, parseCreateBody } from './contract.ts'

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (e) {
    if (e instanceof AppError || e instanceof EngineError) return e.code
    throw e
  }
  return undefined
}

describe('normalizeTaskUrl', () => {
  it('trims and adds https:// when there is no scheme', () => {
    expect(normalizeTaskUrl('  exemplo.pt/loja ', false)).toBe('https://exemplo.pt/loja')
    expect(normalizeTaskUrl('http://exemplo.pt', false)).toBe('http://exemplo.pt/')
    expect(normalizeTaskUrl('localhost:8080/x', true)).toBe('https://localhost:8080/x')
  })
  it('refuses what cannot be audited, with the engine or API error code', () => {
    expect(codeOf(() => normalizeTaskUrl('   ', false))).toBe('URL_REQUIRED')
    expect(codeOf(() => normalizeTaskUrl('ftp://exemplo.pt', false))).toBe('UNSUPPORTED_SCHEME')
    expect(codeOf(() => normalizeTaskUrl('https://user:pw@exemplo.pt', false))).toBe('CREDENTIALS_IN_URL')
    expect(codeOf(() => normalizeTaskUrl('http://127.0.0.1/', false))).toBe('BLOCKED_ADDRESS')
    expect(codeOf(() => normalizeTaskUrl('http://2130706433/', false))).toBe('BLOCKED_ADDRESS')
    expect(codeOf(() => normalizeTaskUrl('intranet', false))).toBe('INVALID_URL')
    expect(normalizeTaskUrl('http://127.0.0.1:9/', true)).toBe('http://127.0.0.1:9/')
  })
})

describe('parseCreateBody', () => {
  it('accepts the specification payloads', () => {
    expect(
      parseCreateBody(
        { task_name: 'seo_analysis', requested_data: { url: 'a.pt', platform: 'mobile' } },
        false,
      ),
    ).toEqual({
      kind: 'seo_analysis',
      url: 'https://a.pt/',
      platform: 'mobile',
      lang: undefined,
      // Typed without a scheme: https first, http when https cannot connect.
      input: { httpFallback: true },
    })
    expect(
      parseCreateBody(
        { task_name: 'seo_analysis', requested_data: { url: 'https://a.pt', platform: 'mobile' } },
        false,
      ),
    ).toEqual({ kind: 'seo_analysis', url: 'https://a.pt/', platform: 'mobile', lang: undefined })
    expect(
      parseCreateBody(
        { task_name: 'ai_optimization', requested_data: { url: 'a.pt', platform: 'mobile' } },
        false,
      ),
    ).toMatchObject({
      kind: 'ai_optimization',
      platform: null,
    })
  })
  it('gives each bad input its own error', () => {
    expect(
      codeOf(() => parseCreateBody({ task_name: 'seo_analysis', requested_data: { url: 'a.pt' } }, false)),
    ).toBe('PLATFORM_REQUIRED')
    expect(codeOf(() => parseCreateBody({ task_name: 'directory_search', requested_data: {} }, false))).toBe(
      'INVALID_TASK',
    )
    expect(
      codeOf(() => parseCreateBody({ task_name: 'ai_optimization', requested_data: { url: '' } }, false)),
    ).toBe('URL_REQUIRED')
    expect(codeOf(() => parseCreateBody('nonsense', false))).toBe('INVALID_TASK')
  })
})
