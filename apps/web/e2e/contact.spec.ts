import { expect, type Page, test } from '@playwright/test'
import { gotoHydrated } from './helpers.ts'

/** A form field by its accessible name (the required asterisk is hidden from it). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })

test('an empty submit shows the incomplete-form toast', async ({ page }) => {
  await gotoHydrated(page, '/contacto')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacto')
  for (const name of ['Nome', 'Email', 'Mensagem'])
    await expect(field(page, name)).toHaveAttribute('required', '')
  await expect(field(page, 'Assunto (opcional)')).not.toHaveAttribute('required', '')
  await expect(field(page, 'Email')).toHaveAttribute('type', 'email')

  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByText('Formulário incompleto')).toHaveCount(1)
  await expect(page.getByText('Por favor preencha todos os campos obrigatórios.')).toBeVisible()

  // Blanks count as empty too (the browser accepts them; the page does not).
  await field(page, 'Nome').fill('   ')
  await field(page, 'Email').fill('ana@exemplo.pt')
  await field(page, 'Mensagem').fill('  ')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByText('Formulário incompleto').first()).toBeVisible()
  await expect(field(page, 'Nome')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#contact-name-error')).toHaveText('Campo obrigatório')
  await expect(field(page, 'Email')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(field(page, 'Nome')).toBeFocused()
})

test('a valid message shows the confirmation card, and another message starts empty', async ({ page }) => {
  await gotoHydrated(page, '/contacto')
  await field(page, 'Nome').fill('Ana Teste')
  await field(page, 'Email').fill('ana@exemplo.pt')
  await field(page, 'Assunto (opcional)').fill('Parceria')
  await field(page, 'Mensagem').fill('Olá! Gostaria de saber mais sobre o Farol.')

  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/contact*', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  const busy = page.getByRole('button', { name: 'A enviar...' })
  await expect(busy).toBeDisabled()
  await expect(field(page, 'Nome')).toBeDisabled()
  release()

  const card = page.getByTestId('contact-success')
  await expect(card).toContainText('Mensagem enviada')
  await expect(card).toContainText('Recebemos a sua mensagem. Entraremos em contacto em breve.')
  await expect(
    page.getByText('Recebemos a sua mensagem. Entraremos em contacto em breve.').last(),
  ).toBeVisible()

  await card.getByRole('link', { name: 'Enviar outra mensagem' }).click()
  for (const label of ['Nome', 'Assunto (opcional)', 'Mensagem'])
    await expect(field(page, label)).toHaveValue('')
  await expect(field(page, 'Email')).toHaveValue('')
  await expect(field(page, 'Nome')).toBeFocused()
})

test('a failure keeps the values and shows the error toast', async ({ page }) => {
  await gotoHydrated(page, '/contacto')
  await page.route('**/api/contact*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }),
  )
  await field(page, 'Nome').fill('Ana')
  await field(page, 'Email').fill('ana@exemplo.pt')
  await field(page, 'Mensagem').fill('Olá')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByText('Erro ao enviar').first()).toBeVisible()
  await expect(
    page.getByText('Ocorreu um erro ao enviar a sua mensagem. Por favor tente novamente.').first(),
  ).toBeVisible()
  await expect(field(page, 'Nome')).toHaveValue('Ana')
  await expect(field(page, 'Mensagem')).toHaveValue('Olá')
  await expect(page.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled()
})

test('server field errors appear next to their fields (English)', async ({ page }) => {
  await gotoHydrated(page, '/contact')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact')
  await field(page, 'Name').fill('Ana')
  // Valid for the browser, refused by the server.
  await field(page, 'Email').fill('ana@localhost')
  await field(page, 'Message').fill('Hello')
  await page.getByRole('button', { name: 'Send message' }).click()
  const email = field(page, 'Email')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#contact-email-error')).toHaveText('Enter a valid email address.')
  await expect(email).toHaveValue('ana@localhost')
  await expect(page.getByText('Sending failed').first()).toBeVisible()
})

test('hours and the two addresses come from the configuration', async ({ page, request }) => {
  const info = (await (await request.get('/api/site-info')).json()) as {
    contactEmails: string[]
    hours: { weekdays: { en: string }; weekend: { en: string } }
  }
  await gotoHydrated(page, '/contact')
  const emails = page.getByTestId('contact-emails').getByRole('link')
  await expect(emails).toHaveCount(info.contactEmails.length)
  for (const email of info.contactEmails)
    await expect(emails.filter({ hasText: email })).toHaveAttribute('href', `mailto:${email}`)
  const hours = page.getByTestId('contact-hours')
  await expect(hours).toContainText('Weekdays')
  await expect(hours).toContainText(info.hours.weekdays.en)
  await expect(hours).toContainText('Weekend')
  await expect(hours).toContainText(info.hours.weekend.en)
})

test('the honeypot is invisible, unreachable and silent', async ({ page }) => {
  await gotoHydrated(page, '/contacto')
  const trap = page.locator('input[name="website"]')
  await expect(trap).toHaveCount(1)
  await expect(trap).toHaveAttribute('tabindex', '-1')
  await expect(trap).toHaveAttribute('autocomplete', 'off')
  await expect(trap).not.toBeInViewport()
  const box = await trap.boundingBox()
  expect(box === null || box.x + box.width <= 0).toBe(true)
  await expect(page.getByRole('textbox', { name: 'Não preencha este campo' })).toHaveCount(0)
  // Tabbing through the form never lands on it.
  await field(page, 'Mensagem').focus()
  await page.keyboard.press('Tab')
  await expect(trap).not.toBeFocused()
})

test('without JavaScript the form posts, confirms and keeps values on error', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/contacto')
  await field(page, 'Nome').fill('Rui Sem Scripts')
  await field(page, 'Email').fill('rui@localhost')
  await field(page, 'Mensagem').fill('Mensagem sem JavaScript.')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByTestId('contact-problem')).toContainText('Erro ao enviar')
  await expect(page.locator('#contact-email-error')).toHaveText('Indique um email válido.')
  await expect(field(page, 'Nome')).toHaveValue('Rui Sem Scripts')

  await field(page, 'Email').fill('rui@exemplo.pt')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(page.getByTestId('contact-success')).toContainText('Mensagem enviada')
  await page.getByRole('link', { name: 'Enviar outra mensagem' }).click()
  await expect(field(page, 'Nome')).toHaveValue('')
  await context.close()
})

test("the page's own messages only: no browser bubble ('Please fill out this field'), a bad email in Portuguese", async ({
  page,
}) => {
  await gotoHydrated(page, '/contacto')
  await expect(page.getByTestId('contact-form')).toHaveAttribute('novalidate', '')
  let posts = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/contact')) posts += 1
  })
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  // The browser did not stop the submit with its bubble: the page's toast and field messages answered.
  await expect(page.getByText('Formulário incompleto')).toHaveCount(1)
  await expect(page.locator('#contact-name-error')).toHaveText('Campo obrigatório')
  await field(page, 'Nome').fill('Ana Teste')
  // Without an @: the browser's type=email check would have bubbled in English.
  await field(page, 'Email').fill('ana.exemplo.pt')
  await field(page, 'Mensagem').fill('Olá!')
  await page.getByRole('button', { name: 'Enviar mensagem' }).click()
  // The server's own message for the same mistake.
  await expect(page.locator('#contact-email-error')).toHaveText('Indique um email válido.')
  await expect(field(page, 'Email')).toBeFocused()
  expect(posts).toBe(0)
})
