// Renders the printable report page to PDF in the system Chromium (playwright-core, never a downloaded
// browser). The page signals `data-report-ready` on <html> when its data has loaded and rendered.
import { chromeFlags, resolveChromePath } from '@farol/engine'

export interface RenderPdfOptions {
  /** Absolute URL of /suite/pdf-report?… on a running Farol. */
  pageUrl: string
  /** Cookie granting the renderer read access to the report's tasks. */
  cookie: { name: string; value: string }
  timeoutMs?: number
}

export async function renderReportPdf(options: RenderPdfOptions): Promise<Buffer> {
  // Loaded on first use: playwright-core adds ~0.5 s to every server start otherwise.
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: resolveChromePath(),
    // Farol's own page, no audited content: no egress proxy needed. Playwright adds its own headless flag.
    args: chromeFlags({}).filter((flag) => flag !== '--headless'),
    headless: true,
  })
  try {
    const context = await browser.newContext()
    const url = new URL(options.pageUrl)
    await context.addCookies([{ name: options.cookie.name, value: options.cookie.value, url: url.origin }])
    const page = await context.newPage()
    const timeout = options.timeoutMs ?? 30_000
    await page.goto(options.pageUrl, { waitUntil: 'load', timeout })
    await page.waitForSelector('html[data-report-ready="true"]', { timeout })
    await page.emulateMedia({ media: 'print' })
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true })
  } finally {
    await browser.close()
  }
}
