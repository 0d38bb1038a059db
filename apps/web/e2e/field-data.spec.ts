// The SEO page's "Dados de utilizadores reais (CrUX)" card in Chromium, with the Chrome UX Report fake the
// server is configured with (FAROL_CRUX_URL → port E2E+10033, started here): the phone figures are the
// page's own and fail the assessment (a lab-vs-field finding says why), the desktop ones are the origin's
// and pass; then the same card in English.
import { expect, test } from '@playwright/test'
import { type FakeCrux, fakeCruxKey, startFakeCrux } from '../../../packages/engine/test/fakes/crux.ts'
import { gotoHydrated } from './helpers.ts'
import { type FixtureServer, startFixtureServer, storedRun } from './suite-helpers.ts'

let fx: FixtureServer
let crux: FakeCrux

test.beforeAll(async () => {
  fx = await startFixtureServer()
  crux = await startFakeCrux({ port: Number(process.env.FAROL_E2E_PORT ?? 3107) + 10033 })
  crux.records.set(fakeCruxKey('PHONE', { url: fx.url('/en/') }), {
    p75: { lcp: 4600, inp: 320, cls: 0.04, fcp: 2100, ttfb: 950 },
    densities: { lcp: [0.41, 0.27, 0.32] },
    history: { lcp: [2300, 2400, null, 3900, 4600] },
  })
  crux.records.set(fakeCruxKey('DESKTOP', { origin: new URL(fx.url('/')).origin }), {
    p75: { lcp: 1500, inp: 90, cls: 0.02, fcp: 900, ttfb: 400 },
  })
})

test.afterAll(async () => {
  await crux?.close()
  await fx?.close()
})

test('/suite/seo shows real users’ Core Web Vitals per device, in Portuguese and English', async ({
  page,
}) => {
  test.setTimeout(420_000)
  await gotoHydrated(page, '/suite/seo')
  await page.getByTestId('seo-form').getByRole('textbox').fill(fx.url('/en/'))
  await page.getByTestId('seo-form').getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('seo-page')).toHaveAttribute('data-phase', 'finished', { timeout: 400_000 })

  // Desktop: the page has too few visits, so the origin's figures, which pass.
  await page.getByTestId('seo-tab-desktop').click()
  const desktop = page.getByTestId('field-card-desktop')
  await expect(desktop.getByRole('heading', { name: 'Dados de utilizadores reais (CrUX)' })).toBeVisible()
  await expect(desktop.getByTestId('field-verdict-desktop')).toHaveText('Aprovado nas Core Web Vitals')
  await expect(desktop.getByTestId('field-scope')).toHaveAttribute('data-scope', 'origin')
  await expect(desktop.getByTestId('field-scope')).toContainText('todo o site')
  await expect(desktop.getByTestId('field-p75-lcp')).toHaveText('1,5 s')
  await expect(desktop.getByTestId('field-p75-inp')).toHaveText('90 ms')
  await expect(desktop.getByTestId('field-p75-cls')).toHaveText('0,02')
  await expect(desktop.getByTestId('field-period')).toContainText('26/10/2026')
  await expect(desktop.getByTestId('field-period')).toContainText('computador')
  // The card sits above the lab metrics.
  const cardBox = await desktop.boundingBox()
  const labBox = await page.getByTestId('performance-card-desktop').boundingBox()
  expect(cardBox!.y).toBeLessThan(labBox!.y)

  // Mobile: the page's own figures, which fail; the split, the weekly chart and the lab-vs-field finding.
  await page.getByTestId('seo-tab-mobile').click()
  const mobile = page.getByTestId('field-card-mobile')
  await expect(mobile.getByTestId('field-verdict-mobile')).toHaveText('Reprovado nas Core Web Vitals')
  await expect(mobile.getByTestId('field-scope')).toHaveAttribute('data-scope', 'url')
  await expect(mobile.getByTestId('field-metric-lcp')).toHaveAttribute('data-rating', 'poor')
  await expect(mobile.getByTestId('field-p75-lcp')).toHaveText('4,6 s')
  await expect(mobile.getByTestId('field-metric-inp')).toHaveAttribute('data-rating', 'needs-improvement')
  await expect(mobile.getByTestId('field-metric-ttfb')).toContainText('Bom ≤ 0,8 s · a melhorar ≤ 1,8 s')
  await expect(mobile.getByTestId('field-distribution-lcp')).toHaveText(
    'Bom 41% · A melhorar 27% · Fraco 32% das visitas',
  )
  await expect(mobile.getByTestId('field-history-mobile-lcp')).toBeVisible()
  await expect(mobile.getByTestId('field-history-mobile')).toContainText('últimas 25 semanas')
  await expect(mobile.getByTestId('field-findings-mobile')).toContainText('para utilizadores reais')

  await gotoHydrated(page, '/')
  await page.getByTestId('language-toggle').first().click()
  await expect(page).toHaveURL(/\/en$/)
  await gotoHydrated(page, '/suite/seo')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByTestId('seo-tab-mobile').click()
  const english = page.getByTestId('field-card-mobile')
  await expect(english.getByRole('heading', { name: 'Real-user data (CrUX)' })).toBeVisible()
  await expect(english.getByTestId('field-verdict-mobile')).toHaveText('Core Web Vitals Assessment: Failed')
  await expect(english.getByTestId('field-p75-lcp')).toHaveText('4.6 s')
  await expect(english.getByTestId('field-distribution-lcp')).toHaveText(
    'Good 41% · Needs improvement 27% · Poor 32% of visits',
  )
  await expect(english.getByTestId('field-findings-mobile')).toContainText('for real users')
  await page.getByTestId('seo-tab-desktop').click()
  await expect(page.getByTestId('field-verdict-desktop')).toHaveText('Core Web Vitals Assessment: Passed')
  await expect(page.getByTestId('field-card-desktop').getByTestId('field-scope')).toContainText('whole site')

  // The dashboard's performance card gives the desktop assessment of real users.
  await gotoHydrated(page, '/suite')
  await expect(page.getByTestId('field-verdict-dashboard')).toHaveText('Core Web Vitals Assessment: Passed', {
    timeout: 60_000,
  })
  await expect(page.getByTestId('dashboard-field-verdict')).toContainText('whole site, desktop')

  // The printable report carries the same field data above each device's lab figures.
  const run = await storedRun(page)
  const desktopId = run!.slots.desktop!.taskId!
  const mobileId = run!.slots.mobile!.taskId!
  await page.goto(
    `/suite/pdf-report?desktopTaskId=${desktopId}&mobileTaskId=${mobileId}&aiOptimizationTaskId=${desktopId}`,
  )
  await expect(page.getByTestId('report-field-verdict-mobile')).toHaveText(
    'Core Web Vitals Assessment: Failed',
  )
  await expect(page.getByTestId('report-field-mobile').getByTestId('field-p75-lcp')).toHaveText(/^4[.,]6 s$/)
  await expect(page.getByTestId('report-field-desktop').getByTestId('field-scope')).toHaveAttribute(
    'data-scope',
    'origin',
  )
})
