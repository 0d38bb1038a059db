import { expect, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'
import { type FixtureServer, startFixtureServer, storedRun, taskStatus } from './suite-helpers.ts'

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

test('/suite/seo: empty address message', async ({ page }) => {
  await gotoHydrated(page, '/suite/seo')
  await page.getByTestId('seo-form').getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('seo-form-error')).toHaveText(
    'Por favor, insira um URL válido para analisar.',
  )
  await expect(page.getByText('URL necessário', { exact: true })).toBeVisible()
})

test('/suite/seo runs Lighthouse desktop then mobile on a fixture page and shows the real scores', async ({
  page,
}) => {
  test.setTimeout(360_000)
  await gotoHydrated(page, '/suite/seo')
  await page.getByTestId('seo-form').getByRole('textbox').fill(fx.url('/en/'))
  await page.getByTestId('seo-form').getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('analysis-progress')).toBeVisible()
  await expect(page.getByTestId('progress-mobile')).toBeVisible()
  await expect(page.getByTestId('seo-page')).toHaveAttribute('data-phase', 'finished', { timeout: 330_000 })

  const run = await storedRun(page)
  for (const device of ['desktop', 'mobile'] as const) {
    const status = await taskStatus(page, run!.slots[device]!.taskId!)
    expect(status.status).toBe('success')
    const score = (status.results as unknown as { lighthouse: Record<string, { performanceScore: number }> })
      .lighthouse[device]!.performanceScore
    await page.getByTestId(`seo-tab-${device}`).click()
    await expect(page.getByTestId(`performance-score-${device}`)).toHaveText(String(score))
    await expect(page.getByTestId(`cwv-card-${device}`).getByTestId('metric-lcp')).toBeVisible()
    await expect(page.getByTestId(`technical-${device}`)).toContainText('HTTPS')
    await expect(page.getByTestId(`onpage-findings-${device}`).getByTestId('finding').first()).toBeVisible()
  }

  // On a phone the results fit the screen on both device tabs (issue 25: 394 px at 375 px).
  await page.setViewportSize({ width: 375, height: 800 })
  for (const device of ['desktop', 'mobile'] as const) {
    await page.getByTestId(`seo-tab-${device}`).click()
    await expect(page.getByTestId(`performance-score-${device}`)).toBeVisible()
    const extra = await page.evaluate(
      () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
    )
    expect(extra, `/suite/seo ${device} tab at 375 px`).toBeLessThanOrEqual(0)
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  // Lighthouse ran in Portuguese; its opportunities are stored in both languages and read in either.
  const desktop = await taskStatus(page, run!.slots.desktop!.taskId!)
  type Texts = { pt: string; en: string }
  const recs = (
    desktop.results as unknown as {
      lighthouse: { desktop: { recommendations: { title: Texts; displayValue?: Texts }[] } }
    }
  ).lighthouse.desktop.recommendations
  expect(recs.length).toBeGreaterThan(0)
  const first = recs[0]!
  expect(first.title.pt).not.toBe(first.title.en)
  await page.getByTestId('seo-tab-desktop').click()
  const opportunities = page.getByTestId('opportunities-desktop')
  await expect(opportunities).toContainText(first.title.pt)
  await gotoHydrated(page, '/')
  await page.getByTestId('language-toggle').first().click()
  await expect(page).toHaveURL(/\/en$/)
  await gotoHydrated(page, '/suite/seo')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByTestId('seo-tab-desktop').click()
  await expect(opportunities).toContainText(first.title.en, { timeout: 30_000 })
  if (first.displayValue) await expect(opportunities).toContainText(first.displayValue.en)
  await expect(opportunities).not.toContainText(first.title.pt)
})
