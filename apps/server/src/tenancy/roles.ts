// Workspace roles: Better Auth's access control for the organization plugin (who may manage members and
// invitations) and Farol's own rule of what each role may do with a workspace's data. Pure.
import { createAccessControl } from 'better-auth/plugins/access'
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access'

export const workspaceRoles = ['owner', 'admin', 'member', 'client'] as const
export type WorkspaceRole = (typeof workspaceRoles)[number]

export const workspaceAc = createAccessControl(defaultStatements)

/** The plugin's roles: its own three, and a client who may manage nothing. */
export const pluginRoles = {
  owner: ownerAc,
  admin: adminAc,
  member: memberAc,
  client: workspaceAc.newRole({ organization: [], member: [], invitation: [], team: [], ac: [] }),
}

/** What a request does with a workspace's data. */
export type WorkspaceAction =
  | 'read' // see a site the role may see, its runs, keywords, reports
  | 'write' // follow, change, stop following a site; its keywords
  | 'share' // give a client a view of a site; invite and remove members
  | 'rename-workspace'
  | 'delete-workspace'

const allowed: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: ['read', 'write', 'share', 'rename-workspace', 'delete-workspace'],
  admin: ['read', 'write', 'share'],
  member: ['read', 'write'],
  client: ['read'],
}

/** Pure: may this role do this? An unknown role (a hand-edited row) may do nothing. */
export function can(role: string, action: WorkspaceAction): boolean {
  return (allowed as Record<string, readonly WorkspaceAction[] | undefined>)[role]?.includes(action) ?? false
}

/**
 * What the interface may offer in the active workspace, one flag per kind of control, read from the same
 * table as the server's checks (the pages show a control only when the server would accept it).
 */
export interface WorkspaceAbilities {
  /** Track a site, change its frequency, stop tracking it, track its keywords, start its analyses. */
  write: boolean
  /** People, invitations, sharing, brand, report schedules, webhooks, IndexNow and bot-log sources. */
  manage: boolean
  rename: boolean
  /** Erase the workspace and everything in it (never a personal one). */
  delete: boolean
  /** Leave it (never a personal one; an owner only while another owner stays: LAST_OWNER_LEAVE otherwise). */
  leave: boolean
}

/** Pure: the abilities of `role` in a workspace (personal or not). */
export function abilitiesOf(role: string, personal: boolean): WorkspaceAbilities {
  return {
    write: can(role, 'write'),
    manage: can(role, 'share'),
    rename: can(role, 'rename-workspace'),
    delete: can(role, 'delete-workspace') && !personal,
    leave: !personal && roleOf(role) !== null,
  }
}

/** Pure: a member row's role ("admin,member" is possible in the plugin) as Farol's strongest role. */
export function roleOf(stored: string): WorkspaceRole | null {
  const names = stored.split(',').map((r) => r.trim())
  return workspaceRoles.find((r) => names.includes(r)) ?? null
}

/** Pure: is this organization's metadata the personal mark? */
export function isPersonal(metadata: string | null): boolean {
  if (!metadata) return false
  try {
    return (JSON.parse(metadata) as { personal?: unknown }).personal === true
  } catch {
    return false
  }
}

/**
 * Pure: may `actor` give the member `targetId` the role `next` (null: remove them)? The refusal's error
 * code, or null when allowed. Owners and admins manage people; only an owner changes an owner or makes
 * one; the workspace always keeps an owner (the last one can be neither removed nor demoted, by anyone,
 * themselves included).
 */
export function memberChange(
  people: readonly { id: string; role: WorkspaceRole | null }[],
  actor: { role: WorkspaceRole },
  targetId: string,
  next: WorkspaceRole | null,
): 'FORBIDDEN' | 'NOT_FOUND' | 'LAST_OWNER' | null {
  if (!can(actor.role, 'share')) return 'FORBIDDEN'
  const target = people.find((p) => p.id === targetId)
  if (!target) return 'NOT_FOUND'
  if ((target.role === 'owner' || next === 'owner') && actor.role !== 'owner') return 'FORBIDDEN'
  const owners = people.filter((p) => p.role === 'owner').length
  if (target.role === 'owner' && next !== 'owner' && owners <= 1) return 'LAST_OWNER'
  return null
}
