// A client on the Knowledge tab of /suite/llm (issue 40 item 7): the workspace's facts of the site shared
// with them are read, with none of the controls that change them (add, save, correct), and the visit makes
// no request that answers 4xx. Seeded state (seeded-world.ts: an agency, its site shared with a client).
import { expect, test } from '@playwright/test'
import { signInByApi } from './auth-helpers.ts'
import { apiErrors, gotoHydrated } from './helpers.ts'
import { seededWorld } from './seeded-world.ts'

test.setTimeout(120_000)

for (const lang of ['pt', 'en'] as const)
  test(`${lang}: a client reads the Knowledge tab of a shared site, with no control they cannot use`, async ({
    page,
    baseURL,
  }) => {
    const world = await seededWorld(baseURL!)
    await signInByApi(page, baseURL!, world.client.email)
    // A new session starts in the client's personal workspace: the agency's is chosen, as the menu does.
    const active = await page.request.post(`${baseURL}/api/workspaces/active`, {
      headers: { origin: baseURL! },
      data: { workspaceId: world.workspaceId },
    })
    expect(active.ok(), await active.text()).toBe(true)
    if (lang === 'en') await gotoHydrated(page, '/en')
    const errors = apiErrors(page)
    await gotoHydrated(page, `/suite/llm?${new URLSearchParams({ url: world.site })}`)
    await page.getByTestId('llm-tab-knowledge').click()
    const tab = page.getByTestId('knowledge-tab')
    await expect(tab).toBeVisible()
    await expect(tab.getByTestId('knowledge-facts')).toBeVisible()
    // Only once the facts have loaded does the list show (a check while loading would pass on nothing).
    await expect(tab.getByTestId('knowledge-version')).toBeVisible({ timeout: 30_000 })
    const facts = tab.getByTestId('knowledge-facts')
    await expect(facts.getByRole('textbox')).toHaveCount(0)
    await expect(facts.getByRole('combobox')).toHaveCount(0)
    // The facts are read, never changed: no add, save or correct.
    for (const id of ['knowledge-add', 'knowledge-save', 'knowledge-correct'])
      await expect(tab.getByTestId(id), id).toHaveCount(0)
    await expect(
      tab.getByRole('button', { name: lang === 'pt' ? 'Guardar' : 'Save', exact: true }),
    ).toHaveCount(0)
    // Nor are the workspace's AI-presence settings: the Competition tab has no save button.
    await page.getByTestId('llm-tab-competition').click()
    await expect(page.getByTestId('llm-settings-save')).toHaveCount(0)

    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])
  })
