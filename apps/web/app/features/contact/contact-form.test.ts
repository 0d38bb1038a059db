import { describe, expect, it } from 'vitest'
import {
  contactPayload,
  emptyValues,
  looksLikeEmail,
  missingRequired,
  readContactForm,
  readContactResponse,
} from './contact-form.ts'

describe('contact form values', () => {
  it('reads every field and the honeypot from form data', () => {
    const form = new FormData()
    form.set('name', 'Ana')
    form.set('email', 'ana@exemplo.pt')
    form.set('message', 'Olá')
    form.set('website', 'spam.example')
    expect(readContactForm(form)).toEqual({
      name: 'Ana',
      email: 'ana@exemplo.pt',
      subject: '',
      message: 'Olá',
      website: 'spam.example',
    })
  })

  it('requires name, email and message, not the subject; blanks count as empty', () => {
    expect(missingRequired(emptyValues)).toEqual(['name', 'email', 'message'])
    expect(missingRequired({ name: 'Ana', email: ' ', subject: '', message: '\n' })).toEqual([
      'email',
      'message',
    ])
    expect(missingRequired({ name: 'Ana', email: 'a@b.pt', subject: '', message: 'Olá' })).toEqual([])
  })

  it('trims the payload and leaves an empty subject out', () => {
    expect(
      contactPayload({ name: ' Ana ', email: 'a@b.pt ', subject: '  ', message: ' Olá ' }, '', 'pt'),
    ).toEqual({
      name: 'Ana',
      email: 'a@b.pt',
      message: 'Olá',
      website: '',
      lang: 'pt',
    })
    expect(contactPayload({ ...emptyValues, subject: ' Parceria ' }, 'x', 'en')).toMatchObject({
      subject: 'Parceria',
      website: 'x',
      lang: 'en',
    })
  })
})

describe('readContactResponse', () => {
  it('accepts 201 {ok: true}', () => {
    expect(readContactResponse(201, { ok: true })).toEqual({ ok: true })
  })

  it('keeps the translated field errors of a validation error', () => {
    const body = {
      error: {
        code: 'VALIDATION',
        message: 'Dados inválidos',
        fields: { email: 'Email inválido', other: 'ignored', name: 42 },
      },
    }
    expect(readContactResponse(400, body)).toEqual({
      ok: false,
      kind: 'validation',
      message: 'Dados inválidos',
      fields: { email: 'Email inválido' },
    })
  })

  it('recognises the rate limit and treats anything else as a failure', () => {
    expect(
      readContactResponse(429, { error: { code: 'RATE_LIMITED', message: 'Demasiados pedidos' } }),
    ).toEqual({
      ok: false,
      kind: 'rateLimited',
      message: 'Demasiados pedidos',
    })
    expect(readContactResponse(500, { error: { code: 'INTERNAL', message: 'x' } })).toMatchObject({
      kind: 'failed',
    })
    expect(readContactResponse(403, null)).toMatchObject({ kind: 'failed' })
    expect(readContactResponse(200, { error: { code: 'X' } })).toMatchObject({ ok: false })
  })
})

describe('email shape (the form has noValidate)', () => {
  it('accepts addresses and refuses what the browser would have bubbled about', () => {
    expect(looksLikeEmail('ana@exemplo.pt')).toBe(true)
    expect(looksLikeEmail('  ana.silva+farol@mail.exemplo.pt ')).toBe(true)
    expect(looksLikeEmail('ana')).toBe(false)
    expect(looksLikeEmail('ana@')).toBe(false)
    expect(looksLikeEmail('@exemplo.pt')).toBe(false)
    expect(looksLikeEmail('ana @exemplo.pt')).toBe(false)
    expect(looksLikeEmail('')).toBe(false)
  })
})
