// site_crawl with `render` (issue 30) through the HTTP task API: the SPA is crawled rendered in `auto` mode
// (its raw start page has no text: the result says so), its rendered checks are in the result with their
// names in both languages, and they reach the dashboard's site-audit summary (recommendations and PDF).
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import { findChrome } from '@farol/engine/lighthouse/chrome.ts'
import { spaSite } from '@farol/engine/render/testing/sites.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finishedTask, freePort, signedInUser, testConfig } from '../../../test/helpers.ts'
import { type RunningFarol, startFarol } from '../../composition/server.ts'
import { users } from '../../platform/db/schema.ts'
import { createLogger } from '../../platform/log.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'
import type { SiteCrawlResult } from './capability.ts'
import { latestSiteAudit } from './summary.ts'

interface Status {
  status: string
  results: SiteCrawlResult | null
  errorCode: string | null
  message: string | null
}

describe.skipIf(!findChrome())('site_crawl task with rendering', () => {
  let spa: SiteServer
  let farol: RunningFarol
  let cookie: string

  beforeAll(async () => {
    spa = await startSiteServer(spaSite(15))
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        // A page that waits for a busy machine's Chromium still counts (the parallel suite loads 2 cores).
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_CRAWL_CONCURRENCY: '4', FAROL_RENDER_TIMEOUT_S: '90' },
      }),
      createLogger('silent'),
    )
    cookie = await signedInUser(farol, 'render@exemplo.pt')
  }, 60_000)
  afterAll(async () => {
    await farol?.stop()
    await spa?.close()
  })

  async function create(body: unknown) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, cookie, 'accept-language': 'en' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }
  const until = (taskId: string) => finishedTask<Status>(farol.url, taskId, { cookie })

  it('refuses an unknown render mode with a translated message', async () => {
    const res = await create({ task_name: 'site_crawl', requested_data: { url: spa.url, render: 'always' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatchObject({
      code: 'CRAWL_RENDER_MODE',
      message: 'JavaScript rendering must be automatic, on or off.',
    })
  })

  it('auto renders the SPA, says why, and its rendered checks reach the result and the summary', async () => {
    const res = await create({
      task_name: 'site_crawl',
      requested_data: { url: spa.url, maxPages: 15, render: 'auto' },
    })
    expect(res.status).toBe(201)
    const done = await until(res.body.taskId)
    expect(done.status).toBe('success')
    const result = done.results!
    expect(result.stats.pages).toBe(15)
    expect(result.render).toMatchObject({ mode: 'auto', rendered: true, reason: 'auto-text' })
    expect(result.render?.text.pt).toMatch(/menos de metade do texto/)
    const content = result.issues.find((i) => i.type === 'content-only-rendered')!
    expect(content.count).toBe(15)
    expect(content.title).toEqual({
      pt: 'Conteúdo que só existe depois do JavaScript',
      en: 'Content that exists only after JavaScript',
    })
    const [user] = await farol.database.db.select().from(users).where(eq(users.email, 'render@exemplo.pt'))
    const summary = await latestSiteAudit(
      farol.database.db,
      { workspaceId: personalWorkspaceId(user!.id) },
      spa.url,
    )
    expect(summary?.issues.map((i) => i.type)).toEqual(
      expect.arrayContaining(['content-only-rendered', 'links-only-rendered', 'title-changed-by-js']),
    )
  }, 180_000)

  it('a raw crawl after the rendered one is not compared with it, and says the site needs rendering', async () => {
    const res = await create({
      task_name: 'site_crawl',
      requested_data: { url: spa.url, maxPages: 15, render: 'off' },
    })
    expect(res.status).toBe(201)
    const done = await until(res.body.taskId)
    expect(done.status).toBe('success')
    const result = done.results!
    // Raw, the app is one empty shell: the crawl cannot see the site, and says so (issue 41).
    expect(result.stats.pages).toBe(1)
    expect(result.needsRendering).toMatchObject({ mode: 'off', reason: null })
    expect(result.needsRendering!.words).toBeLessThan(50)
    // Only the render setting changed: "fixed" and "gone" would describe the setting, not the site.
    expect(result.comparison).toBeNull()
    expect(result.comparisonRefused).toMatchObject({
      reason: 'render-mode',
      previous: 'rendered',
      current: 'raw',
    })
    // /api/v1 (and MCP's compare_crawls through it) refuses the same comparison, and says why.
    const made = await fetch(`${farol.url}/api/account/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, cookie },
      body: JSON.stringify({ name: 'compare', scopes: ['read'] }),
    })
    const { token } = (await made.json()) as { token: string }
    const compared = await fetch(`${farol.url}/api/v1/crawls/${res.body.taskId}/comparison`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    })
    expect(compared.status).toBe(409)
    expect(((await compared.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'CRAWL_RENDER_MODES_DIFFER',
      message: expect.stringMatching(/one rendered JavaScript, the other read the raw HTML/),
    })
  }, 180_000)
})
