// The Lighthouse child process: launches Chromium, runs one Lighthouse collection, sends the LHR to the
// parent and exits. Run in its own process (as Lighthouse CI and Unlighthouse do) so a hung or crashing
// collection can be killed without taking the caller down.
import { getPriority, setPriority } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import type { Flags } from 'lighthouse'
import { type LighthouseAnchor, type RenderedFacts, renderedFactsFromArtifacts } from '../page/rendered.ts'
import { lighthouseTexts } from './localize.ts'
import { lighthouseNice, type RunRequest, type WorkerMessage } from './protocol.ts'
import type { LighthouseTexts } from './types.ts'

const started = performance.now()
// Audits are batch work beside an interactive server on the same cores: run this process, and the
// Chromium it launches (children inherit the nice value), at a lower scheduling priority so the server's
// answers are not queued behind a Lighthouse trace. Lighthouse's scores come from simulated throttling.
// The runner refuses an invalid FAROL_LIGHTHOUSE_NICE before starting this process.
try {
  setPriority(Math.max(getPriority(), lighthouseNice(process.env.FAROL_LIGHTHOUSE_NICE)))
} catch {
  // Not permitted here: run at the normal priority.
}
// Lighthouse's modules take about a second to load: load them while Chromium starts, not before.
const lighthouseModule = import('lighthouse')
// puppeteer-core is Lighthouse's own dependency (the version it drives), loaded alongside it.
const puppeteerModule = import('puppeteer-core')
// Unhandled until awaited; a load failure is reported by run() below.
lighthouseModule.catch(() => undefined)
puppeteerModule.catch(() => undefined)

let chrome: chromeLauncher.LaunchedChrome | undefined

function killChrome(): void {
  try {
    chrome?.kill()
  } catch {
    // Already gone.
  }
  chrome = undefined
}

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve()
    process.send(message, undefined, {}, () => resolve())
  })
}

async function run(req: RunRequest): Promise<void> {
  const launching = chromeLauncher.launch({
    chromePath: req.chromePath,
    chromeFlags: req.chromeFlags,
    userDataDir: req.userDataDir,
    envVars: { ...process.env, TMPDIR: req.chromeTmpDir } as Record<string, string>,
    logLevel: 'silent',
    handleSIGINT: false,
  })
  chrome = await launching
  await send({ type: 'chrome', pid: chrome.pid })
  const { default: lighthouse, desktopConfig } = await lighthouseModule
  // Lighthouse opens its own tab and closes it when done; given a tab of ours (opened the same way), it
  // leaves it open, so the DOM it rendered can be read afterwards (page.content()).
  const { default: puppeteer } = await puppeteerModule
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  })
  const page = await browser.newPage()
  const ready = performance.now()
  const result = await lighthouse(
    req.url,
    {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: req.onlyCategories,
      // Lighthouse validates the locale and falls back to English for unknown ones.
      locale: req.locale as Flags['locale'],
      maxWaitForLoad: req.maxWaitForLoad,
      // Farol shows no screenshot of the page: capturing the whole page cost about a second a run and
      // most of the stored result's size.
      disableFullPageScreenshot: true,
    },
    // Mobile is Lighthouse's default config (Moto G Power emulation, slow 4G); desktop its desktop preset.
    req.device === 'desktop' ? desktopConfig : undefined,
    page as unknown as Parameters<typeof lighthouse>[3],
  )
  const rendered = result ? await renderedFacts(result.artifacts, page) : undefined
  await browser.disconnect().catch(() => undefined)
  killChrome()
  if (!result) throw new Error('Lighthouse returned no result')
  const lighthouseMs = Math.round(performance.now() - ready)
  let texts: LighthouseTexts | undefined
  try {
    texts = await lighthouseTexts(result.lhr)
  } catch (e) {
    // The run's own texts still make a result, in one language only: better than no result.
    process.stderr.write(`lighthouse texts: ${e instanceof Error ? e.message : String(e)}\n`)
  }
  await send({
    type: 'result',
    lhr: result.lhr,
    ...(texts ? { texts } : {}),
    ...(rendered ? { rendered } : {}),
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    timings: { startupMs: Math.round(ready - started), lighthouseMs },
  })
}

/** The rendered DOM's HTML is cut beyond this (the raw page is limited to 10 MiB the same way). */
const MAX_RENDERED_HTML = 5 * 1024 * 1024

/** Anchors from Lighthouse's artifact and the HTML after JavaScript; never fails the run. */
async function renderedFacts(
  artifacts: { AnchorElements?: unknown },
  page: { content(): Promise<string> },
): Promise<RenderedFacts | undefined> {
  try {
    const facts = renderedFactsFromArtifacts(artifacts as { AnchorElements?: LighthouseAnchor[] })
    if (!facts) return undefined
    const html = await page.content().catch(() => undefined)
    return html && html.length <= MAX_RENDERED_HTML ? { ...facts, html } : facts
  } catch (e) {
    process.stderr.write(`rendered facts: ${e instanceof Error ? e.message : String(e)}\n`)
    return undefined
  }
}

// Parent gone: do not leave a Chromium behind.
process.on('disconnect', () => {
  killChrome()
  process.exit(0)
})

process.once('message', (req: RunRequest) => {
  run(req)
    .catch(async (e: unknown) => {
      killChrome()
      await send({ type: 'error', message: e instanceof Error ? e.message : String(e) })
    })
    .finally(() => {
      process.disconnect?.()
      process.exit(0)
    })
})
