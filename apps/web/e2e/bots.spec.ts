// /suite/bots (issue 32): a signed-in user uploads a gzipped access log and sees the bots, the chart,
// the pages and the privacy note; a mix of .gz and plain files is refused with a message.
import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const line = (ip: string, day: string, path: string, status: number, ua: string) =>
  `${ip} - - [${day}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 100 "-" "${ua}"`
const log = [
  line('20.171.206.5', '20', '/', 200, 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'),
  line(
    '20.171.206.5',
    '21',
    '/precos',
    200,
    'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  ),
  line(
    '198.51.100.1',
    '21',
    '/antigo',
    404,
    'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  ),
  line('192.0.2.7', '21', '/', 200, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'),
].join('\n')

test('Portuguese: upload a gzipped log and see the AI crawlers', async ({ page, request, baseURL }) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('bots-pt') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite')
  await page.getByRole('link', { name: 'Robôs de IA' }).first().click()
  await expect(page).toHaveURL(/\/suite\/bots$/)
  await expect(page.getByTestId('bots-privacy')).toContainText('Os endereços IP são dados pessoais')

  // A mix of kinds cannot be one stream: refused before anything is sent.
  await page.getByLabel('Endereço do site').fill('https://loja-exemplo.pt')
  await page.getByLabel('Ficheiros de registo').setInputFiles([
    { name: 'a.log.gz', mimeType: 'application/gzip', buffer: gzipSync(log) },
    { name: 'b.log', mimeType: 'text/plain', buffer: Buffer.from(log) },
  ])
  await page.getByRole('button', { name: 'Analisar registos' }).click()
  await expect(page.getByRole('alert')).toContainText('Não é possível misturar')

  await page
    .getByLabel('Ficheiros de registo')
    .setInputFiles([{ name: 'access.log.gz', mimeType: 'application/gzip', buffer: gzipSync(log) }])
  await page.getByRole('button', { name: 'Analisar registos' }).click()
  const report = page.getByTestId('bots-report')
  await expect(report).toContainText('4 linhas lidas (0 mal formadas)')
  const table = page.getByTestId('bots-table')
  await expect(table.getByRole('row', { name: /GPTBot/ })).toContainText('Treino de modelos')
  await expect(table.getByRole('row', { name: /ClaudeBot/ })).toBeVisible()
  await expect(page.getByTestId('bots-chart')).toBeVisible()
  await expect(page.getByTestId('bots-pages')).toContainText('/antigo')

  // Filters: only the pages GPTBot fetched; only the bots that train models.
  await page.getByLabel('Filtrar por robô').selectOption('GPTBot')
  await expect(page.getByTestId('bots-pages')).not.toContainText('/antigo')
  await expect(page.getByTestId('bots-pages')).toContainText('/precos')
  await page.getByLabel('Mostrar', { exact: true }).selectOption('user')
  await expect(table.getByRole('row', { name: /GPTBot/ })).toHaveCount(0)
  await expect(page.getByText('Sem auditoria do site para este endereço')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Exportar CSV' }).first()).toHaveAttribute(
    'href',
    /export\?table=bots/,
  )
})
