// Issue #12, the core flow: one analysis seen on every page, failures in seconds with the reason and what
// to try, every message in the reader's language, the landing form's URL rules.
import { createServer } from 'node:net'
import { expect, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated, heroForm } from './helpers.ts'
import { type FixtureServer, startFixtureServer, storedRun } from './suite-helpers.ts'

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

test('one analysis: the AIO page, recommendations and another browser open on the same analysis', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  const target = fx.url('/aio-good/')
  await gotoHydrated(page, `/suite/aio?url=${encodeURIComponent(target)}`)
  await page.getByTestId('aio-form').getByRole('button').click()
  await expect(page.getByTestId('aio-strengths')).toBeVisible({ timeout: 60_000 })
  const taskId = (await storedRun(page))!.slots.aio!.taskId!
  await expect(page.getByTestId('analysis-date')).toContainText('Análise de')

  // The address moves with the reader: the side navigation carries it.
  await expect(page.getByTestId('suite-nav').getByRole('link', { name: 'Análise SEO' })).toHaveAttribute(
    'href',
    `/suite/seo?${new URLSearchParams({ url: target })}`,
  )

  // Recommendations open on that analysis, without a new task.
  await gotoHydrated(page, '/suite/recommendations')
  await expect(page.getByTestId('recommendations-page')).toBeVisible()
  await expect(page.getByTestId('reanalyse')).toHaveText('Reanalisar')
  expect((await storedRun(page))!.slots.aio!.taskId).toBe(taskId)

  // The reports form opens on the analysed address.
  await gotoHydrated(page, '/suite/reports')
  await expect(page.getByTestId('report-url')).toHaveValue(target)

  // Another browser of the same user: the server's latest analysis, not the empty state.
  const other = await browser.newContext({ baseURL: baseURL! })
  const second = await other.newPage()
  await signInByApi(second, baseURL!, email)
  await gotoHydrated(second, '/suite/aio')
  await expect(second.getByTestId('aio-strengths')).toBeVisible()
  await expect(second.getByTestId('aio-form').getByRole('textbox')).toHaveValue(target)
  expect((await storedRun(second))!.slots.aio!.taskId).toBe(taskId)
  await other.close()

  // "Reanalisar" is a new analysis (a new task), not the reuse of the last one.
  await page.goto('/suite/aio')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByTestId('reanalyse').click()
  await expect.poll(async () => (await storedRun(page))?.slots.aio?.taskId ?? taskId).not.toBe(taskId)
  await expect(page.getByTestId('aio-strengths')).toBeVisible({ timeout: 60_000 })
})

test('a closed port fails with the reason in Portuguese, and each row says it failed', async ({ page }) => {
  test.setTimeout(60_000)
  const port = await closedPort()
  await gotoHydrated(page, `/suite?url=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`)
  const panel = page.getByTestId('analysis-error')
  await expect(panel).toContainText('O servidor recusou a ligação')
  await expect(panel).not.toContainText('refused')
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-phase', 'failed')
})

test('https that does not answer suggests http, and the http action analyses it', async ({ page }) => {
  test.setTimeout(60_000)
  const port = await closedPort()
  await gotoHydrated(page, `/suite?url=${encodeURIComponent(`https://127.0.0.1:${port}/`)}`)
  const panel = page.getByTestId('analysis-error')
  await expect(panel).toContainText('O site não respondeu em https — tentar http?')
  await panel.getByTestId('error-action').click()
  await expect(page).toHaveURL(new RegExp(`url=http%3A%2F%2F127\\.0\\.0\\.1%3A${port}`))
})

test('a page that cannot be fetched ends the analysis at once; no row or panel reads "Concluído"', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const port = await closedPort()
  await gotoHydrated(page, `/suite?url=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`)
  // The fast part fails on its first attempt; the Lighthouse part, which would fail the same way, is
  // not waited for (it may be queued behind another analysis's run).
  // On a loaded machine the fast part may wait in the queue behind other tests' analyses.
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-phase', 'failed', { timeout: 40_000 })
  // The Lighthouse part fails as fast and may be the first the page hears of: the fast part's own failure
  // follows within moments, not after a retry.
  await expect.poll(async () => (await storedRun(page))!.slots.aio!.status, { timeout: 5_000 }).toBe('failed')
  await expect(page.getByText('Concluído')).toHaveCount(0)
})

test('an address typed without a scheme is analysed over http when https cannot connect', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/aio')
  const typed = fx.url('/aio-good/').replace(/^http:\/\//, '')
  await page.getByTestId('aio-form').getByRole('textbox').fill(typed)
  await page.getByTestId('aio-form').getByRole('button').click()
  await expect(page.getByTestId('aio-strengths')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('http-fallback')).toContainText('O site não respondeu em https')
})

test('the landing form applies the dashboard URL rules: "not a url" does not navigate', async ({ page }) => {
  await gotoHydrated(page, '/')
  const form = heroForm(page)
  await form.getByRole('textbox').fill('not a url')
  await form.getByRole('button').click()
  await expect(form.getByRole('alert')).toHaveText('Por favor, insira um URL válido')
  await expect(page).toHaveURL(/\/$/)
})

test('a 404 page is shown as such with its status, not audited as content', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, `/suite/aio?url=${encodeURIComponent(fx.url('/no-such-page/'))}`)
  await page.getByTestId('aio-form').getByRole('button').click()
  await expect(page.getByTestId('not-audited')).toContainText('A página respondeu com o código HTTP 404', {
    timeout: 60_000,
  })
})
