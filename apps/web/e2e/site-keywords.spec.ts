// Keyword positions on /suite/sites: with no provider configured (the e2e server has neither Google nor
// DataForSEO), the panel says which connection it needs; a keyword is added (empty input refused with
// a message), listed as not measured yet, and removed — in Portuguese and English.
import { expect, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

test('Portuguese: track a keyword of a site, see what it needs, remove it', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-kw-pt') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Endereço do site').fill('padaria-exemplo.pt')
  await page.getByRole('button', { name: 'Acompanhar', exact: true }).click()
  const panel = page.getByTestId('keyword-positions')
  await expect(panel.getByRole('heading', { name: 'Posições das palavras-chave' })).toBeVisible()
  await expect(panel).toContainText('Para medir posições, o Farol precisa de uma ligação')
  await expect(panel).toContainText('DATAFORSEO_LOGIN')

  await panel.getByRole('button', { name: 'Acompanhar palavra-chave' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Escreva uma palavra-chave.')
  await panel.getByLabel('Palavra-chave a acompanhar').fill('pão em faro')
  await panel.getByRole('button', { name: 'Acompanhar palavra-chave' }).click()
  const kw = panel.getByTestId('tracked-keyword')
  await expect(kw).toHaveCount(1)
  await expect(kw).toContainText('pão em faro')
  await expect(kw).toContainText('ainda sem medição')
  await kw.getByRole('button', { name: 'Remover pão em faro' }).click()
  await expect(kw).toHaveCount(0)
  await expect(panel).toContainText('Ainda não acompanha nenhuma palavra-chave neste site.')
})

test('English: the keyword panel reads in English', async ({ page, request, baseURL }) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-kw-en') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Site address').fill('bakery-example.com')
  await page.getByRole('button', { name: 'Track', exact: true }).click()
  const panel = page.getByTestId('keyword-positions')
  await expect(panel.getByRole('heading', { name: 'Keyword positions' })).toBeVisible()
  await expect(panel).toContainText('To measure positions, Farol needs a connection')
  await panel.getByLabel('Keyword to track').fill('fresh bread')
  await panel.getByRole('button', { name: 'Track keyword' }).click()
  await expect(panel.getByTestId('tracked-keyword')).toContainText('not measured yet')
})
