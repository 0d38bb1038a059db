// /suite/site in a real browser: the sign-in gate for anonymous visitors, an empty address refused in
// place, a polite crawl of a small loopback site with a broken link and a duplicate title planted, its
// progress and speed, issues grouped by severity and expandable to URLs and sources, filters, CSV export and the
// link-score table; then the same page in English. The crawl's issues then join the recommendations of
// an analysis of the same site and the PDF report's "Auditoria do site" / "Site audit" section.
import { readFile } from 'node:fs/promises'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { cleanSite } from '../../../packages/engine/src/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

let site: SiteServer

test.beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((path) => {
    const answer = cleanSite(origin)(path)
    // Planted: a link from the home page to a missing page, and /b titled like /a.
    if (path === '/' && answer?.body)
      return { ...answer, body: answer.body.replace('</main>', '<a href="/missing">Perdida</a></main>') }
    if (path === '/b' && answer?.body)
      return { ...answer, body: answer.body.replace('<title>Página B</title>', '<title>Página A</title>') }
    return answer
  })
  origin = site.origin
})

test.afterAll(async () => {
  await site?.close()
})

test('anonymous visitors get the sign-in gate', async ({ page }) => {
  await gotoHydrated(page, '/suite/site')
  await expect(page.getByTestId('access-gate')).toBeVisible()
  await expect(page.getByTestId('site-form')).toHaveCount(0)
})

test('Portuguese: crawl, issues by severity with sources, filters, CSV and link scores', async ({
  page,
  request,
  baseURL,
}) => {
  // The crawl, an analysis of the same site and a report's page.
  test.setTimeout(180_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-pt') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/site')
  await expect(page.getByRole('heading', { name: 'Auditoria do site' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Auditoria do site' })).toBeVisible()

  // An empty address is refused in place; nothing starts.
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-form-error')).toHaveText(
    'Por favor, insira um URL válido para analisar.',
  )
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'idle')

  await page.getByTestId('site-url').fill(site.url)
  await page.getByTestId('site-max-pages').fill('30')
  // A near-duplicate similarity out of 50-100% is refused in place too.
  await page.getByTestId('site-near-duplicate').fill('40')
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-form-error')).toHaveText(
    'A semelhança para quase duplicados tem de estar entre 50 e 100%.',
  )
  await page.getByTestId('site-near-duplicate').fill('85')
  // The user's token for a faster crawl of their own site.
  await page.getByTestId('site-owner').locator('summary').click()
  await expect(page.getByTestId('site-owner-meta')).toContainText(
    '<meta name="farol-verification" content="farol-',
  )
  await page.getByTestId('site-url').press('Enter')
  await expect(page.getByTestId('site-progress')).toBeVisible()
  // The speed and why, while the crawl runs (the polite start measures the server first).
  await expect(page.getByTestId('site-progress-pace')).toContainText('em simultâneo')
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 })
  await expect(page.getByTestId('site-stats')).toContainText('11 páginas rastreadas')

  // Errors first, then warnings; each issue opens to its URLs and their sources.
  const broken = page.getByTestId('site-issue-broken-link')
  await expect(page.getByTestId('site-group-error')).toContainText('Ligações internas quebradas (1)')
  await expect(page.getByTestId('site-group-warning')).toContainText('Títulos duplicados (2)')
  await broken.locator('summary').click()
  await expect(broken.getByTestId('site-issue-url')).toContainText(`${site.origin}/missing`)
  await expect(broken.getByTestId('site-issue-url')).toContainText('HTTP 404')
  await expect(broken.getByTestId('site-issue-sources')).toHaveText(`Ligada a partir de: ${site.origin}/`)

  // Filters: severity, then text.
  await page.getByTestId('site-filter-warning').click()
  await expect(page.getByTestId('site-group-error')).toHaveCount(0)
  await expect(page.getByTestId('site-issue-duplicate-title')).toBeVisible()
  await page.getByTestId('site-filter-all').click()
  await page.getByTestId('site-filter-text').fill('/missing')
  await expect(page.getByTestId('site-issue-duplicate-title')).toHaveCount(0)
  await expect(page.getByTestId('site-issue-broken-link')).toBeVisible()

  // CSV of what is shown.
  const downloading = page.waitForEvent('download')
  await page.getByTestId('site-csv').click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('farol-site-127.0.0.1.csv')
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv).toContain('tipo,gravidade,problema,url,origens,destinos')
  expect(csv).toContain(
    `broken-link,error,Ligações internas quebradas,${site.origin}/missing,${site.origin}/,`,
  )
  expect(csv).not.toContain('duplicate-title')
  // Everything, streamed by the server from the crawl's tables.
  const all = await page.request.get((await page.getByTestId('site-csv-all').getAttribute('href'))!)
  expect(all.headers()['content-type']).toContain('text/csv')
  // In the page's language (issue 41 item 4); the codes with codes=1.
  const allCsv = await all.text()
  expect(allCsv).toContain(`Ligações internas quebradas,Erro,${site.origin}/missing,${site.origin}/`)
  expect(allCsv).toContain('Títulos duplicados')
  const codes = await page.request.get(
    `${await page.getByTestId('site-csv-all').getAttribute('href')}&codes=1`,
  )
  expect(await codes.text()).toContain(`broken-link,error,${site.origin}/missing,${site.origin}/`)

  // Lighthouse on a sample: one page per URL template, each opening the single-page analysis.
  const sample = page.getByTestId('site-sample-row').first()
  await expect(sample.getByRole('link', { name: 'Analisar com Lighthouse' })).toHaveAttribute(
    'href',
    /^\/suite\/seo\?url=http/,
  )

  // Link scores: the home page (linked from every page) first, at 100.
  const first = page.getByTestId('site-link-row').first()
  await expect(first).toContainText(`${site.origin}/`)
  await expect(first).toContainText('100')

  // Issue 32: the site's access log, where ClaudeBot keeps fetching the broken page; joined with the
  // crawl, it becomes a recommendation and a section of the report.
  const claude = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
  const uploaded = await page.request.post(
    `/api/bots/uploads?${new URLSearchParams({ site: site.origin, name: 'access.log' })}`,
    {
      headers: { origin: new URL(page.url()).origin, 'content-type': 'application/octet-stream' },
      data: Buffer.from(
        `198.51.100.1 - - [21/Nov/2026:10:00:00 +0000] "GET /missing HTTP/1.1" 404 100 "-" "${claude}"\n`,
      ),
    },
  )
  expect(uploaded.status(), await uploaded.text()).toBe(201)

  // Issue 18: an analysis of the same site lists the crawl's issues among its recommendations, each
  // with its URL count, examples and a link back to the crawl.
  await gotoHydrated(page, `/suite?${new URLSearchParams({ url: site.url })}`)
  await expect(page.getByTestId('recommendations-card')).toBeVisible({ timeout: 60_000 })
  await page.getByTestId('see-all').click()
  await expect(page.getByTestId('recommendations-page')).toBeVisible()
  await page.getByLabel('Tipo').selectOption('site')
  const item = page.getByTestId('recommendation').filter({ hasText: 'Ligações internas quebradas' })
  await expect(item).toHaveAttribute('data-impact', 'high')
  await expect(item.getByTestId('recommendation-site')).toContainText('1 endereço afetado')
  await expect(item.getByTestId('recommendation-site')).toContainText(`${site.origin}/missing`)
  await expect(page.getByTestId('recommendation').filter({ hasText: 'Títulos duplicados' })).toHaveAttribute(
    'data-impact',
    'medium',
  )
  const bots = page
    .getByTestId('recommendation')
    .filter({ hasText: 'Robôs pedem páginas que respondem com erro' })
  await expect(bots.getByTestId('recommendation-site')).toContainText('1 caso')
  await expect(bots.getByTestId('recommendation-site')).toContainText('/missing (404)')
  await expect(bots.getByTestId('recommendation-site-link')).toHaveText('Ver em Robôs de IA')
  await item.getByTestId('recommendation-site-link').click()
  await expect(page).toHaveURL(/\/suite\/site\?url=/)
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done')
  await expect(page.getByTestId('site-group-error')).toContainText('Ligações internas quebradas (1)')

  // …and the report of the site prints it as its own section.
  await expectSiteAuditInReport(page, {
    title: 'Auditoria do site',
    issue: 'Ligações internas quebradas',
    severity: 'Erro',
    count: '1 endereço',
    pages: '11 páginas rastreadas',
    botLog: true,
  })
})

/** Creates a report of the fixture site and opens its printable page (its analyses may still run). */
async function expectSiteAuditInReport(
  page: Page,
  text: { title: string; issue: string; severity: string; count: string; pages: string; botLog?: boolean },
) {
  const request: APIRequestContext = page.request
  const origin = new URL(page.url()).origin
  const created = await request.post(`${origin}/api/reports`, {
    headers: { origin },
    data: { url: site.url },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const report = await created.json()
  const ids = new URLSearchParams({
    desktopTaskId: report.desktopTaskId,
    mobileTaskId: report.mobileTaskId,
    aiOptimizationTaskId: report.aiOptimizationTaskId,
  })
  await gotoHydrated(page, `/suite/pdf-report?${ids}`)
  const section = page.getByTestId('report-section-site')
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(text.title)
  await expect(section).toContainText(text.pages)
  const broken = section.locator('[data-testid="report-site-issue"][data-type="broken-link"]')
  await expect(broken).toContainText(text.issue)
  await expect(broken).toContainText(text.severity)
  await expect(broken).toContainText(text.count)
  await expect(broken).toContainText(`${site.origin}/missing`)
  // The AI crawlers' findings from the site's access log (uploaded by the Portuguese test) have their own
  // section; a user without a log analysis has none.
  const bots = page.getByTestId('report-section-bots')
  if (text.botLog)
    await expect(
      bots.locator('[data-testid="report-bots-issue"][data-type="bots-broken-pages"]'),
    ).toContainText('/missing (404)')
  else await expect(bots).toHaveCount(0)
}

test('English: the page and the issues read in English', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-en') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/site')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Site audit' })).toBeVisible()
  await page.getByTestId('site-url').fill(site.url)
  await page.getByTestId('site-max-pages').fill('0')
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-form-error')).toHaveText(
    'The number of pages must be a whole number of at least 1.',
  )
  await page.getByTestId('site-max-pages').fill('30')
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 })
  await expect(page.getByTestId('site-group-error')).toContainText('Broken internal links (1)')
  await expect(page.getByTestId('site-filter-notice')).toContainText('Notices')
  await expect(page.getByTestId('site-link-scores')).toContainText('Internal link score')

  await expectSiteAuditInReport(page, {
    title: 'Site audit',
    issue: 'Broken internal links',
    severity: 'Error',
    count: '1 URL',
    pages: '11 pages crawled',
  })
})
