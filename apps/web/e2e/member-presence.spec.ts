// A member on the AI-presence page (issue 40): the settings are the workspace's and only its owners and
// admins save them. The member's review says their edits go with this run only; the run asks the member's
// questions; the workspace's saved questions are unchanged afterwards; the Competition tab shows the
// settings without a save button; and no request of the visit answers 4xx. Against the fake AI providers
// (global-setup.ts: every answer echoes its question) and the llm-oficina fixture site; the agency is set
// up through the API.
import { expect, test } from '@playwright/test'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { createVerifiedUser, signInByApi, uniqueEmail } from './auth-helpers.ts'
import { apiErrors, gotoHydrated } from './helpers.ts'
import { signedIn } from './seeded-world.ts'

// One run of 1 question × 5 assistants × 3 repeats and the journey, on a possibly busy machine.
test.setTimeout(120_000)

let site: FixtureServer
test.beforeAll(async () => {
  site = await startFixtureServer({ site: 'llm-oficina' })
})
test.afterAll(async () => {
  await site?.close()
})

for (const lang of ['pt', 'en'] as const) {
  test(`${lang}: a member's edits go with this run only; the workspace's settings stay; no 4xx`, async ({
    page,
    request,
    baseURL,
  }) => {
    const url = `${site.origin}/`
    const saved = lang === 'pt' ? 'Pergunta guardada pela agência?' : 'A question the agency saved?'
    const mine = lang === 'pt' ? 'Qual a melhor oficina de Braga?' : 'Which is the best garage in Braga?'
    const { email: owner } = await createVerifiedUser(request, baseURL!, {
      email: uniqueEmail(`pres-owner-${lang}`),
    })
    const { email: member } = await createVerifiedUser(request, baseURL!, {
      email: uniqueEmail(`pres-member-${lang}`),
    })
    const agency = await signedIn(baseURL!, owner)
    const ok = async (res: Awaited<ReturnType<typeof agency.post>>) => {
      expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true)
      return (await res.json()) as { id: string }
    }
    await ok(await agency.post('/api/workspaces', { data: { name: `Agência Presença ${lang}` } }))
    await ok(
      await agency.put('/api/llm/settings', {
        data: {
          url,
          brand: null,
          aliases: [],
          competitors: [],
          prompts: [{ text: saved, kind: 'discovery', lang }],
        },
      }),
    )
    const invitation = await ok(
      await agency.post('/api/workspaces/current/invitations', { data: { email: member, role: 'member' } }),
    )
    // Accepted in the page's session: the agency becomes its active workspace.
    await signInByApi(page, baseURL!, member)
    await ok(
      await page.request.post(`${baseURL}/api/invitations/${invitation.id}/accept`, {
        headers: { origin: baseURL! },
      }),
    )
    if (lang === 'en') await gotoHydrated(page, '/en')
    const errors = apiErrors(page)
    const created: unknown[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/seo-task-manager/create')
        created.push(r.postDataJSON())
    })
    await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url })}`)

    // The review: the workspace's question, the note that edits are for this run only, the brand read-only.
    const review = page.getByTestId('llm-review')
    await expect(review.getByTestId('llm-review-questions')).toHaveValue(saved)
    await expect(review.getByTestId('llm-review-help')).toHaveText(
      lang === 'pt'
        ? /valem só para esta verificação: não ficam guardadas como definições do espaço de trabalho/
        : /apply to this check only: they are not saved as the workspace's settings/,
    )
    await expect(review.getByTestId('llm-review-brand')).toHaveAttribute('readonly', '')
    await review.getByTestId('llm-review-questions').fill(mine)
    await review.getByTestId('llm-review-start').click()
    await expect(page.getByTestId('llm-rates')).toBeVisible({ timeout: 90_000 })
    await expect(page.getByTestId('llm-progress')).toHaveCount(0, { timeout: 30_000 })

    // The run asked the member's question (the fake assistants echo it), sent with the run…
    expect(created).toContainEqual(
      expect.objectContaining({
        task_name: 'llm_presence',
        requested_data: expect.objectContaining({ url, prompts: [mine] }),
      }),
    )
    await expect(page.getByTestId('llm-answer').filter({ hasText: mine }).first()).toBeVisible()
    // …and the workspace's settings are the agency's still.
    const settings = await (
      await page.request.get(`/api/llm/settings?${new URLSearchParams({ url })}`)
    ).json()
    expect(settings.prompts.map((p: { text: string }) => p.text)).toEqual([saved])

    // The Competition tab: the settings, read, with no save button for a member.
    await page.getByTestId('llm-tab-competition').click()
    await expect(page.getByTestId('llm-settings')).toBeVisible()
    await expect(page.getByTestId('llm-settings-save')).toHaveCount(0)

    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])
    await agency.dispose()
  })
}
