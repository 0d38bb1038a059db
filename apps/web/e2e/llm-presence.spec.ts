// /suite/llm in a real browser against the fake AI providers (global-setup.ts; every provider's wire
// protocol, echoing each prompt, so branded questions name the brand and discovery ones do not) and a
// fixture site on loopback: an anonymous small run in Portuguese with answers readable and the brand
// highlighted, premium tabs; a signed-in run in English with the competitor rules and share of voice;
// the no-provider state saying what the page will do once the administrator connects one.
import { expect, test } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

// A run asks 25-75 questions (fake latency 50 ms) and the machine may be busy.
test.setTimeout(120_000)

let site: FixtureServer
test.beforeAll(async () => {
  site = await startFixtureServer({ site: 'llm-oficina' })
})
test.afterAll(async () => {
  await site?.close()
})

test('Portuguese, anonymous: a small run, every answer readable with the brand highlighted', async ({
  page,
}) => {
  await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url: `${site.origin}/` })}`)
  await expect(page.getByTestId('llm-models')).toContainText('ChatGPT (gpt-5-mini)')
  await expect(page.getByText('análise reduzida (5 perguntas, 1 repetição)')).toBeVisible()
  await page.getByTestId('llm-form').getByRole('button', { name: 'Analisar' }).click()
  // Nothing is asked before the review: the questions, the assistants, the calls and what they cost.
  const review = page.getByTestId('llm-review')
  await expect(review.getByTestId('llm-review-brand')).toHaveValue('Oficina Ribeiro')
  await expect(review.getByTestId('llm-review-questions')).toHaveAttribute('readonly', '')
  await expect(review.getByTestId('llm-review-calls')).toContainText(
    '25 chamadas: 5 perguntas × 5 assistentes',
  )
  await expect(review.getByTestId('llm-review-calls')).toContainText('Custo estimado: cerca de')
  await expect(page.getByTestId('llm-answer')).toHaveCount(0)
  await review.getByTestId('llm-review-start').click()

  const answers = page.getByTestId('llm-answer')
  await expect(answers).toHaveCount(25, { timeout: 30_000 })
  await expect(page.getByTestId('llm-progress')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByTestId('llm-rates')).toContainText('IC 95%')
  await expect(page.getByTestId('llm-model-row')).toHaveCount(5)
  // A branded question: the echoed answer names the brand, highlighted.
  const branded = answers
    .filter({ hasText: 'O que sabe sobre a Oficina Ribeiro?' })
    .filter({ hasText: 'ChatGPT' })
    .first()
  await branded.locator('summary').click()
  await expect(branded.locator('mark').first()).toHaveText('Oficina Ribeiro')
  await expect(branded).toContainText('com pesquisa na web')
  await expect(branded).toContainText('example.com')
  // Sentiment only from the judge model, named on the answer and on the summary.
  await expect(branded.getByTestId('llm-answer-sentiment')).toContainText(
    'Sentimento (juiz openai:gpt-5-mini): Positivo',
  )
  await expect(page.getByTestId('llm-sentiment')).toContainText('Avaliado pelo modelo openai:gpt-5-mini')
  await expect(page.getByTestId('llm-sentiment-counts')).toContainText(
    /Positivas: [1-9]\d* · Neutras: 0 · Negativas: 0/,
  )
  // The formula is on the page.
  await page.getByText('Como calculamos').click()
  await expect(page.getByTestId('llm-formula')).toContainText('0,50')

  // Spec §6: the other tabs are premium for anonymous visitors; keyboard moves between tabs.
  await page.getByTestId('llm-tab-presence').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('llm-tab-competition')).toBeFocused()
  await expect(page.getByTestId('llm-premium')).toContainText('Funcionalidade Premium')
  await page.getByTestId('llm-tab-journey').click()
  await expect(page.getByTestId('llm-premium')).toBeVisible()
})

test('English, signed in: competitor rules, share of voice, the Knowledge tab opens', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('llm-en') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url: `${site.origin}/` })}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  // Competition tab: add competitors by the spec's rules before the run.
  await page.getByTestId('llm-tab-competition').click()
  await expect(page.getByTestId('llm-settings')).toBeVisible()
  await page.getByTestId('llm-competitor-url').fill('autosilva.pt')
  await page.getByTestId('llm-competitor-add').click()
  await expect(page.getByText('Please enter a valid URL.')).toBeVisible()
  await page.getByTestId('llm-competitor-name').fill('Auto Silva')
  await page.getByTestId('llm-competitor-url').fill('https://autosilva.pt')
  await page.getByTestId('llm-competitor-add').click()
  await page.getByTestId('llm-competitor-url').fill('https://www.autosilva.pt/oficina')
  await page.getByTestId('llm-competitor-add').click()
  await expect(page.getByText('This domain has already been added.')).toBeVisible()
  await expect(page.getByTestId('llm-competitors').locator('li')).toHaveCount(1)
  await page.getByTestId('llm-settings-save').click()
  await expect(page.getByText('The next check uses these settings.')).toBeVisible()

  await page.getByTestId('llm-tab-presence').click()
  await page.getByTestId('llm-form').getByRole('button', { name: 'Analyse' }).click()
  // The review shows the saved competitor and the full run's calls (3 repeats and the journey).
  const review = page.getByTestId('llm-review')
  await expect(review.getByTestId('llm-review-competitors')).toHaveValue(
    /Auto Silva, https:\/\/autosilva\.pt/,
  )
  await expect(review.getByTestId('llm-review-calls')).toContainText('× 3 repeats')
  await expect(review.getByTestId('llm-review-calls')).toContainText('Includes 9 customer-journey questions')
  await review.getByTestId('llm-review-start').click()
  await expect(page.getByTestId('llm-progress')).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByTestId('llm-rates')).toContainText('95% CI')
  // Signed in: the full run (3 repeats).
  await expect(page.getByTestId('llm-answer').first()).toContainText('repeat')

  await page.getByTestId('llm-tab-competition').click()
  const table = page.getByTestId('llm-sov-table')
  await expect(table).toContainText('Oficina Ribeiro')
  await expect(table).toContainText('Auto Silva')
  await expect(table).toContainText('your brand')
  // On a phone the column names stay whole (one line each: "Mentions" broke as "Mentio/ns"); the table
  // scrolls inside its card and the page does not.
  await page.setViewportSize({ width: 375, height: 800 })
  const heights = await table
    .locator('th')
    .evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().height))
  expect(Math.max(...heights)).toBeLessThan(Math.min(...heights) * 1.5)
  expect(
    await page.evaluate(
      () => (document.scrollingElement ?? document.documentElement).scrollWidth - innerWidth,
    ),
  ).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 720 })

  await page.getByTestId('llm-tab-knowledge').click()
  await expect(page.getByTestId('knowledge-tab')).toBeVisible()
})

test('Portuguese, signed in: the brand and questions edited in the review are what the run asks, and are kept', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('llm-review') })
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url: `${site.origin}/` })}`)
  const review = page.getByTestId('llm-review')
  await expect(review.getByTestId('llm-review-brand')).toHaveValue('Oficina Ribeiro')
  await review.getByTestId('llm-review-brand').fill('Ribeiro & Filhos')
  await review
    .getByTestId('llm-review-questions')
    .fill('A Ribeiro & Filhos faz revisões?\nOficinas abertas ao sábado em Braga')
  await expect(review.getByTestId('llm-review-calls')).toContainText(
    '2 perguntas × 5 assistentes × 3 repetições',
  )
  await review.getByTestId('llm-review-start').click()
  await expect(page.getByTestId('llm-progress')).toHaveCount(0, { timeout: 60_000 })
  const answers = page.getByTestId('llm-answer')
  await expect(answers).toHaveCount(30)
  await expect(answers.filter({ hasText: 'A Ribeiro & Filhos faz revisões?' })).toHaveCount(15)
  // Kept for the site: the next review starts from them.
  const saved = await (
    await page.request.get(`/api/llm/settings?${new URLSearchParams({ url: `${site.origin}/` })}`)
  ).json()
  expect(saved.brand).toBe('Ribeiro & Filhos')
  expect(saved.prompts.map((p: { text: string }) => p.text)).toEqual([
    'A Ribeiro & Filhos faz revisões?',
    'Oficinas abertas ao sábado em Braga',
  ])
})

test('no provider connected: the page says what it will do once the administrator connects one, and shows no result', async ({
  page,
}) => {
  await page.route('**/api/llm/status', (route) =>
    route.fulfill({ json: { configured: false, models: [], dailyCalls: 1000 } }),
  )
  await gotoHydrated(page, '/suite/llm')
  const panel = page.getByTestId('llm-no-provider')
  await expect(panel).toContainText('Nenhum assistente de IA ligado')
  // Setup steps are the administrator's (issue 25): a visitor reads what the page will do.
  await expect(panel.getByTestId('llm-ask-admin')).toContainText(
    'Quando o administrador desta instalação do Farol ligar',
  )
  await expect(panel).not.toContainText('FAROL_LLM_COMPATIBLE_URL')
  await expect(panel).not.toContainText('ollama')
  await expect(panel).not.toContainText('README')
  await expect(page.getByTestId('llm-form')).toHaveCount(0)
  await expect(page.getByTestId('llm-score')).toHaveCount(0)
})
