import { expect, type Page, type TestInfo, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'
import { gotoHydrated, heroForm } from './helpers.ts'
import { type FixtureServer, finishedRun, seedRun, startFixtureServer, storedRun } from './suite-helpers.ts'

// The pages beyond the public chrome follow the account's dark-mode setting: every visible heading and
// piece of body text is held to WCAG AA (4.5:1) against the background it is really drawn on (the first
// opaque background up the tree, with the translucent ones in between composited over it). The printable
// PDF report stays light. Screenshots of both themes go to the test's output folder for a person to look at.

let fx: FixtureServer

test.beforeAll(async () => {
  fx = await startFixtureServer()
})

test.afterAll(async () => {
  await fx?.close()
})

interface LowContrast {
  tag: string
  text: string
  ratio: number
  fg: string
  bg: string
}

/** Visible text elements inside `root` whose rendered contrast is below 4.5:1. */
async function lowContrastText(page: Page, root = 'main'): Promise<{ checked: number; low: LowContrast[] }> {
  return page.evaluate((rootSelector) => {
    const canvas = document.createElement('canvas')
    canvas.width = 1
    canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const pixel = (): [number, number, number] => {
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data
      return [r!, g!, b!]
    }
    const alphaOf = (color: string) => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = color
      ctx.fillRect(0, 0, 1, 1)
      return ctx.getImageData(0, 0, 1, 1).data[3]! / 255
    }
    const luminance = ([r, g, b]: [number, number, number]) => {
      const lin = (v: number) => {
        const s = v / 255
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }
    /** The colour behind `el`: its and its ancestors' backgrounds, composited down to the first opaque one. */
    const backgroundOf = (el: Element): [number, number, number] => {
      const layers: string[] = []
      for (let node: Element | null = el; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor
        const alpha = alphaOf(color)
        if (alpha === 0) continue
        layers.push(color)
        if (alpha === 1) break
      }
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = 'white' // the canvas of a page without any opaque background
      ctx.fillRect(0, 0, 1, 1)
      for (const color of layers.reverse()) {
        ctx.fillStyle = color
        ctx.fillRect(0, 0, 1, 1)
      }
      return pixel()
    }
    const hidden = (el: Element) =>
      el.closest('[aria-hidden="true"], [inert], .sr-only') !== null ||
      el.getClientRects().length === 0 ||
      getComputedStyle(el).visibility === 'hidden'
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim()

    const low: LowContrast[] = []
    let checked = 0
    const scope = document.querySelector(rootSelector) ?? document.body
    for (const el of scope.querySelectorAll(
      'h1, h2, h3, h4, p, li, dt, dd, td, th, a, label, span, figcaption',
    )) {
      const text = ownText(el)
      if (!text || hidden(el) || (el as HTMLButtonElement).disabled) continue
      const bg = backgroundOf(el)
      ctx.fillStyle = `rgb(${bg.join(',')})`
      ctx.fillRect(0, 0, 1, 1)
      ctx.fillStyle = getComputedStyle(el).color
      ctx.fillRect(0, 0, 1, 1)
      const fg = pixel()
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number]
      const ratio = (hi + 0.05) / (lo + 0.05)
      checked++
      if (ratio < 4.5)
        low.push({
          tag: el.tagName.toLowerCase(),
          text: text.slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          fg: `rgb(${fg.join(',')})`,
          bg: `rgb(${bg.join(',')})`,
        })
    }
    return { checked, low }
  }, root)
}

async function expectReadable(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-dark.png`), fullPage: true })
  const { checked, low } = await lowContrastText(page)
  expect(checked, `text elements checked on ${name}`).toBeGreaterThan(3)
  expect(low, `text below 4.5:1 on ${name}`).toEqual([])
}

async function darkAccount(page: Page, baseURL: string): Promise<void> {
  const { email } = await createVerifiedUser(page.request, baseURL)
  await signInByApi(page, baseURL, email)
  const saved = await page.request.patch(`${baseURL}/api/me/settings`, {
    headers: { origin: baseURL },
    data: { darkMode: true },
  })
  expect(saved.ok(), await saved.text()).toBe(true)
}

const publicPages = [
  ['landing', '/'],
  ['glossary', '/glossario'],
  ['faq', '/faq'],
  ['terms', '/termos'],
] as const

test('public pages, the reports list and an empty SEO page are readable in dark mode', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  for (const [name, path] of publicPages) {
    await gotoHydrated(page, path)
    await page.screenshot({ path: testInfo.outputPath(`${name}-light.png`), fullPage: true })
  }

  await darkAccount(page, baseURL!)
  for (const [name, path] of [...publicPages, ['reports', '/suite/reports'], ['seo-empty', '/suite/seo']]) {
    await gotoHydrated(page, path)
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expectReadable(page, testInfo, name)
  }
})

test('the suite dashboard with a finished analysis is readable in dark mode; its PDF report page stays light', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await darkAccount(page, baseURL!)
  await gotoHydrated(page, '/')
  await heroForm(page).getByRole('textbox').fill(fx.url('/good/'))
  await heroForm(page).getByRole('button').click()
  await expect(page).toHaveURL(/\/suite\?url=/)
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-phase', 'finished', { timeout: 240_000 })
  await expect(page.getByTestId('metric-lcp')).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  // The first visit's guided tour (it opens after a second) would cover the page.
  const tourClose = page.getByTestId('tour-close')
  if (await tourClose.count()) await tourClose.click()
  await expect(page.getByTestId('tour-card')).toHaveCount(0)
  await expectReadable(page, testInfo, 'dashboard')
  // Long addresses in findings wrap inside their cards: the finished dashboard never scrolls sideways.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: innerWidth }))
  expect(widths.page).toBeLessThanOrEqual(widths.view)

  // The printable report of this run, as the server's browser would open it with this account's cookies.
  const run = await storedRun(page)
  const ids = new URLSearchParams({
    desktopTaskId: run!.slots.desktop!.taskId!,
    mobileTaskId: run!.slots.desktop!.taskId!,
    aiOptimizationTaskId: run!.slots.aio!.taskId!,
  })
  await page.goto(`/suite/pdf-report?${ids}`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  const bodyBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(bodyBg).toBe('rgb(255, 255, 255)')
  // The server-rendered HTML, before any script runs, already has no dark class.
  const html = await (await page.request.get(`/suite/pdf-report?${ids}`)).text()
  const htmlTag = html.match(/<html[^>]*>/)?.[0]
  expect(htmlTag).toBeTruthy()
  expect(htmlTag).not.toMatch(/class="[^"]*\bdark\b/)
  await page.screenshot({ path: testInfo.outputPath('pdf-report.png'), fullPage: true })

  // Back in the app the account's dark mode applies again.
  await gotoHydrated(page, '/suite/reports')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
})

test('the SEO page with Lighthouse results is readable in dark mode', async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await darkAccount(page, baseURL!)
  // The results of a finished analysis (Lighthouse's saved answers): running Lighthouse from the SEO form is
  // suite-seo.spec.ts's test; this one is about the theme.
  const url = fx.url('/en/')
  await seedRun(page, await finishedRun(url))
  await gotoHydrated(page, `/suite/seo?${new URLSearchParams({ url })}`)
  await expect(page.getByTestId('seo-page')).toHaveAttribute('data-phase', 'finished')
  await expect(page.getByTestId('onpage-findings-desktop').getByTestId('finding').first()).toBeVisible()
  await expectReadable(page, testInfo, 'seo')
})
