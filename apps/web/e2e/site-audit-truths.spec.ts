// Site-audit truths (issue 41 item 5) in a real browser: a raw crawl of a small loopback shop; the
// inventory's URL pattern takes "/produtos/*" as people (and the Lighthouse sample's template labels) write
// it; a URL's detail says "4 ligações internas, 3 distintas" above a list headed with its own count; the
// stats say "1 página" in the singular for a one-page app shell and that the site needs rendering.
// Screenshots in PT and EN at 375 and 1280 px under the test's output folder.
import { expect, type Page, test } from '@playwright/test'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const page = (title: string, links: string[], words = 'Uma página da loja com texto suficiente para ler.') =>
  `<!doctype html><html lang="pt"><head><title>${title}</title><meta name="description" content="${title} da loja"></head><body><main><h1>${title}</h1><p>${words}</p>${links
    .map((href) => `<a href="${href}">${href}</a>`)
    .join(' ')}</main></body></html>`

let shop: SiteServer
let app: SiteServer

test.beforeAll(async () => {
  shop = await startSiteServer((path) => {
    if (path === '/robots.txt')
      return { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } }
    // The home links /produtos/camisola twice: 4 internal links, 3 distinct, and one external.
    if (path === '/')
      return {
        body: page('Loja', [
          '/produtos/camisola',
          '/produtos/camisola',
          '/produtos/calcas',
          '/sobre',
          'https://example.com/',
        ]),
      }
    if (path === '/produtos/camisola') return { body: page('Camisola', ['/']) }
    if (path === '/produtos/calcas') return { body: page('Calças', ['/']) }
    if (path === '/sobre') return { body: page('Sobre', ['/']) }
    return undefined
  })
  // An app whose raw HTML is an empty shell.
  app = await startSiteServer((path) =>
    path === '/'
      ? {
          body: '<!doctype html><html lang="pt"><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
        }
      : path === '/app.js'
        ? {
            body: 'document.getElementById("root").textContent = "Olá"',
            headers: { 'content-type': 'application/javascript' },
          }
        : undefined,
  )
})

test.afterAll(async () => {
  await shop?.close()
  await app?.close()
})

async function crawlRaw(p: Page, url: string) {
  await p.getByTestId('site-url').fill(url)
  await p.getByTestId('site-max-pages').fill('20')
  await p.getByTestId('site-render-off').check({ force: true })
  await p.getByTestId('site-submit').click()
  await expect(p.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 90_000 })
}

async function shots(p: Page, name: string, outputPath: (n: string) => string) {
  for (const width of [375, 1280]) {
    await p.setViewportSize({ width, height: 900 })
    // No horizontal overflow at either width.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1)
    await p.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

test('PT: "/produtos/*" filters the inventory; the detail counts links and distinct targets', async ({
  page: p,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('truths-pt') })
  await signInByApi(p, baseURL!, email)
  await gotoHydrated(p, '/suite/site')
  await crawlRaw(p, shop.url)
  await expect(p.getByTestId('site-stats')).toContainText('4 páginas rastreadas')
  await expect(p.getByTestId('site-needs-rendering')).toHaveCount(0)

  const inventory = p.getByTestId('site-inventory')
  await expect(inventory.getByTestId('inventory-row').first()).toBeVisible()
  await inventory.getByTestId('inventory-pattern').fill('/produtos/*')
  const rows = inventory.getByTestId('inventory-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.getByTestId('inventory-url')).toHaveText([
    `${shop.origin}/produtos/calcas`,
    `${shop.origin}/produtos/camisola`,
  ])
  await shots(p, 'site-pattern-pt', (n) => testInfo.outputPath(n))

  await inventory.getByTestId('inventory-pattern').fill('')
  await expect(rows).toHaveCount(4)
  await rows
    .getByTestId('inventory-url')
    .filter({ hasText: new RegExp(`^${shop.origin}/$`) })
    .click()
  const detail = p.getByTestId('url-detail')
  await expect(detail.getByTestId('url-detail-facts')).toContainText('4 ligações internas, 3 distintas')
  await expect(detail.getByTestId('url-detail-outlinks')).toContainText(
    'Ligações de saída: 4 destinos distintos (3 internos, 1 externo)',
  )
  await shots(p, 'site-detail-pt', (n) => testInfo.outputPath(n))
})

test('EN: a raw crawl of an app shell says the site needs rendering, in the singular', async ({
  page: p,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('truths-en') })
  await signInByApi(p, baseURL!, email)
  await gotoHydrated(p, '/suite/site?lang=en')
  await crawlRaw(p, app.url)
  await expect(p.getByTestId('site-stats')).toContainText('1 page crawled in')
  await expect(p.getByTestId('site-needs-rendering')).toContainText(
    'This site needs rendering: without JavaScript, the start page has',
  )
  await expect(p.getByTestId('site-needs-rendering')).toContainText('Choose “Render JavaScript: Yes”')
  await shots(p, 'site-needs-rendering-en', (n) => testInfo.outputPath(n))
  // The shop in English: the same detail counts.
  await crawlRaw(p, shop.url)
  const inventory = p.getByTestId('site-inventory')
  await inventory.getByTestId('inventory-pattern').fill('produtos/*')
  await expect(inventory.getByTestId('inventory-row')).toHaveCount(2)
  await shots(p, 'site-pattern-en', (n) => testInfo.outputPath(n))
})
