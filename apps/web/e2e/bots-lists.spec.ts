// /suite/bots (issue 42 item 3): requests from outside an operator's list too old to call them fake are
// counted apart ("Fora da lista") with the list's date in words, and the page shows each list's date and
// the server's refresh. Screenshots in PT and EN at 375 and 1280 px when FAROL_SHOTS names a folder.
import { expect, test } from '@playwright/test'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { gotoHydrated } from './helpers.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const line = (ip: string, path: string) =>
  `${ip} - - [20/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 100 "-" "${GPT}"`
const log = [
  line('20.171.206.5', '/'),
  ...Array.from({ length: 30 }, (_, i) => line('198.51.100.9', `/p${i % 3}`)),
]
const shots = process.env.FAROL_SHOTS

for (const lang of ['pt', 'en'] as const) {
  test(`${lang}: requests outside an old list, with its date, and the lists' dates`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { email } = await createVerifiedUser(request, baseURL!, { email: uniqueEmail(`bot-lists-${lang}`) })
    await signInByApi(page, baseURL!, email)
    await gotoHydrated(page, lang === 'pt' ? '/suite/bots' : '/suite/bots?lang=en')
    await page.getByLabel(lang === 'pt' ? 'Endereço do site' : 'Site address').fill('https://loja-exemplo.pt')
    await page
      .getByLabel(lang === 'pt' ? 'Ficheiros de registo' : 'Log files')
      .setInputFiles([{ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(log.join('\n')) }])
    await page.getByRole('button', { name: lang === 'pt' ? 'Analisar registos' : 'Analyse logs' }).click()
    await expect(page.getByTestId('outside-list-GPTBot')).toHaveText('30')
    await expect(page.getByTestId('outside-list-notes')).toContainText(
      lang === 'pt'
        ? 'GPTBot: 30 pedidos fora da lista publicada pela OpenAI em 4 mai 2026'
        : 'GPTBot: 30 requests outside the list OpenAI published on 4 May 2026',
    )
    await expect(page.getByTestId('bot-list-gptbot')).toContainText(
      lang === 'pt' ? 'cópia incluída no Farol, de 4 mai 2026' : 'copy shipped with Farol, from 4 May 2026',
    )
    // The e2e server never fetches the lists from the internet (playwright.config.ts): the page says so.
    await expect(page.getByTestId('bot-lists-refresh')).toContainText(
      lang === 'pt'
        ? 'A atualização automática das listas está desligada neste servidor.'
        : 'Automatic refresh of the lists is off on this server.',
    )
    // Every list the refresh fetches is shown, DuckAssistBot's (no copy shipped) as having none.
    await expect(page.getByTestId('bot-lists-show')).toHaveText(
      lang === 'pt' ? 'Ver as 11 listas' : 'Show the 11 lists',
    )
    await page.getByTestId('bot-lists-show').click()
    await expect(page.getByTestId('bot-list-gptbot')).toBeVisible()
    await expect(page.getByTestId('bot-list-duckassistbot')).toContainText(
      lang === 'pt'
        ? 'sem nenhuma cópia da lista: os pedidos deste robô não podem ser verificados por endereço'
        : "no copy of the list: this bot's requests cannot be checked by address",
    )
    if (shots)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${shots}/bots-${lang}-${width}.png`, fullPage: true })
      }
  })
}
