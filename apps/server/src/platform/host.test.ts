import { describe, expect, it } from 'vitest'
import { hostOf } from './host.ts'

describe('hostOf', () => {
  it('keeps a non-default port and lowercases the name', () => {
    expect(hostOf('https://Loja.Exemplo.PT:8443/produtos?x=1')).toBe('loja.exemplo.pt:8443')
    expect(hostOf('https://loja.exemplo.pt:443/')).toBe('loja.exemplo.pt')
  })
  it('tells www and the bare name apart (a crawl stays on its start host)', () => {
    expect(hostOf('https://www.exemplo.pt/')).not.toBe(hostOf('https://exemplo.pt/'))
  })
  it('is null for what is not a URL', () => {
    expect(hostOf('não é um endereço')).toBeNull()
  })
})
