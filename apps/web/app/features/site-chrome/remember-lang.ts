import { type Lang, langCookieName } from '~/lib/route-table.ts'

const oneYear = 60 * 60 * 24 * 365

/** Remembers the visitor's language (cookie for the server, localStorage for the browser). */
export function rememberLang(lang: Lang): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie.
  document.cookie = `${langCookieName}=${lang}; Path=/; Max-Age=${oneYear}; SameSite=Lax`
  try {
    localStorage.setItem(langCookieName, lang)
  } catch {
    // Storage may be unavailable; the cookie is enough.
  }
}

export function langCookieHeader(lang: Lang): string {
  return `${langCookieName}=${lang}; Path=/; Max-Age=${oneYear}; SameSite=Lax`
}
