import { expect, test } from '@playwright/test'
import { overallScore } from '../../../packages/engine/src/scores/index.ts'
import { historyRows } from '../app/features/analysis/analysis-history.ts'
import type { MyTask } from '../app/features/analysis/types.ts'
import { historyPoints } from '../app/features/suite/dashboard/history-chart-data.ts'
import { createVerifiedUser, fillSignIn, signInByApi } from './auth-helpers.ts'
import { gotoHydrated, heroForm } from './helpers.ts'
import { seededWorld } from './seeded-world.ts'
import {
  type FixtureServer,
  finishedRun,
  seedRun,
  startFixtureServer,
  storedRun,
  taskStatus,
} from './suite-helpers.ts'

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

test('landing form → dashboard: a real analysis of a fixture page shows its real scores', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const target = fx.url('/good/')
  await gotoHydrated(page, '/')
  await heroForm(page).getByRole('textbox').fill(target)
  await heroForm(page).getByRole('button').click()
  await expect(page).toHaveURL(/\/suite\?url=.+&projectId=/)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')

  // Progress first, then the fast task's scores.
  const aioValue = page.getByTestId('aio-score-value')
  await expect(aioValue).toBeVisible({ timeout: 30_000 })
  const run = await storedRun(page)
  expect(run?.url).toBe(target)
  const aioTaskId = run?.slots.aio?.taskId
  expect(aioTaskId).toBeTruthy()
  const status = await taskStatus(page, aioTaskId!)
  expect(status.status).toBe('success')
  await expect(aioValue).toHaveText(String(status.results!.aio.scores.overall))
  await expect(page.getByTestId('aio-score-label')).toHaveText(/^(Bom|A melhorar|Fraco)$/)
  await expect(page.getByTestId('seo-score-value')).toHaveText(/^\d{1,3}$/)
  await expect(page.getByTestId('suite-header-domain')).toHaveText('127.0.0.1')
  await expect(
    page.getByTestId('domain-header').locator('[data-testid="domain-globe"], [data-testid="domain-favicon"]'),
  ).toHaveCount(1)

  // The overall score says honestly that there is no LLM presence data.
  await expect(page.getByTestId('overall-note')).toContainText('Sem dados de presença em LLM')
  // Recommendations: three per tab at most, from the audit's findings.
  const recs = page.getByTestId('recommendations-card').getByTestId('recommendation')
  expect(await recs.count()).toBeLessThanOrEqual(3)
  await page.getByTestId('rec-tab-aio').click()
  expect(await recs.count()).toBeLessThanOrEqual(3)
  // Anonymous: 'Ver todas' asks for an account; tools are locked; history and reports are disabled.
  await page.getByTestId('see-all').click()
  await expect(page.getByText('Faça login para ver todas as recomendações detalhadas.')).toBeVisible()
  await expect(page.getByTestId('tool-aio')).toContainText('Disponível com conta')
  await expect(page.getByTestId('tool-seo')).not.toHaveAttribute('data-locked', 'true')
  await expect(page.getByTestId('dashboard-tab-history')).toBeDisabled()
  await expect(page.getByTestId('dashboard-tab-reports')).toBeDisabled()
  const aioNav = page.getByTestId('suite-nav').getByRole('link', { name: /Otimização para IA/ })
  await expect(aioNav).toHaveAttribute('data-locked', 'true')
  await aioNav.hover()
  await expect(page.getByRole('tooltip')).toHaveText('Login necessário')

  // The Lighthouse desktop run finishes and its real metrics replace the waiting state.
  await expect(page.getByTestId('metric-lcp')).toBeVisible({ timeout: 200_000 })
  await expect(page.getByTestId('metrics-waiting')).toHaveCount(0)
  const desktop = await taskStatus(page, (await storedRun(page))!.slots.desktop!.taskId!)
  expect(desktop.status).toBe('success')
  await expect(page.getByTestId('seo-score-value')).toHaveText(String(desktop.results!.scores.seo))
  // An analysis's AIO is its AIO task's (decision 017): the overall score is recomputed with it, not the
  // Lighthouse run's own reading of the rendered page.
  const aioScore = Math.round(status.results!.aio.scores.overall)
  await expect(page.getByTestId('overall-score-value')).toHaveText(
    String(overallScore({ seo: desktop.results!.scores.seo, aio: aioScore, llm: null }).score),
  )

  // Then mobile Lighthouse starts in the background (issue 25): /suite/seo opens on it, no new task.
  await expect
    .poll(async () => (await storedRun(page))?.slots.mobile?.taskId ?? null, { timeout: 20_000 })
    .not.toBeNull()
  const mobileTaskId = (await storedRun(page))!.slots.mobile!.taskId
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-phase', 'finished')
  await page.getByTestId('suite-nav').getByRole('link', { name: 'Análise SEO' }).click()
  await expect(page.getByTestId('seo-page')).toHaveAttribute('data-phase', 'finished', { timeout: 200_000 })
  expect((await storedRun(page))!.slots.mobile!.taskId).toBe(mobileTaskId)
  const mobile = await taskStatus(page, mobileTaskId!)
  expect(mobile.status).toBe('success')
  await page.getByTestId('seo-tab-mobile').click()
  await expect(page.getByTestId('performance-score-mobile')).toHaveText(
    String(
      (mobile.results as unknown as { lighthouse: { mobile: { performanceScore: number } } }).lighthouse
        .mobile.performanceScore,
    ),
  )
})

test('the dashboard URL form shows the spec messages', async ({ page }) => {
  await gotoHydrated(page, '/suite')
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible()
  const form = page.getByTestId('dashboard-form')
  await form.getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('dashboard-form-error')).toHaveText('Por favor, insira um URL para analisar')
  await form.getByRole('textbox').fill('intranet')
  await form.getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('dashboard-form-error')).toHaveText('Por favor, insira um URL válido')
  await form.getByRole('textbox').fill('www.a.b')
  await form.getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('dashboard-form-error')).toHaveText('Por favor, insira um URL válido')
  // A valid address from an anonymous visitor is kept as pending and the sign-in modal opens (spec §4).
  await form.getByRole('textbox').fill('exemplo.pt')
  await form.getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('auth-modal')).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('pendingAnalysisUrl'))).toBe('https://exemplo.pt')
})

test('a reload during a running analysis resumes it', async ({ page }) => {
  test.setTimeout(240_000)
  const target = fx.url('/aio-good/')
  await gotoHydrated(page, `/suite?url=${encodeURIComponent(target)}`)
  await expect(page.getByTestId('analysis-progress')).toBeVisible()
  await expect.poll(async () => (await storedRun(page))?.slots.desktop?.taskId ?? null).not.toBeNull()
  const before = await storedRun(page)
  // Lighthouse takes tens of seconds: the desktop task is still running when the page reloads.
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  const after = await storedRun(page)
  expect(after?.slots.desktop?.taskId).toBe(before?.slots.desktop?.taskId)
  expect(after?.slots.aio?.taskId).toBe(before?.slots.aio?.taskId)
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-phase', 'finished', { timeout: 200_000 })
  await expect(page.getByTestId('metric-cls')).toBeVisible()
  // No second analysis was started by the reload.
  expect((await storedRun(page))?.slots.desktop?.taskId).toBe(before?.slots.desktop?.taskId)
})

test('/suite/aio is gated for anonymous visitors: overlay visible, content inert', async ({ page }) => {
  await gotoHydrated(page, '/suite/aio')
  const panel = page.getByTestId('access-gate-panel')
  await expect(panel.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible()
  const content = page.getByTestId('access-gate-content')
  await expect(content).toHaveAttribute('aria-hidden', 'true')
  await expect(content).toHaveAttribute('inert', '')
  // The blurred content is out of the accessibility tree and out of the tab order.
  await expect(page.getByRole('heading', { name: 'Pontos fortes' })).toHaveCount(0)
  await page.getByTestId('suite-header').getByRole('link').first().focus()
  const focusable = await content.evaluate((el) => el.querySelectorAll('a, button, input').length)
  expect(focusable).toBe(0)
  await panel.getByRole('link', { name: 'Entrar' }).focus()
  await expect(panel.getByRole('link', { name: 'Entrar' })).toBeFocused()
  // Without JavaScript the button is a link to /signin that comes back here.
  await expect(panel.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
    'href',
    '/signin?redirect=%2Fsuite%2Faio',
  )
})

test('/suite/aio: "Entrar" opens the sign-in modal, and after signing in the page is visible, not inert', async ({
  page,
  request,
  baseURL,
}) => {
  // Created from a separate request context: following the verification link signs that one in.
  const { email } = await createVerifiedUser(request, baseURL!)
  await gotoHydrated(page, '/suite/aio')
  await expect(page.getByTestId('access-gate-content')).toHaveAttribute('inert', '')
  await page.getByTestId('access-gate-panel').getByRole('link', { name: 'Entrar' }).click()
  const modal = page.getByTestId('auth-modal')
  await expect(modal).toBeVisible()
  await expect(page).toHaveURL(/\/suite\/aio$/)
  await fillSignIn(page, email)
  await expect(modal).toHaveCount(0)
  await expect(page).toHaveURL(/\/suite\/aio$/)
  await expect(page.getByTestId('access-gate')).toHaveCount(0)
  await expect(page.locator('[inert]')).toHaveCount(0)
  const aioPage = page.getByTestId('aio-page')
  await expect(aioPage).toBeVisible()
  // Reachable: the address field takes focus and typing.
  const field = page.getByTestId('aio-form').getByRole('textbox')
  await field.fill('exemplo.pt')
  await expect(field).toBeFocused()
  await expect(page.getByTestId('suite-header')).toContainText(email)
})

test("history tab: this domain's scores over time as a chart with a table for screen readers", async ({
  page,
  baseURL,
}) => {
  // The seeded world's report is a finished analysis of its site (both devices' Lighthouse runs and the AI
  // audit), made by its owner: the chart reads those tasks, so this test runs no Lighthouse of its own.
  const world = await seededWorld(baseURL!)
  await signInByApi(page, baseURL!, world.owner.email)
  // A new session opens on the personal workspace: the report is the agency's.
  const active = await page.request.post('/api/workspaces/active', {
    headers: { origin: baseURL! },
    data: { workspaceId: world.workspaceId },
  })
  expect(active.status()).toBe(200)
  // The tour was seen already (onboarding state is the account's, on the server).
  await page.request.patch('/api/me/onboarding', {
    headers: { origin: baseURL! },
    data: { tourCompleted: true, visitedDashboard: true },
  })
  const target = world.site
  await seedRun(page, await finishedRun(target))
  await gotoHydrated(page, `/suite?url=${encodeURIComponent(target)}`)
  const aioTaskId = new URLSearchParams(world.pdfQuery).get('aiOptimizationTaskId')!
  const status = await taskStatus(page, aioTaskId)
  expect(status.status).toBe('success')

  await page.getByTestId('dashboard-tab-history').click()
  const chart = page.getByTestId('history-chart')
  await expect(chart).toBeVisible()
  await expect(chart.getByRole('img')).toHaveAccessibleName(/Evolução das pontuações de localhost:\d+\//)
  await expect(chart.getByTestId('history-series-seo').locator('path')).toHaveAttribute(
    'd',
    /^M[\d.]+,[\d.]+/,
  )
  // The table holds the same figures as the task API (visually hidden, read by screen readers).
  const table = chart.getByRole('table')
  await expect(table).toHaveClass(/sr-only/)
  const rows = table.locator('tbody tr')
  await expect(rows).not.toHaveCount(0)
  // One point per analysis, scored as the suite scores it (analysis-history.ts): read the same tasks.
  const tasks = (
    (await (await page.request.get(`/api/me/tasks?url=${encodeURIComponent(target)}`)).json()) as {
      tasks: MyTask[]
    }
  ).tasks
  const latest = historyPoints(historyRows(tasks)).at(-1)!
  expect(latest.aio).toBe(Math.round(status.results!.aio.scores.overall))
  const cells = rows.last().locator('td')
  await expect(cells.nth(0)).toHaveText(String(latest.seo))
  await expect(cells.nth(2)).toHaveText(String(latest.overall))
  // The list of past analyses is still there.
  await expect(page.getByTestId('history')).toContainText(target)
})

test('the home page and /suite load without console errors (no hydration mismatch)', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  for (const path of ['/', '/en', '/suite', '/suite/aio']) {
    await gotoHydrated(page, path)
    await page.waitForTimeout(300)
  }
  // Signed in too (header, dark-mode class and onboarding all depend on the session).
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  for (const path of ['/', '/suite', '/suite/aio']) {
    await gotoHydrated(page, path)
    await page.waitForTimeout(300)
  }
  expect(errors).toEqual([])
})
