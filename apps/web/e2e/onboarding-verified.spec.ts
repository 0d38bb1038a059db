/**
 * Following the confirmation email's link says so (issue 12, item 10): the landing page shows "Email
 * confirmado" once; a reload does not show it again.
 */
import { expect, test } from '@playwright/test'
import { mailLink, password, uniqueEmail } from './auth-helpers.ts'

test('the verification link lands signed in with a one-time confirmation', async ({ page, baseURL }) => {
  const email = uniqueEmail('confirmado')
  const signUp = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin: baseURL! },
    data: {
      name: 'Rita Confirmada',
      email,
      password,
      callbackURL: '/auth/callback?next=%2Fdashboard%2Fclient&verified=email',
    },
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
  await page.goto(await mailLink(email, 'verification'))
  await expect(page).toHaveURL(/\/dashboard\/client$/)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page.getByText('Email confirmado')).toBeVisible()
  await expect(page.getByText('A sua conta está ativa. Bem-vindo ao Farol!')).toBeVisible()
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Rita Confirmada')
  await expect(page.getByText('Email confirmado')).toHaveCount(0)
})
