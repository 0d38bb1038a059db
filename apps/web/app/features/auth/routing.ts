/** Where a visitor goes after signing in or up (spec §4), and which `next`/`redirect` values are safe. */

const pendingAnalysisKey = 'pendingAnalysisUrl'

export type AuthTab = 'signin' | 'signup'

export function tabFromState(state: unknown): AuthTab {
  return (state as { tab?: unknown } | null)?.tab === 'signup' ? 'signup' : 'signin'
}

/** An info message passed in navigation state (`navigate('/signin', { state: { message } })`). */
export function messageFromState(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() ? message : null
}

/**
 * A same-site relative path (`/suite?url=…`) or null. Refuses absolute URLs, protocol-relative
 * `//host`, backslash tricks and anything with a scheme, so links cannot send people elsewhere.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value) return null
  const path = value.trim()
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null
  if ([...path].some((c) => c.charCodeAt(0) < 32)) return null
  try {
    const parsed = new URL(path, 'http://farol.invalid')
    if (parsed.origin !== 'http://farol.invalid') return null
    return `${parsed.pathname}${parsed.search}${parsed.hash}`
  } catch {
    return null
  }
}

function suiteUrlFor(url: string): string {
  return `/suite?url=${encodeURIComponent(url)}`
}

export interface SuccessInput {
  role: 'user' | 'admin'
  /** `redirect` query parameter: `suite` or a local path. */
  redirect: string | null
  /** `url` query parameter (the analysis waiting for the sign-in). */
  url: string | null
  /** sessionStorage pendingAnalysisUrl. */
  pendingUrl: string | null
  returnTo?: string | null
}

export interface SuccessTarget {
  to: string
  /** The pending analysis was used: remove it from sessionStorage. */
  clearPending: boolean
}

/** Spec §4 sign-in success (the onSuccess callback, when given, is handled by the caller first). */
export function successTarget({ role, redirect, url, pendingUrl, returnTo }: SuccessInput): SuccessTarget {
  if (redirect === 'suite' && url) return { to: suiteUrlFor(url), clearPending: false }
  if (redirect === 'suite' && pendingUrl) return { to: suiteUrlFor(pendingUrl), clearPending: true }
  if (role === 'admin') return { to: '/dashboard', clearPending: false }
  const redirectPath = redirect === 'suite' ? '/suite' : safeLocalPath(redirect)
  return { to: redirectPath ?? safeLocalPath(returnTo) ?? '/suite', clearPending: false }
}

/** `next` of /auth/callback: a local path, default /suite. */
export function callbackTarget(next: string | null): string {
  return safeLocalPath(next) ?? '/suite'
}

export function readPendingUrl(): string | null {
  try {
    return sessionStorage.getItem(pendingAnalysisKey)
  } catch {
    return null
  }
}

export function writePendingUrl(url: string | null): void {
  try {
    if (url) sessionStorage.setItem(pendingAnalysisKey, url)
    else sessionStorage.removeItem(pendingAnalysisKey)
  } catch {
    // Storage may be unavailable (private mode): the url query parameter still carries it.
  }
}
