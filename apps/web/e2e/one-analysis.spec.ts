// Issue 25, in Chromium: one analysis shows one verdict per fact and one set of numbers. The analysis is
// real engine output for a fixture page (one <h1>, served over http://), with Lighthouse's saved answers
// for this kind of page (heading-order failed, is-on-https passed on loopback) as an older stored result
// carried them; the suite must show Farol's checks on both device tabs, the AIO task's AIO everywhere,
// the PageSpeed bands' words, one history row per analysis and no raw translation key.
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { audit } from '../../../packages/engine/src/audit.ts'
import { mapLighthouseResult } from '../../../packages/engine/src/lighthouse/map.ts'
import type { LighthouseResult } from '../../../packages/engine/src/lighthouse/types.ts'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'
import { type FixtureServer, startFixtureServer } from './suite-helpers.ts'

const savedLhr = JSON.parse(
  readFileSync(
    new URL('../../../packages/engine/src/lighthouse/__fixtures__/lhr-mobile.json', import.meta.url),
    'utf8',
  ),
) as LighthouseResult

let fx: FixtureServer
test.beforeAll(async () => {
  fx = await startFixtureServer()
})
test.afterAll(async () => {
  await fx?.close()
})

type Result = Awaited<ReturnType<typeof audit>>

/** The three tasks of one analysis as the browser stores them, Lighthouse's answers as an older run kept them. */
async function analysis(url: string) {
  const onPage = await audit(url, { device: 'none', lang: 'pt', allowPrivate: true })
  const lighthouse = mapLighthouseResult(savedLhr)
  const withLighthouse = (aio: number): Result => ({
    ...onPage,
    aio: { ...onPage.aio, scores: { ...onPage.aio.scores, overall: aio } },
    lighthouse: { desktop: lighthouse, mobile: { ...lighthouse }, errors: {} },
    scores: { ...onPage.scores, aio },
  })
  const aioScore = onPage.aio.scores.overall
  const slot = (taskId: string, results: Result) => ({
    taskId,
    status: 'success',
    progress: { stage: 'done', percent: 100 },
    results,
    message: null,
    errorCode: null,
    finishedAt: '2026-11-26T10:01:00.000Z',
  })
  return {
    aioScore,
    onPage,
    lighthouse,
    run: {
      url,
      projectId: null,
      startedAt: '2026-11-26T10:00:00.000Z',
      startError: null,
      slots: {
        aio: slot('00000000-0000-4000-8000-00000000000a', onPage),
        // The Lighthouse tasks computed their own AIO one point off (rendered page, agentic audits).
        desktop: slot('00000000-0000-4000-8000-00000000000d', withLighthouse(aioScore - 1)),
        mobile: slot('00000000-0000-4000-8000-00000000000e', withLighthouse(aioScore - 2)),
      },
    },
  }
}

async function seed(page: Page, run: unknown) {
  await page.addInitScript((value) => {
    sessionStorage.setItem('farol.suite.analysis', value)
  }, JSON.stringify(run))
}

const checks = async (page: Page, device: string) =>
  page
    .getByTestId(`technical-${device}`)
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => `${li.textContent?.split(':')[0]?.trim()}=${li.getAttribute('data-ok')}`),
    )

test('the SEO page: headings and HTTPS from Farol’s checks, the same on both device tabs', async ({
  page,
}) => {
  const url = fx.url('/good/')
  const { onPage, lighthouse } = await analysis(url)
  // What the older stored result says against what Farol measured: the test means something.
  expect(lighthouse.headingsStructure.hasH1).toBe(false)
  expect(lighthouse.security.https).toBe(true)
  expect(onPage.onPage.summary.headingsStructure.hasH1).toBe(true)
  expect(onPage.onPage.summary.security.https).toBe(false)

  await seed(page, (await analysis(url)).run)
  await gotoHydrated(page, `/suite/seo?${new URLSearchParams({ url })}`)
  await page.getByTestId('seo-tab-desktop').click()
  const desktop = await checks(page, 'desktop')
  await page.getByTestId('seo-tab-mobile').click()
  const mobile = await checks(page, 'mobile')
  expect(mobile).toEqual(desktop)
  expect(desktop).toContain('Tem um H1=true')
  expect(desktop).toContain('Um único H1=true')
  expect(desktop.find((c) => c.startsWith('HTTPS'))).toMatch(/=false$/)
})

test('the AIO score is the same on the dashboard and the AIO page, with the bands’ words; one history row per analysis; no raw keys', async ({
  page,
  baseURL,
}) => {
  const url = fx.url('/good/')
  const { aioScore, run } = await analysis(url)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  await seed(page, run)

  await gotoHydrated(page, `/suite?${new URLSearchParams({ url })}`)
  await expect(page.getByTestId('aio-score-value')).toHaveText(String(aioScore))
  const band = aioScore >= 90 ? 'Bom' : aioScore >= 50 ? 'A melhorar' : 'Fraco'
  await expect(page.getByTestId('aio-score-label')).toHaveText(band)
  await gotoHydrated(page, `/suite/aio?${new URLSearchParams({ url })}`)
  await expect(page.getByTestId('aio-overall-value')).toHaveText(String(aioScore))

  // The history: three tasks of one analysis and an AI-presence run, as GET /api/me/tasks lists them.
  const task = (id: string, kind: string, platform: string | null, aio: number | null) => ({
    id,
    kind,
    url,
    platform,
    status: 'success',
    errorCode: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    finishedAt: '2026-11-26T10:01:00.000Z',
    scores: aio === null ? null : { seo: 80, aio, overall: 70 },
  })
  const tasks = [
    task('p', 'llm_presence', null, null),
    task('k', 'knowledge_check', null, null),
    task('c', 'content_generation', null, null),
    task('d', 'directory_search', null, null),
    task('w', 'keyword_research', null, null),
    task('m', 'seo_analysis', 'mobile', aioScore - 2),
    task('t', 'seo_analysis', 'desktop', aioScore - 1),
    task('a', 'ai_optimization', null, aioScore),
  ]
  await page.route('**/api/me/tasks**', (route) => route.fulfill({ json: { tasks } }))
  await gotoHydrated(page, `/suite?${new URLSearchParams({ url })}`)
  await page.getByTestId('dashboard-tab-history').click()
  const rows = page.getByTestId('history').getByTestId('history-row')
  await expect(rows).toHaveCount(6)
  await expect(page.getByTestId('history')).toContainText('Análise (SEO e IA)')
  await expect(page.getByTestId('history')).toContainText('Presença em IA')
  const overall = Math.round(0.625 * 80 + 0.375 * aioScore)
  await expect(page.getByTestId('history-overall').filter({ hasText: String(overall) })).toHaveCount(1)
  const text = (await page.locator('main').innerText()) ?? ''
  expect(text).not.toMatch(/\b(dashboard|history)\.kinds\.\w+/)
})
