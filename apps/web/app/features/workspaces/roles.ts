// Pure: which roles a workspace's manager may give a member (the server's rule in workspaces/roles.ts:
// only an owner makes an owner or changes one; members and clients manage nobody).
import type { WorkspaceRole } from './api.ts'

export function assignableRoles(viewer: WorkspaceRole, member: WorkspaceRole | null): WorkspaceRole[] {
  if (viewer === 'owner') return ['owner', 'admin', 'member', 'client']
  if (viewer === 'admin' && member !== 'owner') return ['admin', 'member', 'client']
  return []
}
