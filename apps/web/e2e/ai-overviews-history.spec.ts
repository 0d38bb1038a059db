// One keyword's Google AI answers over time (issue 43 item 3), on the Google AI page, in PT and EN. A Farol
// of its own (own port and data directory) speaks to the loopback DataForSEO fake; the answers are seeded
// through the API: a run a week ago (its answers' day moved back while the server is stopped, PGlite being
// one process's), then today's, after Google changed its mind (the cited keyword now cites only
// competitors, the other now cites the site). The history shows each day's answer, where the site was
// cited and the citation lost or gained; the empty and error states; the keyboard alone drives it. A client
// of the workspace sees no control. Screenshots at 375 and 1280 px with FAROL_SHOTS=<folder>.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import {
  type FakeDataForSeoSerp,
  startFakeDataForSeoSerp,
} from '../../../packages/engine/test/fakes/dataforseo-serp.ts'
import { openDatabase } from '../../server/src/platform/db/database.ts'
import { mailLink, password, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const port = Number(process.env.FAROL_E2E_PORT ?? 3107) + 10056
const base = `http://localhost:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'farol-e2e-overviews-history-'))
const shots = process.env.FAROL_SHOTS
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)

let fake: FakeDataForSeoSerp
let server: ChildProcess | null = null
const people = { owner: '', client: '', workspaceId: '' }

test.describe.configure({ mode: 'serial' })

async function startServer() {
  // The Node running this spec, not an npx wrapper: killing a wrapper would leave the server behind.
  server = spawn(process.execPath, ['apps/server/src/composition/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      FAROL_DATA_DIR: dataDir,
      FAROL_PUBLIC_URL: base,
      DATAFORSEO_LOGIN: fake.login,
      DATAFORSEO_PASSWORD: fake.password,
      DATAFORSEO_URL: fake.origin,
      FAROL_RATE_LIMIT_SIGN_IN: '1000',
      FAROL_RATE_LIMIT_SIGN_UP: '1000',
    },
    stdio: 'ignore',
  })
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 140_000, intervals: [500] },
    )
    .toBe(200)
}

async function stopServer() {
  const running = server
  server = null
  if (!running?.pid || running.exitCode !== null) return
  const exited = new Promise((r) => running.once('exit', r))
  running.kill('SIGTERM')
  await exited
}

/** A verified account on this server (its mail, through the outbox, can take a while on a loaded machine). */
async function verifiedUser(request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag)
  const response = await request.post(`${base}/api/auth/sign-up/email`, {
    headers: { origin: base },
    data: { name: 'Ana Teste', email, password, callbackURL: '/auth/callback?next=/dashboard/client' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  let link: string | null = null
  for (let i = 0; i < 4 && !link; i++) link = await mailLink(email, 'verification', dataDir).catch(() => null)
  expect(link, `no verification email for ${email}`).toBeTruthy()
  expect((await request.get(link!, { maxRedirects: 0 })).status()).toBe(302)
  return email
}

/** A run of the keywords, confirmed at the estimated cost, waited for. */
async function seededRun(request: APIRequestContext, keywords: string[]) {
  const headers = { origin: base }
  const body = {
    site: 'https://www.exemplo.pt/',
    keywords,
    competitors: ['concorrente-a.pt', 'concorrente-b.com.br'],
    locations: [{ locationCode: 2620, languageCode: 'pt' }],
    devices: ['desktop'],
    surfaces: ['ai_overview', 'ai_mode'],
  }
  const estimate = await request.post(`${base}/api/ai-overviews/estimate`, { headers, data: body })
  expect(estimate.ok(), await estimate.text()).toBe(true)
  const { cost } = ((await estimate.json()) as { estimate: { cost: number } }).estimate
  const started = await request.post(`${base}/api/ai-overviews/runs`, {
    headers,
    data: { ...body, confirm: true, expectedCost: cost },
  })
  expect(started.ok(), await started.text()).toBe(true)
  const { taskId } = (await started.json()) as { taskId: string }
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`${base}/api/seo-task-manager/status?taskId=${taskId}`)).json()) as {
            status: string
          }
        ).status,
      { timeout: 60_000, intervals: [250] },
    )
    .toBe('success')
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(360_000)
  fake = await startFakeDataForSeoSerp({ site: 'exemplo.pt' })
  const busy = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  )
  if (busy) throw new Error(`port ${port} already answers: a Farol left from another run?`)
  await startServer()
  const owner = await playwright.request.newContext()
  const client = await playwright.request.newContext()
  people.owner = await verifiedUser(owner, 'overviews-history-owner')
  people.client = await verifiedUser(client, 'overviews-history-client')
  for (const [context, email] of [
    [owner, people.owner],
    [client, people.client],
  ] as const) {
    const signed = await context.post(`${base}/api/auth/sign-in/email`, {
      headers: { origin: base },
      data: { email, password },
    })
    expect(signed.ok(), await signed.text()).toBe(true)
  }
  const headers = { origin: base }
  // A team workspace (the runs are its), with a client.
  const workspace = await owner.post(`${base}/api/workspaces`, { headers, data: { name: 'Agência Farol' } })
  expect(workspace.ok(), await workspace.text()).toBe(true)
  people.workspaceId = ((await workspace.json()) as { id: string }).id
  const invited = await owner.post(`${base}/api/workspaces/current/invitations`, {
    headers,
    data: { email: people.client, role: 'client' },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const { id } = (await invited.json()) as { id: string }
  const accepted = await client.post(`${base}/api/invitations/${id}/accept`, { headers })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  const site = await owner.post(`${base}/api/sites`, { headers, data: { url: 'https://www.exemplo.pt/' } })
  expect(site.ok(), await site.text()).toBe(true)
  const { id: siteId } = (await site.json()) as { id: string }
  for (const keyword of ['seguro auto citado', 'seguro concorrentes'])
    expect(
      (await owner.post(`${base}/api/sites/${siteId}/keywords`, { headers, data: { keyword } })).ok(),
    ).toBe(true)

  // A week ago: the first keyword cited the site, the second only competitors.
  await seededRun(owner, ['seguro auto citado', 'seguro concorrentes'])
  await stopServer()
  // The server's own opening of its data directory (and its lock): stopped, it holds none.
  const database = await openDatabase({ dataDir })
  await database.pglite!.query('UPDATE ai_overview_answers SET day = $1', [weekAgo])
  await database.pglite!.query('UPDATE ai_overview_runs SET day = $1', [weekAgo])
  await database.close()
  await startServer()
  // Today: Google changed its mind.
  fake.scenarios.set('seguro auto citado', 'competitors')
  fake.scenarios.set('seguro concorrentes', 'site')
  await inWorkspace(owner, people.owner)
  await seededRun(owner, ['seguro auto citado', 'seguro concorrentes'])
  await owner.dispose()
  await client.dispose()
})

test.afterAll(async () => {
  await stopServer()
  await fake?.close()
})

/** Signed in (a new session) with the team workspace active. */
async function inWorkspace(request: APIRequestContext, email: string) {
  const headers = { origin: base }
  const signed = await request.post(`${base}/api/auth/sign-in/email`, { headers, data: { email, password } })
  expect(signed.ok(), await signed.text()).toBe(true)
  const active = await request.post(`${base}/api/workspaces/active`, {
    headers,
    data: { workspaceId: people.workspaceId },
  })
  expect(active.ok(), await active.text()).toBe(true)
}

async function shoot(page: Page, name: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true)
    await page.screenshot({ path: join(shots, `history-${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** Types the site and keyword and asks with Enter, from the keyboard alone. */
async function ask(page: Page, site: string, keyword: string) {
  const siteField = page.getByTestId('overviews-history-site')
  await siteField.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(site)
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('overviews-history-keyword')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(keyword)
  await page.keyboard.press('Enter')
}

test("a keyword's history in Portuguese: shown, cited where, the citation lost", async ({ page }) => {
  test.setTimeout(120_000)
  await inWorkspace(page.request, people.owner)
  await gotoHydrated(page, `${base}/suite/google-ai`)
  const history = page.getByTestId('overviews-history')
  await expect(history.getByRole('heading', { name: 'Uma palavra-chave ao longo do tempo' })).toBeVisible()
  await expect(history).toContainText('Escolha um site e uma das suas palavras-chave')
  // Nothing typed: said in the form, nothing asked.
  await page.getByTestId('overviews-history-show').click()
  await expect(history.getByRole('alert')).toHaveText('Indique o site e uma palavra-chave.')
  // A keyword the server refuses (over 80 characters): its translated refusal, with a retry.
  await ask(page, 'https://www.exemplo.pt/', 'seguro '.repeat(12))
  await expect(page.getByTestId('overviews-history-error')).toContainText('Indique o site e entre 1 e 500')
  await expect(page.getByTestId('overviews-history-error').getByRole('button')).toBeVisible()
  // A keyword never asked: the empty state.
  await ask(page, 'https://www.exemplo.pt/', 'seguro nunca pedido')
  await expect(page.getByTestId('overviews-history-empty')).toContainText(
    'Ainda não há respostas guardadas para esta palavra-chave',
  )
  await shoot(page, 'empty-pt')

  // The competitors typed in the run's form are the ones the history names.
  await page.getByTestId('overviews-competitors').fill('concorrente-a.pt, concorrente-b.com.br')
  await ask(page, 'https://www.exemplo.pt/', 'seguro auto citado')
  const result = page.getByTestId('overviews-history-result')
  await expect(result).toBeVisible()
  const rows = page.getByTestId('overviews-history-row')
  await expect(rows).toHaveCount(4)
  const overviewToday = rows.filter({ hasText: 'AI Overview' }).first()
  await expect(overviewToday).toContainText('Portugal (português) · Computador')
  await expect(overviewToday).toContainText('Não citado')
  await expect(overviewToday).toContainText('concorrente-a.pt')
  await expect(overviewToday.getByTestId('overviews-history-lost')).toHaveText('↓ Citação perdida')
  const overviewBefore = rows.filter({ hasText: 'AI Overview' }).last()
  await expect(overviewBefore).toContainText('Citado na posição 1')
  await expect(page.getByTestId('overviews-history-summary')).toContainText('4 respostas guardadas')
  await expect(
    page.getByRole('region', { name: 'Respostas para «seguro auto citado» dia a dia' }),
  ).toBeVisible()
  await shoot(page, 'owner-pt')

  await ask(page, 'https://www.exemplo.pt/', 'seguro concorrentes')
  await expect(
    rows.filter({ hasText: 'AI Overview' }).first().getByTestId('overviews-history-gained'),
  ).toHaveText('↑ Citação ganha')
})

test("a keyword's history in English", async ({ page }) => {
  test.setTimeout(120_000)
  await inWorkspace(page.request, people.owner)
  await gotoHydrated(page, `${base}/en`)
  await gotoHydrated(page, `${base}/suite/google-ai`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const history = page.getByTestId('overviews-history')
  await expect(history.getByRole('heading', { name: 'One keyword over time' })).toBeVisible()
  await ask(page, 'https://www.exemplo.pt/', 'seguro auto citado')
  const rows = page.getByTestId('overviews-history-row')
  await expect(rows).toHaveCount(4)
  const today = rows.filter({ hasText: 'AI Overview' }).first()
  await expect(today).toContainText('Not cited')
  await expect(today.getByTestId('overviews-history-lost')).toHaveText('↓ Citation lost')
  await expect(rows.filter({ hasText: 'AI Overview' }).last()).toContainText('Cited at position 1')
  await expect(page.getByTestId('overviews-history-summary')).toContainText(
    '4 answers kept; the site cited in',
  )
  await shoot(page, 'owner-en')
})

test('a client of the workspace sees no control of the page, in PT and EN', async ({ page }) => {
  test.setTimeout(60_000)
  await inWorkspace(page.request, people.client)
  for (const lang of ['pt', 'en'] as const) {
    if (lang === 'en') await gotoHydrated(page, `${base}/en`)
    await gotoHydrated(page, `${base}/suite/google-ai`)
    const card = page.getByTestId('overviews-for-clients')
    await expect(card).toBeVisible()
    // None of the page's forms, and in its place only the way to the client area.
    for (const part of ['form', 'history', 'tracking', 'runs', 'sources', 'estimate'])
      await expect(page.getByTestId(`overviews-${part}`)).toHaveCount(0)
    await expect(card.locator('form, input, select, textarea, button')).toHaveCount(0)
    await expect(card.getByRole('link')).toHaveCount(1)
    await shoot(page, `client-${lang}`)
  }
})
