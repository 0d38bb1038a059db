import { expect, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

/** A fresh verified account, signed in in this page's browser context. */
async function signedIn(page: Page, baseURL: string | undefined) {
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
}

function local(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key)
}

/** The account's onboarding state on the server. */
async function serverState(page: Page) {
  const response = await page.request.get('/api/me/onboarding')
  expect(response.ok()).toBe(true)
  return (await response.json()) as {
    completedSteps: string[]
    dismissed: boolean
    tourCompleted: boolean
    visitedDashboard: boolean
  }
}

test('anonymous visitors get neither the checklist nor the tour', async ({ page }) => {
  await gotoHydrated(page, '/suite')
  await page.waitForTimeout(1500)
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0)
  await expect(page.getByTestId('tour-card')).toHaveCount(0)
})

test('the guided tour starts 1 s after the first visit, shows only the steps the empty dashboard has, moves by keyboard and buttons, Escape closes it for good', async ({
  page,
  baseURL,
}) => {
  // Long: the whole tour twice, on a machine shared with other suites.
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signedIn(page, baseURL)
  await gotoHydrated(page, '/suite')
  // It opens a second after the account's state arrives (tourStartDelayMs, unit-tested).
  const card = page.getByRole('dialog', { name: 'Comece pela análise' })
  await expect(card).toBeVisible({ timeout: 5_000 })
  await expect(card).toHaveAttribute('data-step', '1')
  // No analysis yet: no scores, metrics or recommendations to point at; the form, tools and sidebar.
  await expect(page.locator('#tour-scores')).toHaveCount(0)
  await expect(card).toContainText('Passo 1 de 3')
  expect(await card.evaluate((el) => el.getBoundingClientRect().width)).toBe(320)
  // Focus is inside the card.
  await expect.poll(() => card.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  // The account's first visit is recorded on the server.
  await expect.poll(async () => (await serverState(page)).visitedDashboard).toBe(true)

  // The arrow keys move; the step changes after the 300 ms pause.
  await page.keyboard.press('ArrowRight')
  const tour = page.getByTestId('tour-card')
  await expect(tour).toHaveAttribute('data-step', '2')
  await expect(tour.getByTestId('tour-title')).toHaveText('Ferramentas')
  await page.keyboard.press('ArrowLeft')
  await expect(tour).toHaveAttribute('data-step', '1')
  // Buttons too.
  await tour.getByRole('button', { name: 'Seguinte' }).click()
  await expect(tour).toHaveAttribute('data-step', '2')
  await tour.getByRole('button', { name: 'Anterior' }).click()
  await expect(tour).toHaveAttribute('data-step', '1')

  // Tab stays inside the card, both ways.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await tour.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await tour.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }

  // The last step points at the sidebar, which a desktop shows.
  await tour.focus()
  for (const step of ['2', '3']) {
    await page.keyboard.press('ArrowRight')
    await expect(tour).toHaveAttribute('data-step', step)
  }
  await expect(tour).toHaveAttribute('data-target', 'tour-navigation')
  await expect(tour).toHaveAttribute('data-placement', 'right')
  await expect(tour.getByRole('button', { name: 'Concluir' })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(tour).toHaveCount(0)
  await expect.poll(async () => (await serverState(page)).tourCompleted).toBe(true)

  // Not again on the next visit, nor in another browser of the same account…
  await gotoHydrated(page, '/suite')
  await expect(page.getByTestId('onboarding-checklist')).toBeVisible()
  await expect(page.getByTestId('tour-card')).toHaveCount(0)

  // …unless the flag asks for it; finishing it clears the flag.
  await page.evaluate(() => localStorage.setItem('showOnboardingTour', 'true'))
  await gotoHydrated(page, '/suite')
  await expect(tour).toBeVisible({ timeout: 5_000 })
  expect(await local(page, 'showOnboardingTour')).toBeNull()
  for (const step of ['2', '3']) {
    await tour.getByTestId('tour-next').click()
    await expect(tour).toHaveAttribute('data-step', step)
  }
  await tour.getByTestId('tour-finish').click()
  await expect(tour).toHaveCount(0)
})

test('on a phone the tour never asks for the hidden sidebar', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await signedIn(page, baseURL)
  await gotoHydrated(page, '/suite')
  const tour = page.getByTestId('tour-card')
  await expect(tour).toBeVisible({ timeout: 5_000 })
  await expect(tour).toContainText('Passo 1 de 2')
  await tour.getByTestId('tour-next').click()
  await expect(tour).toHaveAttribute('data-step', '2')
  await expect(tour).toHaveAttribute('data-target', 'tour-tools')
  await expect(tour.getByRole('button', { name: 'Concluir' })).toBeVisible()
  // The checklist starts collapsed on a phone, so it does not cover the dashboard.
  await expect(page.getByTestId('onboarding-toggle')).toHaveAttribute('aria-expanded', 'false')
})

test("the checklist is the account's: steps complete on the real actions and every browser sees the same", async ({
  page,
  baseURL,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  // This test is about the checklist: the tour was seen already (by the account, on the server).
  await page.request.patch('/api/me/onboarding', {
    headers: { origin: baseURL! },
    data: { tourCompleted: true, visitedDashboard: true },
  })
  await gotoHydrated(page, '/suite')
  const checklist = page.getByRole('region', { name: 'Primeiros passos' })
  await expect(checklist).toBeVisible()
  const steps = checklist.getByRole('listitem')
  await expect(steps).toHaveCount(4)
  await expect(steps.nth(0)).toContainText('Complete o seu perfil')
  await expect(steps.nth(1)).toContainText('Analise o seu site')
  await expect(steps.nth(2)).toContainText('Veja as recomendações')
  await expect(steps.nth(3)).toContainText('Otimize o seu conteúdo para IA')
  // Sign-up asked for a name: the profile has one.
  await expect(checklist.getByTestId('onboarding-step-profile')).toHaveAttribute('data-completed', 'true')
  await expect(checklist.getByTestId('onboarding-progress-text')).toHaveText('1 de 4 concluídos')
  await expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25')

  // The floating card covers nothing for good: scrolled to the end, the page's last row is above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect
    .poll(async () => {
      const tiles = await page.getByTestId('tool-tiles').boundingBox()
      const card = await checklist.boundingBox()
      return tiles && card ? tiles.y + tiles.height <= card.y : false
    })
    .toBe(true)

  // The step leads to its page; being there is what completes it.
  await checklist.getByTestId('onboarding-step-recommendations').click()
  await expect(page).toHaveURL(/\/suite\/recommendations$/)
  await expect.poll(async () => (await serverState(page)).completedSteps).toContain('recommendations')
  // Reaching the AI optimisation page by the sidebar counts the same.
  await page
    .getByTestId('suite-nav')
    .getByRole('link', { name: /Otimização para IA/ })
    .click()
  await expect(page).toHaveURL(/\/suite\/aio/)
  await expect.poll(async () => (await serverState(page)).completedSteps).toContain('content')

  // Another browser of the same account: same progress, no local storage involved.
  const other = await browser.newContext({ baseURL })
  const second = await other.newPage()
  await second.setViewportSize({ width: 1280, height: 900 })
  await signInByApi(second, baseURL!, email)
  await gotoHydrated(second, '/suite')
  const there = second.getByRole('region', { name: 'Primeiros passos' })
  await expect(there.getByTestId('onboarding-progress-text')).toHaveText('3 de 4 concluídos')
  await expect(there.getByTestId('onboarding-step-analyze')).toHaveAttribute('data-completed', 'false')
  await expect(second.getByTestId('tour-card')).toHaveCount(0)

  // The checklist can start the tour on demand.
  await there.getByRole('button', { name: 'Fazer a visita guiada' }).click()
  await expect(second.getByTestId('tour-card')).toBeVisible()
  await second.keyboard.press('Escape')
  await expect(second.getByTestId('tour-card')).toHaveCount(0)

  // Dismissed in one browser, gone in the other too.
  await there.getByRole('button', { name: 'Dispensar os primeiros passos' }).click()
  await expect(second.getByTestId('onboarding-checklist')).toHaveCount(0)
  await expect.poll(async () => (await serverState(page)).dismissed).toBe(true)
  await gotoHydrated(page, '/suite')
  await expect(page.getByTestId('tool-tiles')).toBeVisible()
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0)
  await other.close()
})

test('in English the onboarding speaks English', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signedIn(page, baseURL)
  await page.request.patch('/api/me/onboarding', {
    headers: { origin: baseURL! },
    data: { tourCompleted: true, visitedDashboard: true },
  })
  await gotoHydrated(page, '/suite?lang=en')
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('1 of 4 completed')
  await page.evaluate(() => localStorage.setItem('showOnboardingTour', 'true'))
  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Start with an analysis' })).toBeVisible({ timeout: 5_000 })
})
