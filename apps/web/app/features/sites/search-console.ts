// Connecting Google Search Console: Better Auth's link-social for the signed-in user's Google account
// with the read-only Search Console scope. Offline access and the consent screen are asked for here,
// and only here: Google issues the refresh token that keeps the connection alive past the first hour
// only on consent, while plain Google sign-in stays one click (decision 016).
export const GSC_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly'

/** The body of POST /api/auth/link-social; back on `returnTo`, or `returnTo?searchConsole=failed&error=…`. */
export function searchConsoleLinkBody(returnTo = '/suite/sites') {
  return {
    provider: 'google',
    scopes: [GSC_SCOPE],
    callbackURL: returnTo,
    errorCallbackURL: `${returnTo}?searchConsole=failed`,
    // select_account: the user picks the Google account that owns the Search Console properties.
    additionalParams: { access_type: 'offline', prompt: 'select_account consent' },
  }
}

/** Better Auth's error codes after a failed link (`?error=`) → the panel's message key. */
export function linkErrorKey(error: string | null): 'connectDenied' | 'connectOtherEmail' | 'connectFailed' {
  if (error === 'access_denied') return 'connectDenied'
  if (error === 'email_does_not_match') return 'connectOtherEmail'
  return 'connectFailed'
}
