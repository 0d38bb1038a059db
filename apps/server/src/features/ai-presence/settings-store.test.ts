// AI-presence settings are a workspace's (issue 40, migration 0037): a task reads its workspace's, a row
// from before 0037 without a workspace counts as its user's personal one only, and a save in one workspace
// changes no other. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../../test/each-database.ts'
import { llmSettings, organizations, users } from '../../platform/db/schema.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'
import { emptySettings, loadSettings, saveSettings, settingsOwnerOf } from './settings.ts'

describeOnEachDatabase('AI-presence settings store on %s', (opened) => {
  it('reads and writes one workspace’s settings, never another’s', async () => {
    const db = opened().db
    const [ana, bia] = [randomUUID(), randomUUID()]
    for (const id of [ana, bia]) await db.insert(users).values({ id, name: 'x', email: `${id}@llm.pt` })
    const team = randomUUID()
    await db.insert(organizations).values({ id: team, name: 'Equipa', slug: `t-${team}` })
    const domain = 'loja.pt'
    const mine = { brand: 'Loja da Ana', aliases: [], competitors: [], prompts: null }
    // A row from before 0037 whose account had no personal workspace yet.
    await db.insert(llmSettings).values({ userId: ana, domain, ...mine })
    const personal = settingsOwnerOf({ workspaceId: null, userId: ana })!
    expect(personal.workspaceId).toBe(personalWorkspaceId(ana))
    expect(await loadSettings(db, personal, domain)).toMatchObject({ brand: 'Loja da Ana' })
    // Ana's task in the team reads the team's (none yet), not hers.
    expect(await loadSettings(db, settingsOwnerOf({ workspaceId: team, userId: ana })!, domain)).toEqual(
      emptySettings,
    )
    // Bia saves the team's; Ana reads them there, her personal ones stay.
    await saveSettings(db, { workspaceId: team, userId: bia }, domain, { ...mine, brand: 'Loja (equipa)' })
    expect(await loadSettings(db, { workspaceId: team, userId: ana }, domain)).toMatchObject({
      brand: 'Loja (equipa)',
    })
    expect(await loadSettings(db, personal, domain)).toMatchObject({ brand: 'Loja da Ana' })
    // Bia's personal workspace sees neither.
    expect(await loadSettings(db, { workspaceId: personalWorkspaceId(bia), userId: bia }, domain)).toEqual(
      emptySettings,
    )
    // Saving twice in the team updates its one row (one per workspace and domain).
    await saveSettings(db, { workspaceId: team, userId: ana }, domain, { ...mine, brand: 'Loja 2' })
    const rows = (await db.select().from(llmSettings)).filter((r) => r.workspaceId === team)
    expect(rows.map((r) => [r.brand, r.userId])).toEqual([['Loja 2', ana]])
  })
})
