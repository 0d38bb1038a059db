import { expect, test } from '@playwright/test'
import { gotoHydrated, heroForm, hydratedClosingForm } from './helpers.ts'

test('an empty hero form shows the error and stays', async ({ page }) => {
  await gotoHydrated(page, '/')
  const form = heroForm(page)
  await form.getByRole('textbox').fill('   ')
  await form.getByRole('button', { name: 'Analisar site grátis' }).click()
  await expect(form.getByRole('alert')).toHaveText('Por favor, insira um URL válido')
  await expect(page).toHaveURL(/\/$/)
})

test('the closing form shows the error in the page language', async ({ page }) => {
  await gotoHydrated(page, '/en')
  const form = await hydratedClosingForm(page)
  await form.getByRole('button').click()
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid URL')
})

test('a valid address lands on /suite with url and projectId', async ({ page }) => {
  await gotoHydrated(page, '/')
  const form = heroForm(page)
  // The install runs on localhost: the placeholder suggests a real example domain, not localhost:<port>.
  await expect(form.getByRole('textbox')).toHaveAttribute('placeholder', 'example.com')
  await form.getByRole('textbox').fill('  www.exemplo.pt/loja ')
  await form.getByRole('button').click()

  await expect(page).toHaveURL(/\/suite\?/)
  const url = new URL(page.url())
  expect(url.searchParams.get('url')).toBe('https://exemplo.pt/loja')
  expect(url.searchParams.get('projectId')).toMatch(/^exemplo-pt-\d{13}$/)
  await expect(page.getByText('Análise iniciada')).toBeVisible()
  await expect(page.getByText('Redirecionando para o dashboard...')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('lastAnalyzedUrl'))).toBe('https://exemplo.pt/loja')
})

test('the farol:analyze event is what starts an analysis', async ({ page }) => {
  await gotoHydrated(page, '/como-funciona')
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('farol:analyze', { detail: { url: 'https://site.example' } })),
  )
  await expect(page).toHaveURL(/\/suite\?url=https%3A%2F%2Fsite\.example&projectId=site-example-\d+$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the hero form still reaches /suite with a projectId', async ({ page }) => {
    await page.goto('/')
    const form = heroForm(page)
    await form.getByRole('textbox').fill('exemplo.pt')
    await form.getByRole('button', { name: 'Analisar site grátis' }).click()
    await expect(page).toHaveURL(/\/suite\?url=https%3A%2F%2Fexemplo\.pt&projectId=exemplo-pt-\d{13}$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT')
  })

  test('from the English page the suite opens in English', async ({ page }) => {
    await page.goto('/en')
    const form = heroForm(page)
    await form.getByRole('textbox').fill('https://www.example.com')
    await form.getByRole('button').click()
    await expect(page).toHaveURL(/\/suite\?url=https%3A%2F%2Fexample\.com&projectId=example-com-\d{13}$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})
