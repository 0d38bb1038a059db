// Recommender → select → writer → generate → export, in a real browser in both languages, against fixture
// sites on loopback and the fake AI provider of global-setup.ts (it echoes the prompt, so the text holds
// numbers that are not among the site's facts: they must come back highlighted to verify).
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'
import { type FixtureServer, startFixtureServer } from './suite-helpers.ts'

let site: FixtureServer
let competitor: FixtureServer

test.beforeAll(async () => {
  site = await startFixtureServer({ site: 'llm-oficina' })
  competitor = await startFixtureServer({ site: 'recommender-competitor' })
})

test.afterAll(async () => {
  await site?.close()
  await competitor?.close()
})

async function signIn(
  page: Page,
  request: import('@playwright/test').APIRequestContext,
  baseURL: string,
  tag: string,
) {
  const { email } = await createVerifiedUser(request, baseURL, { email: uniqueEmail(tag) })
  await signInByApi(page, baseURL, email)
}

test('Portuguese: suggestions from measured gaps go to the writer, which writes, flags and exports', async ({
  page,
  request,
  baseURL,
}) => {
  // Two tasks and a model's answer, on a machine that may be busy with other specs.
  test.setTimeout(120_000)
  await signIn(page, request, baseURL!, 'writer-pt')
  await gotoHydrated(page, '/suite/recommender')
  await expect(page.getByRole('heading', { name: 'Sugestões de conteúdo' })).toBeVisible()

  // Spec §5: the URL is required.
  await page.getByRole('button', { name: 'Gerar sugestões' }).click()
  await expect(page.getByText('Por favor insere um URL.')).toBeVisible()

  await page.getByLabel('URL do seu site').fill(site.url('/'))
  await page.getByLabel('Concorrente (opcional)').fill(competitor.url('/'))
  await page.getByRole('button', { name: 'Gerar sugestões' }).click()
  const results = page.getByTestId('recommender-results')
  await expect(results).toBeVisible({ timeout: 30_000 })
  await expect(
    results.getByText('Quanto tempo demora uma inspeção periódica?', { exact: true }),
  ).toBeVisible()
  await expect(results.getByText(/O concorrente responde a «Quanto tempo demora/)).toBeVisible()
  // The site already covers tyres and alignment: no suggestion for it.
  await expect(results.getByText('Pneus e alinhamento')).toHaveCount(0)

  // Spec §5: sending needs a selection.
  await page.getByRole('button', { name: 'Enviar para o escritor' }).click()
  await expect(page.getByText('Selecione pelo menos uma sugestão para enviar.')).toBeVisible()

  await page.getByTestId('suggestion-checkbox').first().check()
  await page.getByRole('button', { name: 'Enviar para o escritor' }).click()
  await expect(page).toHaveURL(/\/suite\/writer$/)
  await expect(page.getByText('Título importado')).toBeVisible()
  const keyword = page.getByLabel('Palavra-chave principal')
  await expect(keyword).toHaveValue('Quanto tempo demora uma inspeção periódica?')
  await expect(
    page.getByTestId('writer-ideas').getByText('Quanto tempo demora uma inspeção periódica?'),
  ).toBeVisible()

  // Spec §5 messages on the form.
  await keyword.fill('a')
  await page.getByRole('button', { name: 'Gerar conteúdo' }).click()
  await expect(page.getByText('Palavra-chave é obrigatória')).toBeVisible()
  await keyword.fill('inspeção automóvel em Braga')
  await page.getByLabel('Site (para usar os seus factos)').fill(site.url('/'))
  await page.getByRole('button', { name: 'Gerar conteúdo' }).click()

  const result = page.getByTestId('writer-result')
  await expect(result).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('writer-claims')).toBeVisible({ timeout: 30_000 })
  // The fake echoed "about 700 words": a number that is not among the site's facts.
  await expect(page.getByTestId('writer-content').locator('mark', { hasText: '700' }).first()).toBeVisible()
  await expect(page.getByTestId('writer-claims')).toContainText('verificar antes de publicar')
  await expect(result.getByText(/Escrito com \d+ factos lidos do site/)).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar .txt' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('inspecao-automovel-em-braga.txt')
  const text = await readFile((await download.path())!, 'utf8')
  expect(text.startsWith('inspeção automóvel em Braga\n\n')).toBe(true)

  await page.getByRole('button', { name: 'Criar nova versão' }).click()
  await expect(page.getByRole('button', { name: 'Gerar conteúdo' })).toBeVisible()
  await page.getByRole('button', { name: 'Ver exemplo' }).click()
  await expect(page.getByTestId('writer-example-badge')).toHaveText('Exemplo — não é um resultado')
})

test('English: the same flow reads in English', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000)
  await signIn(page, request, baseURL!, 'writer-en')
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, `/suite/recommender?url=${encodeURIComponent(site.url('/'))}`)
  await expect(page.getByRole('heading', { name: 'Content suggestions' })).toBeVisible()
  await expect(page.getByLabel("Your site's URL")).toHaveValue(site.url('/'))
  await page.getByLabel('Competitor (optional)').fill(competitor.url('/'))
  await page.getByRole('button', { name: 'Generate suggestions' }).click()
  await expect(page.getByTestId('recommender-results').getByText(/The competitor answers/)).toBeVisible({
    timeout: 30_000,
  })
  await page.getByTestId('suggestion-checkbox').first().check()
  await page.getByRole('button', { name: 'Send to the writer' }).click()
  await expect(page.getByText('Title imported')).toBeVisible()
  await page.locator('select[name="language"]').selectOption('EN')
  await page.getByRole('button', { name: 'Generate content' }).click()
  await expect(page.getByTestId('writer-claims')).toContainText('verify before publishing', {
    timeout: 30_000,
  })
  await expect(page.getByRole('button', { name: 'Create new version' })).toBeVisible()
})

test('anonymous visitors are asked to sign in before the model writes', async ({ page }) => {
  await gotoHydrated(page, '/suite/writer')
  await page.getByLabel('Palavra-chave principal').fill('revisão automóvel')
  await page.getByRole('button', { name: 'Gerar conteúdo' }).click()
  await expect(page.getByTestId('writer-error')).toContainText('Login necessário')
  await expect(page.getByRole('link', { name: 'Entrar', exact: true }).last()).toBeVisible()
})
