import { describe, expect, it } from 'vitest'
import { callbackTarget, messageFromState, safeLocalPath, successTarget, tabFromState } from './routing.ts'

const base = { role: 'user' as const, redirect: null, url: null, pendingUrl: null }

describe('success routing (spec §4)', () => {
  it('goes to the suite with the url when redirect=suite and url is present', () => {
    expect(successTarget({ ...base, redirect: 'suite', url: 'exemplo.pt', pendingUrl: 'other.pt' })).toEqual({
      to: '/suite?url=exemplo.pt',
      clearPending: false,
    })
  })

  it('uses and clears the pending analysis when redirect=suite has no url', () => {
    expect(successTarget({ ...base, redirect: 'suite', pendingUrl: 'https://a.pt/x?y=1' })).toEqual({
      to: '/suite?url=https%3A%2F%2Fa.pt%2Fx%3Fy%3D1',
      clearPending: true,
    })
  })

  it('ignores the pending analysis without redirect=suite', () => {
    expect(successTarget({ ...base, pendingUrl: 'a.pt' }).to).toBe('/suite')
  })

  it('sends an admin to /dashboard, even with a redirect', () => {
    expect(successTarget({ ...base, role: 'admin', redirect: '/suite/profile' }).to).toBe('/dashboard')
    expect(successTarget({ ...base, role: 'admin', redirect: 'suite', url: 'a.pt' }).to).toBe(
      '/suite?url=a.pt',
    )
  })

  it('sends others to redirect, then returnTo, then /suite', () => {
    expect(successTarget({ ...base, redirect: '/suite/settings', returnTo: '/x' }).to).toBe('/suite/settings')
    expect(successTarget({ ...base, returnTo: '/dashboard/client' }).to).toBe('/dashboard/client')
    expect(successTarget({ ...base, redirect: 'https://evil.example' }).to).toBe('/suite')
    expect(successTarget(base).to).toBe('/suite')
  })
})

describe('safeLocalPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeLocalPath('/suite?url=a.pt#top')).toBe('/suite?url=a.pt#top')
    expect(safeLocalPath('/dashboard/client')).toBe('/dashboard/client')
  })

  it('refuses other sites and tricks', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ])
      expect(safeLocalPath(bad)).toBeNull()
  })

  it('gives /suite as the callback default', () => {
    expect(callbackTarget(null)).toBe('/suite')
    expect(callbackTarget('//evil.example')).toBe('/suite')
    expect(callbackTarget('/dashboard/client')).toBe('/dashboard/client')
  })
})

describe('navigation state', () => {
  it('reads the default tab and the info message', () => {
    expect(tabFromState({ tab: 'signup' })).toBe('signup')
    expect(tabFromState({ tab: 'x' })).toBe('signin')
    expect(tabFromState(null)).toBe('signin')
    expect(messageFromState({ message: 'Olá' })).toBe('Olá')
    expect(messageFromState({ message: 3 })).toBeNull()
  })
})
