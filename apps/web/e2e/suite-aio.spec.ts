import { expect, type Locator, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'
import { type FixtureServer, startFixtureServer, storedRun, taskStatus } from './suite-helpers.ts'

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

/** WCAG contrast of `text` against the background of `surface` (canvas turns any CSS colour into sRGB). */
async function textContrast(page: Page, text: Locator, surface: Locator): Promise<number> {
  const fg = await text.evaluate((el) => getComputedStyle(el).color)
  const bg = await surface.evaluate((el) => getComputedStyle(el).backgroundColor)
  const [a, b] = await page.evaluate(
    (colours) =>
      colours.map((c) => {
        const ctx = document.createElement('canvas').getContext('2d')!
        ctx.fillStyle = c
        ctx.fillRect(0, 0, 1, 1)
        const [r, g, bl] = ctx.getImageData(0, 0, 1, 1).data
        const lin = (v: number) => {
          const s = v / 255
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
        }
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(bl!)
      }),
    [fg, bg],
  )
  const [hi, lo] = [a!, b!].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

test('AIO lists of an analysis run in English read in Portuguese after switching, and in dark mode', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)

  // Remember English, then run the analysis: the task runs in English.
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/aio')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByTestId('aio-form').getByRole('textbox').fill(fx.url('/aio-good/'))
  await page.getByTestId('aio-form').getByRole('button').click()
  const strengths = page.getByTestId('aio-strengths')
  await expect(strengths).toContainText('Author identified: Ana Marques', { timeout: 60_000 })
  const taskId = (await storedRun(page))!.slots.aio!.taskId!
  const status = (await taskStatus(page, taskId)) as { results: { lang: string } | null }
  expect(status.results?.lang).toBe('en')

  // Back to Portuguese: the same stored analysis now reads in Portuguese.
  await gotoHydrated(page, '/en')
  await page.getByTestId('language-toggle').first().click()
  await expect(page).toHaveURL(/\/$/)
  await gotoHydrated(page, '/suite/aio')
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT')
  await expect(strengths).toContainText('Autor identificado: Ana Marques', { timeout: 30_000 })
  await expect(strengths).not.toContainText('Author identified')
  const weaknesses = page.getByTestId('aio-weaknesses')
  const recommendations = page.getByTestId('aio-recommendations')
  for (const list of [strengths, weaknesses, recommendations]) {
    await expect(list.getByRole('listitem').first()).toBeVisible()
  }
  await page.screenshot({ path: testInfo.outputPath('aio-light.png'), fullPage: true })

  // Dark mode (the account setting): headings and list texts stay readable on the dark cards.
  const saved = await page.request.patch(`${baseURL}/api/me/settings`, {
    headers: { origin: baseURL! },
    data: { darkMode: true },
  })
  expect(saved.ok(), await saved.text()).toBe(true)
  await gotoHydrated(page, '/suite/aio')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(strengths.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 })
  for (const card of [strengths, weaknesses, recommendations]) {
    expect(await textContrast(page, card.getByRole('heading'), card)).toBeGreaterThanOrEqual(4.5)
    const item = card.getByRole('listitem').first()
    expect(await textContrast(page, item, card)).toBeGreaterThanOrEqual(4.5)
  }
  const explanation = recommendations.getByRole('listitem').first().locator('p').nth(1)
  expect(await textContrast(page, explanation, recommendations)).toBeGreaterThanOrEqual(4.5)
  const scoreCard = page.getByTestId('aio-overall')
  expect(await textContrast(page, scoreCard.getByRole('heading'), scoreCard)).toBeGreaterThanOrEqual(4.5)
  await page.screenshot({ path: testInfo.outputPath('aio-dark.png'), fullPage: true })
})
