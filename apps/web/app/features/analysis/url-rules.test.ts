import { describe, expect, it } from 'vitest'
import { checkDashboardUrl } from './url-rules.ts'

describe('checkDashboardUrl (spec §5 dashboard rules)', () => {
  it('reports an empty address', () => {
    expect(checkDashboardUrl('')).toEqual({ ok: false, error: 'empty' })
    expect(checkDashboardUrl('   ')).toEqual({ ok: false, error: 'empty' })
    expect(checkDashboardUrl(null)).toEqual({ ok: false, error: 'empty' })
  })

  it('needs a dot in the host', () => {
    expect(checkDashboardUrl('intranet')).toEqual({ ok: false, error: 'invalid' })
    expect(checkDashboardUrl('exemplo/a.b')).toEqual({ ok: false, error: 'invalid' })
  })

  it('needs at least 4 characters after normalising', () => {
    expect(checkDashboardUrl('a.b')).toEqual({ ok: false, error: 'invalid' })
    expect(checkDashboardUrl('www.a.b')).toEqual({ ok: false, error: 'invalid' })
    expect(checkDashboardUrl('ab.c')).toEqual({ ok: true, url: 'https://ab.c' })
  })

  it('normalises: trims, adds https:// and drops www.', () => {
    expect(checkDashboardUrl('  www.exemplo.pt/x ')).toEqual({ ok: true, url: 'https://exemplo.pt/x' })
    expect(checkDashboardUrl('http://127.0.0.1:8080/good/')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8080/good/',
    })
  })

  it('refuses spaces inside the address', () => {
    expect(checkDashboardUrl('exemplo .pt')).toEqual({ ok: false, error: 'invalid' })
  })

  it('takes localhost with or without a port (the server decides whether private addresses are audited)', () => {
    expect(checkDashboardUrl('http://localhost:3000/')).toEqual({ ok: true, url: 'http://localhost:3000/' })
    expect(checkDashboardUrl('localhost:8080')).toEqual({ ok: true, url: 'https://localhost:8080' })
    expect(checkDashboardUrl('http://localhostx/')).toEqual({ ok: false, error: 'invalid' })
    expect(checkDashboardUrl('intranet')).toEqual({ ok: false, error: 'invalid' })
  })
})
