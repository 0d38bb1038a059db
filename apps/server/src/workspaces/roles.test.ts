import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { personalWorkspaceId, pickActive, type Workspace } from './access.ts'
import { can, isPersonal, roleOf } from './roles.ts'

describe('workspace roles', () => {
  it('allows each role exactly its actions', () => {
    const table = {
      owner: [true, true, true, true],
      admin: [true, true, true, false],
      member: [true, true, false, false],
      client: [true, false, false, false],
      stranger: [false, false, false, false],
    }
    for (const [role, expected] of Object.entries(table))
      expect(
        (['read', 'write', 'share', 'delete-workspace'] as const).map((a) => can(role, a)),
        role,
      ).toEqual(expected)
  })
  it('reads a stored role list as the strongest known role', () => {
    expect(roleOf('member, admin')).toBe('admin')
    expect(roleOf('client')).toBe('client')
    expect(roleOf('boss')).toBeNull()
  })
  it('recognises the personal mark only', () => {
    expect(isPersonal('{"personal":true}')).toBe(true)
    expect(isPersonal('{"personal":"yes"}')).toBe(false)
    expect(isPersonal('not json')).toBe(false)
    expect(isPersonal(null)).toBe(false)
  })
})

describe('active workspace', () => {
  const ws = (id: string, personal = false): Workspace => ({
    id,
    name: id,
    slug: id,
    logo: null,
    personal,
    role: 'member',
  })
  const list = [ws('p', true), ws('a')]
  it('is the session’s choice while still a member, else the personal one', () => {
    expect(pickActive(list, 'a', 'p').id).toBe('a')
    expect(pickActive(list, 'gone', 'p').id).toBe('p')
    expect(pickActive(list, null, 'p').id).toBe('p')
  })
  it('uses the same personal id as the migration’s backfill', async () => {
    const db = new PGlite()
    const { rows } = await db.query<{ id: string }>("select md5('personal:' || $1) as id", ['u1'])
    expect(personalWorkspaceId('u1')).toBe(rows[0]!.id)
    await db.close()
  })
})
