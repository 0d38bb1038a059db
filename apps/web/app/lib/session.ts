import type { ApiClient } from './api-context.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  role: 'user' | 'admin'
  emailVerified?: boolean
  lang?: 'pt' | 'en'
  emailNotifications?: boolean
  /** Settings' dark mode: the root layout renders <html class="dark"> from it. */
  darkMode?: boolean
}

/** What the signed-in user may do in the active workspace (the server's tenancy/roles.ts abilitiesOf). */
export interface WorkspaceAbilities {
  /** Track a site, change its frequency, stop tracking it, track its keywords. */
  write: boolean
  /** People, sharing, brand, report schedules, webhooks, IndexNow and bot-log sources. */
  manage: boolean
  rename: boolean
  delete: boolean
  leave: boolean
}

/** The active workspace as `GET /api/session` describes it. */
export interface ActiveWorkspace {
  id: string
  name: string
  personal: boolean
  role: 'owner' | 'admin' | 'member' | 'client'
  can: WorkspaceAbilities
  /** Its white label (the logo at /api/workspaces/current/brand/logo when `logo`). */
  brand: { name: string; color: string; logo: boolean; contact: string | null } | null
}

/** Reads `GET /api/session`: the user and their active workspace; any failure counts as signed out. */
export async function readSessionAndWorkspace(
  api: ApiClient | null,
): Promise<{ user: SessionUser | null; workspace: ActiveWorkspace | null }> {
  if (!api) return { user: null, workspace: null }
  try {
    const response = await api.fetch('/api/session')
    if (!response.ok) return { user: null, workspace: null }
    const body = (await response.json()) as { user?: SessionUser | null; workspace?: ActiveWorkspace }
    return { user: body.user ?? null, workspace: body.user ? (body.workspace ?? null) : null }
  } catch {
    return { user: null, workspace: null }
  }
}

/** Reads `GET /api/session`; any failure counts as signed out. */
export async function readSession(api: ApiClient | null): Promise<SessionUser | null> {
  return (await readSessionAndWorkspace(api)).user
}
