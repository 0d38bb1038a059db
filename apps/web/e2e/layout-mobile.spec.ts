/**
 * The suite on a phone (issue 12, items 7 and 10): the page header keeps its title on a row of its own
 * (it wrapped around the sign-out button), the sidebar opens over a backdrop that closes it, there is
 * one sign-in or sign-out per screen (the site header's are not repeated in the suite), and toasts
 * appear below the site header instead of over its buttons.
 */
import { expect, type Locator, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

test('at 375 px the suite header stacks, the sidebar has a backdrop, toasts clear the header', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/recommendations?lang=pt')

  const header = page.getByTestId('suite-header')
  const title = header.getByRole('heading', { level: 1 })
  const signOut = page.getByTestId('suite-user').getByRole('button', { name: /menu da conta/ })
  await expect(signOut).toHaveCount(1)
  await expect(title).toHaveText('Todas as recomendações')
  // The title starts below the sign-out button and takes at most two lines.
  const titleBox = await box(title)
  const buttonBox = await box(signOut)
  expect(titleBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height - 1)
  const lineHeight = await title.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight))
  expect(titleBox.height).toBeLessThanOrEqual(lineHeight * 2 + 1)

  // The sidebar opens over a backdrop; a tap on the backdrop or Escape closes it.
  const sidebar = page.getByTestId('suite-sidebar')
  const backdrop = page.getByTestId('suite-nav-backdrop')
  await expect(sidebar).toBeHidden()
  await page.getByTestId('suite-nav-toggle').click()
  await expect(sidebar).toBeVisible()
  await expect(backdrop).toBeVisible()
  await page.mouse.click(340, 400)
  await expect(sidebar).toBeHidden()
  await expect(backdrop).toHaveCount(0)
  await page.getByTestId('suite-nav-toggle').click()
  await expect(sidebar).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sidebar).toBeHidden()

  // Signing out: the toast sits below the site header, not over its buttons.
  await signOut.click()
  await page.getByRole('menuitem', { name: 'Terminar sessão' }).click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Logout bem-sucedido' })
  await expect(toast).toBeVisible()
  const bannerBox = await box(page.getByRole('banner'))
  // Measured once the toast has slid in.
  await expect.poll(async () => (await box(toast)).y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height)
})

test('one sign-in, one sign-out on a suite screen at 1280 px', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/suite?lang=pt')
  // Signed out: the page header's sign-in only (the site header's Entrar / Registar are not repeated).
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Registar', exact: true })).toHaveCount(0)
  // Outside the suite the site header keeps them.
  await gotoHydrated(page, '/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar', exact: true })).toBeVisible()

  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite')
  await page
    .getByTestId('suite-user')
    .getByRole('button', { name: /menu da conta/ })
    .click()
  await expect(page.getByRole('menuitem', { name: 'Terminar sessão' })).toHaveCount(1)
  await expect(
    page.getByTestId('account-menu').getByRole('menuitem', { name: 'Terminar sessão' }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  // The site header still leads to the suite (or the admin area).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Suite' })).toBeVisible()
})
