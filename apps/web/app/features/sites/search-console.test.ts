// The link request the panel sends decides whether the connection outlives its first hour: without
// offline access and the consent prompt Google gives no refresh token (the server test posts this body
// to Better Auth and reads the Google address it answers).
import { describe, expect, it } from 'vitest'
import { GSC_SCOPE, linkErrorKey, searchConsoleLinkBody } from './search-console.ts'

describe('searchConsoleLinkBody', () => {
  it('links Google with the read-only Search Console scope, offline, back to the sites page', () => {
    expect(searchConsoleLinkBody()).toEqual({
      provider: 'google',
      scopes: ['https://www.googleapis.com/auth/webmasters.readonly'],
      callbackURL: '/suite/sites',
      errorCallbackURL: '/suite/sites?searchConsole=failed',
      additionalParams: { access_type: 'offline', prompt: 'select_account consent' },
    })
    expect(GSC_SCOPE).toBe('https://www.googleapis.com/auth/webmasters.readonly')
  })
})

describe('linkErrorKey', () => {
  it.each([
    ['access_denied', 'connectDenied'],
    ['email_does_not_match', 'connectOtherEmail'],
    ['unable_to_link_account', 'connectFailed'],
    [null, 'connectFailed'],
  ] as const)('%s → %s', (code, key) => {
    expect(linkErrorKey(code)).toBe(key)
  })
})
