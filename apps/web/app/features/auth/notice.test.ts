import { describe, expect, it } from 'vitest'
import { emailVerifiedNotice, noticeCookieHeader, readNotice } from './notice.ts'
import { callbackUrl } from './session-client.ts'

describe('the email-confirmed notice', () => {
  it('is asked for by the confirmation email only', () => {
    expect(callbackUrl('/dashboard/client', { verifiedEmail: true })).toBe(
      '/auth/callback?next=%2Fdashboard%2Fclient&verified=email',
    )
    // OAuth sign-in lands on the same callback without it.
    expect(callbackUrl('/suite')).toBe('/auth/callback?next=%2Fsuite')
  })

  it('travels in a short-lived cookie read back by name', () => {
    expect(noticeCookieHeader(emailVerifiedNotice)).toBe(
      'farol_notice=email-verified; Path=/; Max-Age=120; SameSite=Lax',
    )
    expect(readNotice('a=1; farol_notice=email-verified; b=2')).toBe(emailVerifiedNotice)
    expect(readNotice('a=1')).toBeNull()
    expect(readNotice('farol_notice=')).toBeNull()
  })
})
