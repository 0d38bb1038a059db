// Workspaces in a real browser: an owner creates a team workspace, follows two sites in it and invites a
// client by email; the client opens the invitation mail, creates an account from it, confirms the email,
// accepts, and once the owner shares one site, sees exactly that site on /dashboard/client (and no tools);
// a report of that site made in the workspace prints the workspace's brand and reaches the client as a PDF.
// A member opens the workspace's latest crawl and AI-presence run on the Site Audit and AI-presence pages
// (and nothing of it from their personal workspace).
// Access rules of every role: apps/server/test/workspaces.test.ts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { createVerifiedUser, mailLink, password, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'
import { taskToSuccess } from './suite-helpers.ts'

/** The invitation link of the newest invitation email to `to` (the server writes each mail as .eml). */
async function invitationLink(to: string): Promise<string> {
  const dir = join(process.env.FAROL_E2E_DATA_DIR!, 'mail')
  let link: string | undefined
  await expect
    .poll(
      () => {
        for (const file of readdirSync(dir).filter((f) => f.includes('-invitation-'))) {
          const text = readFileSync(join(dir, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=')
          if (!text.includes(to)) continue
          link = text.match(/https?:\/\/[^\s"'<>]+\/invitation\/[A-Za-z0-9_-]+/)?.[0]
          if (link) return link
        }
        return undefined
      },
      { timeout: 15_000, message: `no invitation email for ${to}` },
    )
    .toBeTruthy()
  return link!
}

async function follow(page: Page, site: string, shown = site) {
  await page.getByLabel('Endereço do site').fill(site)
  await page.getByRole('button', { name: 'Acompanhar', exact: true }).click()
  await expect(page.getByTestId('tracked-site').filter({ hasText: shown })).toHaveCount(1)
}

let fx: FixtureServer
test.beforeAll(async () => {
  fx = await startFixtureServer()
})
test.afterAll(async () => {
  await fx?.close()
})

test('an owner invites a client, shares one site, and the client sees only that site', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A report's two Lighthouse runs (one at a time on the server, maybe behind other specs') and its PDF.
  test.setTimeout(600_000)
  const shared = fx.url('/pt/')
  const { email: owner } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('ws-owner') })
  await signInByApi(page, baseURL!, owner)

  // A team workspace, chosen at once in the header's switcher.
  await gotoHydrated(page, '/suite/workspace')
  const create = page.getByTestId('workspace-create')
  await create.getByLabel('Nome').fill('Agência Maré')
  await create.getByRole('button', { name: 'Criar', exact: true }).click()
  await expect(page.getByText('Espaço de trabalho atual: Agência Maré')).toBeVisible()
  await expect(page.getByTestId('workspace-switcher').getByRole('combobox')).toHaveValue(/.+/)
  await expect(page.getByTestId('workspace-switcher').locator('option:checked')).toHaveText('Agência Maré')

  await gotoHydrated(page, '/suite/sites')
  await follow(page, shared)
  await follow(page, 'cliente-dois.pt')

  const client = uniqueEmail('ws-client')
  await gotoHydrated(page, '/suite/workspace')
  await page.getByLabel('Email', { exact: true }).fill(client)
  await page.getByLabel('Papel', { exact: true }).selectOption('client')
  await page.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(page.getByTestId('workspace-invitations')).toContainText(client)

  // The client, in a browser of their own, from the mail to an account to the workspace.
  const context = await browser.newContext()
  const guest = await context.newPage()
  const link = await invitationLink(client)
  await gotoHydrated(guest, new URL(link).pathname)
  await expect(guest.getByTestId('invitation')).toContainText('Agência Maré')
  await guest.getByRole('link', { name: 'Criar conta' }).click()
  const signup = guest.getByRole('tabpanel', { name: 'Registar' })
  await signup.getByLabel('Nome (opcional)').fill('Cliente Maré')
  await signup.getByLabel('Email').fill(client)
  await signup.getByLabel('Palavra-passe', { exact: true }).fill(password)
  await signup.getByRole('button', { name: 'Criar conta' }).click()
  await expect(guest).toHaveURL(/\/verification$/)
  await guest.goto(await mailLink(client, 'verification'))
  await expect(guest).toHaveURL(/\/invitation\//)
  await expect(guest.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await guest.getByRole('button', { name: 'Aceitar' }).click()
  await expect(guest).toHaveURL(/\/dashboard\/client$/)
  await expect(guest.getByTestId('client-sites')).toContainText('Ainda não há sites partilhados consigo.')

  // The owner brands the workspace and shares one of the two sites with the client.
  await gotoHydrated(page, '/suite/workspace')
  const brand = page.getByTestId('workspace-brand')
  await brand.getByLabel('Contacto (email, telefone ou site)').fill('ola@mare.pt')
  await brand.getByRole('button', { name: 'Guardar marca' }).click()
  await expect(page.getByText('Marca guardada.')).toBeVisible()
  const member = page.getByTestId('workspace-members').getByRole('listitem').filter({ hasText: client })
  // The box follows the server: checked once the share is stored.
  await member.getByRole('checkbox', { name: shared }).click()
  await expect(member.getByRole('checkbox', { name: shared })).toBeChecked()

  await gotoHydrated(guest, '/dashboard/client')
  await expect(guest.getByTestId('client-sites')).toContainText('Os sites de Agência Maré')
  await expect(guest.getByTestId('client-site-url')).toHaveText([shared])
  await expect(guest.getByTestId('client-brand-contact')).toHaveText('ola@mare.pt')
  await expect(guest.getByRole('link', { name: 'Nova análise' })).toHaveCount(0)
  // On the sites page the client reads the site's history and analyses, but gets none of its tools.
  await gotoHydrated(guest, '/suite/sites')
  await expect(guest.getByTestId('site-analyses')).toContainText('Rastreios do site')
  await expect(guest.getByTestId('site-webhooks')).toHaveCount(0)
  await expect(guest.getByTestId('site-indexnow')).toHaveCount(0)
  // The API agrees: one site, and no way to change it.
  const sites = await guest.request.get(`${baseURL}/api/sites`)
  expect(((await sites.json()) as { sites: { url: string }[] }).sites.map((s) => s.url)).toEqual([shared])

  // A report of the shared site made in the workspace: the printable page wears the workspace's brand.
  const made = await page.request.post(`${baseURL}/api/reports`, {
    headers: { origin: baseURL! },
    data: { url: shared },
  })
  expect(made.status()).toBe(201)
  const report = (await made.json()) as Record<string, string>
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get(`${baseURL}/api/reports`)).json()) as {
          reports: { id: string; status: string }[]
        }
        return list.reports.find((r) => r.id === report.id)?.status
      },
      { timeout: 540_000, intervals: [3000] },
    )
    .toBe('success')
  await gotoHydrated(
    page,
    `/suite/pdf-report?desktopTaskId=${report.desktopTaskId}&mobileTaskId=${report.mobileTaskId}&aiOptimizationTaskId=${report.aiOptimizationTaskId}`,
  )
  await expect(page.getByTestId('report-brand')).toContainText('Agência Maré')
  await expect(page.getByTestId('report-contact')).toHaveText('ola@mare.pt')
  // The white label names the agency, never Farol, and says nothing of this Farol's setup (issue 40).
  await expect(page.getByTestId('report-footer')).toContainText('Gerado por Agência Maré em')
  // (The audited fixture site calls itself Farol: only the report's own words are checked.)
  await expect(page.getByTestId('report-header')).not.toContainText('Farol')
  await expect(page.getByTestId('report-footer')).not.toContainText('Farol')
  await expect(page.getByTestId('report-section-onpage').getByRole('heading').first()).toHaveText(
    'Verificações on-page',
  )
  await expect(page.getByTestId('pdf-report')).not.toContainText(/chave gratuita|neste Farol|CRUX_API_KEY/)

  // The client finds it under their site and gets the PDF.
  await gotoHydrated(guest, '/dashboard/client')
  const download = guest.getByTestId('client-site-reports').getByRole('link')
  await expect(download).toHaveCount(1)
  const pdf = await guest.request.get(`${baseURL}${await download.getAttribute('href')}`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await context.close()
})

test('an owner changes a member’s role and removes them with the keyboard; the last owner stays', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { email: owner } = await createVerifiedUser(request, baseURL!, {
    email: uniqueEmail('ws-roles-owner'),
    name: 'Dona Rita',
  })
  const { email: colleague } = await createVerifiedUser(request, baseURL!, {
    email: uniqueEmail('ws-roles-member'),
    name: 'Colega Rui',
  })
  await signInByApi(page, baseURL!, owner)
  await page.request.post(`${baseURL}/api/workspaces`, {
    headers: { origin: baseURL! },
    data: { name: 'Equipa Rita' },
  })
  const invited = await page.request.post(`${baseURL}/api/workspaces/current/invitations`, {
    headers: { origin: baseURL! },
    data: { email: colleague, role: 'member' },
  })
  expect(invited.status()).toBe(201)
  const context = await browser.newContext()
  const other = await context.newPage()
  await signInByApi(other, baseURL!, colleague)
  const accepted = await other.request.post(
    `${baseURL}/api/invitations/${((await invited.json()) as { id: string }).id}/accept`,
    { headers: { origin: baseURL! } },
  )
  expect(accepted.status()).toBe(200)

  await gotoHydrated(page, '/suite/workspace')
  const members = page.getByTestId('workspace-members')
  const row = members.getByRole('listitem').filter({ hasText: colleague })
  // Keyboard only: the labelled select, then its button.
  await members.getByLabel('Papel de Colega Rui').focus()
  await members.getByLabel('Papel de Colega Rui').selectOption('admin')
  await page.keyboard.press('Tab')
  await expect(row.getByRole('button', { name: 'Mudar papel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row.getByTestId('member-role')).toHaveText('Administrador')

  // The only owner cannot step down: the reason is said where the change was asked.
  const mine = members.getByRole('listitem').filter({ hasText: owner })
  await members.getByLabel('Papel de Dona Rita').selectOption('member')
  await mine.getByRole('button', { name: 'Mudar papel' }).press('Enter')
  await expect(mine.getByRole('alert')).toContainText(
    'Um espaço de trabalho precisa de pelo menos um proprietário',
  )

  // Removing asks first; the confirmation takes the focus, Enter removes, the colleague loses access.
  await row.getByRole('button', { name: 'Remover Colega Rui' }).press('Enter')
  await expect(row.getByRole('button', { name: 'Sim, remover' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(members.getByRole('listitem').filter({ hasText: colleague })).toHaveCount(0)
  const after = (await (await other.request.get(`${baseURL}/api/workspaces`)).json()) as {
    workspaces: unknown[]
  }
  expect(after.workspaces).toHaveLength(1)
  await context.close()
})

test('a member opens the workspace’s latest site crawl and AI-presence run; in their own workspace, not', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A small crawl and an AI-presence run against the fake providers, on a machine that may be busy.
  test.setTimeout(240_000)
  const site = fx.url('/pt/')
  const { email: owner } = await createVerifiedUser(request, baseURL!, {
    email: uniqueEmail('ws-latest-owner'),
  })
  const { email: colleague } = await createVerifiedUser(request, baseURL!, {
    email: uniqueEmail('ws-latest-member'),
  })
  await signInByApi(page, baseURL!, owner)
  const api = (path: string, data: unknown) =>
    page.request.post(`${baseURL}${path}`, { headers: { origin: baseURL! }, data })
  expect((await api('/api/workspaces', { name: 'Equipa Farol' })).status()).toBe(201)
  expect((await api('/api/sites', { url: site })).status()).toBe(201)
  const invited = await api('/api/workspaces/current/invitations', { email: colleague, role: 'member' })
  // The owner's own analyses of the workspace's site.
  const crawl = await taskToSuccess(page, baseURL!, {
    task_name: 'site_crawl',
    requested_data: { url: site, maxPages: 3 },
  })
  const presence = await taskToSuccess(page, baseURL!, {
    task_name: 'llm_presence',
    requested_data: { url: site, fresh: true },
  })

  const context = await browser.newContext()
  const member = await context.newPage()
  await signInByApi(member, baseURL!, colleague)
  const accepted = await member.request.post(
    `${baseURL}/api/invitations/${((await invited.json()) as { id: string }).id}/accept`,
    { headers: { origin: baseURL! } },
  )
  expect(accepted.status()).toBe(200)

  // The Site Audit page opens on the workspace's latest crawl, with its results.
  await gotoHydrated(member, '/suite/site')
  await expect(member.getByTestId('site-page')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 })
  await expect(member.getByTestId('site-url')).toHaveValue(site)
  await expect(member.getByTestId('site-stats')).toBeVisible()
  // The AI-presence page opens on the workspace's latest run of the address.
  await gotoHydrated(member, `/suite/llm?${new URLSearchParams({ url: site })}`)
  await expect(member.getByTestId('llm-model-row').first()).toBeVisible({ timeout: 30_000 })
  expect((await member.request.get(`${baseURL}/api/seo-task-manager/status?taskId=${crawl}`)).status()).toBe(
    200,
  )
  expect(
    (await member.request.get(`${baseURL}/api/seo-task-manager/status?taskId=${presence}`)).status(),
  ).toBe(200)

  // In their personal workspace the member opens none of it.
  const list = (await (await member.request.get(`${baseURL}/api/workspaces`)).json()) as {
    workspaces: { id: string; personal: boolean }[]
  }
  const personal = list.workspaces.find((w) => w.personal)!
  expect(
    (
      await member.request.post(`${baseURL}/api/workspaces/active`, {
        headers: { origin: baseURL! },
        data: { workspaceId: personal.id },
      })
    ).status(),
  ).toBe(200)
  await gotoHydrated(member, '/suite/site')
  await expect(member.getByTestId('site-page')).toHaveAttribute('data-phase', 'idle')
  await expect(member.getByTestId('site-stats')).toHaveCount(0)
  expect((await member.request.get(`${baseURL}/api/seo-task-manager/status?taskId=${crawl}`)).status()).toBe(
    404,
  )
  await context.close()
})
