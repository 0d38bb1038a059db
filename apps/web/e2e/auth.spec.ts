import { expect, test } from '@playwright/test'
import { createVerifiedUser, fillSignIn, mailLink, signInByApi } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

test('/signin?redirect=suite&url=… keeps the analysis and lands on /suite?url=… after sign-in', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!)
  await gotoHydrated(page, '/signin?redirect=suite&url=exemplo.pt')
  await expect(page.getByTestId('pending-analysis')).toHaveText(
    'Inicie sessão ou registe-se para continuar a análise de exemplo.pt.',
  )
  expect(await page.evaluate(() => sessionStorage.getItem('pendingAnalysisUrl'))).toBe('exemplo.pt')
  await fillSignIn(page, email)
  await expect(page.getByText('Sessão iniciada com sucesso!')).toBeVisible()
  await expect(page).toHaveURL(/\/suite\?url=https%3A%2F%2Fexemplo\.pt/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Suite' })).toBeVisible()
})

test('the pending analysis in sessionStorage is used, then cleared, with redirect=suite alone', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!)
  await gotoHydrated(page, '/signin?redirect=suite&url=pendente.pt')
  await gotoHydrated(page, '/signin?redirect=suite')
  await expect(page.getByTestId('pending-analysis')).toHaveCount(0)
  await fillSignIn(page, email)
  await expect(page).toHaveURL(/\/suite\?url=https%3A%2F%2Fpendente\.pt/)
  expect(await page.evaluate(() => sessionStorage.getItem('pendingAnalysisUrl'))).toBeNull()
})

test('the sign-in form translates its own validation and keeps the values', async ({ page }) => {
  await gotoHydrated(page, '/signin')
  const panel = page.getByRole('tabpanel', { name: 'Entrar' })
  await panel.getByRole('button', { name: 'Entrar' }).click()
  await expect(panel.getByText('O email é obrigatório')).toBeVisible()
  await expect(panel.getByText('A palavra-passe é obrigatória')).toBeVisible()
  await expect(panel.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  // Tabs work with the keyboard.
  await page.getByRole('tab', { name: 'Entrar' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Registar' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('signin-title')).toHaveText('Criar conta')
})

test('an info message from navigation state shows as a banner', async ({ page }) => {
  await gotoHydrated(page, '/')
  await page.evaluate(() => {
    // Navigation state is what React Router keeps in history.state.usr.
    window.history.pushState(
      { usr: { message: 'Sessão expirada', tab: 'signup' }, key: 'x', idx: 1 },
      '',
      '/signin',
    )
  })
  await page.reload()
  await expect(page.getByTestId('signin-message')).toHaveText('Sessão expirada')
  await expect(page.getByTestId('signin-title')).toHaveText('Criar conta')
})

test('reset-password: invalid link banner, disabled submit, rule hints that tick', async ({ page }) => {
  await gotoHydrated(page, '/reset-password')
  await expect(page.getByTestId('reset-invalid')).toContainText('Link de recuperação inválido ou expirado.')
  await expect(page.getByRole('button', { name: 'Redefinir palavra-passe' })).toBeDisabled()

  await gotoHydrated(page, '/reset-password?type=recovery&error=INVALID_TOKEN')
  await expect(page.getByTestId('reset-invalid')).toBeVisible()

  await gotoHydrated(page, '/reset-password?type=recovery&token=abc')
  await expect(page.getByTestId('reset-invalid')).toHaveCount(0)
  const hints = page.getByTestId('password-hints')
  await expect(hints).toContainText('Password deve ter pelo menos 8 caracteres')
  await expect(hints).toContainText('Password deve conter pelo menos uma letra maiúscula')
  await expect(hints).toContainText('Password deve conter pelo menos um número')
  await expect(hints).toContainText('Password deve conter pelo menos um caractere especial')
  const field = page.getByLabel('Nova Password')
  await field.fill('abcdefgh')
  await expect(hints.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'true')
  await expect(hints.locator('[data-rule="uppercase"]')).toHaveAttribute('data-met', 'false')
  await field.fill('Abcdefg1!')
  await expect(hints.locator('[data-met="true"]')).toHaveCount(4)
  await page.getByLabel('Confirmar Password').fill('Abcdefg1?')
  await page.getByRole('button', { name: 'Redefinir palavra-passe' }).click()
  await expect(page.getByText('As passwords não coincidem')).toBeVisible()
  // A made-up token: the server refuses it, the banner and the destructive toast say so.
  await page.getByLabel('Confirmar Password').fill('Abcdefg1!')
  await page.getByRole('button', { name: 'Redefinir palavra-passe' }).click()
  await expect(page.getByTestId('reset-failure')).toBeVisible()
  await expect(page.getByText('Erro', { exact: true })).toBeVisible()
})

test('recovery → reset email → new password → sign in', async ({ page, request, baseURL }) => {
  const { email } = await createVerifiedUser(request, baseURL!)
  await gotoHydrated(page, '/recuperar-password')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click()
  await expect(page.getByText('Email de recuperação enviado!')).toBeVisible()
  await expect(page.getByTestId('recovery-sent')).toContainText(email)

  await page.goto(await mailLink(email, 'reset-password'))
  await expect(page).toHaveURL(/\/reset-password\?type=recovery&token=/)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByLabel('Nova Password').fill('Recuperada#2026')
  await page.getByLabel('Confirmar Password').fill('Recuperada#2026')
  await page.getByRole('button', { name: 'Redefinir palavra-passe' }).click()
  await expect(page.getByTestId('reset-done')).toHaveText('Password Redefinida')
  await expect(page.getByText('Sua password foi atualizada com sucesso.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/, { timeout: 6000 })
  await fillSignIn(page, email, 'Recuperada#2026')
  await expect(page).toHaveURL(/\/suite$/)
})

test('account pages send anonymous visitors to /signin and back', async ({ page, request, baseURL }) => {
  await page.goto('/suite/settings')
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fsuite%2Fsettings$/)
  const { email } = await createVerifiedUser(request, baseURL!)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await fillSignIn(page, email)
  await expect(page).toHaveURL(/\/suite\/settings$/)
})

test('a signed-in user: /signup goes to /dashboard/client, /dashboard answers 403', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!)
  await page.goto('/')
  await signInByApi(page, baseURL!, email)
  await page.goto('/signup')
  await expect(page).toHaveURL(/\/dashboard\/client$/)
  const response = await page.goto('/dashboard')
  expect(response?.status()).toBe(403)
  await expect(page.getByTestId('forbidden')).toBeVisible()
})

test('/auth/callback shows the error state and honours only local next paths', async ({ page }) => {
  await gotoHydrated(page, '/auth/callback?error=invalid_token&next=/dashboard/client')
  await expect(page.getByTestId('callback-error')).toBeVisible()
  await gotoHydrated(page, '/auth/callback?next=https://evil.example/')
  // Anonymous: the fallback continues to /suite, never to another site.
  await expect(page).toHaveURL(/\/suite$/)
})

test('the sign-in modal (suite access gate): labelled, traps focus, Escape closes, returns to the page', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!)
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/suite/aio')
  const open = page.getByTestId('access-gate-panel').getByRole('link', { name: 'Entrar' })
  await open.click()
  const dialog = page.getByRole('dialog', { name: 'Iniciar sessão' })
  await expect(dialog).toBeVisible()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await open.click()
  await page.getByRole('dialog').getByRole('tab', { name: 'Registar' }).click()
  await expect(page.getByRole('dialog', { name: 'Criar conta' })).toBeVisible()
  await page.getByRole('dialog').getByRole('tab', { name: 'Entrar' }).click()
  await fillSignIn(page, email)
  await expect(page.getByText('Sessão iniciada com sucesso!')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/suite\/aio$/)
  await expect(page.getByTestId('access-gate')).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Suite' })).toBeVisible()
})

test('settings: the language switches the interface and follows the account to another device', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await createVerifiedUser(request, baseURL!)
  await page.goto('/')
  await signInByApi(page, baseURL!, email)
  await gotoHydrated(page, '/suite/settings')
  const form = page.getByTestId('settings-form')
  await form.getByLabel('English').check()
  await form.getByRole('button', { name: 'Guardar alterações' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
  await expect(page.getByTestId('settings-form').getByRole('button', { name: 'Save changes' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // Another device has no language cookie: the account's setting applies.
  await page.context().clearCookies({ name: 'farol_lang' })
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})
