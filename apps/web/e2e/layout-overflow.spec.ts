/**
 * No page scrolls sideways (issue 12, item 7): every public, auth and suite route, at a phone's 375 px and
 * a laptop's 1280 px, in both languages where the route has two. A page overflows when the document's
 * scroll width exceeds the viewport (the reader can drag it sideways). With FAROL_SHOTS=<dir> the walk also
 * writes a full-page screenshot of each route at 375 px, for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { settledWait } from './helpers.ts'

const publicRoutes = [
  '/',
  '/en',
  '/como-funciona',
  '/how-it-works',
  '/faq',
  '/en/faq',
  '/contacto',
  '/contact',
  '/blog',
  '/en/blog',
  '/blog/core-web-vitals-2026',
  '/guias',
  '/guides',
  '/guias/seo-aio-checklist',
  '/guides/seo-aio-checklist',
  '/guias/estrutura-conteudo',
  '/glossario',
  '/glossary',
  '/glossario/aio',
  '/termos',
  '/privacy',
  '/docs/api',
  '/en/docs/api',
  '/nao-existe',
]

const authRoutes = [
  '/signin',
  '/signin?lang=en',
  '/signup',
  '/recuperar-password',
  '/verification',
  '/reset-password',
  '/reset-password?type=recovery',
]

// What a signed-out visitor reaches of the suite (the rest asks to sign in).
const suiteRoutes = [
  '/suite',
  '/suite/seo',
  '/suite/aio',
  '/suite/recommendations',
  '/suite/directories',
  '/suite/reports',
  '/suite/pdf-report',
]

const widths = [375, 1280] as const

/** How far the document scrolls sideways (0 when it does not). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollWidth - window.innerWidth
  })
}

/** Which elements stick out past the right edge: the message names them, so a failure says where to look. */
async function culprits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect()
      if (box.right > window.innerWidth + 0.5 && box.width > 0) {
        const id = el.getAttribute('data-testid')
        found.push(`${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}.${String(el.className).slice(0, 60)}`)
      }
      if (found.length >= 5) break
    }
    return found
  })
}

async function walk(page: Page, routes: string[], tag: string): Promise<void> {
  const shots = process.env.FAROL_SHOTS
  if (shots) mkdirSync(shots, { recursive: true })
  const failures: string[] = []
  const settled = settledWait(page, test.info().project.use.baseURL!)
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    for (const route of routes) {
      await page.goto(route)
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
      // Let late content (the header's user state, a loaded list) settle before measuring; pages that
      // poll (reports, a running analysis) never go quiet, so this wait is bounded.
      await settled(5_000)
      const extra = await overflow(page)
      if (extra > 0)
        failures.push(`${route} at ${width} px: ${extra} px too wide (${(await culprits(page)).join(', ')})`)
      if (shots && width === 375) {
        const name = `${tag}${route.replace(/[/?=&]+/g, '_') || '_home'}.png`
        await page.screenshot({ path: join(shots, name), fullPage: true })
      }
    }
  }
  expect(failures).toEqual([])
}

test('public pages fit the window at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000)
  await walk(page, publicRoutes, 'public')
})

test('auth pages fit the window at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000)
  await walk(page, authRoutes, 'auth')
})

// Signed in, the suite is walked by walk.spec.ts (owner and client, both languages, with data in every page).
test('suite pages fit the window at 375 and 1280 px, signed out', async ({ page }) => {
  test.setTimeout(180_000)
  await walk(page, suiteRoutes, 'suite-anon')
})
