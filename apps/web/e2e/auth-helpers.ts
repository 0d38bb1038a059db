/**
 * Helpers of the auth specs: the server writes every email as an .eml file under <data dir>/mail
 * (no SMTP_URL in tests), so the specs read verification and reset links from there.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Page } from '@playwright/test'

export const password = 'Farol#Seguro2026'

let counter = 0
/** A fresh address per call (workers and reruns never collide). */
export function uniqueEmail(tag: string): string {
  counter += 1
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${counter}@exemplo.pt`
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Waits for the newest email of `kind` ('verification' | 'reset-password') to `to`; returns its link. */
export async function mailLink(
  to: string,
  kind: 'verification' | 'reset-password',
  dataDir = process.env.FAROL_E2E_DATA_DIR!,
): Promise<string> {
  const dir = join(dataDir, 'mail')
  const pattern = kind === 'verification' ? /\/api\/auth\/verify-email\?/ : /\/api\/auth\/reset-password\//
  let link: string | undefined
  await expect
    .poll(
      () => {
        let files: string[] = []
        try {
          files = readdirSync(dir).filter((f) => f.endsWith(`.eml`) && f.includes(`-${kind}-`))
        } catch {
          return undefined
        }
        for (const file of files.sort().reverse()) {
          const text = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'))
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue
          const found = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => pattern.test(url))
          if (found) {
            link = found.replace(/&amp;/g, '&')
            return link
          }
        }
        return undefined
      },
      { timeout: 15_000, message: `no ${kind} email for ${to}` },
    )
    .toBeTruthy()
  return link!
}

/** Signs up through the API and follows the verification link: a verified account, ready to sign in. */
export async function createVerifiedUser(
  request: APIRequestContext,
  baseURL: string,
  {
    email = uniqueEmail('user'),
    name = 'Ana Teste',
    dataDir,
  }: { email?: string; name?: string; dataDir?: string } = {},
): Promise<{ email: string; name: string }> {
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin: baseURL },
    data: { name, email, password, callbackURL: '/auth/callback?next=/dashboard/client' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  const link = await mailLink(email, 'verification', dataDir)
  const verified = await request.get(link, { maxRedirects: 0 })
  expect(verified.status()).toBe(302)
  return { email, name }
}

/** Starts a session in the page's browser context (page.request shares the context's cookies). */
export async function signInByApi(page: Page, baseURL: string, email: string): Promise<void> {
  const response = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { origin: baseURL },
    data: { email, password },
  })
  expect(response.ok(), await response.text()).toBe(true)
}

/** Fills the sign-in tab of /signin (or the modal) and submits. */
export async function fillSignIn(page: Page, email: string, pass = password): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: /Entrar|Sign in/ })
  await panel.getByLabel('Email').fill(email)
  await panel.getByLabel(/^(Palavra-passe|Password)$/).fill(pass)
  await panel.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click()
}
