import { expect, type Page } from '@playwright/test'

/** Waits until React has hydrated the document (root.tsx sets `data-hydrated`). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

export function heroForm(page: Page) {
  return page.getByTestId('analyze-form-hero')
}
