import { rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

// The operator's file, read at each render of the landing page. These tests write and remove it, so they
// run one after another (and the invented-claims check runs first, without it).
const testimonialsFile = fileURLToPath(new URL('../../../content/testimonials.json', import.meta.url))
const quote = (n: number) => ({
  name: `Pessoa ${n}`,
  role: { pt: `Função ${n}`, en: `Role ${n}` },
  quote: { pt: `Citação ${n}`, en: `Quote ${n}` },
  rating: n === 3 ? 4 : 5,
})

test.describe
  .serial('landing social proof', () => {
    test.afterAll(() => rmSync(testimonialsFile, { force: true }))

    test('without the operator file: counted facts, no rating, no testimonials, no AggregateRating', async ({
      page,
    }) => {
      rmSync(testimonialsFile, { force: true })
      await page.goto('/')
      await expect(page.getByText('Sem necessidade de registo. Resultados instantâneos.')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'O que o Farol verifica' })).toBeVisible()
      await expect(page.getByTestId('facts').getByText('verificações de SEO em cada página')).toBeVisible()
      await expect(page.getByText('4.8/5')).toHaveCount(0)
      await expect(page.getByText(/avaliações/)).toHaveCount(0)
      await expect(page.getByTestId('testimonials')).toHaveCount(0)
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
      const types = jsonLd.flatMap((text) =>
        (JSON.parse(text)['@graph'] as { '@type': string }[]).map((n) => n['@type']),
      )
      expect(types.sort()).toEqual(['Organization', 'WebSite'])
      expect(jsonLd.join('')).not.toContain('AggregateRating')
      await page.getByRole('link', { name: 'Criar Conta Gratuita' }).click()
      await expect(page).toHaveURL(/\/signin$/)
    })

    test('with the operator file: its quotes and the average of its ratings', async ({ page }) => {
      writeFileSync(testimonialsFile, JSON.stringify({ testimonials: [quote(1), quote(2), quote(3)] }))
      await page.goto('/')
      await expect(page.getByText('Citação 1')).toBeVisible()
      await expect(page.getByText('4.7/5')).toBeVisible()
      await expect(page.getByText('com base em 3 avaliações dos testemunhos acima')).toBeVisible()
    })

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
    })
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
