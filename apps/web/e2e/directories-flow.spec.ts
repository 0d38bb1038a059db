// /suite/directories in a real browser, in Portuguese and in English, against the loopback fakes of
// Nominatim, Google Places and Foursquare (the server points at them: playwright.config.ts, port
// E2E+10017). One file, run serially: the fakes listen on that one port.
import { expect, type Page, test } from '@playwright/test'
import {
  type FakeDirectories,
  startFakeDirectories,
} from '../../../packages/engine/test/fakes/local-directories.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

test.describe.configure({ mode: 'serial' })

let fake: FakeDirectories

test.beforeAll(async () => {
  fake = await startFakeDirectories({ port: Number(process.env.FAROL_E2E_PORT ?? 3107) + 10017 })
})

test.afterAll(async () => {
  await fake?.close()
})

async function signedIn(page: Page, baseURL: string, name: string) {
  const { email } = await createVerifiedUser(page.request, baseURL, { email: uniqueEmail(name) })
  await signInByApi(page, baseURL, email)
}

function row(page: Page, directory: string) {
  return page.getByTestId(`directory-${directory}`)
}

test('anonymous visitors see the access gate', async ({ page }) => {
  await gotoHydrated(page, '/suite/directories')
  await expect(page.getByTestId('access-gate-panel')).toBeVisible()
  await expect(page.getByTestId('directories-preview')).toBeAttached()
})

test('pt: the form comes prefilled from the site, the table compares each directory, new search clears', async ({
  page,
  baseURL,
}) => {
  await signedIn(page, baseURL!, 'dir-pt')
  const site = `${fake.origin}/site/alfama/`
  await gotoHydrated(page, `/suite/directories?url=${encodeURIComponent(site)}`)
  await expect(page.getByTestId('directories-prefilled')).toContainText(site)
  await expect(page.getByTestId('directories-businessName')).toHaveValue('Pastelaria Alfama, Lda.')
  await expect(page.getByTestId('directories-postalCode')).toHaveValue('1100-053')
  await expect(page.getByTestId('directories-phoneNumber')).toHaveValue('+351 213 421 000')

  // Spec §5: without a city the search does not start.
  await page.getByTestId('directories-city').fill('')
  await page.getByTestId('directories-submit').click()
  await expect(page.getByText('Informações incompletas')).toBeVisible()
  await expect(page.getByText('Obrigatório')).toBeVisible()
  await expect(page.getByTestId('directories-page')).toHaveAttribute('data-phase', 'idle')

  // With the keyboard: fill the city and submit with Enter.
  await page.getByTestId('directories-city').fill('Lisboa')
  await page.getByTestId('directories-city').press('Enter')
  await expect(page.getByTestId('directories-page')).toHaveAttribute('data-phase', 'success')

  await expect(row(page, 'website')).toHaveAttribute('data-status', 'good')
  await expect(row(page, 'google')).toHaveAttribute('data-status', 'good')
  await expect(row(page, 'google')).toContainText('Encontrado e consistente')
  const osm = row(page, 'osm')
  await expect(osm).toHaveAttribute('data-status', 'inconsistent')
  await expect(osm.getByTestId('difference-expected')).toHaveText('+351 213 421 000')
  await expect(osm.getByTestId('difference-found')).toHaveText('+351 213 421 999')
  await expect(osm).toContainText('Telefone')
  await expect(row(page, 'foursquare')).toHaveAttribute('data-status', 'missing')
  await expect(row(page, 'foursquare')).toContainText('Não encontrado')
  // Manual-only directories: unchecked, never "missing", with a link to their own search.
  const pa = row(page, 'paginas_amarelas')
  await expect(pa).toHaveAttribute('data-status', 'unchecked')
  await expect(pa.getByTestId('directory-check-link')).toHaveAttribute('href', /pai\.pt\/q\/business/)
  await expect(pa.getByTestId('directory-check-link')).toHaveText(/Verificar manualmente/)
  await expect(row(page, 'guia_mais')).toHaveCount(0)
  await expect(page.getByTestId('directories-score')).toContainText('Média dos diretórios verificados')
  await expect(page.getByTestId('directories-attribution')).toContainText('OpenStreetMap')
  await expect(page.getByTestId('directories-recommendations')).toContainText('Corrija o OpenStreetMap')
  await expect(page.getByTestId('directories-not-configured')).toHaveCount(0)

  // A reload opens on the same result (session storage).
  await page.reload()
  await expect(row(page, 'osm')).toHaveAttribute('data-status', 'inconsistent')

  // 'Nova pesquisa' clears the stored search, here and on the server.
  await page.getByTestId('directories-new-search').click()
  await expect(page.getByTestId('directories-table')).toHaveCount(0)
  await expect(page.getByTestId('directories-page')).toHaveAttribute('data-phase', 'idle')
  const latest = await page.request.get('/api/seo-task-manager/latest?kind=directory_search')
  expect(latest.status()).toBe(404)
  expect(await page.evaluate(() => sessionStorage.getItem('farol.suite.directories'))).toBeNull()
})

test('en: a Brazilian business typed by hand, statuses in English', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!, 'dir-en')
  // The English home remembers the language for pages without twins, such as the suite.
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/directories')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByLabel('Business name').fill('Padaria São Jorge LTDA')
  await page.getByLabel('Address').fill('Av. Paulista, 1578')
  await page.getByLabel(/^Postal code/).fill('01310-200')
  await page.getByLabel('City').fill('São Paulo')
  await page.getByLabel(/^Phone/).fill('(11) 3071-4000')
  await page.getByRole('button', { name: 'Search directories' }).click()
  await expect(page.getByTestId('directories-page')).toHaveAttribute('data-phase', 'success')

  const google = row(page, 'google')
  await expect(google).toHaveAttribute('data-status', 'inconsistent')
  await expect(google).toContainText('Inconsistent')
  await expect(google).toContainText('Postal code')
  await expect(google.getByTestId('difference-found')).toHaveText('01311-000')
  await expect(row(page, 'osm')).toHaveAttribute('data-status', 'good')
  await expect(row(page, 'foursquare')).toHaveAttribute('data-status', 'good')
  await expect(row(page, 'website')).toContainText('Not checked')
  await expect(row(page, 'guia_mais').getByTestId('directory-check-link')).toHaveText(/Check by hand/)
  await expect(row(page, 'paginas_amarelas')).toHaveCount(0)
  await expect(page.getByTestId('directories-score')).toContainText('Average over the directories checked')
})

test("pt: a failed search shows 'Falha na pesquisa de diretórios'", async ({ page, baseURL }) => {
  await signedIn(page, baseURL!, 'dir-fail')
  // The task fails on the server side: answered here as the status API answers a failed task.
  await page.route('**/api/tasks/*/events*', (route) => route.fulfill({ status: 404, body: '' }))
  await page.route('**/api/seo-task-manager/status*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        taskId: 'x',
        status: 'failed',
        results: null,
        message: 'O diretório não respondeu.',
        errorCode: 'INTERNAL',
        progress: { stage: 'failed', percent: 0 },
        task: { kind: 'directory_search', url: '', platform: null, createdAt: '', finishedAt: null },
      }),
    }),
  )
  await gotoHydrated(page, '/suite/directories')
  await page.getByTestId('directories-businessName').fill('Café Nicola')
  await page.getByTestId('directories-address').fill('Praça Dom Pedro IV, 24')
  await page.getByTestId('directories-city').fill('Lisboa')
  await page.getByTestId('directories-submit').click()
  const error = page.getByTestId('analysis-error')
  await expect(error).toContainText('Falha na pesquisa de diretórios')
  await expect(error).toContainText('O diretório não respondeu.')
})
