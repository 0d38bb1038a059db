import { expect, type Locator, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

// The public header, dropdown, mobile menu and footer follow the account's dark-mode setting. Colours are
// read from the rendered page (canvas turns any CSS colour into sRGB) and held to WCAG AA (4.5:1 for text).
// Screenshots of both themes go to the test's output folder for a person to look at.

type Rgb = [number, number, number]

async function rgb(page: Page, color: string): Promise<Rgb> {
  return page.evaluate((c) => {
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.fillStyle = c
    ctx.fillRect(0, 0, 1, 1)
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data
    return [r, g, b] as [number, number, number]
  }, color)
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Text colour of `text` against the background colour of `surface`. */
async function textContrast(page: Page, text: Locator, surface: Locator): Promise<number> {
  const fg = await text.evaluate((el) => getComputedStyle(el).color)
  const bg = await surface.evaluate((el) => getComputedStyle(el).backgroundColor)
  return contrast(await rgb(page, fg), await rgb(page, bg))
}

async function background(page: Page, surface: Locator): Promise<number> {
  return luminance(await rgb(page, await surface.evaluate((el) => getComputedStyle(el).backgroundColor)))
}

test('the public chrome is readable in dark mode (and still light without it)', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
  const header = page.getByRole('banner')
  expect(await background(page, header)).toBeGreaterThan(0.9)
  await page.screenshot({ path: testInfo.outputPath('home-light.png') })

  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  const saved = await page.request.patch(`${baseURL}/api/me/settings`, {
    headers: { origin: baseURL! },
    data: { darkMode: true },
  })
  expect(saved.ok(), await saved.text()).toBe(true)

  await gotoHydrated(page, '/')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await background(page, header)).toBeLessThan(0.05)
  const nav = header.getByRole('navigation', { name: 'Navegação principal' })
  for (const item of [
    nav.getByRole('link', { name: 'Como funciona' }),
    nav.getByRole('button', { name: 'Recursos' }),
    header.getByRole('link', { name: 'Farol — página inicial' }),
    header.getByTestId('language-toggle'),
    header.getByRole('button', { name: 'Terminar sessão' }),
  ]) {
    expect(await textContrast(page, item, header)).toBeGreaterThanOrEqual(4.5)
  }

  await nav.getByRole('button', { name: 'Recursos' }).click()
  const dropdown = nav.locator('ul[id]')
  await expect(dropdown).toBeVisible()
  expect(await background(page, dropdown)).toBeLessThan(0.05)
  expect(await textContrast(page, dropdown.getByRole('link').first(), dropdown)).toBeGreaterThanOrEqual(4.5)
  await page.screenshot({ path: testInfo.outputPath('home-dark-resources.png') })
  await page.keyboard.press('Escape')

  const footer = page.getByRole('contentinfo')
  await footer.scrollIntoViewIfNeeded()
  for (const item of [
    footer.getByRole('link', { name: 'Contacto', exact: true }),
    footer.getByRole('heading', { name: 'Navegação', exact: true }),
  ]) {
    expect(await textContrast(page, item, footer)).toBeGreaterThanOrEqual(4.5)
  }
  await footer.screenshot({ path: testInfo.outputPath('footer-dark.png') })

  await page.setViewportSize({ width: 375, height: 812 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.getByRole('button', { name: 'Abrir menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  // The panel covers the viewport's height, not just the sticky header's.
  expect((await menu.boundingBox())?.height).toBeGreaterThan(800)
  expect(await background(page, menu)).toBeLessThan(0.05)
  for (const item of [
    menu.getByRole('link', { name: 'Glossário' }),
    menu.getByRole('heading', { name: 'Menu' }),
    menu.getByText('Recursos', { exact: true }),
  ]) {
    expect(await textContrast(page, item, menu)).toBeGreaterThanOrEqual(4.5)
  }
  await page.screenshot({ path: testInfo.outputPath('mobile-menu-dark.png') })
})

test('the footer links to no social profile that is not configured', async ({ page }) => {
  await gotoHydrated(page, '/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByTestId('footer-social')).toHaveCount(0)
  await expect(
    footer.locator('a[href*="linkedin.com"], a[href*="x.com"], a[href*="github.com"]'),
  ).toHaveCount(0)
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.join('\n')).not.toContain('sameAs')
})
