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

test('anonymous visitors get neither the checklist nor the tour', async ({ page }) => {
  await gotoHydrated(page, '/suite')
  await page.waitForTimeout(1500)
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0)
  await expect(page.getByTestId('tour-card')).toHaveCount(0)
})

test('the guided tour starts 1 s after the first visit, moves by keyboard and buttons, Escape closes it for good', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signedIn(page, baseURL)
  await page.goto('/suite')
  const hydratedAt = await page
    .locator('html[data-hydrated="true"]')
    .waitFor()
    .then(() => Date.now())
  const card = page.getByRole('dialog', { name: 'Comece pela análise' })
  await expect(card).toBeVisible({ timeout: 5_000 })
  // Not at once: about a second after the page came alive.
  expect(Date.now() - hydratedAt).toBeGreaterThanOrEqual(700)
  await expect(card).toHaveAttribute('data-step', '1')
  await expect(card).toContainText('Passo 1 de 6')
  expect(await card.evaluate((el) => el.getBoundingClientRect().width)).toBe(320)
  // Focus is inside the card.
  await expect.poll(() => card.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  expect(await local(page, 'hasVisitedDashboard')).toBe('true')

  // The arrow keys move; the step changes after the 300 ms pause.
  await page.keyboard.press('ArrowRight')
  const tour = page.getByTestId('tour-card')
  await expect(tour).toHaveAttribute('data-step', '2')
  await expect(tour.getByTestId('tour-title')).toHaveText('As suas pontuações')
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

  // The navigation step points at the sidebar.
  await page.keyboard.press('ArrowRight')
  await expect(tour).toHaveAttribute('data-step', '2')
  await tour.focus()
  for (const step of ['3', '4', '5', '6']) {
    await page.keyboard.press('ArrowRight')
    await expect(tour).toHaveAttribute('data-step', step)
  }
  await expect(tour).toHaveAttribute('data-target', 'tour-navigation')
  await expect(tour).toHaveAttribute('data-placement', 'right')
  await expect(tour.getByRole('button', { name: 'Concluir' })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(tour).toHaveCount(0)
  expect(await local(page, 'onboardingTourCompleted')).toBe('true')

  // Not again on the next visit…
  await gotoHydrated(page, '/suite')
  await page.waitForTimeout(1600)
  await expect(page.getByTestId('tour-card')).toHaveCount(0)

  // …unless the flag asks for it; finishing it clears the flag.
  await page.evaluate(() => localStorage.setItem('showOnboardingTour', 'true'))
  await gotoHydrated(page, '/suite')
  await expect(tour).toBeVisible({ timeout: 5_000 })
  expect(await local(page, 'showOnboardingTour')).toBeNull()
  for (const step of ['2', '3', '4', '5', '6']) {
    await tour.getByTestId('tour-next').click()
    await expect(tour).toHaveAttribute('data-step', step)
  }
  await tour.getByTestId('tour-finish').click()
  await expect(tour).toHaveCount(0)
  expect(await local(page, 'onboardingTourCompleted')).toBe('true')
})

test('the checklist saves clicked steps, completes the analyze step by itself and remembers dismissal', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.addInitScript(() => {
    // This test is about the checklist: the tour was seen already.
    localStorage.setItem('hasVisitedDashboard', 'true')
    localStorage.setItem('onboardingTourCompleted', 'true')
  })
  await signedIn(page, baseURL)
  await gotoHydrated(page, '/suite')
  const checklist = page.getByRole('region', { name: 'Primeiros passos' })
  await expect(checklist).toBeVisible()
  await expect(checklist.getByTestId('onboarding-progress-text')).toHaveText('0 de 4 concluídos')
  await expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
  const steps = checklist.getByRole('listitem')
  await expect(steps).toHaveCount(4)
  await expect(steps.nth(0)).toContainText('Complete o seu perfil')
  await expect(steps.nth(1)).toContainText('Analise o seu site')
  await expect(steps.nth(2)).toContainText('Veja as recomendações')
  await expect(steps.nth(3)).toContainText('Otimize o seu conteúdo para IA')

  // The floating card covers nothing for good: scrolled to the end, the page's last row is above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect
    .poll(async () => {
      const tiles = await page.getByTestId('tool-tiles').boundingBox()
      const card = await checklist.boundingBox()
      return tiles && card ? tiles.y + tiles.height <= card.y : false
    })
    .toBe(true)

  // A clicked step is saved as complete and leads to its page.
  await checklist.getByTestId('onboarding-step-recommendations').click()
  await expect(page).toHaveURL(/\/suite\/recommendations$/)
  expect(await local(page, 'onboardingCompletedSteps')).toBe('["recommendations"]')
  await gotoHydrated(page, '/suite')
  await expect(checklist.getByTestId('onboarding-step-recommendations')).toHaveAttribute(
    'data-completed',
    'true',
  )
  await expect(checklist.getByTestId('onboarding-progress-text')).toHaveText('1 de 4 concluídos')

  // An analysed address completes the analyze step.
  await page.evaluate(() => localStorage.setItem('lastAnalyzedUrl', 'https://exemplo.pt'))
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(checklist.getByTestId('onboarding-step-analyze')).toHaveAttribute('data-completed', 'true')
  await expect(checklist.getByTestId('onboarding-progress-text')).toHaveText('2 de 4 concluídos')
  await expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')

  // The checklist can start the tour on demand.
  await checklist.getByRole('button', { name: 'Fazer a visita guiada' }).click()
  await expect(page.getByTestId('tour-card')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('tour-card')).toHaveCount(0)

  // Dismissed, and still dismissed after a reload.
  await checklist.getByRole('button', { name: 'Dispensar os primeiros passos' }).click()
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0)
  expect(await local(page, 'onboardingDismissed')).toBe('true')
  await gotoHydrated(page, '/suite')
  await page.waitForTimeout(500)
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0)
})

test('in English the onboarding speaks English', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.addInitScript(() => localStorage.setItem('onboardingTourCompleted', 'true'))
  await signedIn(page, baseURL)
  await gotoHydrated(page, '/suite?lang=en')
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('0 of 4 completed')
  await page.evaluate(() => localStorage.setItem('showOnboardingTour', 'true'))
  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Start with an analysis' })).toBeVisible({ timeout: 5_000 })
})
