import { expect, type Page } from '@playwright/test'

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
