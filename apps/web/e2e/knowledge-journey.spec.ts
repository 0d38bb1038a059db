// /suite/llm Knowledge and Journey tabs in a real browser, against the fake AI providers (global-setup.ts:
// every answer echoes its question) and the llm-oficina fixture site: the site's facts read from its
// JSON-LD with their page, translated validation, a confirmed version saved; "Verificar respostas" before
// any presence run says to run one first; the journey asks each stage and shows the persona timelines.
import { expect, type Page, test } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

test.setTimeout(120_000)

let site: FixtureServer
test.beforeAll(async () => {
  site = await startFixtureServer({ site: 'llm-oficina' })
})
test.afterAll(async () => {
  await site?.close()
})

async function signedIn(page: Page, baseURL: string, lang: 'pt' | 'en') {
  const { email } = await createVerifiedUser(page.request, baseURL, { email: uniqueEmail(`kj-${lang}`) })
  await signInByApi(page, baseURL, email)
  if (lang === 'en') await gotoHydrated(page, '/en')
  await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url: `${site.origin}/` })}`)
}

test('Portuguese: facts from the site, validation, a confirmed version; no run yet; the journey', async ({
  page,
  baseURL,
}) => {
  await signedIn(page, baseURL!, 'pt')
  await page.getByTestId('llm-tab-knowledge').click()
  const facts = page.getByTestId('knowledge-facts')
  await expect(page.getByTestId('knowledge-version')).toHaveText('Extraídos do site, ainda não confirmados')
  const name = page
    .getByTestId('knowledge-fact')
    .filter({ has: page.locator('input[value="Oficina Ribeiro"]') })
  await expect(name.first()).toContainText('Dados estruturados (JSON-LD)')
  await expect(name.first()).toContainText(`${site.origin}/`)

  // An empty value is refused in place, in Portuguese, and nothing is saved.
  await page.getByTestId('knowledge-add').click()
  await page.getByTestId('knowledge-save').click()
  await expect(facts.getByText('Cada facto precisa de um valor com 1 a 300 caracteres.')).toBeVisible()
  await expect(page.getByTestId('knowledge-version')).toHaveText('Extraídos do site, ainda não confirmados')
  await page.getByTestId('knowledge-fact').last().getByRole('textbox').fill('Alinhamento de direção')
  await page.getByTestId('knowledge-save').click()
  await expect(page.getByTestId('knowledge-version')).toContainText('Versão confirmada 1')
  await page.getByTestId('knowledge-fact').last().getByRole('button').click()
  await page.getByTestId('knowledge-save').click()
  await expect(page.getByTestId('knowledge-version')).toContainText('Versão confirmada 2')

  // No AI presence run of this address yet: say so.
  await page.getByTestId('knowledge-verify').click()
  await expect(page.getByTestId('knowledge-no-run')).toContainText('Ainda não há uma análise de presença')

  // Journey: every stage asked; the echoed discovery question does not name the brand, the decision one does.
  await page.getByTestId('llm-tab-journey').click()
  await page.getByTestId('journey-run').click()
  await expect(page.getByTestId('journey-progress')).toHaveCount(0, { timeout: 60_000 })
  const stages = page.getByTestId('journey-stage')
  await expect(stages).toHaveCount(3)
  await expect(stages.first()).toContainText('Descoberta')
  await expect(stages.first()).toContainText('Qual é a melhor empresa de revisão automóvel em Braga?')
  await expect(stages.first()).toHaveAttribute('data-status', 'negative')
  await expect(stages.first()).toContainText('não é mencionada')
  await expect(stages.nth(2)).toHaveAttribute('data-status', 'warning')
  await page.getByTestId('journey-persona-newCustomer').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('journey-persona-existingCustomer')).toHaveAttribute('aria-selected', 'true')
  await expect(stages.first()).toContainText('Contacto')
})

test('English: the journey in English; anonymous visitors see the premium gate', async ({
  page,
  baseURL,
}) => {
  await signedIn(page, baseURL!, 'en')
  await page.getByTestId('llm-tab-journey').click()
  await page.getByTestId('journey-run').click()
  await expect(page.getByTestId('journey-progress')).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByTestId('journey-stage').first()).toContainText('Discovery')
  await expect(page.getByTestId('journey-summary')).toContainText('of 3 stages')
  await page.getByTestId('journey-persona-researchPhase').click()
  await expect(page.getByTestId('journey-stage').last()).toContainText('Is Oficina Ribeiro')
  await page.getByTestId('llm-tab-knowledge').click()
  await expect(page.getByTestId('knowledge-facts')).toContainText('Structured data (JSON-LD)')

  await page.context().clearCookies()
  await gotoHydrated(page, '/en')
  await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url: `${site.origin}/` })}`)
  await page.getByTestId('llm-tab-knowledge').click()
  await expect(page.getByTestId('llm-premium')).toBeVisible()
})

// A full presence run carries the journey, its stages spread over the connected models; the tab shows it
// until "Walk the journey" re-runs the journey alone, whose newer timeline then replaces it.
test('English: the journey from a presence run, then a re-run of the journey alone', async ({
  page,
  baseURL,
}) => {
  await signedIn(page, baseURL!, 'en')
  await page.getByTestId('llm-form').getByRole('button', { name: 'Analyse' }).click()
  await page.getByTestId('llm-review-start').click()
  await expect(page.getByTestId('llm-progress')).toHaveCount(0, { timeout: 90_000 })
  await page.getByTestId('llm-tab-journey').click()
  await expect(page.getByTestId('journey-from-presence')).toContainText('From the presence check of')
  const stages = page.getByTestId('journey-stage')
  await expect(stages).toHaveCount(3)
  // The echoed discovery question does not name the brand; the decision one does.
  await expect(stages.first()).toHaveAttribute('data-status', 'negative')
  await expect(stages.nth(2)).not.toHaveAttribute('data-status', 'negative')
  // Stage by stage, a different connected model answered.
  await expect(page.getByTestId('journey-summary')).toContainText('ChatGPT')
  await expect(page.getByTestId('journey-summary')).toContainText('Claude')
  await page.getByTestId('journey-run').click()
  await expect(page.getByTestId('journey-progress')).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByTestId('journey-from-presence')).toHaveCount(0)
  await expect(stages).toHaveCount(3)
  // The journey alone asks one model.
  await expect(page.getByTestId('journey-summary')).not.toContainText('Claude')
})

// While a presence run goes on, the Journey tab shows the stages answered so far. The echoing fake answers
// too fast to catch a run midway, so a finished run's own result is served back as still running, with the
// first two stages only (routed create, events and status of a stand-in task).
test('Portuguese: a presence run still going shows the journey stages answered so far', async ({
  page,
  baseURL,
}) => {
  await signedIn(page, baseURL!, 'pt')
  const created = page.waitForResponse((r) => r.url().includes('/api/seo-task-manager/create'))
  await page.getByTestId('llm-form').getByRole('button', { name: 'Analisar' }).click()
  await page.getByTestId('llm-review-start').click()
  const { taskId } = (await (await created).json()) as { taskId: string }
  await expect(page.getByTestId('llm-progress')).toHaveCount(0, { timeout: 90_000 })
  const finished = await (await page.request.get(`/api/seo-task-manager/status?taskId=${taskId}`)).json()
  const journey = finished.results.journey
  const running = {
    ...finished,
    taskId: 'presenca-a-decorrer',
    status: 'running',
    progress: { stage: 'asking', percent: 50 },
    task: { ...finished.task, finishedAt: null },
    results: {
      ...finished.results,
      finishedAt: null,
      journey: { newCustomer: journey.newCustomer.slice(0, 2), existingCustomer: [], researchPhase: [] },
    },
  }
  await page.route('**/api/seo-task-manager/create**', (route) =>
    route.fulfill({ status: 201, json: { taskId: 'presenca-a-decorrer', reused: false } }),
  )
  await page.route('**/api/tasks/presenca-a-decorrer/events**', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: `event: progress\ndata: ${JSON.stringify(running)}\n\n`,
    }),
  )
  await page.route('**/api/seo-task-manager/status?taskId=presenca-a-decorrer**', (route) =>
    route.fulfill({ status: 200, json: running }),
  )
  // The address was asked about already: the form runs again at once with the saved settings.
  await page.getByTestId('llm-form').getByRole('button', { name: 'Analisar' }).click()
  await expect(page.getByTestId('llm-progress')).toBeVisible()
  await page.getByTestId('llm-tab-journey').click()
  await expect(page.getByTestId('journey-from-presence-running')).toContainText(
    'Da verificação de presença em curso: 2 etapa(s) respondida(s) até agora',
  )
  await expect(page.getByTestId('journey-from-presence')).toHaveCount(0)
  const stages = page.getByTestId('journey-stage')
  await expect(stages).toHaveCount(2)
  await expect(stages.first()).toContainText('Descoberta')
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

// The hub's result view and "Corrigir": the echoing fake cannot act as claim extractor, so this test
// hands the page a finished knowledge_check result (routed) and lets "Corrigir" reach the real API.
test('Portuguese: verdicts with the fact and its page, where to fix, "Corrigir" and its toast', async ({
  page,
  baseURL,
}) => {
  const siteUrl = `${site.origin}/`
  const fact = { kind: 'city', value: 'Braga', source: { url: siteUrl, from: 'json-ld' } }
  const results = {
    url: siteUrl,
    runTaskId: 'run-1',
    runDate: '2026-11-23T10:00:00.000Z',
    accuracy: { score: 50, n: 2, supported: 1, contradicted: 1, outdated: 0, unsupported: 1 },
    accuracyScore: 50,
    outdatedInfo: [],
    factsConfirmed: true,
    extractor: 'ChatGPT (gpt-5-mini)',
    corrections: [],
    answers: [
      {
        model: 'ChatGPT (gpt-5-mini)',
        query: 'O que sabe sobre a Oficina Ribeiro?',
        date: '2026-11-23T10:00:00.000Z',
        needsCorrection: true,
        claims: [
          {
            claim: { text: 'fica em Braga', attribute: 'city', value: 'Braga' },
            verdict: 'supported',
            fact,
            fixes: [],
          },
          {
            claim: { text: 'fica no Porto', attribute: 'city', value: 'Porto' },
            verdict: 'contradicted',
            fact,
            fixes: [
              { where: 'page', detail: siteUrl },
              { where: 'json-ld', detail: 'address.addressLocality' },
              { where: 'google-business-profile', detail: 'city' },
            ],
          },
          {
            claim: { text: 'tem estacionamento', attribute: 'other', value: 'estacionamento' },
            verdict: 'unsupported',
            fact: null,
            fixes: [],
          },
        ],
      },
    ],
  }
  await page.route('**/api/seo-task-manager/create**', async (route) => {
    if (route.request().postDataJSON()?.task_name !== 'knowledge_check') return route.continue()
    await route.fulfill({ json: { taskId: 'hub-e2e', reused: false } })
  })
  await page.route('**/api/seo-task-manager/status?taskId=hub-e2e**', (route) =>
    route.fulfill({ json: { taskId: 'hub-e2e', status: 'success', progress: null, results } }),
  )
  await signedIn(page, baseURL!, 'pt')
  await page.getByTestId('llm-tab-knowledge').click()
  await page.getByTestId('knowledge-verify').click()
  await expect(page.getByTestId('knowledge-accuracy')).toContainText('50%')
  await expect(page.getByTestId('knowledge-accuracy')).toContainText('afirmações verificáveis: 2')
  const claims = page.getByTestId('knowledge-claim')
  await expect(claims).toHaveCount(3)
  await expect(claims.nth(0)).toContainText('Apoiada')
  const wrong = claims.nth(1)
  await expect(wrong).toContainText('Contradita')
  await expect(wrong).toContainText('Facto: Localidade — Braga')
  await expect(wrong.getByTestId('knowledge-fixes')).toContainText(
    'Propriedade JSON-LD: address.addressLocality',
  )
  await expect(wrong.getByTestId('knowledge-fixes')).toContainText('Perfil da Empresa no Google')
  await expect(claims.nth(2)).toContainText('Sem suporte')
  await expect(claims.nth(0).getByTestId('knowledge-correct')).toHaveCount(0)
  await wrong.getByTestId('knowledge-correct').click()
  await expect(page.getByText('monitorizada durante 24-48 horas')).toBeVisible()
  await expect(wrong.getByTestId('knowledge-correct')).toHaveText('Correção registada')
})
