// The workspaces API from the browser (types shared by the switcher, the workspace page, the invitation
// page and the client view). Errors carry the server's translated message.
import type { WorkspaceAbilities } from '~/lib/session.ts'

export { sitesApi as workspacesApi } from '../sites/api.ts'

export type WorkspaceRole = 'owner' | 'admin' | 'member' | 'client'

export interface Workspace {
  id: string
  name: string
  personal: boolean
  role: WorkspaceRole
  logo: string | null
}

export interface WorkspaceList {
  /** With what the user may do there (the server's tenancy/roles.ts). */
  active: Workspace & { can: WorkspaceAbilities }
  workspaces: Workspace[]
}

export interface WorkspaceMember {
  id: string
  userId: string
  name: string
  email: string
  role: WorkspaceRole | null
  sites: string[]
}

export interface WorkspaceMembers {
  workspace: Workspace
  canManage: boolean
  members: WorkspaceMember[]
  invitations: { id: string; email: string; role: string; expiresAt: string }[]
}

export interface InvitationView {
  id: string
  email: string
  role: WorkspaceRole
  workspace: string
  inviter: string
  status: 'pending' | 'accepted' | 'rejected' | 'canceled' | 'expired'
}

export interface Brand {
  name: string
  color: string
  logo: string | null
  contact: string | null
}

export interface WorkspaceReport {
  id: string
  url: string
  createdAt: string
  fileUrl: string
}
