import { describe, expect, it } from 'vitest'
import { renderEmail } from './templates.ts'

describe('renderEmail', () => {
  it('writes the verification email in Portuguese with the link in text and HTML', () => {
    const m = renderEmail({ kind: 'verification', name: 'Ana', url: 'https://farol.app/v?t=1&x=2' }, 'pt')
    expect(m.subject).toBe('Confirme o seu email no Farol')
    expect(m.text).toContain('Olá Ana,')
    expect(m.text).toContain('https://farol.app/v?t=1&x=2')
    expect(m.html).toContain('href="https://farol.app/v?t=1&amp;x=2"')
    expect(m.html).toContain('lang="pt-PT"')
  })
  it('uses the default name of the specification when the user has none', () => {
    expect(renderEmail({ kind: 'reset-password', name: ' ', url: 'https://x' }, 'pt').text).toContain(
      'Olá Utilizador,',
    )
    expect(renderEmail({ kind: 'reset-password', name: '', url: 'https://x' }, 'en').text).toContain(
      'Hello User,',
    )
  })
  it('escapes names in HTML', () => {
    const m = renderEmail({ kind: 'verification', name: '<script>', url: 'https://x' }, 'en')
    expect(m.html).not.toContain('<script>')
    expect(m.html).toContain('&lt;script&gt;')
  })
})

describe('report-ready email', () => {
  it('names the site and links to the reports list', () => {
    const m = renderEmail(
      {
        kind: 'report-ready',
        name: 'Ana',
        url: 'https://farol.app/suite/reports',
        site: 'https://exemplo.pt/',
      },
      'pt',
    )
    expect(m.subject).toBe('O seu relatório do Farol está pronto')
    expect(m.text).toContain('https://exemplo.pt/')
    expect(m.text).toContain('https://farol.app/suite/reports')
  })
})
