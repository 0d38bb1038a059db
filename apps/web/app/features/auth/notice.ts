/**
 * A one-time note set by /auth/callback when the person arrives from the email confirmation link, read by
 * the page they land on (issue 12: following the link confirmed nothing on screen). A cookie, because
 * the callback answers with a redirect and the landing page may carry its own query.
 */
export const noticeCookie = 'farol_notice'
export const emailVerifiedNotice = 'email-verified'

export function noticeCookieHeader(value: string): string {
  return `${noticeCookie}=${value}; Path=/; Max-Age=120; SameSite=Lax`
}

/** The notice in a Cookie header, if any. */
export function readNotice(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === noticeCookie) return value.join('=') || null
  }
  return null
}
