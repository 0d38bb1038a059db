import { expect, type Page, type Request } from '@playwright/test'

/** Waits until React has hydrated the document (root.tsx sets `data-hydrated`). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  // The landing page hydrates its below-the-fold part (which holds the closing form) on its own.
  const closing = page.getByTestId('analyze-form-closing')
  if (await closing.count()) await expect(closing).toHaveAttribute('data-hydrated', 'true')
}

export function heroForm(page: Page) {
  return page.getByTestId('analyze-form-hero')
}

/** The closing form lives in the lazily hydrated part of the landing page: wait for it. */
export async function hydratedClosingForm(page: Page) {
  const form = page.getByTestId('analyze-form-closing')
  await expect(form).toHaveAttribute('data-hydrated', 'true')
  return form
}

/** Every /api answer of 400 or more the page gets, as "<status> <method> <path>". */
export function apiErrors(page: Page): string[] {
  const seen: string[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      seen.push(`${response.status()} ${response.request().method()} ${url.pathname}`)
  })
  return seen
}

/**
 * A wait for the page's data: resolves once none of the page's own requests (to `origin`) has been open for
 * `quietMs`. Network idle waits for 500 ms of silence at every visit (about half of the walk's time); a
 * request chained on another's answer starts well within `quietMs`. Pages that poll never go quiet, so the
 * wait is bounded. Call once per page; await the returned function after each navigation.
 */
export function settledWait(page: Page, origin: string, quietMs = 150) {
  let open = 0
  const own = (request: Request) => request.url().startsWith(origin)
  page.on('request', (request) => {
    if (own(request)) open++
  })
  const done = (request: Request) => {
    if (own(request)) open--
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return async (boundMs = 4_000) => {
    const deadline = Date.now() + boundMs
    let quietSince = Date.now()
    while (Date.now() < deadline) {
      if (open > 0) quietSince = Date.now()
      else if (Date.now() - quietSince >= quietMs) return
      await new Promise((r) => setTimeout(r, 25))
    }
  }
}
