/**
 * Every route names itself (issue 12, item 7): the server-rendered `<title>` of each private page, in
 * Portuguese and English, is its own (before, every suite page was "Dashboard — Farol" and five auth and
 * account pages "Entrar — Farol").
 */
import { expect, type Page, test } from '@playwright/test'
import { createVerifiedUser, signInByApi } from './auth-helpers.ts'

const expected: [path: string, pt: string, en: string][] = [
  ['/suite', 'Painel — Farol', 'Dashboard — Farol'],
  ['/suite/seo', 'Análise SEO — Farol', 'SEO Analysis — Farol'],
  ['/suite/aio', 'Otimização para IA — Farol', 'AI optimisation — Farol'],
  ['/suite/recommendations', 'Todas as recomendações — Farol', 'All recommendations — Farol'],
  ['/suite/directories', 'Diretórios locais — Farol', 'Local Directories — Farol'],
  ['/suite/reports', 'Relatórios — Farol', 'Reports — Farol'],
  ['/suite/pdf-report', 'Relatório PDF — Farol', 'PDF report — Farol'],
  ['/suite/profile', 'Perfil — Farol', 'Profile — Farol'],
  ['/suite/settings', 'Definições — Farol', 'Settings — Farol'],
  ['/suite/change-password', 'Alterar a palavra-passe — Farol', 'Change password — Farol'],
  ['/dashboard/client', 'A minha área — Farol', 'My area — Farol'],
  ['/dashboard', 'Administração — Farol', 'Administration — Farol'],
  ['/verification', 'Confirme o seu email — Farol', 'Confirm your email — Farol'],
  ['/reset-password', 'Redefinir a palavra-passe — Farol', 'Reset password — Farol'],
  ['/recuperar-password', 'Recuperar a palavra-passe — Farol', 'Recover password — Farol'],
]

/** The title in the server's HTML (what a tab, a bookmark and the PDF renderer read first). */
async function serverTitle(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  const html = await response.text()
  return html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&') ?? ''
}

test('each private page has its own title in both languages', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  const { email } = await createVerifiedUser(page.request, baseURL!)
  await signInByApi(page, baseURL!, email)
  const wrong: string[] = []
  for (const [path, pt, en] of expected) {
    // `?lang=` answers with a redirect that remembers the language in a cookie: ask for each.
    const inPt = await serverTitle(page, `${path}?lang=pt`)
    const inEn = await serverTitle(page, `${path}?lang=en`)
    if (inPt !== pt) wrong.push(`${path} pt: ${inPt}`)
    if (inEn !== en) wrong.push(`${path} en: ${inEn}`)
  }
  expect(wrong).toEqual([])
  // Signed-out auth pages.
  await page.context().clearCookies()
  expect(await serverTitle(page, '/signin?lang=pt')).toBe('Entrar — Farol')
  expect(await serverTitle(page, '/signup?lang=pt')).toBe('Criar conta — Farol')
  expect(await serverTitle(page, '/signup?lang=en')).toBe('Create account — Farol')
  // The browser keeps the title after hydration and client navigation.
  await page.goto('/suite/seo?lang=pt')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page).toHaveTitle('Análise SEO — Farol')
  await page
    .getByTestId('suite-nav')
    .getByRole('link', { name: /^Painel/ })
    .click()
  await expect(page).toHaveTitle('Painel — Farol')
})
