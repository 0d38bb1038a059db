// A tracked site's log folder on /suite/sites, in a real browser: a folder outside the workspace's own
// folder under the administrator's root (`<root>/<workspace id>/`, decision 037) is refused with the
// translated message, one inside it is saved and read by the worker (the page
// then says how many new lines the last read found, and links to what was read on /suite/bots); then the section in English. The reading itself
// (each line once, growing files, S3): apps/server/test/bot-log-sources.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const root = join(process.env.FAROL_E2E_DATA_DIR!, 'bot-logs')
mkdirSync(root, { recursive: true })
const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const log = Array.from(
  { length: 12 },
  (_, i) =>
    `20.171.206.${i} - - [20/Nov/2026:10:00:0${i % 10} +0000] "GET /p${i} HTTP/1.1" 200 10 "-" "${GPT}"`,
).join('\n')

test('Portuguese: a folder outside the workspace is refused; one inside it is read', async ({
  page,
  request,
  baseURL,
}) => {
  const folder = `site-${Date.now()}`
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('botlogs-pt') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Endereço do site').fill('registos-exemplo.pt')
  await page.getByRole('button', { name: 'Acompanhar', exact: true }).click()
  const section = page.getByTestId('site-bot-logs')
  await expect(section.getByRole('heading', { name: 'Registos de acesso (robôs de IA)' })).toBeVisible()
  await expect(section).toContainText('Guardamos apenas totais')
  // Not an administrator: no variable names.
  await expect(section.getByTestId('bot-logs-admin-hint')).toHaveCount(0)
  // The administrator writes the site's logs in the workspace's folder, named after its id.
  const { sites } = (await (await page.request.get('/api/sites')).json()) as {
    sites: { id: string; url: string }[]
  }
  const site = sites.find((s) => s.url.includes('registos-exemplo.pt'))!
  const { workspaceFolder } = (await (await page.request.get(`/api/sites/${site.id}/bot-logs`)).json()) as {
    workspaceFolder: string
  }
  mkdirSync(join(root, workspaceFolder, folder), { recursive: true })
  writeFileSync(join(root, workspaceFolder, folder, 'access.log'), `${log}\n`)

  await section.getByLabel('Pasta dos registos').fill('../../etc')
  await section.getByRole('button', { name: 'Guardar' }).click()
  await expect(section.getByRole('alert')).toHaveText(
    'Essa pasta fica fora da pasta de registos deste espaço de trabalho. Indique um caminho relativo a ela, sem .. nem caminhos absolutos.',
  )

  await section.getByLabel('Pasta dos registos').fill(folder)
  await section.getByRole('button', { name: 'Guardar' }).click()
  await expect(section.getByRole('status')).toHaveText(
    'Guardado. A primeira leitura começa dentro de momentos.',
  )
  await expect(section.getByRole('button', { name: 'Deixar de ler' })).toBeVisible()
  // The worker reads it: reload until the page says so.
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('bot-logs-last-read')).toContainText('12 linhas novas', { timeout: 10_000 })
  }).toPass({ timeout: 60_000 })
  // What was read is on the AI crawlers page, one click away (once the reloaded page has hydrated: a click
  // while React takes over the server's HTML was lost on a busy machine).
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('link', { name: 'Ver os robôs deste site' }).click()
  await expect(page).toHaveURL(/\/suite\/bots\?url=/)
  await expect(page.getByTestId('bots-table')).toContainText('GPTBot')
})

test('English: the section reads in English', async ({ page, request, baseURL }) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('botlogs-en') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Site address').fill('logs-example.co.uk')
  await page.getByRole('button', { name: 'Track', exact: true }).click()
  const section = page.getByTestId('site-bot-logs')
  await expect(section.getByRole('heading', { name: 'Access logs (AI crawlers)' })).toBeVisible()
  await expect(section).toContainText(
    'Reading logs from S3 is not turned on on this server. The administrator can turn it on.',
  )
  await section.getByLabel('Log folder').fill('/etc')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(section.getByRole('alert')).toHaveText(
    "That folder is outside this workspace's log folder. Give a path relative to it, without .. or absolute paths.",
  )
})
