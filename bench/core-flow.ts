// `npm run bench:core`: the core-flow goals of issue 12, measured in a real browser (Debian Chromium).
//   1. Opening /suite/seo after the dashboard's analysis: time to the desktop results, which come from the
//      dashboard's analysis (no new Lighthouse run). Goal: ≤ 300 ms. Measured by clicking "Ver análise SEO"
//      (client-side navigation) and by loading /suite/seo in a fresh page of the same tab session.
//   2. Time from opening an analysis of a closed port, and of an unknown host, to the error on screen.
//      Goal: ≤ 5 s.
// Prints figures only. Needs the web build (npm run build) and Chromium (CHROME_PATH or /usr/bin/chromium).
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { chromium, type Page } from 'playwright-core'
import { startFarol } from '../apps/server/src/composition/server.ts'
import { createLogger } from '../apps/server/src/platform/log.ts'
import { freePort, testConfig } from '../apps/server/test/helpers.ts'
import { startFixtureServer } from '../packages/engine/test/fixtures/server.ts'

const log = createLogger('warn')

async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function storedDesktopTask(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('farol.suite.analysis')
    return raw ? ((JSON.parse(raw).slots?.desktop?.taskId as string | undefined) ?? null) : null
  })
}

const fixture = await startFixtureServer()
const port = await freePort()
const farol = await startFarol(testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }), log)
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  const context = await browser.newContext({ baseURL: farol.url, locale: 'pt-PT' })
  const page = await context.newPage()
  const target = fixture.url('/en/')
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )

  // 1. The dashboard's analysis (on-page, AIO and Lighthouse desktop), then /suite/seo.
  const started = performance.now()
  await page.goto(`/suite?url=${encodeURIComponent(target)}`)
  await page.locator('[data-testid="dashboard"][data-phase="finished"]').waitFor({ timeout: 300_000 })
  console.log(`dashboard analysis with Lighthouse desktop: ${Math.round(performance.now() - started)} ms`)
  const desktopTask = await storedDesktopTask(page)

  const click = performance.now()
  await page.getByRole('link', { name: 'Ver análise SEO' }).click()
  await page.getByTestId('seo-report-desktop').waitFor()
  const clickMs = Math.round(performance.now() - click)
  const sameTask = (await storedDesktopTask(page)) === desktopTask
  console.log(
    `/suite/seo after the dashboard (click "Ver análise SEO") → desktop results: ${clickMs} ms; ` +
      `desktop task reused (no new Lighthouse run): ${sameTask}`,
  )
  const loads: number[] = []
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    await page.goto('/suite/seo')
    await page.getByTestId('seo-report-desktop').waitFor()
    loads.push(Math.round(performance.now() - t))
  }
  console.log(`/suite/seo full page load → desktop results: ${loads.join(', ')} ms`)

  // 2. Failures: a closed port, an unknown host.
  for (const [label, url] of [
    ['closed port', `http://127.0.0.1:${await closedPort()}/`],
    ['unknown host', 'https://farol-bench-no-such-host.invalid/'],
  ] as const) {
    const fresh = await context.newPage()
    const t = performance.now()
    await fresh.goto(`/suite?url=${encodeURIComponent(url)}`)
    const panel = fresh.getByTestId('analysis-error')
    await panel.waitFor({ timeout: 120_000 })
    console.log(
      `${label}: error on screen after ${Math.round(performance.now() - t)} ms: "${(await panel.innerText()).replace(/\s+/g, ' ')}"`,
    )
    await fresh.close()
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
} finally {
  await browser.close()
  await farol.stop()
  await fixture.close()
}
