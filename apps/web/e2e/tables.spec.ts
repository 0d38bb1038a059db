// The suite's one data table (issue 41 item 4) on seeded data: /suite/bots after a log upload and
// /suite/site after a crawl of a loopback site, in PT and EN. At 375 px the page is never wider than the
// window (the tables scroll in their own box); at 1280 px no table's last column is cut off (visible, or
// its box scrolls to it); the first column is sticky. And the first visits of /suite/keywords and
// /suite/directories make no request that answers 4xx (issue 41 item 6). Screenshots under FAROL_SHOTS.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, type Page, test } from '@playwright/test'
import { cleanSite } from '../../../packages/engine/src/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const line = (ip: string, day: string, path: string, status: number, ua: string) =>
  `${ip} - - [${day}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 100 "-" "${ua}"`
const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CLAUDE = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
const log = [
  line('20.171.206.5', '20', '/', 200, GPT),
  line(
    '20.171.206.5',
    '21',
    '/categoria/produtos-de-limpeza-ecologicos/detergente-concentrado-500ml',
    200,
    GPT,
  ),
  line('198.51.100.1', '21', '/antigo', 404, CLAUDE),
  line('192.0.2.7', '21', '/', 200, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'),
].join('\n')

let site: SiteServer
test.beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((path) => cleanSite(origin)(path))
  origin = site.origin
})
test.afterAll(async () => {
  await site?.close()
})

const shots = process.env.FAROL_SHOTS
async function shot(page: Page, name: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true })
  // Each table in view, as a reader sees it (a full page of a phone is too tall to look at).
  const boxes = await page.locator('[data-table-box]').all()
  for (const [i, box] of boxes.entries()) {
    await box.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, `${name}-table${i + 1}.png`) })
  }
}

/** Sideways overflow of the page, and each data table's state: clipped last column, sticky first. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    const tables = Array.from(document.querySelectorAll<HTMLElement>('[data-table-box]')).map((box) => {
      const table = box.querySelector('table')!
      const heads = table.querySelectorAll('thead tr > *')
      const first = heads[0] as HTMLElement | undefined
      const last = heads[heads.length - 1] as HTMLElement | undefined
      const boxRect = box.getBoundingClientRect()
      const overflows = box.scrollWidth > box.clientWidth + 1
      const scrolls = overflows && getComputedStyle(box).overflowX === 'auto'
      // Cut off: the last column ends past the box and the box cannot scroll to it.
      const clipped = last ? last.getBoundingClientRect().right > boxRect.right + 1 && !scrolls : false
      return {
        name: box.getAttribute('aria-label'),
        clipped,
        overflows,
        boxRight: Math.round(boxRect.right),
        sticky: first ? getComputedStyle(first).position : null,
      }
    })
    return { extra: root.scrollWidth - window.innerWidth, tables }
  })
}

/**
 * At 375 and 1280 px: the page no wider than the window, no column cut off, the first column sticky; at
 * 1280 px, unless `wide` (every column chosen), no table box scrolls at all: the default columns fit.
 */
async function check(page: Page, name: string, { wide = false } = {}) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(200)
    const m = await measure(page)
    expect(m.tables.length, `${name}: data tables`).toBeGreaterThan(0)
    expect(m.extra, `${name} at ${width} px: wider than the window`).toBeLessThanOrEqual(0)
    for (const t of m.tables) {
      expect(t.clipped, `${name} at ${width} px: ${t.name} has its last column cut off`).toBe(false)
      expect(t.sticky, `${name}: ${t.name}'s first column`).toBe('sticky')
      expect(t.boxRight, `${name} at ${width} px: ${t.name}'s box inside the window`).toBeLessThanOrEqual(
        width,
      )
      if (width === 1280 && !wide)
        expect(t.overflows, `${name} at 1280 px: ${t.name} scrolls sideways in its box`).toBe(false)
    }
    await shot(page, `${name}-${width}`)
  }
}

test('/suite/bots: the bots and pages tables fit or scroll in their box, PT and EN', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('tables-bots') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/bots')
  await page.getByLabel('Endereço do site').fill('https://loja-exemplo.pt')
  await page
    .getByLabel('Ficheiros de registo')
    .setInputFiles([{ name: 'access.log.gz', mimeType: 'application/gzip', buffer: gzipSync(log) }])
  await page.getByRole('button', { name: 'Analisar registos' }).click()
  await expect(page.getByTestId('bots-table').getByRole('row', { name: /GPTBot/ })).toBeVisible()
  await expect(page.getByTestId('bots-pages')).toContainText('/antigo')
  // The bots CSV: the shown columns in the page's language, the column outside an old list included;
  // the codes only from its own link.
  const csv = page.getByTestId('bots-csv')
  await expect(csv).toHaveAttribute('href', /lang=pt/)
  const [header, ...rows] = (await (await page.request.get((await csv.getAttribute('href'))!)).text()).split(
    '\r\n',
  )
  expect(header).toBe(
    '"Robô","Operador","Finalidade","Pedidos","Verificados","Sem forma de verificar","Fora da lista (antiga)","Falsos","Última visita"',
  )
  expect(rows).toContain('"ClaudeBot","Anthropic","Treino de modelos","1","0","0","1","0","2026-11-21"')
  await expect(page.getByTestId('bots-csv-codes')).toHaveAttribute('href', /codes=1/)
  await check(page, 'bots-pt')
  // More columns from the chooser, in the table and in the export.
  await page.setViewportSize({ width: 375, height: 900 })
  await page.getByTestId('bots-columns').locator('summary').click()
  await page.getByTestId('bots-column-pages').check()
  expect((await measure(page)).extra, 'chooser open at 375 px: wider than the window').toBeLessThanOrEqual(0)
  await expect(page.getByTestId('bots-table').getByRole('columnheader', { name: 'Páginas' })).toBeVisible()
  await expect(csv).toHaveAttribute(
    'href',
    /columns=bot%2Cpurpose%2Chits%2Cverified%2Cunverified%2CoutsideList%2Cspoofed%2Cpages%2Clast/,
  )
  await page.getByTestId('bots-columns').locator('summary').click()
  await gotoHydrated(
    page,
    `/suite/bots?${new URLSearchParams({ url: 'https://loja-exemplo.pt', lang: 'en' })}`,
  )
  await expect(page.getByTestId('bots-table').getByRole('row', { name: /GPTBot/ })).toBeVisible()
  await check(page, 'bots-en')
})

test('/suite/site: the inventory and link-score tables fit or scroll in their box, PT and EN', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('tables-site') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/site')
  await page.getByTestId('site-url').fill(site.url)
  await page.getByTestId('site-max-pages').fill('30')
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 90_000 })
  const inventory = page.getByTestId('site-inventory')
  await expect(inventory.getByTestId('inventory-row').first()).toBeVisible()
  // The export links carry the table's shown columns and the page's language; one carries the codes.
  await expect(inventory.getByTestId('inventory-csv')).toHaveAttribute(
    'href',
    /columns=url%2Cstatus%2Cindexable/,
  )
  await expect(inventory.getByTestId('inventory-csv')).toHaveAttribute('href', /lang=pt/)
  await expect(inventory.getByTestId('inventory-csv-codes')).toHaveAttribute('href', /codes=1/)
  const csv = await page.request.get((await inventory.getByTestId('inventory-csv').getAttribute('href'))!)
  const [header, first] = (await csv.text()).split('\n')
  expect(header).toMatch(/^URL,Estado,Indexabilidade,Título/)
  expect(first).toContain('Indexável')
  await check(page, 'site-pt')
  // With every column shown the inventory is much wider than the window: it scrolls in its box. The
  // chooser, open on a phone, stays inside the window (it made the page 502 px wide).
  await page.setViewportSize({ width: 375, height: 900 })
  await inventory.getByTestId('inventory-columns').locator('summary').click()
  await expect(inventory.getByTestId('inventory-column-h1')).toBeVisible()
  expect((await measure(page)).extra, 'chooser open at 375 px: wider than the window').toBeLessThanOrEqual(0)
  if (shots)
    await inventory
      .getByTestId('inventory-columns')
      .screenshot({ path: join(shots, 'site-pt-chooser-375.png') })
  for (const box of await inventory.getByTestId('inventory-columns').getByRole('checkbox').all())
    await box.check()
  await inventory.getByTestId('inventory-columns').locator('summary').click()
  await check(page, 'site-pt-all-columns', { wide: true })
  await gotoHydrated(page, '/suite/site?lang=en')
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 })
  await expect(page.getByTestId('site-inventory').getByTestId('inventory-row').first()).toBeVisible()
  await check(page, 'site-en')
})

test('first visits of keywords and directories make no request that fails', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('tables-first') })
  await signInByApi(page, baseURL!, email)
  const failed: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
  })
  for (const path of ['/suite/keywords', '/suite/directories']) {
    const latest = page.waitForResponse((r) => r.url().includes('/api/seo-task-manager/latest?'))
    await gotoHydrated(page, path)
    expect((await latest).status(), path).toBe(200)
  }
  expect(failed).toEqual([])
})
