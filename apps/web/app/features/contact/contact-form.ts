/** The contact form's values, checks and the reading of `POST /api/contact` answers (spec §4, §5, §8). */
const contactFields = ['name', 'email', 'subject', 'message'] as const
export type ContactField = (typeof contactFields)[number]
const requiredFields = ['name', 'email', 'message'] as const satisfies readonly ContactField[]

export type ContactValues = Record<ContactField, string>
export type FieldErrors = Partial<Record<ContactField, string>>

export const emptyValues: ContactValues = { name: '', email: '', subject: '', message: '' }

export function readContactForm(form: FormData): ContactValues & { website: string } {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    name: text('name'),
    email: text('email'),
    subject: text('subject'),
    message: text('message'),
    website: text('website'),
  }
}

/** Required fields that are empty (whitespace only counts as empty). */
export function missingRequired(values: ContactValues): ContactField[] {
  return requiredFields.filter((field) => !values[field].trim())
}

/**
 * An address that can be an email (the form has noValidate: the browser's own English bubbles never show
 * beside the page's messages, so the page checks the shape itself; the server checks it again).
 */
export function looksLikeEmail(text: string): boolean {
  // The shape only (something@something): the server decides the rest (e.g. a dotless domain).
  return /^[^\s@]+@[^\s@]+$/.test(text.trim())
}

/** Body sent to the API: trimmed values, the subject left out when empty, the honeypot as typed. */
export function contactPayload(values: ContactValues, website: string, lang: string) {
  const subject = values.subject.trim()
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(subject ? { subject } : {}),
    message: values.message.trim(),
    website,
    lang,
  }
}

export type ContactResult =
  | { ok: true }
  | { ok: false; kind: 'validation'; message: string | null; fields: FieldErrors }
  | { ok: false; kind: 'rateLimited'; message: string | null }
  | { ok: false; kind: 'failed'; message: string | null }

/** Reads an answer of `POST /api/contact`; anything unexpected is a failure. */
export function readContactResponse(status: number, body: unknown): ContactResult {
  const error =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as { code?: unknown; message?: unknown; fields?: unknown })
      : null
  const message = typeof error?.message === 'string' && error.message ? error.message : null
  if (status >= 200 && status < 300 && !error) return { ok: true }
  if (status === 429 || error?.code === 'RATE_LIMITED') return { ok: false, kind: 'rateLimited', message }
  if (status === 400 && error?.code === 'VALIDATION') {
    const fields: FieldErrors = {}
    if (error.fields && typeof error.fields === 'object') {
      for (const field of contactFields) {
        const value = (error.fields as Record<string, unknown>)[field]
        if (typeof value === 'string' && value) fields[field] = value
      }
    }
    return { ok: false, kind: 'validation', message, fields }
  }
  return { ok: false, kind: 'failed', message: null }
}
