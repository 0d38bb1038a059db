import { expect, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

test('the testimonial carousel advances by itself and stops on hover', async ({ page }) => {
  await page.clock.install()
  await gotoHydrated(page, '/')
  const carousel = page.getByTestId('testimonials')
  await expect(carousel).toHaveAttribute('data-hydrated', 'true')
  const active = carousel.locator('figure[data-active="true"]')
  await expect(active).toHaveAttribute('aria-label', 'Testemunho 1 de 3')

  await page.clock.runFor(5000)
  await expect(active).toHaveAttribute('aria-label', 'Testemunho 2 de 3')

  await carousel.hover()
  await expect(carousel).toHaveAttribute('data-paused', 'true')
  await page.clock.runFor(16_000)
  await expect(active).toHaveAttribute('aria-label', 'Testemunho 2 de 3')

  await page.mouse.move(0, 0)
  await expect(carousel).toHaveAttribute('data-paused', 'false')
  await page.clock.runFor(5000)
  await expect(active).toHaveAttribute('aria-label', 'Testemunho 3 de 3')
  await page.clock.runFor(5000)
  await expect(active).toHaveAttribute('aria-label', 'Testemunho 1 de 3')
})

test('testimonial controls: previous wraps, dots jump', async ({ page }) => {
  await gotoHydrated(page, '/')
  const carousel = page.getByTestId('testimonials')
  await expect(carousel).toHaveAttribute('data-hydrated', 'true')
  await carousel.getByRole('button', { name: 'Testemunho anterior' }).click()
  await expect(carousel.locator('figure[data-active="true"]')).toHaveAttribute(
    'aria-label',
    'Testemunho 3 de 3',
  )
  await carousel.getByRole('button', { name: 'Ver testemunho 2' }).click()
  await expect(carousel.locator('figure[data-active="true"]')).toHaveAttribute(
    'aria-label',
    'Testemunho 2 de 3',
  )
  await expect(carousel.getByRole('img')).toHaveCount(0)
  const image = carousel.locator('figure[data-active="true"] img')
  await expect(image).toHaveAttribute('width', '56')
  await expect(image).toHaveAttribute('height', '56')
})

test('feature tabs follow the WAI-ARIA tabs pattern', async ({ page }) => {
  await gotoHydrated(page, '/')
  const tabs = page.getByRole('tablist', { name: 'Funcionalidades' })
  await expect(tabs.getByRole('tab')).toHaveCount(3)
  await tabs.getByRole('tab', { name: 'Análise' }).click()
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Conteúdo' })).toBeFocused()
  await expect(tabs.getByRole('tab', { name: 'Conteúdo' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toContainText('Conteúdo que a IA compreende')
  await page.keyboard.press('End')
  await expect(tabs.getByRole('tab', { name: 'Monitorização' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Análise' })).toHaveAttribute('aria-selected', 'true')
})

test('on small screens steps and tabs step with previous/next, disabled at the ends', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await gotoHydrated(page, '/')
  const previousTab = page.getByRole('button', { name: 'Separador anterior' })
  const nextTab = page.getByRole('button', { name: 'Separador seguinte' })
  await expect(previousTab).toBeDisabled()
  await nextTab.click()
  await nextTab.click()
  await expect(nextTab).toBeDisabled()
  await expect(page.getByRole('tab', { name: 'Monitorização' })).toHaveAttribute('aria-selected', 'true')

  const steps = page.getByTestId('steps')
  await expect(steps.getByRole('heading', { name: /Insira o URL/ })).toBeVisible()
  await expect(steps.getByRole('heading', { name: /Análise detalhada/ })).toBeHidden()
  await page.getByRole('button', { name: 'Passo seguinte' }).click()
  await expect(steps.getByRole('heading', { name: /Análise detalhada/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Passo anterior' })).toBeEnabled()
})

test('landing sections, rating as text and the create-account link', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('Sem necessidade de registo. Resultados instantâneos.')).toBeVisible()
  await expect(page.getByText('4.8/5')).toBeVisible()
  await expect(page.getByText('com base em 344 avaliações')).toBeVisible()
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  const types = jsonLd.flatMap((text) =>
    (JSON.parse(text)['@graph'] as { '@type': string }[]).map((n) => n['@type']),
  )
  expect(types.sort()).toEqual(['Organization', 'WebSite'])
  expect(jsonLd.join('')).not.toContain('AggregateRating')
  await page.getByRole('link', { name: 'Criar Conta Gratuita' }).click()
  await expect(page).toHaveURL(/\/signin$/)
})
