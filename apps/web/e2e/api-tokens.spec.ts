import { expect, test } from '@playwright/test'
import { operations as declared } from '../../server/src/protocols/api-v1/operations.ts'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

// Settings → Tokens de API: create a token (shown once), use it on /api/v1 as a script would, see its
// last use, revoke it (refused afterwards); and the API reference in both languages.
test('API tokens: created once, used on /api/v1, revoked', async ({ page, baseURL, request }) => {
  // Sign-up, verification mail, two page loads and three API calls on a busy 2-core machine.
  test.setTimeout(90_000)
  const { email } = await createVerifiedUser(request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/settings')
  const section = page.getByTestId('api-tokens')
  await expect(section.getByRole('heading', { name: 'Tokens de API' })).toBeVisible()
  await expect(section.getByText('Ainda não criou nenhum token.')).toBeVisible()

  // Without a name: a translated error, nothing created.
  await section.getByRole('button', { name: 'Criar token' }).click()
  await expect(section.getByText('Dê um nome ao token (até 80 caracteres).')).toBeVisible()

  await section.getByLabel('Nome do token').fill('Claude no portátil')
  await section.getByRole('checkbox', { name: /Sites/ }).check()
  await section.getByRole('button', { name: 'Criar token' }).click()
  const token = (await section.getByTestId('api-token-value').textContent())!.trim()
  expect(token).toMatch(/^farol_/)
  await expect(section.getByText('Copie este token agora: não voltará a ser mostrado.')).toBeVisible()
  const item = section.getByTestId('api-token-list').getByRole('listitem').first()
  await expect(item).toContainText('Claude no portátil')
  await expect(item).toContainText('Ler · Sites')
  await expect(item).toContainText('nunca usado')

  // A script: no cookie, just the bearer token.
  const used = await request.get(`${baseURL}/api/v1/sites`, {
    headers: { authorization: `Bearer ${token}`, cookie: '' },
  })
  expect(used.status()).toBe(200)

  // After a reload the token itself is gone from the page, its last use is there.
  await page.reload()
  await expect(section.getByTestId('api-token-value')).toHaveCount(0)
  await expect(page.getByText(token)).toHaveCount(0)
  await expect(section.getByTestId('api-token-list')).toContainText('último uso a')

  await section.getByRole('button', { name: 'Revogar' }).click()
  await expect(page.getByText('Token «Claude no portátil» revogado')).toBeVisible()
  await expect(section.getByTestId('api-token-list')).toContainText('revogado')
  const refused = await request.get(`${baseURL}/api/v1/sites`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(refused.status()).toBe(401)
})

test('API reference: every operation from the OpenAPI document, in Portuguese and English', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/api')
  await expect(page.getByRole('heading', { level: 1, name: 'Referência da API' })).toBeVisible()
  await expect(page).toHaveTitle('Referência da API e MCP — Farol')
  // One article per operation the server declares (the document is built from the same table).
  const operations = page.getByTestId('api-operations').getByRole('article')
  await expect(operations).toHaveCount(declared.length)
  await expect(page.getByText('O que mudou desde um rastreio anterior do mesmo site')).toBeVisible()
  await expect(page.getByText('Problemas de um rastreio do site')).toBeVisible()
  await expect(page.getByRole('link', { name: /Documento OpenAPI 3.1/ })).toHaveAttribute(
    'href',
    '/api/v1/openapi.json',
  )

  await gotoHydrated(page, '/en/docs/api')
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
  await expect(page.getByText('Issues of a site crawl (a site_crawl task)')).toBeVisible()
  await expect(page.locator('link[rel="alternate"][hreflang="pt-PT"]')).toHaveAttribute(
    'href',
    /\/docs\/api$/,
  )
})

test("a tracked site's webhooks: added with its secret shown once, listed, removed", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { email } = await createVerifiedUser(request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Endereço do site').fill('loja-exemplo.pt')
  await page.getByRole('button', { name: 'Acompanhar', exact: true }).click()
  const hooks = page.getByTestId('site-webhooks')
  await expect(hooks.getByRole('heading', { name: 'Webhooks' })).toBeVisible()
  await expect(hooks.getByText('Ainda não houve entregas.')).toBeVisible()

  await hooks.getByLabel('Endereço do webhook').fill('https://hooks.exemplo.pt/farol')
  await hooks.getByRole('checkbox', { name: 'Rastreio concluído' }).check()
  await hooks.getByLabel('Formato').selectOption('slack')
  await hooks.getByRole('button', { name: 'Adicionar webhook' }).click()
  await expect(hooks.getByTestId('webhook-secret')).toHaveText(/^whsec_/)
  await expect(hooks.getByRole('listitem')).toContainText(
    'https://hooks.exemplo.pt/farol — Alertas, Rastreio concluído · Slack (text e blocks)',
  )
  await hooks.getByRole('button', { name: 'Remover' }).click()
  await expect(hooks.getByRole('listitem')).toHaveCount(0)
})
