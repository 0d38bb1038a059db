// Shareable read-only report links: the owner makes a link that opens the PDF without an account, marked
// noindex; a stranger cannot make one; an expired or revoked link answers 404 at once; bad input is a
// translated 400 and makes nothing.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { linkUsable } from '../src/features/reports/links.ts'
import { reportLinks, reports, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { createReportStore } from '../src/platform/storage/storage.ts'
import { freePort, signedInUser, tempDataDir, testConfig } from './helpers.ts'

describe('report links (pure)', () => {
  it('is usable until it expires or is revoked', () => {
    const now = new Date('2026-11-26T10:00:00Z')
    expect(linkUsable({ expiresAt: new Date('2026-11-27T00:00:00Z'), revokedAt: null }, now)).toBe(true)
    expect(linkUsable({ expiresAt: new Date('2026-11-26T10:00:00Z'), revokedAt: null }, now)).toBe(false)
    expect(linkUsable({ expiresAt: new Date('2026-11-27T00:00:00Z'), revokedAt: now }, now)).toBe(false)
  })
})

describe('report links', () => {
  const dataDir = tempDataDir()
  const config = testConfig({ dataDir, env: { FAROL_WORKERS: '0' } })
  let farol: RunningFarol
  let ana: string
  let rui: string
  let reportId: string
  const pdf = Buffer.from('%PDF-1.4\n% relatório de teste\n%%EOF\n')
  beforeAll(async () => {
    farol = await startFarol(
      testConfig({ dataDir, port: await freePort(), env: { FAROL_WORKERS: '0' } }),
      createLogger('silent'),
    )
    ana = await signedInUser(farol, 'ana.links@exemplo.pt')
    rui = await signedInUser(farol, 'rui.links@exemplo.pt')
    const [owner] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.links@exemplo.pt'))
    await createReportStore(config).put('teste-link.pdf', pdf)
    const [row] = await farol.database.db
      .insert(reports)
      .values({
        url: 'https://padaria.pt/',
        userId: owner!.id,
        status: 'success',
        fileName: 'teste-link.pdf',
      })
      .returning()
    reportId = row!.id
  }, 180_000) // starting Farol on a machine shared by several test runs
  afterAll(async () => {
    await farol?.stop()
  })
  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${farol.url}/api${path}`, {
      method,
      headers: { cookie, origin: farol.url, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('opens the PDF without an account, not indexable, until revoked or expired', async () => {
    const bad = await call(ana, 'POST', `/reports/${reportId}/links`, { days: 365 })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.code).toBe('LINK_INPUT')
    expect((await call(rui, 'POST', `/reports/${reportId}/links`, { days: 7 })).status).toBe(404)
    expect((await call('', 'POST', `/reports/${reportId}/links`, { days: 7 })).status).toBe(401)
    expect(await farol.database.db.select().from(reportLinks)).toHaveLength(0)

    const made = await call(ana, 'POST', `/reports/${reportId}/links`, { days: 7 })
    expect(made.status).toBe(201)
    const link = (await made.json()) as { id: string; url: string; usable: boolean }
    expect(link.usable).toBe(true)
    const path = new URL(link.url).pathname
    const open = await fetch(`${farol.url}${path}`)
    expect(open.status).toBe(200)
    expect(open.headers.get('content-type')).toBe('application/pdf')
    expect(open.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(Buffer.from(await open.arrayBuffer()).equals(pdf)).toBe(true)
    // The secret is not stored: the table holds its hash only.
    const [stored] = await farol.database.db.select().from(reportLinks)
    expect(stored!.tokenHash).not.toContain(path.split('/').at(-1))

    // Revoked: gone at once, and still not indexable.
    expect((await call(rui, 'DELETE', `/reports/${reportId}/links/${link.id}`)).status).toBe(404)
    expect((await call(ana, 'DELETE', `/reports/${reportId}/links/${link.id}`)).status).toBe(204)
    // The person it was shared with sees a page in their language (410 Gone), not the API's JSON.
    const revoked = await fetch(`${farol.url}${path}`)
    expect(revoked.status).toBe(410)
    expect(revoked.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(revoked.headers.get('content-type')).toMatch(/^text\/html/)
    const revokedPage = await revoked.text()
    expect(revokedPage).toContain('<html lang="pt-PT">')
    expect(revokedPage).toContain('Este link já não está disponível')
    expect(revokedPage).toContain('revogou o link')
    expect(revokedPage).not.toContain('REPORT_NOT_FOUND')

    // Expired: a second link whose date has passed.
    const second = (await (await call(ana, 'POST', `/reports/${reportId}/links`, { days: 1 })).json()) as {
      id: string
      url: string
    }
    expect((await fetch(second.url.replace(/^https?:\/\/[^/]+/, farol.url))).status).toBe(200)
    await farol.database.db
      .update(reportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportLinks.id, second.id))
    const expired = await fetch(second.url.replace(/^https?:\/\/[^/]+/, farol.url), {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    })
    expect(expired.status).toBe(410)
    const expiredPage = await expired.text()
    expect(expiredPage).toContain('<html lang="en-GB">')
    expect(expiredPage).toContain('This link is no longer available')
    expect(expiredPage).toMatch(/The link to this report expired on \d{1,2} \w+ \d{4}\./)
    const listed = (await (await call(ana, 'GET', `/reports/${reportId}/links`)).json()) as {
      links: { usable: boolean; revoked: boolean }[]
    }
    expect(listed.links.map((l) => [l.usable, l.revoked])).toEqual([
      [false, false],
      [false, true],
    ])
    // A link that never existed: 404, still a page.
    const unknown = await fetch(`${farol.url}/api/shared-reports/${'x'.repeat(43)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Link não encontrado')
    expect((await fetch(`${farol.url}/api/shared-reports/short?lang=en`)).status).toBe(404)
  })
})
