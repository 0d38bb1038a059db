// A client's ordinary visit (issue 40 item 7): the pages show only what a client may do and make no request
// the server refuses. An agency (through the API: no Lighthouse run is waited for) brands its workspace,
// follows a site and shares it with a client; the client then walks the client area, the site's page, the
// reports, the workspace page and the dashboard. Any 401/403 an /api request answers during the visit fails
// the test, and so does any control only owners, admins or members may use. Server rules of every role:
// apps/server/test/workspaces*.test.ts.
import { expect, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const site = 'https://cliente-papel.pt/'

/** Every /api answer the page gets that says "not allowed", as "<status> <method> <path>". */
function refusals(page: Page): string[] {
  const seen: string[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/') && [401, 403].includes(response.status()))
      seen.push(`${response.status()} ${response.request().method()} ${url.pathname}`)
  })
  return seen
}

/** None of the controls that change a workspace's sites, its people or its settings. */
async function expectNoOwnerControls(page: Page) {
  for (const name of [
    'Acompanhar',
    'Acompanhar este site',
    'Deixar de acompanhar',
    'Acompanhar palavra-chave',
    'Enviar convite',
    'Guardar marca',
    'Eliminar espaço de trabalho',
    'Mudar o nome',
    'Gerar relatório',
    'Partilhar link',
  ])
    await expect(page.getByRole('button', { name, exact: true }), name).toHaveCount(0)
  await expect(page.getByLabel('Frequência', { exact: true })).toHaveCount(0)
  for (const id of [
    'site-webhooks',
    'site-indexnow',
    'site-bot-logs',
    'workspace-members',
    'workspace-brand',
    'workspace-delete',
  ])
    await expect(page.getByTestId(id), id).toHaveCount(0)
}

test('a client sees the shared site, its results and reports, in the agency’s brand, and no tool', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A long walk (the agency's setup, every client page, a phone menu, leaving): 15 s alone, more beside
  // other specs.
  test.setTimeout(60_000)
  // The agency, through the API.
  const { email: owner } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('role-owner') })
  const { email: client } = await createVerifiedUser(request, baseURL!, {
    email: uniqueEmail('role-client'),
    name: 'Cliente Papel',
  })
  const agency = await browser.newContext({ extraHTTPHeaders: { origin: baseURL! } })
  const ownerPage = await agency.newPage()
  await signInByApi(ownerPage, baseURL!, owner)
  const api = ownerPage.request
  const ok = async (res: Awaited<ReturnType<typeof api.post>>): Promise<{ id: string }> => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true)
    return (await res.json()) as { id: string }
  }
  await ok(await api.post(`${baseURL}/api/workspaces`, { data: { name: 'Agência Papel' } }))
  await ok(
    await api.put(`${baseURL}/api/workspaces/current/brand`, {
      data: { name: 'Maré Digital', color: '#0b5345', logo: png, contact: 'ola@mare.pt' },
    }),
  )
  const tracked = await ok(await api.post(`${baseURL}/api/sites`, { data: { url: site } }))
  const invitation = await ok(
    await api.post(`${baseURL}/api/workspaces/current/invitations`, {
      data: { email: client, role: 'client' },
    }),
  )
  await signInByApi(page, baseURL!, client)
  const accepted = await page.request.post(`${baseURL}/api/invitations/${invitation.id}/accept`, {
    headers: { origin: baseURL! },
  })
  expect(accepted.ok()).toBe(true)
  const people = await (await api.get(`${baseURL}/api/workspaces/current/members`)).json()
  const clientId = people.members.find((m: { email: string }) => m.email === client).userId
  await ok(await api.post(`${baseURL}/api/sites/${tracked.id}/shares`, { data: { userId: clientId } }))
  await agency.close()

  const refused = refusals(page)

  // The client area: the shared site, linked to its results and its reports, under the agency's brand.
  await gotoHydrated(page, '/dashboard/client')
  await expect(page.getByTestId('client-site-url')).toHaveText([site])
  const header = page.locator('header').first()
  await expect(header.getByTestId('client-brand')).toContainText('Maré Digital')
  await expect(header).not.toContainText('Farol')
  await expect(header.locator('img')).toHaveAttribute('src', '/api/workspaces/current/brand/logo')
  await expect(page.getByTestId('footer-brand-contact')).toHaveText('ola@mare.pt')
  await expect(page.locator('footer').first()).not.toContainText('contacto@farol.app')
  await expect(page.getByTestId('client-site-reports')).toContainText(`Relatórios de ${site}`)
  await expect(page.getByTestId('client-all-reports')).toHaveAttribute('href', '/suite/reports')
  await expectNoOwnerControls(page)

  // From the client area to the site's results: read-only.
  await page.getByTestId('client-site-results').click()
  await expect(page).toHaveURL(/\/suite\/sites\?url=/)
  await expect(page.getByTestId('site-history')).toContainText(site)
  await expect(page.getByTestId('tracked-site')).toHaveCount(1)
  await expect(page.getByTestId('site-frequency')).toHaveText('Frequência Semanal')
  await expect(page.getByTestId('keyword-positions')).toBeVisible()
  await expectNoOwnerControls(page)

  // The reports page: the list, no way to make one.
  await gotoHydrated(page, '/suite/reports')
  await expect(page.getByTestId('reports-page')).toBeVisible()
  await expectNoOwnerControls(page)

  // The workspace page: the role, and leaving (never deleting, renaming or managing).
  await gotoHydrated(page, '/suite/workspace')
  await expect(page.getByText('O seu papel: Cliente')).toBeVisible()
  await expect(page.getByTestId('workspace-leave')).toBeVisible()
  await expectNoOwnerControls(page)

  // The suite's dashboard: no "Track this site".
  await gotoHydrated(page, '/suite')
  await expect(page.getByTestId('track-site')).toHaveCount(0)
  await expectNoOwnerControls(page)

  // On a phone, the menu shows what the desktop header does: the agency's brand, none of Farol's pages.
  await page.setViewportSize({ width: 375, height: 800 })
  await gotoHydrated(page, '/dashboard/client')
  await page.getByRole('button', { name: 'Abrir menu' }).click()
  const menu = page.getByTestId('mobile-menu')
  await expect(menu.getByTestId('client-brand')).toContainText('Maré Digital')
  await expect(menu.getByRole('link', { name: 'Como funciona' })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'FAQ' })).toHaveCount(0)
  await expect(menu).not.toContainText('Farol')
  await menu.getByTestId('client-brand').click()
  await expect(page).toHaveURL(/\/dashboard\/client$/)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The visit made no request the server refused.
  await page.waitForLoadState('networkidle')
  expect(refused).toEqual([])

  // Leaving: back in the personal workspace, Farol's own header again.
  await gotoHydrated(page, '/suite/workspace')
  await page.getByTestId('workspace-leave').click()
  await page.getByRole('button', { name: 'Sim, sair' }).click()
  await expect(page.getByText('O seu papel: Proprietário')).toBeVisible()
  await expect(page.locator('header').first().getByTestId('client-brand')).toHaveCount(0)
  await expect(page.getByText(/não pode ser eliminado nem abandonado/)).toBeVisible()
})
