// Keyword positions on /suite/sites: with no provider configured (the e2e server has neither Google nor
// DataForSEO), the panel says which connection it needs; a keyword is added (empty input refused with
// a message), listed as not measured yet, and removed — in Portuguese and English.
// The Search Console button: the e2e server has no Google client, so the keywords answer is patched to
// the states the server gives with one (its integration test covers those: site-keywords.test.ts), and
// link-social and Google are stood in for, to check what the panel sends and where it goes.
import { expect, type Page, test } from '@playwright/test'
import { searchConsoleLinkBody } from '../app/features/sites/search-console.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

/** The keywords API answers as with Google sign-in configured and Search Console in `state`. */
async function searchConsoleState(page: Page, state: 'not-connected' | 'reconnect', message?: string) {
  await page.route(/\/api\/sites\/[^/]+\/keywords\?/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    const notice = state === 'reconnect' ? { code: 'SEARCH_CONSOLE_RECONNECT', message } : null
    try {
      const response = await route.fetch()
      const view = await response.json()
      await route.fulfill({
        response,
        json: { ...view, googleConfigured: true, searchConsole: state, notice },
      })
    } catch (error) {
      // The page dropped this request while it was on its way (it fetched the panel again): its response is
      // disposed and nobody waits for it; the next request gets patched.
      if (!/disposed|closed|aborted|test ended/i.test(String(error))) throw error
    }
  })
}

// A keywords request still in flight when a test ends must not outlive it in its stand-in route.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

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
  // A user who cannot connect anything reads whom to ask (issue 41 item 6), not a sentence ending in a
  // colon with nothing after it; the variables are the administrator's.
  await expect(panel.getByTestId('positions-source')).toHaveText(
    'As posições ainda não são medidas: esta instalação do Farol não tem uma fonte de posições ligada. Peça ao administrador que ligue uma (Google Search Console ou DataForSEO).',
  )
  await expect(panel.getByTestId('positions-needs')).toHaveCount(0)
  await expect(panel).not.toContainText('DATAFORSEO_LOGIN')

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
  await expect(panel).toContainText(
    'Positions are not measured yet: this Farol install has no source of positions',
  )
  await panel.getByLabel('Keyword to track').fill('fresh bread')
  await panel.getByRole('button', { name: 'Track keyword' }).click()
  await expect(panel.getByTestId('tracked-keyword')).toContainText('not measured yet')
})

test('Portuguese: Ligar o Google Search Console from the keyboard, then a failed link explained', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-gsc-pt') })
  await signInByApi(page, baseURL!, email)
  await searchConsoleState(page, 'not-connected')
  let sent: unknown = null
  await page.route('**/api/auth/link-social', async (route) => {
    sent = route.request().postDataJSON()
    await route.fulfill({
      json: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=farol', redirect: true },
    })
  })
  await page.route('https://accounts.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Google</title><h1>Escolha uma conta</h1>' }),
  )
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Endereço do site').fill('padaria-gsc.pt')
  await page.getByRole('button', { name: 'Acompanhar', exact: true }).click()
  const panel = page.getByTestId('keyword-positions')
  // A user who can connect Search Console is offered it, and no environment variable.
  await expect(panel).toContainText('Para medir posições, ligue o Google Search Console deste site:')
  await expect(panel).not.toContainText('DATAFORSEO_LOGIN')
  const connect = panel.getByRole('listitem').getByRole('button', { name: 'Ligar o Google Search Console' })
  await connect.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth/)
  expect(sent).toEqual(searchConsoleLinkBody())

  // Back from Google with another address than the Farol account's: said, and the button stays.
  await gotoHydrated(page, '/suite/sites?searchConsole=failed&error=email_does_not_match')
  await expect(panel.getByRole('alert')).toHaveText(
    'A conta Google escolhida tem outro email: ligue a conta Google com o mesmo email da sua conta Farol.',
  )
  await expect(connect).toBeVisible()
})

test('English: a Search Console grant that stopped working offers to connect again', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('site-gsc-en') })
  await signInByApi(page, baseURL!, email)
  const message =
    'The Google Search Console connection stopped working (access revoked or expired). Connect it again to keep measuring positions.'
  await searchConsoleState(page, 'reconnect', message)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/sites')
  await page.getByLabel('Site address').fill('bakery-gsc.com')
  await page.getByRole('button', { name: 'Track', exact: true }).click()
  const panel = page.getByTestId('keyword-positions')
  await expect(panel.getByTestId('search-console-notice')).toHaveText(message)
  await expect(panel.getByRole('button', { name: 'Connect Google Search Console again' })).toBeVisible()
  await gotoHydrated(page, '/suite/sites?searchConsole=failed&error=access_denied')
  await expect(panel.getByRole('alert')).toHaveText(
    'The Search Console connection was cancelled at Google: nothing was shared.',
  )
})
