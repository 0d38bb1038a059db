/**
 * Every page under the Content-Security-Policy the server sends (issue 13, item 6): the policy allows
 * scripts only from Farol's origin or with the response's nonce, so a page whose inline scripts lack the
 * nonce would not hydrate and would report a violation. Each page is loaded, must hydrate, and must
 * report no violation (the `securitypolicyviolation` event and Chromium's console message both count).
 */
import { expect, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'

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
  '/terms',
  '/privacidade',
  '/privacy',
  '/nao-existe',
]

const authRoutes = ['/signin', '/signup', '/recuperar-password', '/verification', '/reset-password']

const suiteRoutes = [
  '/suite',
  '/suite/seo',
  '/suite/aio',
  '/suite/llm',
  '/suite/recommendations',
  '/suite/recommender',
  '/suite/content-recommender',
  '/suite/writer',
  '/suite/content-writer',
  '/suite/directories',
  '/suite/keywords',
  '/suite/reports',
  '/suite/pdf-report',
  '/suite/profile',
  '/suite/settings',
  '/suite/change-password',
  '/dashboard/client',
  '/dashboard',
]

/** Records violations in the page before any of its own scripts run. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] }
      w.__csp = w.__csp ?? []
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI || 'inline'} ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  return seen
}

async function walk(page: Page, routes: string[], seen: string[]): Promise<string[]> {
  const failures: string[] = []
  for (const route of routes) {
    const response = await page.goto(route)
    const csp = response?.headers()['content-security-policy'] ?? ''
    if (!/script-src 'self' 'nonce-[^']+'/.test(csp) || /script-src[^;]*unsafe-inline/.test(csp))
      failures.push(`${route}: policy ${csp || 'missing'}`)
    // Hydration needs React Router's inline module script: it runs only with the right nonce.
    await expect(page.locator('html[data-hydrated="true"]'), route).toHaveCount(1)
    // Not 'networkidle': suite pages keep polling or streaming task status.
    await page.waitForLoadState('load')
    const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
    for (const v of [...events, ...seen.splice(0)]) failures.push(`${route}: ${v}`)
  }
  return failures
}

test('public and auth pages run under the CSP without a violation', async ({ page }) => {
  test.setTimeout(180_000)
  const seen = await watchViolations(page)
  expect(await walk(page, [...publicRoutes, ...authRoutes], seen)).toEqual([])
})

test('suite pages run under the CSP without a violation, signed out and signed in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const seen = await watchViolations(page)
  const failures = await walk(page, suiteRoutes.slice(0, 4), seen)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  failures.push(...(await walk(page, suiteRoutes, seen)))
  expect(failures).toEqual([])
})

test('pages answer with the other security headers, and the API refuses to be framed', async ({
  request,
}) => {
  for (const path of ['/', '/api/health']) {
    const response = await request.get(path)
    const headers = response.headers()
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
  }
})
