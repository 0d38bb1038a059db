import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { personalWorkspaceId, pickActive, reportOfSites, type Workspace } from './access.ts'
import { abilitiesOf, can, isPersonal, memberChange, roleOf } from './roles.ts'

describe('workspace roles', () => {
  it('tells the interface what each role may do, from the same table', () => {
    const flags = (role: string, personal = false) => {
      const a = abilitiesOf(role, personal)
      return [a.write, a.manage, a.rename, a.delete, a.leave]
    }
    expect(flags('owner')).toEqual([true, true, true, true, true])
    expect(flags('owner', true)).toEqual([true, true, true, false, false])
    expect(flags('admin')).toEqual([true, true, false, false, true])
    expect(flags('member')).toEqual([true, false, false, false, true])
    expect(flags('client')).toEqual([false, false, false, false, true])
    expect(flags('client', true)).toEqual([false, false, false, false, false])
    expect(flags('stranger')).toEqual([false, false, false, false, false])
  })
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
  it('keeps an owner: the last one is neither removed nor demoted; only owners touch owners', () => {
    const one = [
      { id: 'o', role: 'owner' as const },
      { id: 'a', role: 'admin' as const },
      { id: 'm', role: 'member' as const },
      { id: 'c', role: 'client' as const },
    ]
    const two = [...one, { id: 'o2', role: 'owner' as const }]
    const owner = { role: 'owner' as const }
    const admin = { role: 'admin' as const }
    // The last owner, by themselves or anyone.
    expect(memberChange(one, owner, 'o', null)).toBe('LAST_OWNER')
    expect(memberChange(one, owner, 'o', 'admin')).toBe('LAST_OWNER')
    expect(memberChange(one, owner, 'o', 'owner')).toBeNull()
    // With a second owner, either may go or step down.
    expect(memberChange(two, owner, 'o', 'member')).toBeNull()
    expect(memberChange(two, owner, 'o', null)).toBeNull()
    // Admins manage everyone but owners, and make no owner.
    expect(memberChange(two, admin, 'm', 'client')).toBeNull()
    expect(memberChange(two, admin, 'c', null)).toBeNull()
    expect(memberChange(two, admin, 'o2', 'member')).toBe('FORBIDDEN')
    expect(memberChange(two, admin, 'o2', null)).toBe('FORBIDDEN')
    expect(memberChange(two, admin, 'm', 'owner')).toBe('FORBIDDEN')
    expect(memberChange(two, owner, 'm', 'owner')).toBeNull()
    // Members and clients manage nobody; an unknown member is not found.
    expect(memberChange(one, { role: 'member' }, 'c', null)).toBe('FORBIDDEN')
    expect(memberChange(one, { role: 'client' }, 'c', 'member')).toBe('FORBIDDEN')
    expect(memberChange(one, owner, 'x', null)).toBe('NOT_FOUND')
  })
  it('counts a report as a site’s when its page is on the site’s origin, under its path', () => {
    const sites = ['https://sol.pt/', 'https://lua.pt/loja']
    expect(reportOfSites('https://sol.pt/contactos', sites)).toBe(true)
    expect(reportOfSites('https://lua.pt/loja/vinhos', sites)).toBe(true)
    expect(reportOfSites('https://lua.pt/blog', sites)).toBe(false)
    expect(reportOfSites('https://sol.pt.evil.com/', sites)).toBe(false)
    expect(reportOfSites('http://sol.pt/', sites)).toBe(false)
    expect(reportOfSites('not a url', sites)).toBe(false)
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
