import { expect, type Page, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

const guideSlugs = ['estrutura-conteudo', 'audito-tecnico-seo', 'otimizacao-local']
const termSlugs = [
  'aio',
  'seo-tecnico',
  'llm',
  'serp',
  'crawlability',
  'e-e-a-t',
  'featured-snippet',
  'schema-markup',
  'zero-click-search',
  'core-web-vitals',
  'geo',
  'llms-txt',
  'robots-txt',
]

/** Every content page of this feature as [Portuguese, English] pairs. */
const pages: [string, string][] = [
  ['/como-funciona', '/how-it-works'],
  ['/faq', '/en/faq'],
  ['/guias', '/guides'],
  ['/guias/seo-aio-checklist', '/guides/seo-aio-checklist'],
  ...guideSlugs.map((slug): [string, string] => [`/guias/${slug}`, `/guides/${slug}`]),
  ['/glossario', '/glossary'],
  ...termSlugs.map((slug): [string, string] => [`/glossario/${slug}`, `/glossary/${slug}`]),
  ['/termos', '/terms'],
  ['/privacidade', '/privacy'],
]

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

for (const [index, lang] of (['pt', 'en'] as const).entries()) {
  test(`content pages load in ${lang} with an h1 and no console errors`, async ({ page }) => {
    test.setTimeout(120_000)
    const errors = collectErrors(page)
    // Term pages share one component: two per language in the browser, all of them by request below.
    const browserPages = pages.filter(
      ([pt]) => !pt.startsWith('/glossario/') || /\/(aio|core-web-vitals)$/.test(pt),
    )
    for (const pair of browserPages) {
      const path = pair[index]!
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html[data-hydrated="true"]'), path).toHaveCount(1)
      await expect(page.locator('html'), path).toHaveAttribute('lang', lang === 'pt' ? 'pt-PT' : 'en')
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1)
    }
    expect(errors).toEqual([])
  })
}

test('every term page and guide page answers 200 in both languages, unknown slugs a real 404', async ({
  request,
}) => {
  for (const path of pages.flat()) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(await response.text(), path).toMatch(/<h1[^>]*>/)
  }
  for (const path of ['/glossario/nao-existe', '/glossary/nope', '/guias/nao-existe', '/guides/nope']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
})

test('every content page has JSON-LD that parses, and canonical and hreflang links to pages that exist', async ({
  request,
}) => {
  test.setTimeout(120_000)
  const checked = new Map<string, number>()
  for (const path of pages.flat()) {
    const html = await (await request.get(path)).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    )
    expect(blocks.length, path).toBeGreaterThan(0)
    const types = blocks.map((block) => (JSON.parse(block) as { '@type'?: string })['@type'])
    expect(types, path).toContain('BreadcrumbList')
    if (path.endsWith('/faq')) expect(types).toContain('FAQPage')
    if (/\/(glossario|glossary)$/.test(path)) expect(types).toContain('DefinedTermSet')
    if (/\/(glossario|glossary)\/[^/]+$/.test(path)) expect(types).toContain('DefinedTerm')

    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
    expect(canonical, path).toBeDefined()
    expect(new URL(canonical!).pathname, path).toBe(path)
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)]
    expect(alternates.map((m) => m[1]).sort(), path).toEqual(['en', 'pt-PT', 'x-default'])
    for (const href of [canonical!, ...alternates.map((m) => m[2]!)]) {
      const target = new URL(href).pathname
      if (!checked.has(target)) checked.set(target, (await request.get(target)).status())
      expect(checked.get(target), `${path} → ${target}`).toBe(200)
    }
  }
})

test('FAQ accordion opens one answer at a time with the keyboard', async ({ page }) => {
  await gotoHydrated(page, '/faq')
  const buttons = page.getByTestId('faq-list').getByRole('button')
  expect(await buttons.count()).toBeGreaterThanOrEqual(12)
  const first = buttons.nth(0)
  const second = buttons.nth(1)
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  const firstPanel = page.locator(`#${await first.getAttribute('aria-controls')}`)
  const secondPanel = page.locator(`#${await second.getAttribute('aria-controls')}`)
  await expect(firstPanel).toBeHidden()

  await first.focus()
  await page.keyboard.press('Enter')
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(firstPanel).toBeVisible()

  await page.keyboard.press('ArrowDown')
  await expect(second).toBeFocused()
  await page.keyboard.press('Space')
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(secondPanel).toBeVisible()
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(firstPanel).toBeHidden()
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(1)

  await page.keyboard.press('Enter')
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByTestId('faq-list').locator('[aria-expanded="true"]')).toHaveCount(0)

  await expect(page.getByTestId('faq-contact')).toHaveAttribute('href', '/contacto')
})

test('the English FAQ links to /contact and shows the 3-6 month advice', async ({ page }) => {
  await gotoHydrated(page, '/en/faq')
  await expect(page.getByTestId('faq-contact')).toHaveAttribute('href', '/contact')
  await expect(page.getByTestId('faq-summary')).toContainText('every 3 to 6 months')
})

test('checklist progress updates, survives a reload and exports Markdown', async ({ page }) => {
  await gotoHydrated(page, '/guias/seo-aio-checklist')
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page.getByRole('checkbox')).toHaveCount(19)
  await expect(page.getByTestId('checklist-percent')).toHaveText('0%')

  await page.locator('#item-fundamentos-0').check()
  await expect(page.getByTestId('checklist-percent')).toHaveText('5%')
  await page.locator('#item-conteudo-2').check()
  await expect(page.getByTestId('checklist-percent')).toHaveText('11%')
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '11')
  await expect(page.getByTestId('checklist-count')).toHaveText('2 de 19 concluídos')

  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page.getByTestId('checklist-percent')).toHaveText('11%')
  await expect(page.locator('#item-fundamentos-0')).toBeChecked()
  await expect(page.locator('#item-conteudo-2')).toBeChecked()
  await expect(page.locator('#item-fundamentos-1')).not.toBeChecked()

  const downloadPromise = page.waitForEvent('download')
  await page.getByTestId('checklist-download').click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe('checklist-seo-aio.md')
  const stream = await download.createReadStream()
  let markdown = ''
  for await (const chunk of stream) markdown += chunk.toString()
  expect(markdown).toContain('# Checklist SEO + AIO')
  expect(markdown.match(/^- \[x\] /gm)).toHaveLength(2)
  expect(markdown.match(/^- \[ \] /gm)).toHaveLength(17)
  expect(markdown).toContain('Progresso: 11% (2 de 19)')

  // Collapsing a section keeps the progress; unchecking updates it.
  await page.getByTestId('checklist-section-fundamentos').locator('summary').click()
  await expect(page.locator('#item-fundamentos-0')).toBeHidden()
  await page.locator('#item-conteudo-2').uncheck()
  await expect(page.getByTestId('checklist-percent')).toHaveText('5%')
})

test('glossary search filters terms and shows the empty state', async ({ page }) => {
  await gotoHydrated(page, '/glossario')
  await expect(page.getByTestId('term-card')).toHaveCount(13)
  await expect(page.getByTestId('popular-terms').getByRole('link')).toHaveCount(5)
  const search = page.getByRole('searchbox', { name: 'Pesquisar termos' })
  await search.fill('CORE web')
  await expect(page.getByTestId('term-card')).toHaveCount(1)
  await expect(page.getByTestId('term-card')).toContainText('Core Web Vitals')
  await expect(page.getByTestId('letter-C')).toContainText('1')
  await search.fill('xyzzy')
  await expect(page.getByTestId('term-card')).toHaveCount(0)
  await expect(page.getByTestId('glossary-empty')).toContainText('Nenhum termo encontrado')
  await page.getByRole('button', { name: 'Limpar pesquisa' }).click()
  await expect(page.getByTestId('term-card')).toHaveCount(13)
})

test('glossary search works without JavaScript and in English', async ({ request, page }) => {
  const html = await (await request.get('/glossario?q=markdown')).text()
  expect(html.match(/data-testid="term-card"/g)).toHaveLength(1)
  expect(html).toContain('llms.txt')

  await gotoHydrated(page, '/glossary')
  await page.getByRole('searchbox', { name: 'Search terms' }).fill('nothing-matches')
  await expect(page.getByTestId('glossary-empty')).toContainText('No terms found')
})

test('the glossary letter navigation highlights the letter being read', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/glossary')
  await expect(page.getByTestId('letter-Q')).not.toHaveAttribute('href')
  await page.getByTestId('letter-S').click()
  await expect(page.getByTestId('letter-S')).toHaveAttribute('aria-current', 'location')
  await page.getByTestId('letter-A').click()
  await expect(page.getByTestId('letter-A')).toHaveAttribute('aria-current', 'location')
  await expect(page.getByTestId('letter-S')).not.toHaveAttribute('aria-current', 'location')
})

test('how it works lists more than 20 SEO checks and links home', async ({ page }) => {
  await gotoHydrated(page, '/como-funciona')
  await expect(page.getByTestId('seo-claim')).toHaveText('Mais de 20 métricas de SEO')
  expect(await page.getByTestId('criteria-criteria-seo').getByRole('listitem').count()).toBeGreaterThan(20)
  await expect(page.getByRole('link', { name: 'Analisar o meu site' })).toHaveAttribute('href', '/')
})

test('guide cards show their real item counts', async ({ page }) => {
  await gotoHydrated(page, '/guides')
  await expect(page.getByTestId('guide-card')).toHaveCount(4)
  await expect(page.getByTestId('guide-items')).toHaveText(['19 items', '18 items', '30 items', '15 items'])
  await page.getByRole('link', { name: 'Technical SEO audit, step by step' }).click()
  await expect(page).toHaveURL(/\/guides\/audito-tecnico-seo$/)
  await expect(page.getByRole('heading', { level: 3 })).not.toHaveCount(0)
})
