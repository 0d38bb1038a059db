import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { gotoHydrated } from './helpers.ts'

const password = 'Farol#Seguro2026'

/** The verification link of the newest email to `to` (the server writes mail to <data dir>/mail/*.eml). */
function verificationLink(to: string): string | undefined {
  const dir = join(process.env.FAROL_E2E_DATA_DIR!, 'mail')
  let files: string[] = []
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes('-verification-'))
  } catch {
    return undefined
  }
  for (const file of files.sort().reverse()) {
    const text = readFileSync(join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    if (!text.includes(to)) continue
    const link = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => url.includes('/api/auth/verify-email?'))
    if (link) return link.replace(/&amp;/g, '&')
  }
  return undefined
}

/** A verified account, signed in in the page's browser context. */
async function signedIn(page: Page, request: APIRequestContext, baseURL: string): Promise<string> {
  const email = `relatorios-${process.pid}-${Date.now().toString(36)}@exemplo.pt`
  const signUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin: baseURL },
    data: { name: 'Rita Relatórios', email, password },
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
  let link: string | undefined
  await expect.poll(() => (link = verificationLink(email)), { timeout: 15_000 }).toBeTruthy()
  expect((await request.get(link!, { maxRedirects: 0 })).status()).toBe(302)
  const signIn = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { origin: baseURL },
    data: { email, password },
  })
  expect(signIn.ok(), await signIn.text()).toBe(true)
  return email
}

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

test('/suite/reports asks anonymous visitors to sign in', async ({ page }) => {
  await gotoHydrated(page, '/suite/reports')
  const prompt = page.getByTestId('reports-login')
  await expect(prompt).toContainText('Tem de iniciar sessão para gerar relatórios.')
  await expect(prompt.getByRole('link', { name: 'Iniciar sessão' })).toHaveAttribute(
    'href',
    '/signin?redirect=%2Fsuite%2Freports',
  )
  await expect(page.getByTestId('report-generate-form')).toHaveCount(0)
})

test('/suite/pdf-report without the three ids shows the error screen, ready for the renderer', async ({
  page,
}) => {
  await page.goto('/suite/pdf-report?desktopTaskId=abc')
  await expect(page.locator('html[data-report-ready="true"][data-report-error="true"]')).toHaveCount(1)
  await expect(page.getByTestId('pdf-report-error-text')).toHaveText(
    'Faltam um ou mais IDs de tarefa obrigatórios',
  )
  const ids = page.getByTestId('pdf-report-error-ids')
  await expect(ids).toContainText('abc')
  await expect(ids).toContainText('(em falta)')
  await expect(page.getByText('Não foi possível carregar os dados do relatório')).toBeVisible()
})

test('/suite/pdf-report with unknown ids shows the server error and its details', async ({ page }) => {
  const id = '00000000-0000-4000-8000-000000000000'
  await page.goto(`/suite/pdf-report?desktopTaskId=${id}&mobileTaskId=${id}&aiOptimizationTaskId=${id}`)
  await expect(page.getByTestId('pdf-report-error-text')).toHaveText(
    `Não foi possível obter os dados do relatório: Tarefa ${id} não encontrada, Tarefa ${id} não encontrada, Tarefa ${id} não encontrada`,
  )
})

test('a signed-in user generates a report: Em preparação → Sucesso without reload, then downloads the PDF', async ({
  page,
  request,
  baseURL,
}) => {
  // Two Lighthouse runs (one at a time on the server, maybe behind other specs' runs), then the PDF.
  test.setTimeout(600_000)
  await signedIn(page, request, baseURL!)
  await gotoHydrated(page, '/suite/reports')
  await expect(page.getByTestId('report-empty')).toBeVisible()

  // An empty address does nothing.
  let posts = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/reports')) posts += 1
  })
  await page.getByTestId('report-generate').click()
  await expect(page.getByTestId('report-row')).toHaveCount(0)
  expect(posts).toBe(0)

  await page.getByTestId('report-url').fill(fx.url('/pt/'))
  await page.getByTestId('report-generate').click()
  await expect(page.getByText('Geração do relatório iniciada')).toBeVisible()
  const row = page.getByTestId('report-row')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('report-status')).toHaveText('Em preparação')
  // Not ready yet: the download says so.
  await row.getByTestId('report-download').click()
  await expect(page.getByText('Este relatório não está disponível para download')).toBeVisible()

  const navigations: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url())
  })
  const started = Date.now()
  await expect(row.getByTestId('report-status')).toHaveText('Sucesso', { timeout: 540_000 })
  console.log(`report ready after ${((Date.now() - started) / 1000).toFixed(0)} s`)
  expect(navigations).toEqual([])
  await expect(row.getByTestId('report-download')).toHaveAttribute('data-available', 'true')

  // The download opens file_url in a new tab, which the browser turns into a download.
  // Playwright reports a download from a new tab on that tab, or on its opener when the tab closed
  // itself first (as Chromium does for an attachment): listen on both.
  const download = Promise.race([
    page.waitForEvent('download', { timeout: 30_000 }),
    new Promise<Download>((resolve) => {
      page.context().once('page', (tab) => tab.once('download', resolve))
    }),
  ])
  await row.getByTestId('report-download').click()
  expect((await download).suggestedFilename()).toMatch(/^farol-127\.0\.0\.1-\d{4}-\d{2}-\d{2}\.pdf$/)
  const bytes = readFileSync((await (await download).path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  expect(bytes.length).toBeLessThan(2 * 1024 * 1024)

  // The printable page of the same report, for the owner.
  await row.getByTestId('report-view').click()
  await expect(page).toHaveURL(/\/suite\/pdf-report\?desktopTaskId=/)
  await expect(page.getByTestId('report-host')).toHaveText(new URL(fx.origin).host)
  for (const section of ['desktop', 'mobile', 'onpage', 'ai']) {
    await expect(page.getByTestId(`report-section-${section}`)).toBeVisible()
  }
  await expect(page.getByTestId('report-score-aio')).toHaveAttribute('data-score', /^\d+$/)
  await page.getByTestId('report-back').click()
  await expect(page).toHaveURL(/\/suite\/reports$/)

  // Opened by its address, without the three ids: the latest analysis is offered (issue 25).
  await gotoHydrated(page, '/suite/pdf-report')
  await expect(page.getByTestId('pdf-report-error-text')).toHaveText(
    'Faltam um ou mais IDs de tarefa obrigatórios',
  )
  await page.getByTestId('pdf-report-latest').click()
  await expect(page).toHaveURL(/\/suite\/pdf-report\?desktopTaskId=/)
  await expect(page.getByTestId('report-section-desktop')).toBeVisible()
})
