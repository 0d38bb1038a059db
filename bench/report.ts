// `npm run bench:report`: the report goals of issue 7, measured on loopback.
//   1. PDF rendering alone, after the audit completed: renderReportPdf (Chromium start, printable page
//      loaded through the in-process API, page.pdf) on a finished report's tasks, median of N (goal < 3 s).
//   2. The PDF's size (goal < 2 MB).
// Also prints how long the whole report took (three analyses, two of them Lighthouse, plus the first render).
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --iterations N (renders, default 5), --lang pt|en (default pt).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromeFlags, resolveChromePath } from '@farol/engine'
import { chromium } from 'playwright-core'
import { startFarol } from '../apps/server/src/composition/server.ts'
import { renderReportPdf } from '../apps/server/src/features/reports/pdf.ts'
import { createRenderToken, renderCookie } from '../apps/server/src/features/reports/render-token.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { createLogger } from '../apps/server/src/platform/log.ts'
import { sharedSecret } from '../apps/server/src/tenancy/secret.ts'
import { freePort, signedInUser, tempDataDir } from '../apps/server/test/helpers.ts'
import { startFixtureServer } from '../packages/engine/test/fixtures/server.ts'

const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '5' }, lang: { type: 'string', default: 'pt' } },
})
const iterations = Math.max(1, Number(values.iterations))
const lang = values.lang === 'en' ? 'en' : 'pt'

const root = path.resolve(import.meta.dirname, '..')
if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.log('Building the web app…')
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

interface ReportView {
  id: string
  status: string
  message: string | null
  desktopTaskId: string
  mobileTaskId: string
  aiOptimizationTaskId: string
}

const fixture = await startFixtureServer()
const port = await freePort()
const config = loadConfig({
  PORT: String(port),
  FAROL_PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'silent',
  FAROL_DATA_DIR: tempDataDir(),
  DATABASE_URL: '',
  FAROL_ALLOW_PRIVATE_TARGETS: '1',
})
const farol = await startFarol(config, createLogger('silent'))
try {
  const cookie = await signedInUser(farol, 'bench@example.pt')
  const call = (p: string, init: RequestInit = {}) =>
    fetch(`${farol.url}${p}`, {
      ...init,
      headers: { cookie, origin: farol.url, 'content-type': 'application/json' },
    })

  const target = fixture.url(lang === 'pt' ? '/pt/' : '/en/')
  console.log(
    `Report of ${target} (${lang}): three analyses (Lighthouse desktop + mobile, AIO), then the PDF…`,
  )
  const t0 = performance.now()
  let report = (await (
    await call('/api/reports', { method: 'POST', body: JSON.stringify({ url: target, lang }) })
  ).json()) as ReportView
  while (report.status === 'pending') {
    await new Promise((r) => setTimeout(r, 1000))
    const list = (await (await call('/api/reports')).json()) as { reports: ReportView[] }
    report = list.reports.find((r) => r.id === report.id)!
  }
  const whole = performance.now() - t0
  if (report.status !== 'success') throw new Error(`report ${report.status}: ${report.message}`)
  console.log(`Whole report (analyses + first render): ${(whole / 1000).toFixed(1)} s`)

  const taskIds = [report.desktopTaskId, report.mobileTaskId, report.aiOptimizationTaskId]
  const query = new URLSearchParams({
    desktopTaskId: report.desktopTaskId,
    mobileTaskId: report.mobileTaskId,
    aiOptimizationTaskId: report.aiOptimizationTaskId,
    lang,
  })
  const secret = await sharedSecret(farol.database.db, config)
  const times: number[] = []
  let size = 0
  for (let i = 0; i < iterations; i++) {
    const token = createRenderToken({ reportId: report.id, taskIds }, secret)
    const started = performance.now()
    const pdf = await renderReportPdf({
      pageUrl: `${farol.url}/suite/pdf-report?${query}`,
      cookie: { name: renderCookie, value: token },
    })
    const ms = performance.now() - started
    times.push(ms)
    size = pdf.length
    console.log(`  render ${i + 1}: ${(ms / 1000).toFixed(2)} s, ${kb(pdf.length)}`)
  }
  console.log(
    `PDF rendering after the audit (Chromium start + page + pdf): median ${(median(times) / 1000).toFixed(2)} s of ${iterations} (min ${(Math.min(...times) / 1000).toFixed(2)}, max ${(Math.max(...times) / 1000).toFixed(2)})  (goal < 3 s)`,
  )
  console.log(`PDF size: ${kb(size)} (${size} bytes)  (goal < 2 MB)`)

  // Where the time goes: the same steps as renderReportPdf, timed one by one (one extra render).
  const phases: string[] = []
  let mark = performance.now()
  const lap = (name: string) => {
    const now = performance.now()
    phases.push(`${name} ${(now - mark).toFixed(0)} ms`)
    mark = now
  }
  const browser = await chromium.launch({
    executablePath: resolveChromePath(),
    args: chromeFlags({}).filter((flag) => flag !== '--headless'),
    headless: true,
  })
  lap('Chromium start')
  try {
    const context = await browser.newContext()
    await context.addCookies([
      {
        name: renderCookie,
        value: createRenderToken({ reportId: report.id, taskIds }, secret),
        url: farol.url,
      },
    ])
    const page = await context.newPage()
    lap('context')
    const response = await page.goto(`${farol.url}/suite/pdf-report?${query}`, { waitUntil: 'commit' })
    lap('first byte (redirect for lang, loader, SSR)')
    const htmlBytes = (await response?.body())?.length ?? 0
    await page.waitForSelector('html[data-report-ready="true"]', { state: 'attached' })
    lap('ready signal')
    await page.waitForLoadState('load')
    lap('load event (scripts, styles)')
    await page.emulateMedia({ media: 'print' })
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true })
    lap(`page.pdf (${kb(pdf.length)}; page HTML ${kb(htmlBytes)})`)
  } finally {
    await browser.close()
    lap('close')
  }
  console.log(`Breakdown of one render: ${phases.join(', ')}`)
  console.log(
    `Load average while measuring: ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  )
} finally {
  await farol.stop()
  await fixture.close()
}
