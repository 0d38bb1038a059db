// Google: AI Overviews and AI Mode (issue 43). The e2e server has no DataForSEO (keyword research's specs
// check that state), so the page first says, in user words, that it is not connected. The runs use a
// second Farol on its own port and data directory, configured with the loopback DataForSEO fake: a run in
// Portuguese and one in English, each estimated (nothing asked of the fake), confirmed, then read with the
// site's and competitors' mentions marked. Screenshots at 375 and 1280 px with FAROL_SHOTS=<folder>.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import {
  type FakeDataForSeoSerp,
  startFakeDataForSeoSerp,
} from '../../../packages/engine/test/fakes/dataforseo-serp.ts'
import { createVerifiedUser, mailLink, password, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const e2ePort = Number(process.env.FAROL_E2E_PORT ?? 3107)
const port = e2ePort + 10055
const base = `http://localhost:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'farol-e2e-overviews-'))
const shots = process.env.FAROL_SHOTS

let fake: FakeDataForSeoSerp
let server: ChildProcess | null = null

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  fake = await startFakeDataForSeoSerp({ site: 'exemplo.pt' })
  const busy = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  )
  if (busy) throw new Error(`port ${port} already answers: a Farol left from another run?`)
  // The Node running this spec (the project's own, via npx playwright), not an npx wrapper: killing a
  // wrapper would leave the server behind, holding the port for the next run.
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
})

test.afterAll(async () => {
  if (server?.pid) server.kill('SIGTERM')
  await fake?.close()
})

async function shoot(page: Page, name: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('without DataForSEO the page says what is missing, and shows no result', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('overviews-none') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/google-ai')
  await expect(page.getByRole('heading', { name: 'Google: AI Overviews e AI Mode' }).first()).toBeVisible()
  await expect(page.getByTestId('overviews-not-connected')).toContainText('Ainda não ligado')
  await expect(page.getByTestId('overviews-ask-admin')).toContainText('Peça ao administrador')
  await expect(page.getByTestId('overviews-not-connected')).not.toContainText('DATAFORSEO_LOGIN')
  await expect(page.getByTestId('overviews-form')).toHaveCount(0)
  await shoot(page, 'not-connected-pt')
})

/**
 * A verified account on the second server. Its mail goes out through the outbox worker, which on a loaded
 * machine can take longer than mailLink's 15 s: wait up to a minute.
 */
async function verifiedUser(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag)
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    headers: { origin: base },
    data: { name: 'Ana Teste', email, password, callbackURL: '/auth/callback?next=/dashboard/client' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  let link: string | null = null
  for (let i = 0; i < 4 && !link; i++) link = await mailLink(email, 'verification', dataDir).catch(() => null)
  expect(link, `no verification email for ${email}`).toBeTruthy()
  expect((await page.request.get(link!, { maxRedirects: 0 })).status()).toBe(302)
  return email
}

/** The printable report of the site, whose "Google: AI Overviews e AI Mode" section prints the latest run. */
async function pdfSection(page: Page, name: string) {
  const headers = { origin: base }
  const ids: string[] = []
  for (const task_name of ['seo_analysis', 'ai_optimization']) {
    const created = await page.request.post(`${base}/api/seo-task-manager/create`, {
      headers,
      data: { task_name, requested_data: { url: 'https://www.exemplo.pt/', platform: 'desktop' } },
    })
    expect(created.ok(), await created.text()).toBe(true)
    ids.push(((await created.json()) as { taskId: string }).taskId)
  }
  await gotoHydrated(
    page,
    `${base}/suite/pdf-report?desktopTaskId=${ids[0]}&mobileTaskId=${ids[0]}&aiOptimizationTaskId=${ids[1]}`,
  )
  const section = page.getByTestId('report-section-google-ai')
  await expect(section).toBeVisible({ timeout: 30_000 })
  if (shots) {
    mkdirSync(shots, { recursive: true })
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await section.screenshot({ path: join(shots, `${name}-${width}.png`) })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  }
  return section
}

async function run(page: Page, keywords: string[]) {
  await page.getByTestId('overviews-site').fill('https://www.exemplo.pt/')
  await page.getByTestId('overviews-keywords').fill(keywords.join('\n'))
  await page.getByTestId('overviews-competitors').fill('concorrente-a.pt, concorrente-b.com.br')
  await page.getByTestId('overviews-place-BR').uncheck()
  // Keyboard: Enter in the site field asks for the estimate.
  await page.getByTestId('overviews-site').press('Enter')
}

test('a run in Portuguese: estimate, confirm, citations marked', async ({ page }) => {
  test.setTimeout(120_000)
  const email = await verifiedUser(page, 'overviews-pt')
  await signInByApi(page, base, email)
  await gotoHydrated(page, `${base}/suite/google-ai`)
  await expect(page.getByTestId('overviews-empty')).toBeVisible()
  await shoot(page, 'empty-pt')
  await page.getByTestId('overviews-estimate').click()
  await expect(page.getByTestId('overviews-form-error')).toContainText('Indique o site.')

  await run(page, ['seguro auto citado', 'seguro concorrentes', 'seguro sem resposta'])
  const panel = page.getByTestId('overviews-estimate-panel')
  await expect(panel).toContainText('6 pedidos ao DataForSEO')
  await expect(page.getByTestId('overviews-estimate-cost')).toContainText('0,018')
  await expect(panel).toContainText('Nada é pedido ao DataForSEO antes de confirmar.')
  expect(fake.requests).toHaveLength(0)
  await shoot(page, 'estimate-pt')

  await page.getByTestId('overviews-confirm').click()
  const report = page.getByTestId('overviews-report')
  await expect(report).toBeVisible({ timeout: 30_000 })
  expect(fake.requests).toHaveLength(6)
  await expect(page.getByTestId('overviews-spent')).toContainText('0,018')
  const overview = page.getByTestId('overviews-summary-ai_overview')
  await expect(overview.getByTestId('overviews-site-share')).toContainText('50% (IC 95%:')
  await expect(overview.getByTestId('overviews-site-share')).toContainText('n = 2')
  await expect(overview.getByTestId('overviews-gaps')).toContainText('seguro concorrentes')
  const cited = page.locator(
    '[data-testid="overviews-answer"][data-keyword="seguro auto citado"][data-surface="ai_overview"]',
  )
  await expect(cited.getByTestId('overviews-answer-verdict')).toHaveText('Citado na posição 1')
  await expect(cited.locator('mark[data-mark="site"]').first()).toHaveText('exemplo.pt')
  await expect(cited.locator('mark[data-mark="competitor"]').first()).toHaveText('concorrente-a.pt')
  const none = page.locator(
    '[data-testid="overviews-answer"][data-keyword="seguro sem resposta"][data-surface="ai_overview"]',
  )
  await expect(none.getByTestId('overviews-answer-verdict')).toHaveText(
    'A Google não mostrou resposta de IA.',
  )
  await page.getByTestId('overviews-filter').selectOption('notCited')
  await expect(
    page.locator(
      '[data-testid="overviews-answer"][data-keyword="seguro auto citado"][data-surface="ai_overview"]',
    ),
  ).toHaveCount(0)
  await page.getByTestId('overviews-filter').selectOption('all')
  // The site's cited pages beside what the workspace knows of them: here, nothing yet, and where to get it.
  const pages = page.getByTestId('overviews-pages')
  await expect(pages).toContainText('Este espaço de trabalho ainda não rastreou o site')
  await expect(pages).toContainText('Não há análise dos registos do site')
  await expect(page.getByTestId('overviews-page-row').first()).toContainText('não rastreada')
  await expect(page.getByTestId('overviews-runs')).toContainText('concluída')
  await shoot(page, 'report-pt')
  const pdf = await pdfSection(page, 'pdf-pt')
  await expect(pdf).toContainText('Google: AI Overviews e AI Mode')
  await expect(pdf.getByTestId('report-google-ai-ai_overview')).toContainText('50% (1 de 2; IC 95%:')
})

test('keywords from a tracked site, and its checks at each analysis (PT)', async ({ page }) => {
  test.setTimeout(120_000)
  const email = await verifiedUser(page, 'overviews-track')
  await signInByApi(page, base, email)
  await gotoHydrated(page, `${base}/suite/google-ai`)
  await expect(page.getByTestId('overviews-tracking-empty')).toContainText(
    'Este espaço de trabalho ainda não acompanha nenhum site.',
  )
  await page.getByTestId('overviews-source').selectOption('research')
  await expect(page.getByTestId('overviews-sources')).toContainText(
    'ainda não tem nenhuma pesquisa de palavras-chave concluída',
  )
  const headers = { origin: base }
  const site = await page.request.post(`${base}/api/sites`, {
    headers,
    data: { url: 'https://www.exemplo.pt/' },
  })
  expect(site.ok(), await site.text()).toBe(true)
  const { id } = (await site.json()) as { id: string }
  for (const keyword of ['seguro auto citado', 'seguro concorrentes'])
    expect(
      (await page.request.post(`${base}/api/sites/${id}/keywords`, { headers, data: { keyword } })).ok(),
    ).toBe(true)
  await gotoHydrated(page, `${base}/suite/google-ai`)
  await page.getByTestId('overviews-source').selectOption('site')
  await expect(page.getByTestId('overviews-source-from')).toContainText('(2 palavras-chave)')
  await page.getByTestId('overviews-source-load').click()
  await expect(page.getByTestId('overviews-source-message')).toContainText('2 palavras-chave colocadas')
  await expect(page.getByTestId('overviews-keywords')).toHaveValue('seguro auto citado\nseguro concorrentes')
  await expect(page.getByTestId('overviews-site')).toHaveValue('https://www.exemplo.pt/')
  const before = fake.requests.length
  await page.getByTestId('overviews-place-BR').uncheck()
  await page.getByTestId('overviews-track').click()
  const estimate = page.getByTestId('overviews-tracking-estimate')
  await expect(estimate).toContainText('Cada verificação: 4 pedidos ao DataForSEO, no máximo')
  await expect(estimate).toContainText('0,012')
  await shoot(page, 'tracking-pt')
  await page.getByTestId('overviews-tracking-confirm').click()
  await expect(page.getByTestId('overviews-tracking-on')).toContainText('Verificado em cada análise, até')
  expect(fake.requests.length).toBe(before)
  await shoot(page, 'tracking-on-pt')
  // Stopped again, so no scheduled check of this site reaches the fake during the next test.
  await page.getByRole('button', { name: 'Deixar de verificar' }).click()
  await expect(page.getByTestId('overviews-track')).toBeVisible()
})

test('a run in English', async ({ page }) => {
  test.setTimeout(120_000)
  const email = await verifiedUser(page, 'overviews-en')
  await signInByApi(page, base, email)
  await gotoHydrated(page, `${base}/en`)
  await gotoHydrated(page, `${base}/suite/google-ai`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Google: AI Overviews and AI Mode' }).first()).toBeVisible()
  const before = fake.requests.length
  await run(page, ['car insurance cited', 'car insurance competitors', 'car insurance no answer'])
  await expect(page.getByTestId('overviews-sources')).toContainText('Keywords from')
  await expect(page.getByTestId('overviews-tracking')).toContainText('Over time: tracked sites')
  await expect(page.getByTestId('overviews-estimate-panel')).toContainText('6 calls to DataForSEO')
  await expect(page.getByTestId('overviews-estimate-cost')).toContainText('US$0.018')
  await shoot(page, 'estimate-en')
  await page.getByTestId('overviews-confirm').click()
  await expect(page.getByTestId('overviews-report')).toBeVisible({ timeout: 30_000 })
  expect(fake.requests.length - before).toBe(6)
  const cited = page.locator(
    '[data-testid="overviews-answer"][data-keyword="car insurance cited"][data-surface="ai_overview"]',
  )
  await expect(cited.getByTestId('overviews-answer-verdict')).toHaveText('Cited at position 1')
  await expect(page.getByTestId('overviews-pages')).toContainText("The site's pages in these answers")
  await expect(
    page.getByTestId('overviews-summary-ai_overview').getByTestId('overviews-site-share'),
  ).toContainText('50% (95% CI:')
  await expect(page.getByTestId('overviews-runs')).toContainText('finished')
  await shoot(page, 'report-en')
  const pdf = await pdfSection(page, 'pdf-en')
  await expect(pdf).toContainText('Google: AI Overviews and AI Mode')
  await expect(pdf.getByTestId('report-google-ai-ai_overview')).toContainText('50% (1 of 2; 95% CI:')
})
