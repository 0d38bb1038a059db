// Honest empty states (issue 41 item 6) in a real browser, PT and EN at 375 and 1280 px: the landing form
// suggests a real example domain (the e2e install runs on localhost); keyword positions with no source tell
// a user whom to ask; the recommender with nothing to compare says so and what to add. Screenshots under
// FAROL_SHOTS.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { cleanSite } from '../../../packages/engine/src/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const shots = process.env.FAROL_SHOTS
async function shoot(page: Page, name: string, target?: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    if (target) await page.getByTestId(target).scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, `${name}-${width}.png`) })
  }
}

let site: SiteServer
test.beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((path) => cleanSite(origin)(path))
  origin = site.origin
})
test.afterAll(async () => {
  await site?.close()
})

test('the landing form suggests example.com, not localhost', async ({ page }) => {
  for (const path of ['/', '/en']) {
    await gotoHydrated(page, path)
    for (const form of ['analyze-form-hero', 'analyze-form-closing'])
      await expect(page.getByTestId(form).getByRole('textbox')).toHaveAttribute('placeholder', 'example.com')
    await shoot(page, `landing${path === '/' ? '-pt' : '-en'}`)
  }
})

test('keyword positions with no source: a user reads whom to ask, PT and EN', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('empty-kw') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Endereço do site').fill('padaria-vazia.pt')
  await page.getByRole('button', { name: 'Acompanhar', exact: true }).click()
  const source = page.getByTestId('keyword-positions').getByTestId('positions-source')
  await expect(source).toContainText('Peça ao administrador que ligue uma')
  await expect(source).not.toHaveText(/:$/)
  await shoot(page, 'positions-pt', 'keyword-positions')
  await gotoHydrated(page, '/suite/sites?lang=en')
  await expect(source).toContainText('Ask the administrator to connect one')
  await shoot(page, 'positions-en', 'keyword-positions')
})

test('the recommender with nothing to compare says what is missing, PT and EN', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('empty-rec') })
  await signInByApi(page, baseURL!, email)
  // The fixture site's own pages give a suggestion or two (a thin page): the finished task is answered with
  // none, as for a site whose pages have no gap of their own, so the page shows its empty state.
  await page.route(/\/api\/seo-task-manager\/status\?/, async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    if (body?.status !== 'success' || !body.results?.suggestions) return route.fulfill({ response })
    await route.fulfill({ response, json: { ...body, results: { ...body.results, suggestions: [] } } })
  })
  for (const lang of ['pt', 'en'] as const) {
    await gotoHydrated(page, `/suite/recommender?lang=${lang}`)
    await page.getByLabel(lang === 'pt' ? 'URL do seu site' : "Your site's URL").fill(site.url)
    await page
      .getByRole('button', { name: lang === 'pt' ? 'Gerar sugestões' : 'Generate suggestions' })
      .click()
    const empty = page.getByTestId('recommender-empty')
    await expect(empty).toBeVisible({ timeout: 60_000 })
    await expect(empty.locator('[data-kind]')).toHaveAttribute('data-kind', 'nothingCompared')
    await expect(empty).not.toContainText(lang === 'pt' ? 'já cobre' : 'already covers')
    await expect(page.getByTestId('recommender-missing').getByRole('listitem')).toHaveCount(3)
    await expect(page.getByTestId('recommender-missing').getByRole('link')).toHaveCount(2)
    await shoot(page, `recommender-${lang}`, 'recommender-results')
  }
})
