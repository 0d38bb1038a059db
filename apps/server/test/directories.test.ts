// Local directories through the HTTP API against the providers' loopback fakes: the spec's validation
// and login, a whole search, partial rows, the page's setup call, 'new search', and Nominatim's one
// request per second across concurrent searches (the database clock, shared by every process).

import type { DirectoryReport } from '@farol/engine/local/types.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  alfama,
  type FakeDirectories,
  saoJorge,
  startFakeDirectories,
} from '../../../packages/engine/test/fakes/local-directories.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { parseDirectoryRequest } from '../src/features/directories/capability.ts'
import { dbRateLimiter } from '../src/features/directories/provider-state.ts'
import type { AppError } from '../src/platform/errors.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')

describe('parseDirectoryRequest (spec §5)', () => {
  const full = {
    businessName: 'Pastelaria Alfama',
    address: 'Rua Augusta, 24',
    city: 'Lisboa',
    postalCode: '1100-053',
    phoneNumber: '213 421 000',
  }
  it.each([
    [{ ...full, businessName: '' }, 'DIRECTORY_INCOMPLETE'],
    [{ ...full, address: '   ' }, 'DIRECTORY_INCOMPLETE'],
    [{ businessName: 'X', address: 'Y' }, 'DIRECTORY_INCOMPLETE'],
    [{ ...full, postalCode: '1100' }, 'DIRECTORY_POSTAL_CODE'],
    [{ ...full, phoneNumber: '12345' }, 'DIRECTORY_PHONE'],
    [{ ...full, url: 'http://10.0.0.1/' }, 'BLOCKED_ADDRESS'],
  ])('refuses %j with %s', (data, code) => {
    try {
      parseDirectoryRequest(data, false)
      expect.unreachable()
    } catch (error) {
      expect((error as AppError).code).toBe(code)
    }
  })

  it('accepts the required fields alone, and trims', () => {
    expect(
      parseDirectoryRequest(
        { businessName: ' Padaria ', address: 'Av. Paulista, 1578', city: 'São Paulo' },
        false,
      ),
    ).toEqual({
      form: { name: 'Padaria', address: 'Av. Paulista, 1578', postalCode: '', city: 'São Paulo', phone: '' },
      siteUrl: null,
    })
  })
})

describe('directory provider configuration', () => {
  it('uses the public Nominatim by default and Google/Foursquare only with a key', () => {
    const plain = testConfig().directories
    expect(plain).toEqual({
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      googlePlaces: null,
      foursquare: null,
    })
    const off = testConfig({ env: { FAROL_NOMINATIM_URL: 'off', GOOGLE_PLACES_API_KEY: 'k' } }).directories
    expect(off.nominatimUrl).toBeNull()
    expect(off.googlePlaces).toEqual({ apiKey: 'k', url: 'https://places.googleapis.com' })
  })
})

describe('directory_search task', () => {
  let farol: RunningFarol
  let fake: FakeDirectories
  let cookie: string

  beforeAll(async () => {
    fake = await startFakeDirectories()
    farol = await startFarol(
      testConfig({ port: await freePort(), env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', ...fake.env } }),
      log,
    )
    cookie = await signedInUser(farol, 'diretorios@farol.test')
    // A fresh database (every migration) and a sign-up: slow on a loaded machine, not a failure.
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
    await fake?.close()
  })

  async function create(requested_data: unknown, headers: Record<string, string> = { cookie }) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
      body: JSON.stringify({ task_name: 'directory_search', requested_data }),
    })
    return { status: res.status, body: await res.json() }
  }
  interface Status {
    status: string
    results: DirectoryReport & { partial?: boolean }
    message: string | null
  }
  async function finished(taskId: string): Promise<Status> {
    const deadline = Date.now() + 30_000
    for (;;) {
      const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, {
        headers: { cookie },
      })
      const body = (await res.json()) as Status
      if (body.status === 'success' || body.status === 'failed') return body
      if (Date.now() > deadline) throw new Error(`task still ${body.status}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('requires a signed-in user (spec §6)', async () => {
    const res = await create({ businessName: 'X', address: 'Y', city: 'Z' }, {})
    expect(res.status).toBe(401)
  })

  it("answers 'Informações incompletas' as a 400 without name, address or city", async () => {
    const res = await create({ businessName: 'Pastelaria Alfama', city: 'Lisboa' })
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({
      code: 'DIRECTORY_INCOMPLETE',
      message: 'Por favor, preencha pelo menos o nome do negócio, endereço e cidade.',
    })
  })

  it('checks the site and every directory against the form', async () => {
    const created = await create({
      businessName: alfama.name,
      address: alfama.address,
      postalCode: alfama.postalCode,
      city: alfama.city,
      phoneNumber: alfama.phone,
      url: `${fake.origin}/site/alfama/`,
    })
    expect(created.status).toBe(201)
    const { status, results } = await finished(created.body.taskId)
    expect(status).toBe('success')
    const byId = Object.fromEntries(results.directories.map((d) => [d.directory, d]))
    expect(byId.website?.status).toBe('good')
    expect(byId.google?.status).toBe('good')
    expect(byId.osm?.status).toBe('inconsistent')
    expect(byId.foursquare?.status).toBe('missing')
    expect(byId.facebook).toMatchObject({ status: 'unchecked', reason: 'manual' })
    expect(results.directoryScore).toBeGreaterThan(0)
    expect(results.attributions[0]).toContain('OpenStreetMap')
    // Nominatim saw Farol's User-Agent with the install's public URL.
    expect(fake.requestsOf('nominatim').at(-1)?.headers['user-agent']).toBe(`Farol/0.1 (+${farol.url})`)
  })

  it('never calls Nominatim twice within a second, even for two concurrent searches', async () => {
    const before = fake.requestsOf('nominatim').length
    const [a, b] = await Promise.all([
      create({ businessName: saoJorge.name, address: saoJorge.address, city: saoJorge.city }),
      create({ businessName: 'Café Nicola', address: 'Praça Dom Pedro IV, 24', city: 'Lisboa' }),
    ])
    await Promise.all([finished(a.body.taskId), finished(b.body.taskId)])
    const times = fake
      .requestsOf('nominatim')
      .slice(before)
      .map((r) => r.at)
    expect(times).toHaveLength(2)
    expect(Math.abs(times[1]! - times[0]!)).toBeGreaterThanOrEqual(1000)
    // Two more claimants, as two other processes would be: limiters of their own on the same database.
    const limiter = () => dbRateLimiter(farol.database.db, 'nominatim', 1000)
    const holders: number[] = []
    await Promise.all(
      [limiter(), limiter()].map(async (l) => {
        const release = await l.acquire()
        holders.push(Date.now())
        await release()
      }),
    )
    expect(Math.abs(holders[1]! - holders[0]!)).toBeGreaterThanOrEqual(1000)
  })

  it('reports the site NAP for the form and which providers are configured', async () => {
    const res = await fetch(
      `${farol.url}/api/directories/setup?url=${encodeURIComponent(`${fake.origin}/site/alfama/`)}`,
      { headers: { cookie } },
    )
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.providers).toEqual({ google: true, osm: true, foursquare: true })
    expect(body.siteNap.nap).toEqual({
      name: alfama.name,
      address: alfama.address,
      postalCode: alfama.postalCode,
      city: alfama.city,
      phone: alfama.phone,
    })
    expect((await fetch(`${farol.url}/api/directories/setup`)).status).toBe(401)
  })

  it("'new search' deletes the user's stored searches", async () => {
    const latest = () =>
      fetch(`${farol.url}/api/seo-task-manager/latest?kind=directory_search`, { headers: { cookie } })
    expect((await latest()).status).toBe(200)
    const res = await fetch(`${farol.url}/api/directories/searches`, {
      method: 'DELETE',
      headers: { cookie, origin: farol.url },
    })
    expect(res.status).toBe(200)
    expect((await res.json()).deleted).toBeGreaterThanOrEqual(3)
    expect((await latest()).status).toBe(404)
  })
})
