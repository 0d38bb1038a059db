import { describe, expect, it } from 'vitest'
import { renderEmail, unlinkable } from './templates.ts'

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

describe('invitation email', () => {
  const spam = 'URGENT: verify your account at http://evil.example/login'
  const invitation = (lang: 'pt' | 'en', name = '') =>
    renderEmail(
      {
        kind: 'invitation',
        name,
        url: 'https://farol.app/invitation/abc123',
        inviter: 'Ana Lopes',
        workspace: spam,
        role: 'client',
      },
      lang,
    )

  it('names the inviter, the workspace and the role offered, in the language asked', () => {
    const pt = invitation('pt')
    expect(pt.text).toContain('Ana Lopes convidou-o para o espaço de trabalho «')
    expect(pt.text).toContain('com o papel de cliente.')
    expect(pt.text).toContain('Cliente: vê os resultados e os relatórios dos sites partilhados consigo')
    const en = invitation('en', 'Rui')
    expect(en.text).toContain('Hello Rui,')
    expect(en.text).toContain('Ana Lopes invited you to the workspace “')
    expect(en.text).toContain('with the role of client.')
  })

  it('greets nobody by a made-up name when the invitee has no account', () => {
    expect(invitation('pt').text.startsWith('Olá,\n')).toBe(true)
    expect(invitation('en').text.startsWith('Hello,\n')).toBe(true)
    expect(invitation('pt').text).not.toContain('Utilizador')
  })

  it('shows the workspace name as plain text: no link, no headline, one line', () => {
    const m = invitation('pt')
    // The only link is the invitation's.
    expect(m.html.match(/href="/g)).toHaveLength(1)
    expect(m.html).not.toContain('<strong>')
    // No autolinker finds an address in it; it reads the same without the zero-width spaces.
    for (const body of [m.text, m.html]) {
      expect(body).not.toContain('http://evil')
      expect(body).not.toContain('evil.example')
      expect(body.replaceAll('\u200b', '')).toContain(spam)
    }
    expect(m.subject).not.toContain('URGENT')
    expect(unlinkable('a\nb\u202Ec@d.e')).toBe('a b c@\u200bd.\u200be')
    expect(
      renderEmail(
        { kind: 'invitation', name: '', url: 'https://x', inviter: '<b>', workspace: 'W', role: 'member' },
        'en',
      ).html,
    ).not.toContain('<b>')
  })
})
