/**
 * One agency workspace with something in every suite page, seeded once per test run and shared by every
 * worker (issue 39: share seeded state between specs; issue 41: the walk test). The first worker to ask
 * seeds it through the API; the others wait for its answer in the run's data directory.
 *
 * The audited site is this Farol itself (its public pages): it is up as long as the run, whichever worker
 * seeded, so a page that links to or loads from the site never meets a closed fixture server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test'
import { createVerifiedUser, password, uniqueEmail } from './auth-helpers.ts'

export interface SeededWorld {
  site: string
  owner: { email: string }
  client: { email: string }
  workspaceId: string
  reportId: string
  /** The report's analyses, as /suite/pdf-report takes them. */
  pdfQuery: string
}

const dataDir = () => process.env.FAROL_E2E_DATA_DIR!
/** The longest seeding may take: its crawl (3 min) and its report (9 min), on a slow, busy machine. */
const seedingBudgetMs = 15 * 60_000

/** The seeded world, seeding it if no worker has yet. */
export async function seededWorld(baseURL: string): Promise<SeededWorld> {
  // Seeding, or waiting for another worker's, has its own bound; the caller's timeout is for its own steps.
  // Without this a 2-minute test that happened to seed cut the seeding short for every worker.
  const info = test.info()
  if (info.timeout > 0) info.setTimeout(info.timeout + seedingBudgetMs)
  const answer = join(dataDir(), 'seeded-world.json')
  let first = false
  try {
    mkdirSync(join(dataDir(), 'seeded-world.lock'))
    first = true
  } catch {
    // Another worker seeds (or has seeded): wait for its answer below.
  }
  if (first) {
    try {
      writeFileSync(answer, JSON.stringify({ world: await seed(baseURL) }))
    } catch (error) {
      writeFileSync(answer, JSON.stringify({ error: String(error) }))
      throw error
    }
  }
  let read: { world?: SeededWorld; error?: string } | undefined
  await expect
    .poll(
      () => {
        try {
          read = JSON.parse(readFileSync(answer, 'utf8'))
          return true
        } catch {
          return false
        }
      },
      { timeout: seedingBudgetMs, intervals: [1_000], message: 'the seeded world never became ready' },
    )
    .toBe(true)
  if (!read?.world) throw new Error(`seeding failed in another worker: ${read?.error}`)
  return read.world
}

/** An API client signed in as `email`. */
export async function signedIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password } })
  expect(res.ok(), await res.text()).toBe(true)
  return api
}

const logLine = (ip: string, day: string, path: string, status: number, ua: string) =>
  `${ip} - - [${day}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 100 "-" "${ua}"`
const gptBot = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'

async function seed(baseURL: string): Promise<SeededWorld> {
  const site = `${baseURL}/`
  const anon = await playwrightRequest.newContext({ baseURL })
  const owner = await createVerifiedUser(anon, baseURL, {
    email: uniqueEmail('walk-owner'),
    name: 'Dona Walk',
  })
  const client = await createVerifiedUser(anon, baseURL, {
    email: uniqueEmail('walk-client'),
    name: 'Cliente Walk',
  })
  await anon.dispose()

  const api = await signedIn(baseURL, owner.email)
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const workspace = (await ok(await api.post('/api/workspaces', { data: { name: 'Agência Passeio' } }))) as {
    id?: string
    workspace?: { id: string }
  }
  const workspaceId = workspace.id ?? workspace.workspace!.id
  const tracked = (await ok(await api.post('/api/sites', { data: { url: site } }))) as {
    id?: string
    site?: { id: string }
  }
  const siteId = tracked.id ?? tracked.site!.id

  // A small crawl of the site, for the site audit's pages.
  const crawl = (await ok(
    await api.post('/api/seo-task-manager/create', {
      data: { task_name: 'site_crawl', requested_data: { url: site, maxPages: 3 } },
    }),
  )) as { taskId: string }
  // A bot-log upload, for the AI crawlers' page.
  const log = [
    logLine('20.171.206.5', '20', '/', 200, gptBot),
    logLine('20.171.206.5', '21', '/faq', 200, gptBot),
    logLine('192.0.2.7', '21', '/', 200, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'),
  ].join('\n')
  const upload = await api.post(
    `/api/bots/uploads?${new URLSearchParams({ site, name: 'access.log.gz', lang: 'pt' })}`,
    {
      headers: { 'content-type': 'application/octet-stream' },
      data: gzipSync(log),
    },
  )
  expect(upload.ok(), await upload.text()).toBe(true)
  // A report (an analysis of both devices, and its PDF), for the reports page and the client area.
  const report = (await ok(await api.post('/api/reports', { data: { url: site } }))) as Record<string, string>
  const pdfQuery = new URLSearchParams({
    desktopTaskId: report.desktopTaskId!,
    mobileTaskId: report.mobileTaskId!,
    aiOptimizationTaskId: report.aiOptimizationTaskId!,
  }).toString()

  // The client joins the workspace and is shared the site.
  const invitation = (await ok(
    await api.post('/api/workspaces/current/invitations', { data: { email: client.email, role: 'client' } }),
  )) as { id: string }
  const clientApi = await signedIn(baseURL, client.email)
  await ok(await clientApi.post(`/api/invitations/${invitation.id}/accept`))
  const people = (await (await api.get('/api/workspaces/current/members')).json()) as {
    members: { userId: string; email: string }[]
  }
  const clientId = people.members.find((m) => m.email === client.email)!.userId
  await ok(await api.post(`/api/sites/${siteId}/shares`, { data: { userId: clientId } }))
  await clientApi.dispose()

  // Everything finished before any page is walked: the pages show results, not progress.
  await expect
    .poll(
      async () =>
        (
          (await (await api.get(`/api/seo-task-manager/status?taskId=${crawl.taskId}`)).json()) as {
            status: string
          }
        ).status,
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe('success')
  let made: { id: string; status: string; message: string | null } | undefined
  await expect
    .poll(
      async () => {
        const list = (await (await api.get('/api/reports')).json()) as { reports: NonNullable<typeof made>[] }
        made = list.reports.find((r) => r.id === report.id)
        return made?.status === 'success' || made?.status === 'failed'
      },
      { timeout: 540_000, intervals: [3_000] },
    )
    .toBe(true)
  expect(made?.status, `the seeded report failed: ${made?.message}`).toBe('success')
  await api.dispose()
  return { site, owner, client, workspaceId, reportId: report.id!, pdfQuery }
}
