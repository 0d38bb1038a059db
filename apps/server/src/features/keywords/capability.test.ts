// keyword_research through the HTTP task API, against the loopback fakes: login required (spec §6),
// empty input refused with a translated message (§5), a keyword run with partial results, figures only
// when DataForSEO is configured, seeding from a page, and the shared 24 h cache.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeAutocomplete,
  startFakeAutocomplete,
} from '../../../../../packages/engine/test/fakes/keywords-autocomplete.ts'
import {
  type FakeDataForSeo,
  startFakeDataForSeo,
} from '../../../../../packages/engine/test/fakes/keywords-dataforseo.ts'
import {
  type FixtureServer,
  startFixtureServer,
} from '../../../../../packages/engine/test/fixtures/server.ts'
import { freePort, signedInUser, testConfig } from '../../../test/helpers.ts'
import { type RunningFarol, startFarol } from '../../composition/server.ts'
import { tasks, users } from '../../platform/db/schema.ts'
import { createLogger } from '../../platform/log.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'
import { parseKeywordRequest } from './capability.ts'

const log = createLogger('silent')

interface Status {
  status: string
  progress: { stage: string; percent: number }
  results: {
    seed: string
    related: { keyword: string; volume: number | null; source: string }[]
    longTail: { keyword: string; group: string; volume: number | null }[]
    sources: { id: string; status: string; errorCode: string | null; requests: number }[]
    partial: boolean
    sitePages?: string[]
  } | null
  errorCode: string | null
  message: string | null
}

describe('parseKeywordRequest', () => {
  it.each([
    [{ keyword: '  seguro   auto ' }, { keyword: 'seguro auto', url: null, lang: 'pt', country: 'PT' }],
    [
      { keyword: 'car insurance', lang: 'en', country: 'US' },
      { keyword: 'car insurance', url: null, lang: 'en', country: 'US' },
    ],
    [
      { url: 'exemplo.pt', country: 'BR' },
      { keyword: null, url: 'https://exemplo.pt/', lang: 'pt', country: 'BR' },
    ],
  ])('%j', (data, input) => {
    expect(parseKeywordRequest(data, false)).toEqual(input)
  })

  it.each([
    [{}, 'KEYWORD_REQUIRED'],
    [{ keyword: '   ', url: ' ' }, 'KEYWORD_REQUIRED'],
    [{ keyword: 'x'.repeat(81) }, 'KEYWORD_TOO_LONG'],
    [{ keyword: 'seguro', country: 'ES' }, 'VALIDATION'],
    [{ url: 'http://127.0.0.1/' }, 'BLOCKED_ADDRESS'],
  ])('%j is refused with %s', (data, code) => {
    expect(() => parseKeywordRequest(data, false)).toThrow(expect.objectContaining({ code }))
  })
})

describe('keyword_research task', () => {
  let autocomplete: FakeAutocomplete
  let dataforseo: FakeDataForSeo
  let fixtures: FixtureServer
  let farol: RunningFarol
  let withVolumes: RunningFarol
  let cookie: string

  beforeAll(async () => {
    autocomplete = await startFakeAutocomplete()
    dataforseo = await startFakeDataForSeo()
    fixtures = await startFixtureServer()
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: { FAROL_AUTOCOMPLETE_URL: autocomplete.url, FAROL_ALLOW_PRIVATE_TARGETS: '1' },
      }),
      log,
    )
    cookie = await signedInUser(farol, 'palavras@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    await withVolumes?.stop()
    await autocomplete?.close()
    await dataforseo?.close()
    await fixtures?.close()
  })

  async function create(app: RunningFarol, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${app.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }
  async function until(app: RunningFarol, taskId: string, h: Record<string, string>): Promise<Status> {
    const deadline = Date.now() + 25_000
    for (;;) {
      const res = await fetch(`${app.url}/api/seo-task-manager/status?taskId=${taskId}&lang=en`, {
        headers: h,
      })
      const body = (await res.json()) as Status
      if (body.status === 'success' || body.status === 'failed') return body
      if (Date.now() > deadline) throw new Error(`task still ${body.status}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('refuses anonymous visitors (spec §6) with 401', async () => {
    const res = await create(farol, {
      task_name: 'keyword_research',
      requested_data: { keyword: 'seguro auto' },
    })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHENTICATED')
  })

  it('refuses an empty search with a translated message and creates nothing', async () => {
    const pt = await create(
      farol,
      { task_name: 'keyword_research', requested_data: { keyword: ' ' } },
      { cookie },
    )
    expect(pt.status).toBe(400)
    expect(pt.body.error).toMatchObject({
      code: 'KEYWORD_REQUIRED',
      message: 'Indique uma palavra-chave ou o URL de uma página.',
    })
    const en = await create(
      farol,
      { task_name: 'keyword_research', requested_data: { keyword: '' }, lang: 'en' },
      { cookie, 'accept-language': 'en' },
    )
    expect(en.body.error.message).toBe('Enter a keyword or the address of a page.')
  })

  it('researches a keyword: related, grouped long tail, sources, no figures without a volume provider', async () => {
    const before = autocomplete.requests.length
    const res = await create(
      farol,
      {
        task_name: 'keyword_research',
        requested_data: { keyword: 'seguro auto', lang: 'pt', country: 'PT' },
      },
      { cookie },
    )
    expect(res.status).toBe(201)
    const body = await until(farol, res.body.taskId, { cookie })
    expect(body.status).toBe('success')
    const r = body.results!
    expect(r.partial).toBe(false)
    expect(r.related.map((i) => i.keyword)).toContain('seguro auto simulação')
    expect(r.longTail.find((i) => i.keyword === 'como escolher seguro auto')?.group).toBe('questions')
    expect(r.longTail.every((i) => i.volume === null)).toBe(true)
    expect(r.sources.map((s) => [s.id, s.status])).toEqual([
      ['autocomplete', 'answered'],
      ['dataforseo', 'not_configured'],
      ['site', 'not_used'],
    ])
    const sent = autocomplete.requests.slice(before)
    expect(sent.length).toBe(44)
    expect(sent.every((q) => q.hl === 'pt-PT' && q.gl === 'pt')).toBe(true)
    expect(r.sources[0]!.requests).toBe(44)
  })

  it('answers the same research from the shared 24 h cache without asking again', async () => {
    const before = autocomplete.requests.length
    const res = await create(
      farol,
      {
        task_name: 'keyword_research',
        requested_data: { keyword: 'Seguro Auto ', lang: 'pt', country: 'PT' },
      },
      { cookie },
    )
    const body = await until(farol, res.body.taskId, { cookie })
    expect(body.status).toBe('success')
    expect(body.results!.longTail.length).toBeGreaterThan(0)
    expect(autocomplete.requests.length - before).toBe(0)
  })

  it('seeds from a page when only its address is given, and lists its terms', async () => {
    const res = await create(
      farol,
      {
        task_name: 'keyword_research',
        requested_data: { url: fixtures.url('/good/'), lang: 'en', country: 'US' },
      },
      { cookie },
    )
    const body = await until(farol, res.body.taskId, { cookie })
    expect(body.status).toBe('success')
    expect(body.results!.seed.length).toBeGreaterThan(0)
    expect(body.results!.sources.find((s) => s.id === 'site')?.status).toBe('answered')
    expect(body.results!.related.some((i) => i.source === 'site')).toBe(true)
  })

  it('also reads the best-linked pages of the user’s latest crawl of the site', async () => {
    // A small site: the home page names the workshop; only the services page says what it paints.
    const pages: Record<string, string> = {
      '/': '<html lang="pt"><body><main><h1>Oficina Ribeiro</h1><p>A oficina Ribeiro repara carros em Braga desde 1998.</p></main></body></html>',
      '/servicos':
        '<html lang="pt"><body><main><h1>Serviços</h1><p>A oficina faz pintura automóvel e bate-chapa. Na oficina, a pintura automóvel leva dois dias.</p></main></body></html>',
    }
    const site: Server = createServer((req, res) => {
      const body = pages[req.url ?? '']
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(body ?? 'not found')
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    // Another market for the second run: an identical request would get the first run's task back.
    const run = async (country: 'PT' | 'BR') => {
      const res = await create(
        farol,
        {
          task_name: 'keyword_research',
          requested_data: { keyword: 'oficina', url: `${origin}/`, lang: 'pt', country },
        },
        { cookie },
      )
      const body = await until(farol, res.body.taskId, { cookie })
      expect(body.status).toBe('success')
      return body.results!
    }
    try {
      const before = await run('PT')
      expect(before.sitePages).toEqual([])
      expect(
        before.related
          .filter((i) => i.source === 'site')
          .map((i) => i.keyword)
          .join(' '),
      ).not.toMatch(/pintura/)
      const [me] = await farol.database.db.select().from(users).where(eq(users.email, 'palavras@exemplo.pt'))
      const crawled = (path: string, linkScore: number) => ({
        url: `${origin}${path}`,
        status: 200,
        contentType: 'text/html; charset=utf-8',
        noindex: false,
        linkScore,
      })
      await farol.database.db.insert(tasks).values({
        kind: 'site_crawl',
        url: `${origin}/`,
        userId: me!.id,
        // Made in the workspace the research runs in, the user's personal one (issue 40).
        workspaceId: personalWorkspaceId(me!.id),
        status: 'success',
        input: { url: `${origin}/`, maxPages: 10 },
        results: { issues: [], stats: { pages: 2 }, pages: [crawled('/', 100), crawled('/servicos', 50)] },
        finishedAt: new Date(),
      })
      const after = await run('BR')
      expect(after.sitePages).toEqual([`${origin}/servicos`])
      expect(
        after.related
          .filter((i) => i.source === 'site')
          .map((i) => i.keyword)
          .join(' '),
      ).toMatch(/pintura/)
    } finally {
      site.close()
    }
  })

  it('fails a page-only request whose page cannot be read, with its translated reason', async () => {
    const res = await create(
      farol,
      { task_name: 'keyword_research', requested_data: { url: fixtures.url('/pdf') } },
      { cookie },
    )
    const body = await until(farol, res.body.taskId, { cookie })
    expect(body.status).toBe('failed')
    expect(body.errorCode).toBe('UNSUPPORTED_CONTENT_TYPE')
    expect(body.message).toBe('The address does not return an HTML page.')
  })

  it('adds volumes, CPC and difficulty when DataForSEO is configured', { timeout: 90_000 }, async () => {
    withVolumes = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_AUTOCOMPLETE_URL: autocomplete.url,
          DATAFORSEO_LOGIN: dataforseo.login,
          DATAFORSEO_PASSWORD: dataforseo.password,
          DATAFORSEO_URL: dataforseo.origin,
        },
      }),
      log,
    )
    const c = await signedInUser(withVolumes, 'volumes@exemplo.pt')
    const res = await create(
      withVolumes,
      { task_name: 'keyword_research', requested_data: { keyword: 'seguro auto', country: 'BR' } },
      { cookie: c },
    )
    const body = await until(withVolumes, res.body.taskId, { cookie: c })
    expect(body.status).toBe('success')
    expect(body.results!.sources.find((s) => s.id === 'dataforseo')?.status).toBe('answered')
    expect(body.results!.related.some((i) => i.source === 'dataforseo' && i.volume !== null)).toBe(true)
    expect(dataforseo.requests.every((r) => r.task.location_code === 2076)).toBe(true)
  })
})
