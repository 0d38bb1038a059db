// IndexNow on /suite/sites in Chromium (issue 31), with the endpoint fake the server is configured with
// (FAROL_INDEXNOW_URL → port E2E+10044, started here): the owner gives the key the site publishes, two
// crawls of the site run, and the page shows what was submitted: first the endpoint's 429 with the retry
// it queued, then the retry's success as attempt 2.
import { expect, test } from '@playwright/test'
import { renderPage, startSiteServer } from '../../../packages/engine/src/crawl/testing/site-server.ts'
import { startFakeIndexNow } from '../../../packages/engine/test/fakes/indexnow.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'
import { taskToSuccess } from './suite-helpers.ts'

const key = 'farol-e2e-indexnow-key'
let changed = false
let site: Awaited<ReturnType<typeof startSiteServer>>
let fake: Awaited<ReturnType<typeof startFakeIndexNow>>

test.beforeAll(async () => {
  const page = (title: string, links: [string, string][], text = '') => ({
    body: renderPage({ title, description: `Sobre ${title}`, links: [['/', 'Início'], ...links], text }),
  })
  // Between the crawls /b's text changes and /nova appears: those two are the changed URLs.
  site = await startSiteServer((path) => {
    if (path === `/${key}.txt`) return { body: key, headers: { 'content-type': 'text/plain' } }
    if (path === '/')
      return page('Início', [
        ['/a', 'A'],
        ['/b', 'B'],
        ...(changed ? ([['/nova', 'Nova']] as [string, string][]) : []),
      ])
    if (path === '/a') return page('Página A', [], 'Texto estável da página A.')
    if (path === '/b')
      return page('Página B', [], changed ? 'Texto reescrito da página B.' : 'Primeiro texto da B.')
    if (path === '/nova' && changed) return page('Nova', [])
    return undefined
  })
  fake = await startFakeIndexNow({ port: Number(process.env.FAROL_E2E_PORT ?? 3107) + 10044 })
})

test.afterAll(async () => {
  await fake?.close()
  await site?.close()
})

test('the owner sets the IndexNow key; changed pages are submitted after a crawl, and a 429 is retried', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('indexnow') })
  await signInByApi(page, baseURL!, email)
  const headers = { origin: baseURL!, 'content-type': 'application/json' }
  const tracked = await page.request.post('/api/sites', { headers, data: { url: site.url } })
  expect(tracked.status()).toBe(201)

  await gotoHydrated(page, '/suite/sites')
  const section = page.getByTestId('site-indexnow')
  await expect(section).toContainText('Ainda sem envios.')
  await section.getByLabel('Chave IndexNow').fill(key)
  await section.getByRole('button', { name: 'Verificar e guardar a chave' }).click()
  await expect(section).toContainText(`Chave em uso: ${key}`)

  const crawl = () =>
    taskToSuccess(page, baseURL!, {
      task_name: 'site_crawl',
      requested_data: { url: site.url, maxPages: 10 },
    })
  // The first crawl has nothing to compare with: nothing is submitted.
  const first = await crawl()
  changed = true
  fake.setStatus(429, [200])
  fake.setRetryAfter('1')
  const second = await crawl()

  const log = section.getByTestId('indexnow-submissions')
  await expect(async () => {
    await page.reload()
    await expect(log).toContainText('2 URLs: URLs enviados com sucesso. (HTTP 200) — tentativa 2', {
      timeout: 2_000,
    })
  }).toPass({ timeout: 60_000 })
  await expect(log).toContainText(
    '2 URLs: Demasiados pedidos: o serviço pede para esperar. (HTTP 429) — nova tentativa a',
  )
  // Tracking the site started its first monitoring run at once; once the owner has crawled, that run
  // crawls too and, finishing after the change, submits the same two pages under its own crawl. The second
  // crawl's submissions are exactly the 429 and its retry; every request carries the two changed pages.
  const siteId = ((await tracked.json()) as { id?: string; site?: { id: string } }).id
  const view = (await (await page.request.get(`/api/sites/${siteId ?? ''}/indexnow`)).json()) as {
    submissions: { crawlId: string | null; status: number; attempt: number }[]
  }
  const byCrawl = (id: string) =>
    view.submissions
      .filter((s) => s.crawlId === id)
      .map((s) => `${s.status} ${s.attempt}`)
      .sort()
  expect(byCrawl(first)).toEqual([])
  expect(byCrawl(second)).toEqual(['200 2', '429 1'])
  const sent = fake.requests.map((r) => r.body.urlList)
  expect(sent.length).toBe(view.submissions.length)
  for (const urlList of sent) expect(urlList).toEqual([`${site.origin}/b`, `${site.origin}/nova`])
})
