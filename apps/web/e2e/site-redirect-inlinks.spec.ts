// Issue 42 item 2 in a real browser: a campaign page reached only through redirects from home's link
// (home → /promocoes → /promocoes-2024 → /campanhas/verao) is no orphan in the issue list, and its detail
// says depth 1, one inlink, and shows the hop. Screenshots in PT and EN at 375 and 1280 px when
// FAROL_SHOTS names a folder.
import { expect, type Page, test } from '@playwright/test'
import { redirectedCampaignSite } from '../../../packages/engine/src/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

let site: SiteServer
const shots = process.env.FAROL_SHOTS

test.beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((path) => redirectedCampaignSite(origin)(path))
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

for (const lang of ['pt', 'en'] as const) {
  test(`${lang}: a page behind redirects is linked, with the hop in its detail`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail(`redirect-${lang}`) })
    await signInByApi(page, baseURL!, email)
    await gotoHydrated(page, lang === 'pt' ? '/suite/site' : '/suite/site?lang=en')
    await crawl(page)
    // The one true orphan stays; the campaign page is not among the orphans.
    const orphans = page.getByTestId('site-issue-orphan-in-sitemap')
    await expect(orphans).toContainText(lang === 'pt' ? '(1)' : '(1)')
    const inventory = page.getByTestId('site-inventory')
    await inventory.getByTestId('inventory-pattern').fill('/campanhas/*')
    const row = inventory.getByTestId('inventory-row')
    await expect(row).toHaveCount(1)
    await row.getByTestId('inventory-url').click()
    const detail = page.getByTestId('url-detail')
    await expect(detail.getByTestId('url-detail-url')).toHaveText(`${site.origin}/campanhas/verao`)
    const facts = detail.getByTestId('url-detail-facts')
    await expect(facts).toContainText(lang === 'pt' ? 'Profundidade1' : 'Depth1')
    await expect(facts).toContainText(lang === 'pt' ? 'Ligações de entrada1' : 'Inlinks1')
    const inlinks = detail.getByTestId('url-detail-inlinks')
    await expect(inlinks).toContainText(
      lang === 'pt'
        ? `através de ${site.origin}/promocoes, que redireciona para aqui`
        : `through ${site.origin}/promocoes, which redirects here`,
    )
    if (shots)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await detail.screenshot({ path: `${shots}/url-detail-${lang}-${width}.png` })
      }
  })
}
