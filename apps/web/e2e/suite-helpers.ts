import { expect, type Page } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'

export { type FixtureServer, startFixtureServer }

/** The analysis shared by the suite's pages, kept in session storage (features/analysis/run-storage.ts). */
export async function storedRun(page: Page, key = 'farol.suite.analysis') {
  return page.evaluate((k) => {
    const raw = sessionStorage.getItem(k)
    return raw
      ? (JSON.parse(raw) as { url: string; slots: Record<string, { taskId: string | null; status: string }> })
      : null
  }, key)
}

/** The status endpoint's answer for a task, read with the page's cookies. */
export async function taskStatus(page: Page, taskId: string) {
  const response = await page.request.get(`/api/seo-task-manager/status?taskId=${taskId}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as {
    status: string
    results: {
      aio: { scores: { overall: number } }
      scores: { seo: number; overall: { score: number } }
    } | null
  }
}

/** Starts a task with the page's cookies and waits for its success; returns its id. */
export async function taskToSuccess(
  page: Page,
  baseURL: string,
  body: { task_name: string; requested_data: Record<string, unknown>; lang?: string },
  timeout = 120_000,
): Promise<string> {
  const created = await page.request.post('/api/seo-task-manager/create', {
    headers: { origin: baseURL },
    data: body,
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { taskId } = (await created.json()) as { taskId: string }
  await expect.poll(async () => (await taskStatus(page, taskId)).status, { timeout }).toBe('success')
  return taskId
}
