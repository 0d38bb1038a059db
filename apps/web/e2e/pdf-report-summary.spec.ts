// The printable report's summary under the suite's names (issue 41 item 2), cheaply: one AIO analysis (no
// Lighthouse run) stands for all three parts, so the summary reads "Pontuação global / SEO / AIO" with
// the analysis's values and the on-page-only note, and the devices show their "no data" cards. Laid out
// at 375 and 1280 px in PT and EN, with screenshots.
import { expect, test } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'

let fx: FixtureServer
test.beforeAll(async () => {
  fx = await startFixtureServer()
})
test.afterAll(async () => {
  await fx?.close()
})

test('the summary shows the suite’s scores under the suite’s names, PT and EN, 375 and 1280 px', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail('pdf-summary') })
  await signInByApi(page, baseURL!, email)
  const created = await page.request.post('/api/seo-task-manager/create', {
    headers: { origin: baseURL! },
    data: { task_name: 'ai_optimization', requested_data: { url: fx.url('/pt/') } },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { taskId } = (await created.json()) as { taskId: string }
  let status: {
    status: string
    results: { scores: { seo: number; aio: number; overall: { score: number } } }
  }
  await expect
    .poll(
      async () => {
        status = await (await page.request.get(`/api/seo-task-manager/status?taskId=${taskId}`)).json()
        return status.status
      },
      { timeout: 90_000 },
    )
    .toBe('success')
  const { seo, aio, overall } = status!.results.scores
  const ids = new URLSearchParams({
    desktopTaskId: taskId,
    mobileTaskId: taskId,
    aiOptimizationTaskId: taskId,
  })
  for (const [lang, names] of [
    ['pt', ['Pontuação global', 'Pontuação SEO', 'Pontuação AIO', 'só SEO on-page']],
    ['en', ['Overall score', 'SEO score', 'AIO score', 'on-page SEO only']],
  ] as const) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/suite/pdf-report?${ids}&lang=${lang}`)
      const summary = page.getByTestId('report-summary')
      await expect(summary.getByTestId('report-score-overall')).toContainText(names[0])
      await expect(summary.getByTestId('report-score-overall')).toHaveAttribute(
        'data-score',
        String(overall.score),
      )
      await expect(summary.getByTestId('report-score-seo')).toContainText(names[1])
      await expect(summary.getByTestId('report-score-seo')).toHaveAttribute('data-score', String(seo))
      await expect(summary.getByTestId('report-score-aio-summary')).toContainText(names[2])
      await expect(summary.getByTestId('report-score-aio-summary')).toHaveAttribute('data-score', String(aio))
      await expect(summary.getByTestId('report-seo-note')).toContainText(names[3])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1)
      await summary.screenshot({ path: testInfo.outputPath(`pdf-summary-${lang}-${width}.png`) })
    }
  }
})
