import { describe, expect, it } from 'vitest'
import { fetchSiteInfo, submitContact } from './contact.server.ts'

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(values)) data.set(k, v)
  return data
}

const filled = { name: 'Ana', email: 'ana@exemplo.pt', subject: '', message: 'Olá', website: '' }

describe('submitContact (the form without JavaScript)', () => {
  it('does not call the API when a required field is empty, and keeps the values', async () => {
    let called = false
    const api = {
      publicUrl: 'https://farol.example',
      fetch: async () => {
        called = true
        return Response.json({ ok: true })
      },
    }
    const result = await submitContact(api, form({ ...filled, message: ' ' }), 'pt')
    expect(result).toEqual({
      result: { ok: false, kind: 'incomplete' },
      values: { name: 'Ana', email: 'ana@exemplo.pt', subject: '', message: ' ' },
    })
    expect(called).toBe(false)
  })

  it('posts JSON with the page origin and language, then reports success', async () => {
    const seen: { path: string; init?: RequestInit }[] = []
    const api = {
      publicUrl: 'https://farol.example',
      fetch: async (path: string, init?: RequestInit) => {
        seen.push({ path, init })
        return Response.json({ ok: true }, { status: 201 })
      },
    }
    expect(await submitContact(api, form({ ...filled, website: 'bot' }), 'en')).toEqual({
      result: { ok: true },
    })
    expect(seen[0]!.path).toBe('/api/contact?lang=en')
    expect(new Headers(seen[0]!.init?.headers).get('origin')).toBe('https://farol.example')
    expect(JSON.parse(String(seen[0]!.init?.body))).toEqual({
      name: 'Ana',
      email: 'ana@exemplo.pt',
      message: 'Olá',
      website: 'bot',
      lang: 'en',
    })
  })

  it('keeps the values and the field errors of a refusal, and survives a failing API', async () => {
    const refusing = {
      publicUrl: 'https://farol.example',
      fetch: async () =>
        Response.json(
          {
            error: {
              code: 'VALIDATION',
              message: 'Dados inválidos',
              fields: { email: 'Indique um email válido.' },
            },
          },
          { status: 400 },
        ),
    }
    const refused = await submitContact(refusing, form(filled), 'pt')
    expect(refused).toMatchObject({
      result: { ok: false, kind: 'validation', fields: { email: 'Indique um email válido.' } },
      values: { name: 'Ana', message: 'Olá' },
    })
    const down = {
      publicUrl: 'https://farol.example',
      fetch: async (): Promise<Response> => {
        throw new Error('down')
      },
    }
    expect(await submitContact(down, form(filled), 'pt')).toMatchObject({
      result: { ok: false, kind: 'failed' },
    })
  })
})

describe('fetchSiteInfo', () => {
  it('reads the addresses and hours, or gives null', async () => {
    const body = {
      contactEmails: ['contacto@farol.app', 'suporte@farol.app'],
      hours: {
        weekdays: { pt: '09:00–18:00', en: '09:00–18:00' },
        weekend: { pt: 'Encerrado', en: 'Closed' },
      },
    }
    const api = { publicUrl: 'https://farol.example', fetch: async () => Response.json(body) }
    expect(await fetchSiteInfo(api)).toEqual(body)
    expect(await fetchSiteInfo({ ...api, fetch: async () => new Response('', { status: 500 }) })).toBeNull()
    expect(await fetchSiteInfo(null)).toBeNull()
  })
})
