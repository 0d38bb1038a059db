// A report generated with the interface in English: English status labels in the list, and a PDF whose
// section titles are English (and none of the Portuguese ones). Needs pdftotext (poppler-utils).
import { execFileSync } from 'node:child_process'
import { type Download, expect, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'
import { type FixtureServer, startFixtureServer } from './suite-helpers.ts'

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

test('in English, a report goes Processing → Success and its PDF is in English', async ({
  page,
  request,
  baseURL,
}) => {
  // Two Lighthouse runs (one at a time on the server, maybe behind other specs' runs), then the PDF.
  test.setTimeout(600_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('reports-en') })
  await signInByApi(page, baseURL!, email)
  // The English home remembers the language for pages without twins, such as the suite.
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/reports')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Generate a new report' })).toBeVisible()

  await page.getByTestId('report-url').fill(fx.url('/en/'))
  await page.getByTestId('report-generate').click()
  await expect(page.getByText('Report generation started')).toBeVisible()
  const row = page.getByTestId('report-row')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('report-status')).toHaveText('Processing')
  await expect(row.getByTestId('report-status')).toHaveText('Success', { timeout: 540_000 })

  const download = Promise.race([
    page.waitForEvent('download', { timeout: 30_000 }),
    new Promise<Download>((resolve) => {
      page.context().once('page', (tab) => tab.once('download', resolve))
    }),
  ])
  await row.getByTestId('report-download').click()
  const file = (await (await download).path())!
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain(new URL(fx.origin).host)
  for (const title of [
    'SEO and AI audit report',
    'Summary',
    'Desktop Analysis',
    'Mobile Analysis',
    'Core Web Vitals',
    'Technical audits',
    'Farol on-page checks',
    'AI optimisation',
    'Strengths',
    'Recommendations',
  ]) {
    expect(text, title).toContain(title)
  }
  for (const portuguese of [
    'Relatório de auditoria SEO e IA',
    'Resumo',
    'Análise Desktop',
    'Análise Mobile',
    'Auditorias técnicas',
    'Verificações on-page do Farol',
    'Otimização para IA',
    'Pontos fortes',
    'Recomendações',
  ]) {
    expect(text, portuguese).not.toContain(portuguese)
  }
})
