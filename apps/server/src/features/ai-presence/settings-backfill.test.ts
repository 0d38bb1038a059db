// Migration 0037's backfill, run again on rows as they were before it (no workspace): a user's settings go to
// their personal workspace and to each team workspace where they follow a site of that domain, never to
// another team; a user without a personal workspace yet keeps a row without one. PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../../test/each-database.ts'
import { llmSettings, organizations, trackedSites, users } from '../../platform/db/schema.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'

/** The migration's backfill statements (the copy to teams, then the move to the personal workspace). */
const backfill = readFileSync(
  new URL('../../platform/db/migrations/0037_workspace_llm_settings.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
  .filter((s) => /^(INSERT|UPDATE)/.test(s))

describeOnEachDatabase('migration 0037 backfill on %s', (opened) => {
  it('moves a user’s settings to their workspaces that saw them, no other', async () => {
    expect(backfill).toHaveLength(2)
    const db = opened().db
    const [ana, bia] = [randomUUID(), randomUUID()]
    for (const id of [ana, bia]) await db.insert(users).values({ id, name: 'x', email: `${id}@fill.pt` })
    const [followed, other] = [randomUUID(), randomUUID()]
    await db.insert(organizations).values([
      { id: personalWorkspaceId(ana), name: 'Ana', slug: `p-${ana}`, metadata: '{"personal":true}' },
      { id: followed, name: 'Segue', slug: `s-${followed}` },
      { id: other, name: 'Outra', slug: `o-${other}` },
    ])
    await db.insert(trackedSites).values([
      { userId: ana, workspaceId: followed, url: 'https://www.loja.pt/' },
      { userId: ana, workspaceId: other, url: 'https://blog.pt/' },
    ])
    const row = { aliases: [], competitors: [], prompts: null }
    await db.insert(llmSettings).values([
      { userId: ana, domain: 'loja.pt', brand: 'Loja', ...row },
      { userId: bia, domain: 'loja.pt', brand: 'Da Bia', ...row },
    ])
    for (const statement of backfill) await db.execute(sql.raw(statement))
    const rows = await db.select().from(llmSettings)
    const where = (workspaceId: string | null) =>
      rows.filter((r) => r.workspaceId === workspaceId).map((r) => [r.brand, r.userId])
    expect(where(personalWorkspaceId(ana))).toEqual([['Loja', ana]])
    expect(where(followed)).toEqual([['Loja', ana]])
    expect(where(other)).toEqual([])
    expect(where(null)).toEqual([['Da Bia', bia]])
  })
})
