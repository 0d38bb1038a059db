import { expect, type Page, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

const cards = (page: Page) => page.getByTestId('blog-card')

test('the blog list is server-rendered in both languages with at least 8 posts', async ({
  page,
  request,
}) => {
  for (const [path, lang, heading, date] of [
    ['/blog', 'pt-PT', 'Blog', /\d{1,2} de [a-zç]+ de 20\d\d/],
    ['/en/blog', 'en', 'Blog', /\d{1,2} [A-Z][a-z]+ 20\d\d/],
  ] as const) {
    const html = await (await request.get(path)).text()
    expect(html.match(/data-testid="blog-card"/g)?.length ?? 0, path).toBeGreaterThanOrEqual(8)

    await gotoHydrated(page, path)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    expect(await cards(page).count()).toBeGreaterThanOrEqual(8)
    await expect(cards(page).first().locator('time')).toHaveText(date)
    await expect(cards(page).first().locator('img')).toHaveAttribute('width', '1200')
  }
  // The help call to action goes to the contact page of the language.
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  await gotoHydrated(page, '/blog')
  await expect(page.getByRole('link', { name: 'Fale connosco' })).toHaveAttribute('href', '/contacto')
})

test('search narrows the list, shows the empty state and comes back', async ({ page }) => {
  await gotoHydrated(page, '/blog')
  const total = await cards(page).count()
  const search = page.getByRole('searchbox', { name: 'Pesquisar artigos' })

  await search.fill('ROBOTS.TXT')
  await expect(cards(page)).not.toHaveCount(total)
  expect(await cards(page).count()).toBeGreaterThanOrEqual(1)
  for (const text of await cards(page).allInnerTexts()) expect(text.toLowerCase()).toContain('robots.txt')
  await expect(page).toHaveURL(/\?q=ROBOTS\.TXT/)

  await search.fill('zzz nada disto existe')
  await expect(cards(page)).toHaveCount(0)
  await expect(page.getByTestId('blog-empty')).toContainText('Nenhum artigo encontrado')
  await expect(page.getByTestId('blog-empty')).toContainText('Tente outra pesquisa ou categoria')

  await page.getByRole('link', { name: 'Ver todos os artigos' }).click()
  await expect(cards(page)).toHaveCount(total)
  await expect(search).toHaveValue('')
})

test('search works in the current language only, and without JavaScript', async ({ page, request }) => {
  await gotoHydrated(page, '/en/blog')
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('servidor')
  await expect(cards(page)).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('server HTML')
  await expect(cards(page)).toHaveCount(1)

  const html = await (await request.get('/blog?q=Core%20Web%20Vitals')).text()
  expect(html.match(/data-testid="blog-card"/g)).toHaveLength(1)
})

test('the category filter shows only that category, derived from the posts', async ({ page }) => {
  await gotoHydrated(page, '/blog')
  const total = await cards(page).count()
  const filters = page.getByTestId('blog-category')
  await expect(filters.first()).toHaveText('Todas')
  await expect(filters.first()).toHaveAttribute('aria-current', 'true')
  const names = (await filters.allInnerTexts()).slice(1)
  expect(names).toEqual(expect.arrayContaining(['AIO', 'SEO']))

  await page.getByTestId('blog-category').filter({ hasText: /^SEO$/ }).click()
  await expect(page).toHaveURL(/category=SEO/)
  await expect(page.getByTestId('blog-category').filter({ hasText: /^SEO$/ })).toHaveAttribute(
    'aria-current',
    'true',
  )
  const seoCount = await cards(page).count()
  expect(seoCount).toBeGreaterThan(0)
  expect(seoCount).toBeLessThan(total)
  for (const text of await cards(page).allInnerTexts()) expect(text).toMatch(/^SEO\n/)

  await filters.first().click()
  await expect(cards(page)).toHaveCount(total)
})

test('a post page renders its article, JSON-LD and language twins', async ({ page, request }) => {
  await gotoHydrated(page, '/blog')
  const first = cards(page).first()
  const title = ((await first.getByRole('heading').textContent()) ?? '').trim()
  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  const titleTag = await page.title()
  expect([title, `${title} — Farol`]).toContain(titleTag)
  expect(titleTag.length <= 60 || titleTag === title).toBe(true)
  await expect(page.getByText('Por Equipa Farol')).toBeVisible()
  await expect(page.getByText(/\d+ min de leitura/).first()).toBeVisible()
  await expect(page.getByTestId('blog-body').locator('h2').first()).toBeVisible()
  await expect(page.getByTestId('blog-related').getByTestId('blog-card')).toHaveCount(3)

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const graph = blocks.flatMap((b) => (JSON.parse(b) as { '@graph'?: { '@type': string }[] })['@graph'] ?? [])
  const article = graph.find((n) => n['@type'] === 'Article') as Record<string, unknown> | undefined
  expect(article?.headline).toBe(title)
  expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect(graph.some((n) => n['@type'] === 'BreadcrumbList')).toBe(true)

  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
  expect(canonical).toBe(page.url())
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]))
  expect(alternates.map(([lang]) => lang).sort()).toEqual(['en', 'pt-PT', 'x-default'])
  for (const [, href] of alternates) expect((await request.get(href!)).status(), href!).toBe(200)
  const english = alternates.find(([lang]) => lang === 'en')![1]!
  expect(new URL(english).pathname).toMatch(/^\/en\/blog\/[a-z0-9-]+$/)
  for (const url of [article!.image as string]) expect((await request.get(url)).status(), url).toBe(200)
})

test('an unknown post is a real 404', async ({ request }) => {
  // A slug no post can have (a NUL byte, half a surrogate pair) is not found either, never "unavailable".
  for (const path of ['/blog/nao-existe', '/en/blog/does-not-exist', '/blog/%00', '/en/blog/%ED%A0%80']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
})

test('post HTML is sanitised Markdown with safe external links', async ({ request }) => {
  const html = await (await request.get('/en/blog/robots-txt-crawlers-ia')).text()
  expect(html).toContain('<table>')
  expect(html).toMatch(/<h2>[^<]+<\/h2>/)
  expect(html).not.toContain('<!-- pt -->')
  expect(html).toContain('<html lang="en"')
})

test('a broken image is retried, then replaced by the local fallback, then by text', async ({ page }) => {
  const requested: string[] = []
  await page.route('**/images/blog/o-que-e-aio.svg*', (route) => {
    requested.push(route.request().url())
    return route.abort()
  })
  await gotoHydrated(page, '/blog/o-que-e-aio')
  const hero = page.locator('article img').first()
  await expect(hero).toHaveAttribute('src', '/images/blog/fallback.svg')
  expect(requested.length).toBe(3)

  await page.route('**/images/blog/fallback.svg', (route) => route.abort())
  await page.route('**/images/blog/robots-txt-crawlers-ia.svg*', (route) => route.abort())
  await gotoHydrated(page, '/blog/robots-txt-crawlers-ia')
  await expect(page.locator('article').getByRole('img', { name: 'Imagem não disponível' })).toBeVisible()
})

test('the sitemap lists every post in both languages', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const api = (await (await request.get('/api/blog-posts')).json()) as { posts: { slug: string }[] }
  expect(api.posts.length).toBeGreaterThanOrEqual(8)
  for (const { slug } of api.posts) {
    expect(xml).toContain(`/blog/${slug}</loc>`)
    expect(xml).toContain(`/en/blog/${slug}</loc>`)
  }
})
