// Sharing a report (issue 41 item 7) in a real browser: "Partilhar link" lays out at 375 and 1280 px
// (the panel spans the report's row; the address and the link no longer stand one character per line),
// and a link that no longer opens answers a translated page (410 revoked or expired, 404 unknown), not
// the API's JSON. The reports list and the links are the browser's answers (page.route): no PDF is made.
import { expect, type Page, test } from '@playwright/test'
import { sharedLinkPage } from '../../server/src/features/reports/shared-page.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const report = {
  id: '11111111-2222-4333-8444-555555555555',
  url: 'https://uma-loja-com-um-nome-bastante-comprido.example.pt/produtos/camisolas-de-la/',
  status: 'success',
  created_at: '2026-11-20T10:00:00.000Z',
  finished_at: '2026-11-20T10:02:00.000Z',
  file_url: '/api/reports/11111111-2222-4333-8444-555555555555/file',
  user_id: 'u',
  language: 'pt',
  desktopTaskId: 'a',
  mobileTaskId: 'b',
  aiOptimizationTaskId: 'c',
  message: null,
}
const shareUrl = `http://localhost/api/shared-reports/${'Ab9_-'.repeat(8)}abc`

async function mockReports(page: Page) {
  const links: { id: string; expiresAt: string; revoked: boolean; usable: boolean }[] = [
    { id: 'l1', expiresAt: '2026-12-20T10:00:00.000Z', revoked: false, usable: true },
    { id: 'l0', expiresAt: '2026-11-01T10:00:00.000Z', revoked: true, usable: false },
  ]
  await page.route('**/api/reports', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { reports: [report] } }) : route.fallback(),
  )
  await page.route(new RegExp(`/api/reports/${report.id}/links(\\?.*)?$`), (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 201,
          json: {
            id: 'l2',
            expiresAt: '2026-12-28T10:00:00.000Z',
            revoked: false,
            usable: true,
            url: shareUrl,
          },
        })
      : route.fulfill({ json: { links } }),
  )
}

/** The list is read again when the page becomes visible: the mocked report appears at once. */
async function showMockedList(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByTestId('report-row')).toHaveCount(1)
}

for (const lang of ['pt', 'en'] as const) {
  test(`${lang}: "Partilhar link" lays out at 375 and 1280 px`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000)
    const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail(`share-${lang}`) })
    await signInByApi(page, baseURL!, email)
    await mockReports(page)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await gotoHydrated(page, `/suite/reports?lang=${lang}`)
      await showMockedList(page)
      const row = page.getByTestId('report-row')
      await row.getByTestId('report-share-button').click()
      const panel = row.getByTestId('report-share')
      await expect(panel.getByTestId('report-share-link')).toHaveCount(2)
      await panel.getByRole('button', { name: lang === 'pt' ? 'Criar link' : 'Create link' }).click()
      await expect(panel.getByTestId('report-share-url')).toHaveValue(shareUrl)
      // The panel spans the row and the address keeps its width: no word one character per line.
      const rowBox = (await row.boundingBox())!
      const panelBox = (await panel.boundingBox())!
      expect(panelBox.width).toBeGreaterThan(rowBox.width * 0.85)
      const address = (await row.getByTestId('report-address').boundingBox())!
      expect(address.width).toBeGreaterThan(Math.min(250, rowBox.width * 0.6))
      expect(address.height).toBeLessThan(120)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1)
      await page.screenshot({
        path: testInfo.outputPath(`reports-share-${lang}-${width}.png`),
        fullPage: true,
      })
    }
  })
}

test('a link that never existed answers a page in the reader’s language, 404', async ({ page }, testInfo) => {
  const unknown = `/api/shared-reports/${'x'.repeat(43)}`
  const pt = await page.goto(`${unknown}?lang=pt`)
  expect(pt!.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link não encontrado')
  await page.screenshot({ path: testInfo.outputPath('shared-404-pt.png') })
  // Without ?lang, the browser's language (Playwright's Chromium asks for English).
  expect((await page.goto(unknown))!.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link not found')
  const en = await page.goto(`${unknown}?lang=en`)
  expect(en!.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link not found')
})

test('the revoked and expired pages read at 375 and 1280 px', async ({ page }, testInfo) => {
  for (const [name, problem] of [
    ['revoked', { kind: 'revoked' }],
    ['expired', { kind: 'expired', at: new Date('2026-11-20T10:00:00Z') }],
  ] as const) {
    for (const lang of ['pt', 'en'] as const) {
      const { status, html } = sharedLinkPage(problem, lang)
      expect(status).toBe(410)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 700 })
        await page.setContent(html)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({ path: testInfo.outputPath(`shared-${name}-${lang}-${width}.png`) })
      }
    }
  }
})
