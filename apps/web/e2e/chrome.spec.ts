import { expect, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

test('an unknown path shows the 404 page with HTTP status 404', async ({ page }) => {
  const response = await page.goto('/isto-nao-existe')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await page.getByRole('link', { name: 'Voltar à página inicial' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown English path answers 404 in English', async ({ request, page }) => {
  expect((await request.get('/en/nothing-here')).status()).toBe(404)
  expect((await request.get('/blog/nao-existe')).status()).toBe(404)
  await page.goto('/en/nothing-here')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
})

test('at 375 px the slide-out menu opens, traps focus and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await gotoHydrated(page, '/')
  const open = page.getByRole('button', { name: 'Abrir menu' })
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden()
  await expect(open).toHaveAttribute('aria-expanded', 'false')

  await open.click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  await expect(open).toHaveAttribute('aria-expanded', 'true')
  for (const name of [
    'Início',
    'Checklist SEO + AIO',
    'Guias',
    'Glossário',
    'Como funciona',
    'FAQ',
    'Contacto',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(menu.getByRole('link', { name: 'Blog', exact: true }).first()).toBeVisible()
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab')
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(open).toBeFocused()
  await expect(open).toHaveAttribute('aria-expanded', 'false')

  await open.click()
  await page.getByRole('dialog').getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('the Resources dropdown works with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
  const button = page.getByRole('button', { name: 'Recursos' })
  await button.focus()
  await page.keyboard.press('ArrowDown')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('link', { name: 'Checklist SEO + AIO' }).first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('link', { name: 'Guias' }).first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('link', { name: 'Glossário' }).first().click()
  await expect(page).toHaveURL(/\/glossario$/)
})

test('Sign in and Sign up open /signin on the named tab', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
  await page.getByRole('banner').getByRole('link', { name: 'Registar' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  await expect(page.getByTestId('signin-title')).toHaveText('Criar conta')
  await page.goBack()
  await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click()
  await expect(page.getByTestId('signin-title')).toHaveText('Iniciar sessão')
})

test('the page scrolls to the top on route change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Contacto', exact: true })
    .scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contacto', exact: true }).click()
  await expect(page).toHaveURL(/\/contacto$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a spinner turns while the visitor allows motion and stands still when they ask for less', async ({
  page,
}) => {
  await gotoHydrated(page, '/')
  // The app's own spinner class, as its loading states use it (Tailwind's animate-spin).
  const spinner = async () =>
    page.evaluate(() => {
      const el = document.createElement('span')
      el.className = 'animate-spin'
      document.body.append(el)
      const style = getComputedStyle(el)
      const read = { name: style.animationName, count: style.animationIterationCount }
      el.remove()
      return read
    })
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await spinner()).toEqual({ name: 'spin', count: 'infinite' })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await spinner()).toEqual({ name: 'spin', count: '1' })
})
