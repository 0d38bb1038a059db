/**
 * The controls a role may use (issue 40): the server says what the signed-in user may do in the active
 * workspace (GET /api/session → root data `workspace.can`, from tenancy/roles.ts); a page shows a control,
 * and makes the requests behind it, only when the server would accept them. Unknown (signed out, the
 * session not read): nothing.
 */
import { useRootData } from '~/lib/root-data.ts'
import type { WorkspaceAbilities } from '~/lib/session.ts'

const none: WorkspaceAbilities = { write: false, manage: false, rename: false, delete: false, leave: false }

export function useCan(): WorkspaceAbilities {
  return useRootData()?.workspace?.can ?? none
}
