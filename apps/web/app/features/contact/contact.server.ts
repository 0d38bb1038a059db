/** Server-only: the contact route's loader and action talk to the API in-process. */
import type { ApiClient } from '~/lib/api-context.ts'
import type { Lang } from '~/lib/route-table.ts'
import {
  type ContactResult,
  type ContactValues,
  contactPayload,
  missingRequired,
  readContactForm,
  readContactResponse,
} from './contact-form.ts'

export interface SiteInfo {
  contactEmails: string[]
  hours: { weekdays: Record<Lang, string>; weekend: Record<Lang, string> } | null
}

export async function fetchSiteInfo(api: ApiClient | null | undefined): Promise<SiteInfo | null> {
  if (!api) return null
  try {
    const response = await api.fetch('/api/site-info', { headers: { accept: 'application/json' } })
    if (!response.ok) return null
    const body = (await response.json()) as Partial<SiteInfo>
    const emails = Array.isArray(body.contactEmails)
      ? body.contactEmails.filter((e): e is string => typeof e === 'string' && e.includes('@'))
      : []
    const hours = body.hours
    const validHours =
      hours && typeof hours.weekdays === 'object' && typeof hours.weekend === 'object' ? hours : null
    return { contactEmails: emails, hours: validHours }
  } catch {
    return null
  }
}

/** What the no-JavaScript form gets back: the result, and the values to keep on failure. */
export type ContactFailure = Exclude<ContactResult, { ok: true }> | { ok: false; kind: 'incomplete' }
export type ContactActionData = { result: { ok: true } } | { result: ContactFailure; values: ContactValues }

export async function submitContact(
  api: ApiClient | null | undefined,
  form: FormData,
  lang: Lang,
): Promise<ContactActionData> {
  const { website, ...values } = readContactForm(form)
  if (missingRequired(values).length) return { result: { ok: false, kind: 'incomplete' }, values }
  if (!api) return { result: { ok: false, kind: 'failed', message: null }, values }
  try {
    const response = await api.fetch(`/api/contact?lang=${lang}`, {
      method: 'POST',
      // The API accepts state changes only from Farol's own origin, as a browser would send it.
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: api.publicUrl },
      body: JSON.stringify(contactPayload(values, website, lang)),
    })
    const body: unknown = await response.json().catch(() => null)
    const result = readContactResponse(response.status, body)
    return result.ok ? { result: { ok: true } } : { result, values }
  } catch {
    return { result: { ok: false, kind: 'failed', message: null }, values }
  }
}
