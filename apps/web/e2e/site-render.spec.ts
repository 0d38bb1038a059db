// /suite/site's "Renderizar JavaScript" switch (issue 30) in a real browser: automatic by default, chosen
// with the keyboard; a crawl of a loopback single-page app in automatic mode renders its pages, says why,
// and lists what only rendering shows (text and links that exist only after JavaScript) with both values.
import { expect, test } from '@playwright/test'
import { type SiteServer, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { spaSite } from '../../../packages/engine/src/render/testing/sites.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

let spa: SiteServer

test.beforeAll(async () => {
  spa = await startSiteServer(spaSite(10))
})

test.afterAll(async () => {
  await spa?.close()
})

test('Portuguese: the render switch, an automatic rendered crawl of a SPA and its rendered issues', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-render') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/site')
  const group = page.getByRole('group', { name: 'Renderizar JavaScript' })
  await expect(group).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Automático' })).toBeChecked()
  // Native radios: the arrow keys move the choice.
  await page.getByRole('radio', { name: 'Automático' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Sim' })).toBeChecked()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('radio', { name: 'Automático' })).toBeChecked()

  await page.getByTestId('site-url').fill(spa.url)
  await page.getByTestId('site-max-pages').fill('10')
  await page.getByTestId('site-submit').click()
  await expect(page.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 })
  await expect(page.getByTestId('site-stats')).toContainText('10 páginas rastreadas')
  await expect(page.getByTestId('site-render')).toContainText('menos de metade do texto')

  const content = page.getByTestId('site-issue-content-only-rendered')
  await expect(content.locator('summary')).toHaveText('Conteúdo que só existe depois do JavaScript (10)')
  await content.locator('summary').click()
  await expect(content).toContainText('0 palavras no HTML inicial')
  const title = page.getByTestId('site-issue-title-changed-by-js')
  await title.locator('summary').click()
  await expect(title.getByTestId('site-issue-raw-rendered').first()).toContainText(
    'HTML inicial: “App” → renderizado: “Página',
  )
  await expect(page.getByTestId('site-issue-links-only-rendered')).toBeVisible()
})
