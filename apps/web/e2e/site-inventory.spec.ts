// The crawl's inventory on /suite/site (issue #29) in a real browser: a crawl of a loopback site where two
// pages have no meta description; the issue filter reads "Sem meta descrição: 2" and leaves exactly those
// two URLs; a URL's detail shows its facts, its issue and its inlinks with their anchors; "Analisar com
// Lighthouse" runs the single-page analysis of that URL and shows its result in place; the filtered CSV
// holds exactly the filtered rows. Then the same filter reads in English.
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { cleanSite } from '../../../packages/engine/src/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

let site: SiteServer
const NO_DESCRIPTION = ['/a', '/b']

test.beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((path) => {
    const answer = cleanSite(origin)(path)
    if (NO_DESCRIPTION.includes(path) && answer?.body)
      return { ...answer, body: answer.body.replace(/<meta name="description"[^>]*>/, '') }
    return answer
  })
  origin = site.origin
})

test.afterAll(async () => {
  await site?.close()
})

async function crawl(page: Page) {
  await page.getByTestId('site-url').fill(site.url)
  await page.getByTestId('site-max-pages').fill('30')
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 90_000 })
}

test('Portuguese: filter "Sem meta descrição", open a URL, run Lighthouse from it, export the filtered CSV', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('inventory-pt') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/site')
  await crawl(page)

  // The page-level problem is a site-wide issue with its count, in the issue list too.
  await expect(page.getByTestId('site-issue-missing-description')).toContainText(
    'A página não tem meta descrição (2)',
  )

  const inventory = page.getByTestId('site-inventory')
  await expect(inventory.getByTestId('inventory-row').first()).toBeVisible()
  await inventory.getByTestId('inventory-issue').selectOption({ label: 'Sem meta descrição: 2' })
  const rows = inventory.getByTestId('inventory-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.getByTestId('inventory-url')).toHaveText(NO_DESCRIPTION.map((p) => `${site.origin}${p}`))
  await expect(inventory.getByTestId('inventory-count')).toHaveText('1–2 de 2 URLs')

  // A column from the chooser appears in the table.
  await inventory.getByTestId('inventory-columns').locator('summary').click()
  await inventory.getByTestId('inventory-column-descriptionLength').check()
  await expect(inventory.getByRole('columnheader', { name: 'Comprimento da descrição' })).toBeVisible()
  await inventory.getByTestId('inventory-columns').locator('summary').click()

  // The URL's detail: facts, its issue, inlinks with their anchor text.
  await rows.getByTestId('inventory-url').first().click()
  const detail = page.getByTestId('url-detail')
  await expect(detail.getByTestId('url-detail-url')).toHaveText(`${site.origin}/a`)
  await expect(detail.getByTestId('url-detail-facts')).toContainText('Página A')
  await expect(detail.getByTestId('url-detail-issues')).toContainText('A página não tem meta descrição')
  const inlinks = detail.getByTestId('url-detail-inlinks')
  await expect(inlinks).toContainText('Ligações de entrada (2)')
  await expect(inlinks.getByRole('row', { name: `${site.origin}/ A` })).toBeVisible()
  await expect(detail.getByTestId('url-detail-outlinks')).toContainText(`${site.origin}/b`)

  // "Analisar com Lighthouse": the single-page analysis of this URL, its result shown here.
  await detail.getByTestId('url-lighthouse-run').click()
  await expect(detail.getByTestId('url-lighthouse')).toHaveAttribute('data-phase', 'running')
  const result = detail.getByTestId('url-lighthouse-result')
  await expect(result).toBeVisible({ timeout: 180_000 })
  await expect(result.getByTestId('url-lighthouse-seo')).toContainText(/\d+/)
  await expect(result.getByTestId('url-lighthouse-problems')).toContainText('A página não tem meta descrição')
  await expect(page).toHaveURL(/\/suite\/site/)

  // The CSV holds exactly the filtered rows.
  const downloading = page.waitForEvent('download')
  await inventory.getByTestId('inventory-csv').click()
  const download = await downloading
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n')
  // The columns the table shows, in the page's language (issue 41 item 4).
  expect(lines[0]).toMatch(/^URL,Estado,Indexabilidade,Título,/)
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(NO_DESCRIPTION.map((p) => `${site.origin}${p}`))
  expect(lines[1]).toContain(',200,')
})

test('English: the inventory filter, detail and CSV read in English', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('inventory-en') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/site')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await crawl(page)
  const inventory = page.getByTestId('site-inventory')
  await expect(inventory.getByRole('heading', { name: /URL inventory/ })).toBeVisible()
  await inventory.getByTestId('inventory-issue').selectOption({ label: 'No meta description: 2' })
  await expect(inventory.getByTestId('inventory-row')).toHaveCount(2)
  await inventory.getByTestId('inventory-url').last().click()
  await expect(page.getByTestId('url-detail-issues')).toContainText('Page has no meta description')
  await expect(page.getByTestId('url-lighthouse-run')).toHaveText('Analyse with Lighthouse')
  const downloading = page.waitForEvent('download')
  await inventory.getByTestId('inventory-csv').click()
  const lines = (await readFile((await (await downloading).path())!, 'utf8')).trimEnd().split('\n')
  expect(lines[0]).toMatch(/^URL,Status,Indexability,Title,/)
  expect(lines).toHaveLength(3)
  // The duplicate groups section is there, with its empty state on this clean site.
  await expect(page.getByTestId('site-groups')).toContainText('Duplicate groups')
  await expect(page.getByTestId('site-groups-empty')).toHaveText('No group of this type.')
})
