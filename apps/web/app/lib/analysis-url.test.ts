import { describe, expect, it } from 'vitest'
import { makeProjectId, normalizeAnalysisUrl, suiteHref } from './analysis-url.ts'

describe('normalizeAnalysisUrl', () => {
  it('ignores empty and blank input', () => {
    expect(normalizeAnalysisUrl('')).toBeNull()
    expect(normalizeAnalysisUrl('   \t ')).toBeNull()
    expect(normalizeAnalysisUrl(null)).toBeNull()
    expect(normalizeAnalysisUrl(undefined)).toBeNull()
  })

  it('trims and prefixes https:// when no scheme is given', () => {
    expect(normalizeAnalysisUrl('  exemplo.pt  ')).toBe('https://exemplo.pt')
    expect(normalizeAnalysisUrl('exemplo.pt/loja?x=1')).toBe('https://exemplo.pt/loja?x=1')
  })

  it('keeps an existing scheme', () => {
    expect(normalizeAnalysisUrl('http://exemplo.pt')).toBe('http://exemplo.pt')
    expect(normalizeAnalysisUrl('HTTPS://Exemplo.pt')).toBe('HTTPS://Exemplo.pt')
  })

  it('drops a leading www. with or without scheme', () => {
    expect(normalizeAnalysisUrl('www.exemplo.pt')).toBe('https://exemplo.pt')
    expect(normalizeAnalysisUrl('https://www.exemplo.pt/x')).toBe('https://exemplo.pt/x')
    expect(normalizeAnalysisUrl('WWW.Exemplo.pt')).toBe('https://Exemplo.pt')
  })

  it('only drops www at the start of the host', () => {
    expect(normalizeAnalysisUrl('https://shop.www.exemplo.pt')).toBe('https://shop.www.exemplo.pt')
    expect(normalizeAnalysisUrl('wwwexemplo.pt')).toBe('https://wwwexemplo.pt')
  })
})

describe('makeProjectId', () => {
  it('follows the spec example', () => {
    expect(makeProjectId('https://www.exemplo.pt/x', 1732233600000)).toBe('exemplo-pt-1732233600000')
  })

  it('drops protocol, www, path, query and fragment', () => {
    expect(makeProjectId('http://loja.exemplo.com.br/a/b?c=d#e', 5)).toBe('loja-exemplo-com-br-5')
    expect(makeProjectId('exemplo.pt', 7)).toBe('exemplo-pt-7')
  })

  it('replaces every non-alphanumeric character with a dash', () => {
    expect(makeProjectId('https://localhost:8080', 1)).toBe('localhost-8080-1')
    expect(makeProjectId('https://café.pt', 1)).toBe('caf--pt-1')
  })

  it('uses the current time by default', () => {
    const before = Date.now()
    const id = makeProjectId('https://exemplo.pt')
    const stamp = Number(id.split('-').at(-1))
    expect(stamp).toBeGreaterThanOrEqual(before)
    expect(stamp).toBeLessThanOrEqual(Date.now())
  })
})

describe('suiteHref', () => {
  it('encodes url and projectId as query parameters', () => {
    expect(suiteHref('https://exemplo.pt/a?b=1', 'exemplo-pt-1')).toBe(
      '/suite?url=https%3A%2F%2Fexemplo.pt%2Fa%3Fb%3D1&projectId=exemplo-pt-1',
    )
  })
})
