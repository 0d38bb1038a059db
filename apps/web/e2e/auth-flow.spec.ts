import { expect, test } from '@playwright/test'
import { fillSignIn, mailLink, password, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

// One account goes through the whole life cycle in order, through the UI only.
test.describe.configure({ mode: 'serial' })

const email = uniqueEmail('flow')

test('sign up → verification email → link → signed in → sign out → sign in', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Registar' })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Terminar sessão' })).toHaveCount(0)

  await header.getByRole('link', { name: 'Registar' }).click()
  await expect(page.getByTestId('signin-title')).toHaveText('Criar conta')
  const signup = page.getByRole('tabpanel', { name: 'Registar' })
  await signup.getByLabel('Nome (opcional)').fill('Rita Fluxo')
  await signup.getByLabel('Email').fill(email)
  const field = signup.getByLabel('Palavra-passe', { exact: true })
  await field.fill('abc')
  await expect(signup.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false')
  await field.fill(password)
  for (const rule of ['length', 'uppercase', 'digit', 'special'])
    await expect(signup.locator(`[data-rule="${rule}"]`)).toHaveAttribute('data-met', 'true')
  await signup.getByRole('button', { name: 'Criar conta' }).click()

  await expect(page).toHaveURL(/\/verification$/)
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible()
  await expect(page.getByText('Verifique o seu e-mail para confirmar o registo.')).toBeVisible()
  await expect(page.getByTestId('verification-status')).toContainText(email)

  // Before confirming, sign-in is refused with a resend action.
  await gotoHydrated(page, '/signin')
  await fillSignIn(page, email)
  await expect(page.getByTestId('signin-alert')).toContainText('ainda não foi confirmado')
  await expect(
    page.getByTestId('signin-alert').getByRole('button', { name: 'Reenviar email de confirmação' }),
  ).toBeVisible()
  await expect(page.getByText('Erro ao iniciar sessão')).toBeVisible()

  const link = await mailLink(email, 'verification')
  await page.goto(link)
  await expect(page).toHaveURL(/\/dashboard\/client$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Rita Fluxo')
  await expect(page.getByTestId('client-reports')).toContainText('prontos a descarregar')
  await expect(header.getByRole('link', { name: 'Suite' })).toHaveAttribute('href', '/suite')
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Entrar' })).toHaveCount(0)

  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await header.getByRole('button', { name: 'Terminar sessão' }).click()
  await expect(page.getByText('Logout realizado com sucesso')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)
  await expect(header.getByRole('link', { name: 'Entrar' })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Terminar sessão' })).toHaveCount(0)

  await fillSignIn(page, email, 'Errada#2026')
  await expect(page.getByTestId('signin-alert')).toHaveText('Email ou palavra-passe incorretos.')
  await expect(page.getByLabel('Email')).toHaveValue(email)

  await fillSignIn(page, email)
  await expect(page.getByText('Sessão iniciada com sucesso!')).toBeVisible()
  await expect(page.getByText('Bem-vindo de volta.')).toBeVisible()
  await expect(page).toHaveURL(/\/suite$/)
  await expect(header.getByRole('link', { name: 'Suite' })).toBeVisible()
})

test('a profile name change persists after reload', async ({ page }) => {
  await gotoHydrated(page, '/signin')
  await fillSignIn(page, email)
  await expect(page).toHaveURL(/\/suite$/)
  await gotoHydrated(page, '/suite/profile')
  const form = page.getByTestId('profile-form')
  await expect(form.getByLabel('Email')).toHaveValue(email)
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '')
  await expect(form.getByLabel('Função')).toHaveValue('Utilizador')
  await form.getByLabel('Nome').fill('Rita Renomeada')
  await form.getByRole('button', { name: 'Guardar alterações' }).click()
  await expect(page.getByText('Perfil atualizado com sucesso')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('profile-form').getByLabel('Nome')).toHaveValue('Rita Renomeada')
})

test('dark mode persists after reload and is rendered by the server', async ({ page }) => {
  await gotoHydrated(page, '/signin')
  await fillSignIn(page, email)
  await expect(page).toHaveURL(/\/suite$/)
  await gotoHydrated(page, '/suite/settings')
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  const form = page.getByTestId('settings-form')
  await expect(form.getByRole('switch', { name: 'Notificações por email' })).toBeChecked()
  const dark = form.getByRole('switch', { name: 'Modo escuro' })
  await expect(dark).not.toBeChecked()
  await dark.check()
  await form.getByRole('button', { name: 'Guardar alterações' }).click()
  await expect(page.getByText('Definições guardadas')).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)

  // No flash: the HTML from the server already carries the class.
  const html = await (await page.request.get('/suite/settings')).text()
  expect(html).toMatch(/<html[^>]*class="dark"/)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.getByTestId('settings-form').getByRole('switch', { name: 'Modo escuro' })).toBeChecked()
})

test('change password: the wrong current password is refused, then the new one works', async ({ page }) => {
  await gotoHydrated(page, '/signin')
  await fillSignIn(page, email)
  await expect(page).toHaveURL(/\/suite$/)
  await gotoHydrated(page, '/suite/change-password')
  const form = page.getByTestId('change-password-form')
  await form.getByLabel('Palavra-passe atual').fill('Errada#2026')
  await form.getByLabel('Nova palavra-passe', { exact: true }).fill('Nova#Senha2026')
  await form.getByLabel('Confirmar a nova palavra-passe').fill('Outra#Senha2026')
  await form.getByRole('button', { name: 'Alterar a palavra-passe' }).click()
  await expect(form.getByText('A nova palavra-passe e a confirmação não coincidem')).toBeVisible()

  await form.getByLabel('Confirmar a nova palavra-passe').fill('Nova#Senha2026')
  await form.getByRole('button', { name: 'Alterar a palavra-passe' }).click()
  await expect(page.getByTestId('change-password-error')).toContainText(
    'Não foi possível alterar a palavra-passe. Tente novamente.',
  )
  await expect(page.getByText('Erro ao alterar a palavra-passe')).toBeVisible()

  await form.getByLabel('Palavra-passe atual').fill(password)
  await form.getByRole('button', { name: 'Alterar a palavra-passe' }).click()
  await expect(page.getByText('Palavra-passe alterada com sucesso')).toBeVisible()
  await expect(page).toHaveURL(/\/suite\/profile$/)
})
