// The knowledge hub's facts API: facts read from the site's own pages, confirmed versions per user, and
// nobody else's facts visible.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const home = `<!doctype html><html lang="pt"><head><title>Oficina Ribeiro</title>
<script type="application/ld+json">{"@type":"AutoRepair","name":"Oficina Ribeiro","telephone":"+351 253 000 111",
"address":{"@type":"PostalAddress","streetAddress":"Rua do Souto, 12","postalCode":"4700-329","addressLocality":"Braga"}}</script>
</head><body><h1>Oficina Ribeiro</h1><p>Desde 1998.</p></body></html>`
const contact = '<html><body><footer><a href="mailto:geral@ribeiro.pt">Email</a></footer></body></html>'
// A page only a crawl finds (no usual contact/about path): the team's own address.
const team = '<html><body><footer><a href="mailto:equipa@ribeiro.pt">Equipa</a></footer></body></html>'

describe('knowledge facts API', () => {
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let ana: string
  let rui: string
  beforeAll(async () => {
    site = createServer((req, res) => {
      const body =
        req.url === '/'
          ? home
          : req.url === '/contactos'
            ? contact
            : req.url === '/a-nossa-equipa'
              ? team
              : null
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(body ?? 'not found')
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    farol = await startFarol(
      testConfig({ port: await freePort(), env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }),
      createLogger('silent'),
    )
    ana = await signedInUser(farol, 'ana.factos@exemplo.pt')
    rui = await signedInUser(farol, 'rui.factos@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  const get = (cookie: string | null, url: string, extract = true) =>
    fetch(`${farol.url}/api/knowledge/facts?url=${encodeURIComponent(url)}${extract ? '' : '&extract=0'}`, {
      headers: cookie ? { cookie } : {},
    })
  const put = (cookie: string, body: unknown) =>
    fetch(`${farol.url}/api/knowledge/facts`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify(body),
    })

  it('reads the facts the site states, from the page and its contact page', async () => {
    const res = await get(ana, siteUrl)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.current).toBeNull()
    const pairs = body.extracted.map((f: { kind: string; value: string }) => `${f.kind}=${f.value}`)
    expect(pairs).toEqual(
      expect.arrayContaining([
        'name=Oficina Ribeiro',
        'phone=+351 253 000 111',
        'city=Braga',
        'foundingYear=1998',
        'email=geral@ribeiro.pt',
      ]),
    )
    expect(body.extracted.find((f: { kind: string }) => f.kind === 'email').source.url).toBe(
      `${siteUrl}contactos`,
    )
  })

  it('also reads the fact pages the user’s latest crawl of the site found', async () => {
    const emails = async (cookie: string) =>
      ((await (await get(cookie, siteUrl)).json()).extracted as { kind: string; value: string }[])
        .filter((f) => f.kind === 'email')
        .map((f) => f.value)
    expect(await emails(rui)).not.toContain('equipa@ribeiro.pt')
    const [ruiUser] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'rui.factos@exemplo.pt'))
    const page = (path: string, title: string | null) => ({
      url: `${siteUrl.slice(0, -1)}${path}`,
      title,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      depth: 1,
    })
    await farol.database.db.insert(tasks).values({
      kind: 'site_crawl',
      url: siteUrl,
      userId: ruiUser!.id,
      // Made in the workspace he reads the facts in (his personal one).
      workspaceId: personalWorkspaceId(ruiUser!.id),
      status: 'success',
      input: { url: siteUrl, maxPages: 10 },
      results: {
        issues: [],
        stats: { pages: 3 },
        pages: [
          page('/', 'Oficina Ribeiro'),
          page('/a-nossa-equipa', 'A nossa equipa'),
          page('/blog', 'Blog'),
        ],
      },
      finishedAt: new Date(),
    })
    expect(await emails(rui)).toContain('equipa@ribeiro.pt')
    // Ana has no crawl of the site: only the page and the usual paths.
    expect(await emails(ana)).not.toContain('equipa@ribeiro.pt')
  })

  it('keeps each confirmation as a new version, the previous one beside it', async () => {
    const first = await put(ana, { url: siteUrl, facts: [{ kind: 'phone', value: '253 000 111' }] })
    expect(first.status).toBe(201)
    expect((await first.json()).version).toBe(1)
    const second = await put(ana, {
      url: `${siteUrl}outra-pagina`,
      facts: [{ kind: 'phone', value: '253 999 000' }],
    })
    expect((await second.json()).version).toBe(2)
    const body = await (await get(ana, siteUrl, false)).json()
    expect(body.current.version).toBe(2)
    expect(body.current.facts).toEqual([
      { kind: 'phone', value: '253 999 000', source: { url: siteUrl.slice(0, -1), from: 'user' } },
    ])
    expect(body.previous.facts[0].value).toBe('253 000 111')
  })

  it('shows one user’s facts to nobody else, and none to anonymous visitors', async () => {
    const body = await (await get(rui, siteUrl, false)).json()
    expect(body.current).toBeNull()
    expect((await get(null, siteUrl, false)).status).toBe(401)
  })

  it('refuses bad facts with a translated message and stores nothing', async () => {
    const bad = await put(ana, { url: siteUrl, facts: [{ kind: 'shoeSize', value: '42' }] })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.fields.facts).toMatch(/tipo válido/)
    const empty = await put(ana, { url: siteUrl, facts: [{ kind: 'phone', value: '   ' }] })
    expect(empty.status).toBe(400)
    const badUrl = await put(ana, { url: 'ftp://x', facts: [] })
    expect(badUrl.status).toBe(400)
    const body = await (await get(ana, siteUrl, false)).json()
    expect(body.current.version).toBe(2)
  })
})
