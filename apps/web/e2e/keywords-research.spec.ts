// /suite/keywords in a real browser, against the fake autocomplete endpoint (the server's
// FAROL_AUTOCOMPLETE_URL points at port E2E+10000, started here): the sign-in modal for anonymous visitors,
// an empty search that does nothing, a Portuguese (Portugal) research with its ISO-8859-1 accents,
// long-tail filters, figures shown "—", the sources note, CSV export and the writer link; then English.
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import {
  type FakeAutocomplete,
  startFakeAutocomplete,
} from '../../../packages/engine/test/fakes/keywords-autocomplete.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

// One fake on a fixed port: the tests of this file run one after the other.
test.describe.configure({ mode: 'serial' })

let fake: FakeAutocomplete

test.beforeAll(async () => {
  fake = await startFakeAutocomplete({ port: Number(process.env.FAROL_E2E_PORT ?? 3107) + 10000 })
})

test.afterAll(async () => {
  await fake?.close()
})

test('anonymous visitors get the sign-in modal over a locked page', async ({ page }) => {
  await gotoHydrated(page, '/suite/keywords')
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.getByTestId('access-gate')).toBeVisible()
  await expect(page.getByTestId('keywords-form')).toHaveCount(0)
})

test('Portuguese: related and long-tail keywords from autocomplete, grouped, exported', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('keywords-pt') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/keywords')
  await expect(page.getByRole('heading', { name: 'Pesquisa de palavras-chave' })).toBeVisible()

  // Spec §5: an empty search does nothing (no request, no task).
  const asked = fake.requests.length
  await page.getByTestId('keywords-submit').click()
  await expect(page.getByTestId('keywords-page')).toHaveAttribute('data-phase', 'idle')
  expect(fake.requests.length).toBe(asked)

  await page.getByTestId('keywords-input').fill('seguro auto')
  await expect(page.getByTestId('keywords-market')).toHaveValue('PT')
  await page.getByTestId('keywords-input').press('Enter')
  await expect(page.getByTestId('keywords-page')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 })

  // Related: accents of the ISO-8859-1 answer (hl=pt-PT) read right.
  const rows = page.getByTestId('keyword-row')
  await expect(rows.filter({ hasText: 'seguro auto simulação' })).toHaveCount(1)
  await expect(page.getByTestId('keywords-tab-related')).toHaveAttribute('aria-selected', 'true')
  const first = rows.first()
  await expect(first.getByTestId('keyword-volume')).toHaveText('—')
  await expect(first.getByTestId('keyword-writer')).toHaveAttribute('href', /\/suite\/writer\?title=/)
  expect(fake.requests.every((r) => r.hl === 'pt-PT' && r.gl === 'pt')).toBe(true)

  // Sources: autocomplete answered, DataForSEO not configured (with what to set), the site not used.
  await expect(page.getByTestId('keywords-source-autocomplete')).toHaveAttribute('data-status', 'answered')
  await expect(page.getByTestId('keywords-source-dataforseo')).toContainText('não configurado')
  await expect(page.getByTestId('keywords-source-dataforseo')).toContainText('até o administrador ligar')
  await expect(page.getByTestId('keywords-source-dataforseo')).not.toContainText('DATAFORSEO_LOGIN')
  await expect(page.getByTestId('keywords-source-site')).toContainText('não usado')

  // Long tail, then the questions filter.
  await page.getByTestId('keywords-tab-longTail').click()
  await expect(rows.filter({ hasText: 'seguro auto para jovens condutores' })).toHaveCount(1)
  await page.getByTestId('keywords-group-questions').click()
  await expect(page.getByTestId('keywords-group-questions')).toHaveAttribute('aria-pressed', 'true')
  await expect(rows.filter({ hasText: 'como escolher seguro auto' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'seguro auto para jovens condutores' })).toHaveCount(0)
  await expect(page.getByTestId('keywords-section-prepositions')).toHaveCount(0)

  // CSV of what is shown, in the page's words (issue 41 item 4): the questions, empty cells for unknown
  // figures.
  const downloading = page.waitForEvent('download')
  await page.getByTestId('keywords-csv').click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('seguro-auto-long-tail.csv')
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv).toContain('Palavra-chave,Fonte,Volume mensal,CPC,Dificuldade,Intenção')
  expect(csv).toContain('como escolher seguro auto,Sugestões,,,,')
  expect(csv).not.toContain('para jovens')

  // On a phone the results fit the screen: the table scrolls inside its card, not the page (issue 25).
  await page.setViewportSize({ width: 375, height: 800 })
  for (const tab of ['keywords-tab-related', 'keywords-tab-longTail']) {
    await page.getByTestId(tab).click()
    const extra = await page.evaluate(
      () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
    )
    expect(extra, `${tab} at 375 px`).toBeLessThanOrEqual(0)
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // Keyboard: arrows move between the tabs.
  await page.getByTestId('keywords-tab-longTail').focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('keywords-tab-related')).toBeFocused()
  await expect(page.getByTestId('keywords-tab-related')).toHaveAttribute('aria-selected', 'true')
})

test('English: the market choice asks in English and the page reads in English', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('keywords-en') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, '/suite/keywords')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Keyword research' })).toBeVisible()
  await expect(page.getByTestId('keywords-market')).toHaveValue('EN')

  const asked = fake.requests.length
  await page.getByTestId('keywords-input').fill('car insurance')
  await page.getByTestId('keywords-submit').click()
  await expect(page.getByTestId('keywords-page')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 })
  expect(fake.requests.slice(asked).every((r) => r.hl === 'en' && r.gl === 'us')).toBe(true)

  await expect(page.getByTestId('keywords-tab-related')).toContainText('Related keywords')
  await expect(page.getByTestId('keyword-row').filter({ hasText: 'car insurance quote' })).toHaveCount(1)
  await expect(page.getByTestId('keywords-source-dataforseo')).toContainText('not configured')
  await page.getByTestId('keywords-tab-longTail').click()
  await page.getByTestId('keywords-group-prepositions').click()
  await expect(
    page.getByTestId('keyword-row').filter({ hasText: 'car insurance for new drivers' }),
  ).toHaveCount(1)
  await expect(page.getByTestId('keyword-row').filter({ hasText: 'how to choose' })).toHaveCount(0)

  // The last research comes back with the page.
  await gotoHydrated(page, '/suite/keywords')
  await expect(page.getByTestId('keywords-input')).toHaveValue('car insurance')
  await expect(page.getByTestId('keyword-row').first()).toBeVisible()
})
