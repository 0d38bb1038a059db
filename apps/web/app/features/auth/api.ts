/**
 * Browser calls to Farol's API. Better Auth answers errors as `{code, message}`, the rest of the API as
 * `{error: {code, message, fields}}`; both become one `ApiFailure`. Same-origin fetches carry the
 * page's Origin, which the server's CSRF check wants.
 */
import type { Lang } from '~/lib/route-table.ts'

export interface ApiFailure {
  status: number
  code: string
  message: string
  fields?: Record<string, string>
  /** The message is in the request's language (the API's own errors, Farol's password rules). */
  translated: boolean
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure }

export async function callApi<T = unknown>(
  path: string,
  { method = 'POST', body, lang }: { method?: string; body?: unknown; lang: Lang },
): Promise<ApiResult<T>> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': lang === 'en' ? 'en' : 'pt-PT',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    return {
      ok: false,
      error: {
        status: 0,
        code: 'NETWORK',
        message: error instanceof Error ? error.message : '',
        translated: false,
      },
    }
  }
  const json = (await response.json().catch(() => null)) as unknown
  if (response.ok) return { ok: true, data: json as T }
  return { ok: false, error: failureOf(response.status, json) }
}

export function failureOf(status: number, json: unknown): ApiFailure {
  const outer = (json ?? {}) as { code?: unknown; message?: unknown; error?: unknown }
  const inner = (typeof outer.error === 'object' && outer.error ? outer.error : outer) as {
    code?: unknown
    message?: unknown
    fields?: unknown
  }
  const code =
    typeof inner.code === 'string' ? inner.code : status === 429 ? 'RATE_LIMITED' : `HTTP_${status}`
  const message = typeof inner.message === 'string' ? inner.message : ''
  const fields =
    inner.fields && typeof inner.fields === 'object' ? (inner.fields as Record<string, string>) : undefined
  const translated = inner !== outer || code.startsWith('PASSWORD_')
  return { status, code, message, translated, ...(fields ? { fields } : {}) }
}

/** Better Auth codes Farol translates itself (its own messages are English only). */
const translatedCodes = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'INVALID_EMAIL',
  'INVALID_TOKEN',
  'INVALID_PASSWORD',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'RATE_LIMITED',
  'NETWORK',
])

/**
 * A message for the person: Farol's own for known codes, the server's when it is already translated,
 * else the fallback (a key with its namespace, e.g. `auth:errors.unexpected`).
 */
export function failureMessage(
  error: ApiFailure,
  t: (key: string) => string,
  fallbackKey = 'auth:errors.unexpected',
): string {
  if (error.status === 429) return t('auth:errors.RATE_LIMITED')
  if (translatedCodes.has(error.code)) return t(`auth:errors.${error.code}`)
  if (error.message && error.translated) return error.message
  return t(fallbackKey)
}
