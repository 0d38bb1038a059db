/**
 * The walk test (issue 41, item 9): as the agency's owner and as its client, with a workspace that holds
 * an analysis, a crawl, a bot-log upload and a report, every suite route in PT and EN at 375 and 1280 px.
 * A page fails on: sideways scrolling, a table clipped by its box, a raw translation key, a forbidden term
 * of the other language or variant, a console error, a request of its own answered 4xx/5xx. Each visit
 * leaves a screenshot in the test's output (CI keeps them), for a person to look at.
 */
import { expect, type Page, test } from '@playwright/test'
import { forbiddenTerms, looksLikeRawKey } from '../app/lib/terms.ts'
import { signInByApi } from './auth-helpers.ts'
import { settledWait } from './helpers.ts'
import { type SeededWorld, seededWorld } from './seeded-world.ts'
import { finishedRun, seedRun } from './suite-helpers.ts'

const suiteRoutes = (w: SeededWorld) => [
  '/suite',
  `/suite/seo?${new URLSearchParams({ url: w.site })}`,
  `/suite/aio?${new URLSearchParams({ url: w.site })}`,
  '/suite/recommendations',
  '/suite/directories',
  '/suite/reports',
  `/suite/pdf-report?${w.pdfQuery}`,
  '/suite/profile',
  '/suite/settings',
  '/suite/change-password',
  `/suite/llm?${new URLSearchParams({ url: w.site })}`,
  '/suite/google-ai',
  '/suite/keywords',
  '/suite/site',
  `/suite/bots?${new URLSearchParams({ url: w.site })}`,
  '/suite/sites',
  '/suite/workspace',
  '/suite/recommender',
  '/suite/writer',
  '/dashboard/client',
]

interface Visit {
  route: string
  problems: string[]
}

/** What the page shows that it should not, measured in the page. */
async function measure(page: Page, lang: 'pt' | 'en'): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = []
    const root = document.scrollingElement ?? document.documentElement
    const extra = root.scrollWidth - window.innerWidth
    if (extra > 0) problems.push(`${extra} px wider than the window`)
    // A table is clipped when a box that hides overflow cuts it (a box that scrolls is fine).
    for (const table of Array.from(document.querySelectorAll('table'))) {
      if (table.closest('.sr-only')) continue
      const box = table.getBoundingClientRect()
      if (box.width === 0) continue
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el)
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          const edge = el.getBoundingClientRect().right
          if (box.right > edge + 1) {
            const id = table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'table'
            problems.push(`${id}: table clipped by ${Math.round(box.right - edge)} px`)
          }
          break
        }
      }
    }
    return { problems, text: document.body.innerText }
  })
  // The product's vocabulary (lib/terms.ts), line by line as the page shows it.
  const lines = found.text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  for (const line of lines) {
    if (looksLikeRawKey(line)) found.problems.push(`raw key "${line}"`)
    for (const term of forbiddenTerms(lang, line))
      found.problems.push(`"${line.slice(0, 80)}" uses ${term.form} (say ${term.instead})`)
  }
  return found.problems
}

async function walk(
  page: Page,
  origin: string,
  routes: string[],
  lang: 'pt' | 'en',
  width: number,
  tag: string,
) {
  const visits: Visit[] = []
  let current: Visit | null = null
  page.on('console', (message) => {
    if (message.type() === 'error') current?.problems.push(`console: ${message.text().slice(0, 160)}`)
  })
  page.on('pageerror', (error) => current?.problems.push(`page error: ${error.message.slice(0, 160)}`))
  page.on('response', (response) => {
    const url = response.url()
    if (response.status() >= 400 && url.startsWith(origin))
      current?.problems.push(`${response.status()} ${response.request().method()} ${new URL(url).pathname}`)
  })
  const settled = settledWait(page, origin)
  await page.setViewportSize({ width, height: 900 })
  for (const route of routes) {
    current = { route: `${route} @${width}`, problems: [] }
    visits.push(current)
    await page.goto(route)
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pt' ? 'pt-PT' : 'en')
    await settled()
    current.problems.push(...(await measure(page, lang)))
    const name = `${tag}-${width}${route.split('?')[0]!.replace(/\//g, '_')}.png`
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true })
  }
  current = null
  return visits
}

let world: SeededWorld
// The analysis the result pages show, one per language in this worker (a real audit of the site each).
const runs = new Map<'pt' | 'en', ReturnType<typeof finishedRun>>()

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(900_000)
  world = await seededWorld(baseURL!)
})

// One test per role, language and width: eight of about half a minute, so the walks do not end the run alone.
for (const role of ['owner', 'client'] as const) {
  for (const lang of ['pt', 'en'] as const) {
    for (const width of [375, 1280])
      test(`the walk: every suite page as the ${role}, ${lang.toUpperCase()}, at ${width} px`, async ({
        page,
        baseURL,
      }) => {
        test.setTimeout(420_000)
        await page.context().addCookies([{ name: 'farol_lang', value: lang, url: baseURL! }])
        await signInByApi(page, baseURL!, world[role].email)
        // A new session opens on the personal workspace: the walk is the agency's.
        const active = await page.request.post('/api/workspaces/active', {
          headers: { origin: baseURL! },
          data: { workspaceId: world.workspaceId },
        })
        expect(active.status()).toBe(200)
        // The analysis the suite's result pages show (session storage, as the browser keeps it).
        if (!runs.has(lang)) runs.set(lang, finishedRun(world.site, lang))
        await seedRun(page, await runs.get(lang)!)
        const visits = await walk(page, baseURL!, suiteRoutes(world), lang, width, `${role}-${lang}`)
        const failures = visits
          .filter((v) => v.problems.length)
          .map((v) => `${v.route}: ${v.problems.join('; ')}`)
        expect(failures).toEqual([])
      })
  }
}
