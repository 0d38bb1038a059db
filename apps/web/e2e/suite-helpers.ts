import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { audit } from '../../../packages/engine/src/audit.ts'
import { mapLighthouseResult } from '../../../packages/engine/src/lighthouse/map.ts'
import type { LighthouseResult } from '../../../packages/engine/src/lighthouse/types.ts'
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

/**
 * A finished analysis of `url` as the browser stores it, without a Lighthouse run on the server: Farol's
 * real on-page/AIO audit of the page and Lighthouse's saved answers (the engine's fixture) on both devices.
 * For specs about how the suite shows results (themes, layout), not about running Lighthouse: the server
 * runs one Lighthouse job at a time, and every run a spec waits for holds a worker.
 */
export async function finishedRun(url: string, lang: 'pt' | 'en' = 'pt') {
  const onPage = await audit(url, { device: 'none', lang, allowPrivate: true })
  const saved = JSON.parse(
    readFileSync(
      new URL('../../../packages/engine/src/lighthouse/__fixtures__/lhr-mobile.json', import.meta.url),
      'utf8',
    ),
  ) as LighthouseResult
  const lighthouse = mapLighthouseResult(saved)
  const withLighthouse = {
    ...onPage,
    lighthouse: { desktop: lighthouse, mobile: { ...lighthouse }, errors: {} },
  }
  const slot = (taskId: string, results: typeof onPage) => ({
    taskId,
    status: 'success',
    progress: { stage: 'done', percent: 100 },
    results,
    message: null,
    errorCode: null,
    finishedAt: new Date().toISOString(),
  })
  return {
    url,
    projectId: null,
    startedAt: new Date().toISOString(),
    startError: null,
    slots: {
      aio: slot('00000000-0000-4000-8000-00000000000a', onPage),
      desktop: slot('00000000-0000-4000-8000-00000000000d', withLighthouse),
      mobile: slot('00000000-0000-4000-8000-00000000000e', withLighthouse),
    },
  }
}

/** Puts `run` in the page's session storage before any of its documents load. */
export async function seedRun(page: Page, run: unknown, key = 'farol.suite.analysis') {
  await page.addInitScript(
    ([k, value]) => {
      sessionStorage.setItem(k!, value!)
    },
    [key, JSON.stringify(run)],
  )
}
