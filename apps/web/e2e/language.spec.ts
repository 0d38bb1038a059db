import { expect, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

test('PT landing toggles to its English twin and back', async ({ page }) => {
  await gotoHydrated(page, '/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Seja encontrado no Google e nas respostas da IA',
  )
  await expect(page.getByRole('button', { name: 'Analisar site grátis' }).first()).toBeVisible()

  await page.getByTestId('language-toggle').first().click()
  await expect(page).toHaveURL(/\/en$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get found on Google and in AI answers')
  await expect(page).toHaveTitle('Farol — SEO and AI optimisation (AIO) audit')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en$/)
  expect(await page.evaluate(() => localStorage.getItem('farol_lang'))).toBe('en')
  expect((await page.context().cookies()).find((c) => c.name === 'farol_lang')?.value).toBe('en')

  await page.getByTestId('language-toggle').first().click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Seja encontrado no Google e nas respostas da IA',
  )
})

test('the toggle goes to the twin of an inner page', async ({ page }) => {
  await gotoHydrated(page, '/como-funciona')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Como funciona o Farol')
  await page.getByTestId('language-toggle').first().click()
  await expect(page).toHaveURL(/\/how-it-works$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How Farol works')
})

test('the remembered language applies to pages without twins, never to public paths', async ({ page }) => {
  await gotoHydrated(page, '/en')
  await page.goto('/suite')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT')
})

test('?lang=en redirects permanently to the /en twin', async ({ request }) => {
  for (const [from, to] of [
    ['/?lang=en', '/en'],
    ['/faq?lang=en', '/en/faq'],
    ['/como-funciona?lang=en', '/how-it-works'],
    ['/en?lang=pt', '/'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 })
    expect(response.status(), from).toBe(301)
    expect(new URL(response.headers().location!, 'http://x').pathname, from).toBe(to)
  }
})

test('canonical and hreflang alternates agree between twins', async ({ page }) => {
  async function links() {
    return page.evaluate(() => ({
      canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href'),
      alternates: Object.fromEntries(
        [...document.querySelectorAll('link[rel=alternate][hreflang]')].map((l) => [
          l.getAttribute('hreflang'),
          l.getAttribute('href'),
        ]),
      ),
    }))
  }
  await page.goto('/contacto')
  const pt = await links()
  await page.goto('/contact')
  const en = await links()
  expect(pt.alternates).toEqual(en.alternates)
  expect(pt.alternates['pt-PT']).toBe(pt.canonical)
  expect(pt.alternates.en).toBe(en.canonical)
  expect(pt.alternates['x-default']).toBe(pt.canonical)
  expect(en.canonical).toMatch(/^http:\/\/[^/]+\/contact$/)
})
