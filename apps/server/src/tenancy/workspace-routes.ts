// /api/workspaces: the workspaces a user belongs to (the suite header's switcher), creating one, choosing the
// active one, members (their role changed, removed) and invitations (Better Auth's organization plugin does the work; Farol validates the
// input and answers with its own translated errors), and sharing a site with a client.
// /api/invitations/:id: what the invitation page shows, accept, decline.
import { randomBytes } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../platform/db/database.ts'
import {
  invitations,
  members,
  organizations,
  siteShares,
  trackedSites,
  users,
} from '../platform/db/schema.ts'
import { AppError, type AppErrorCode } from '../platform/errors.ts'
import { jsonOf } from '../platform/http/body.ts'
import { accessFor, requireAction, resolveAccess, siteFor, workspacesOf } from './access.ts'
import type { Auth } from './auth.ts'
import { brandInput, brandOf, saveBrand } from './brand.ts'
import { invitationLanguage } from './invitations.ts'
import { abilitiesOf, memberChange, roleOf, type WorkspaceRole, workspaceRoles } from './roles.ts'
import { requireUser, type SessionUser } from './session.ts'

const createInput = z.object({ name: z.string().trim().min(1).max(80) })
const deleteInput = z.object({ confirm: z.string().max(200) })
const activeInput = z.object({ workspaceId: z.string().min(1).max(64) })
const inviteInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  role: z.enum(['admin', 'member', 'client']),
  /** The invitation email's language for an invitee without an account (the form offers the inviter's). */
  lang: z.enum(['pt', 'en']).optional(),
})
const shareInput = z.object({ userId: z.string().min(1).max(64) })
const memberRoleInput = z.object({ role: z.enum(workspaceRoles) })

/** Better Auth's answer (an APIError with a code) as one of Farol's errors. */
function fromPlugin(error: unknown, fallback: AppErrorCode): AppError {
  if (error instanceof AppError) return error
  const code = (error as { body?: { code?: string } })?.body?.code ?? ''
  if (code === 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION') return new AppError('ALREADY_MEMBER')
  if (code.startsWith('YOU_CANNOT_LEAVE_THE_ORGANIZATION')) return new AppError('LAST_OWNER', code)
  if (code.startsWith('YOU_ARE_NOT_ALLOWED')) return new AppError('FORBIDDEN', code)
  if (code === 'INVITATION_LIMIT_REACHED' || code === 'INVITATION_LIMIT')
    return new AppError('INVITATION_LIMIT')
  if (code === 'INVITATION_RATE_WORKSPACE' || code === 'INVITATION_RATE_INVITER') return new AppError(code)
  if (code.includes('INVITATION') || code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION')
    return new AppError('INVITATION_INVALID', code)
  if (code === 'MEMBER_NOT_FOUND') return new AppError('NOT_FOUND', code)
  return new AppError(fallback, code || String(error))
}

/** The active workspace as the web app reads it: who the user is there and what they may do (roles.ts). */
export async function activeWorkspaceView(db: Db, user: SessionUser) {
  const { workspace } = await accessFor(db, user)
  const brand = await brandOf(db, workspace.id)
  return {
    ...workspace,
    can: abilitiesOf(workspace.role, workspace.personal),
    // The logo is served apart (/api/workspaces/current/brand/logo): it can weigh 150 kB.
    brand: brand
      ? { name: brand.name, color: brand.color, logo: brand.logo !== null, contact: brand.contact }
      : null,
  }
}

export interface WorkspaceRouteDeps {
  db: Db
  auth: Auth
  /**
   * Erases what a workspace holds beyond the rows its foreign keys remove with it (crawl page stores,
   * report files): the features do it, composition passes it in (tenancy imports no feature).
   */
  eraseWorkspaceData?: (workspaceId: string) => Promise<void>
}

export function workspaceRoutes(deps: WorkspaceRouteDeps): Hono {
  const api = new Hono()
  const headers = (c: Context) => c.req.raw.headers

  api.get('/workspaces', async (c) => {
    const user = await requireUser(deps.auth, c)
    const access = await accessFor(deps.db, user)
    c.header('Cache-Control', 'no-store')
    return c.json({
      active: { ...access.workspace, can: abilitiesOf(access.role, access.workspace.personal) },
      workspaces: await workspacesOf(deps.db, user),
    })
  })

  // Renaming the active workspace: its owners.
  api.patch('/workspaces/current', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'rename-workspace')
    const parsed = createInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('WORKSPACE_NAME')
    await deps.db
      .update(organizations)
      .set({ name: parsed.data.name })
      .where(eq(organizations.id, access.workspace.id))
    return c.json({ id: access.workspace.id, name: parsed.data.name })
  })

  // Deleting the active workspace: its owners, typing its name to confirm; never a personal one.
  // Everything in it goes: sites with their history, keywords, shares, schedules, webhooks, IndexNow keys
  // and bot-log sources (foreign keys), the reports made in it with their files, members and invitations.
  api.delete('/workspaces/current', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'delete-workspace')
    if (access.workspace.personal) throw new AppError('PERSONAL_WORKSPACE')
    const parsed = deleteInput.safeParse(jsonOf(c))
    if (!parsed.success || parsed.data.confirm.trim() !== access.workspace.name.trim())
      throw new AppError('WORKSPACE_CONFIRM')
    const id = access.workspace.id
    await deps.eraseWorkspaceData?.(id)
    await deps.db.delete(organizations).where(eq(organizations.id, id))
    return c.body(null, 204)
  })

  // Leaving the active workspace: any member but its last owner (the plugin refuses that); never a personal
  // one. The plugin's hooks hand the leaver's sites to the workspace (auth.ts).
  api.post('/workspaces/current/leave', async (c) => {
    const access = await resolveAccess(deps, c)
    if (access.workspace.personal) throw new AppError('PERSONAL_WORKSPACE')
    try {
      await deps.auth.api.leaveOrganization({
        headers: headers(c),
        body: { organizationId: access.workspace.id },
      })
    } catch (error) {
      // An owner leaves only while another owner stays (the plugin's rule), told so in their language.
      const refused = fromPlugin(error, 'FORBIDDEN')
      throw refused.code === 'LAST_OWNER' ? new AppError('LAST_OWNER_LEAVE') : refused
    }
    return c.body(null, 204)
  })

  api.post('/workspaces', async (c) => {
    await requireUser(deps.auth, c)
    const parsed = createInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('WORKSPACE_NAME')
    const slug = `w-${randomBytes(8).toString('hex')}`
    try {
      // The plugin makes the creator its owner and the new workspace the session's active one.
      const created = await deps.auth.api.createOrganization({
        headers: headers(c),
        body: { name: parsed.data.name, slug },
      })
      return c.json({ id: created!.id, name: created!.name }, 201)
    } catch (error) {
      throw fromPlugin(error, 'BAD_REQUEST')
    }
  })

  api.post('/workspaces/active', async (c) => {
    const user = await requireUser(deps.auth, c)
    const parsed = activeInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION')
    const list = await workspacesOf(deps.db, user)
    if (!list.some((w) => w.id === parsed.data.workspaceId)) throw new AppError('NOT_FOUND')
    try {
      await deps.auth.api.setActiveOrganization({
        headers: headers(c),
        body: { organizationId: parsed.data.workspaceId },
      })
    } catch (error) {
      throw fromPlugin(error, 'NOT_FOUND')
    }
    return c.json({ ok: true })
  })

  /** The active workspace's people: members, pending invitations, and which sites each client sees. */
  api.get('/workspaces/current/members', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'write')
    const id = access.workspace.id
    const people = await deps.db
      .select({
        id: members.id,
        userId: members.userId,
        role: members.role,
        name: users.name,
        email: users.email,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(members.organizationId, id))
      .orderBy(asc(members.createdAt))
    const pending = await deps.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, id), eq(invitations.status, 'pending')))
      .orderBy(asc(invitations.createdAt))
    const shares = await deps.db
      .select({ siteId: siteShares.siteId, userId: siteShares.userId })
      .from(siteShares)
      .innerJoin(trackedSites, eq(trackedSites.id, siteShares.siteId))
      .where(eq(trackedSites.workspaceId, id))
    c.header('Cache-Control', 'no-store')
    return c.json({
      workspace: access.workspace,
      canManage: access.role === 'owner' || access.role === 'admin',
      members: people.map((p) => ({
        ...p,
        role: roleOf(p.role),
        sites: shares.filter((s) => s.userId === p.userId).map((s) => s.siteId),
      })),
      invitations: pending.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        expiresAt: i.expiresAt.toISOString(),
      })),
    })
  })

  api.post('/workspaces/current/invitations', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'share')
    const parsed = inviteInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('INVITATION_INPUT')
    try {
      const create = () =>
        deps.auth.api.createInvitation({
          headers: headers(c),
          body: { email: parsed.data.email, role: parsed.data.role, organizationId: access.workspace.id },
        })
      const invitation = parsed.data.lang
        ? await invitationLanguage.run(parsed.data.lang, create)
        : await create()
      return c.json({ id: invitation.id, email: invitation.email, role: invitation.role }, 201)
    } catch (error) {
      throw fromPlugin(error, 'INVITATION_INPUT')
    }
  })

  api.delete('/workspaces/current/invitations/:id', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'share')
    try {
      await deps.auth.api.cancelInvitation({ headers: headers(c), body: { invitationId: c.req.param('id') } })
    } catch (error) {
      throw fromPlugin(error, 'NOT_FOUND')
    }
    return c.body(null, 204)
  })

  /** Farol's rule for changing or removing a member (roles.ts), before the plugin is asked to do it. */
  const checkMemberChange = async (
    access: Awaited<ReturnType<typeof resolveAccess>>,
    memberId: string,
    next: WorkspaceRole | null,
  ) => {
    const people = await deps.db
      .select({ id: members.id, role: members.role })
      .from(members)
      .where(eq(members.organizationId, access.workspace.id))
    const refusal = memberChange(
      people.map((p) => ({ id: p.id, role: roleOf(p.role) })),
      access,
      memberId,
      next,
    )
    if (refusal) throw new AppError(refusal)
  }

  api.patch('/workspaces/current/members/:id', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'share')
    const parsed = memberRoleInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('MEMBER_ROLE_INPUT')
    await checkMemberChange(access, c.req.param('id'), parsed.data.role)
    try {
      await deps.auth.api.updateMemberRole({
        headers: headers(c),
        body: { memberId: c.req.param('id'), role: parsed.data.role, organizationId: access.workspace.id },
      })
    } catch (error) {
      throw fromPlugin(error, 'NOT_FOUND')
    }
    return c.json({ id: c.req.param('id'), role: parsed.data.role })
  })

  api.delete('/workspaces/current/members/:id', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'share')
    await checkMemberChange(access, c.req.param('id'), null)
    try {
      await deps.auth.api.removeMember({
        headers: headers(c),
        body: { memberIdOrEmail: c.req.param('id'), organizationId: access.workspace.id },
      })
    } catch (error) {
      throw fromPlugin(error, 'NOT_FOUND')
    }
    return c.body(null, 204)
  })

  // The white label of the active workspace: every member (clients too) reads it; owners and admins set it.
  api.get('/workspaces/current/brand', async (c) => {
    const access = await resolveAccess(deps, c)
    c.header('Cache-Control', 'no-store')
    return c.json({ brand: await brandOf(deps.db, access.workspace.id) })
  })
  // The brand's logo as an image, for the client's header (the session carries only whether there is one).
  api.get('/workspaces/current/brand/logo', async (c) => {
    const access = await resolveAccess(deps, c)
    const logo = (await brandOf(deps.db, access.workspace.id))?.logo
    const match = logo ? /^data:(image\/(?:png|jpeg|webp));base64,(.+)$/.exec(logo) : null
    if (!match) throw new AppError('NOT_FOUND')
    c.header('Cache-Control', 'private, no-cache')
    c.header('Content-Type', match[1]!)
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(Buffer.from(match[2]!, 'base64'))
  })
  api.put('/workspaces/current/brand', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'share')
    const parsed = brandInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('BRAND_INPUT')
    return c.json({ brand: await saveBrand(deps.db, access.workspace.id, parsed.data) })
  })

  // Sharing a site of the active workspace with one of its clients, and taking it back.
  const clientOf = async (workspaceId: string, userId: string) => {
    const [m] = await deps.db
      .select()
      .from(members)
      .where(and(eq(members.organizationId, workspaceId), eq(members.userId, userId)))
    if (!m || roleOf(m.role) !== 'client') throw new AppError('SHARE_NOT_CLIENT')
  }
  api.post('/sites/:id/shares', async (c) => {
    const access = await resolveAccess(deps, c)
    const site = await siteFor(deps.db, access, c.req.param('id'), 'share')
    const parsed = shareInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION')
    await clientOf(access.workspace.id, parsed.data.userId)
    await deps.db
      .insert(siteShares)
      .values({ siteId: site.id, userId: parsed.data.userId })
      .onConflictDoNothing()
    return c.json({ siteId: site.id, userId: parsed.data.userId }, 201)
  })
  api.delete('/sites/:id/shares/:userId', async (c) => {
    const access = await resolveAccess(deps, c)
    const site = await siteFor(deps.db, access, c.req.param('id'), 'share')
    await deps.db
      .delete(siteShares)
      .where(and(eq(siteShares.siteId, site.id), eq(siteShares.userId, c.req.param('userId'))))
    return c.body(null, 204)
  })

  // The invitation page: readable by whoever holds the link (its id is a random secret sent by email), so a
  // person without an account learns which workspace invites them and with which address to sign up.
  api.get('/invitations/:id', async (c) => {
    const id = c.req.param('id')
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw new AppError('INVITATION_INVALID')
    const [row] = await deps.db
      .select({ invitation: invitations, workspace: organizations.name, inviter: users.name })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .innerJoin(users, eq(users.id, invitations.inviterId))
      .where(eq(invitations.id, id))
    if (!row) throw new AppError('INVITATION_INVALID')
    const { invitation } = row
    const expired = invitation.expiresAt.getTime() < Date.now()
    c.header('Cache-Control', 'no-store')
    c.header('X-Robots-Tag', 'noindex')
    return c.json({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      workspace: row.workspace,
      inviter: row.inviter,
      status: expired && invitation.status === 'pending' ? 'expired' : invitation.status,
    })
  })

  api.post('/invitations/:id/accept', async (c) => {
    await requireUser(deps.auth, c)
    try {
      // The plugin checks the address, the expiry and the status, adds the member and makes the workspace
      // the session's active one.
      await deps.auth.api.acceptInvitation({ headers: headers(c), body: { invitationId: c.req.param('id') } })
    } catch (error) {
      throw fromPlugin(error, 'INVITATION_INVALID')
    }
    return c.json({ ok: true })
  })

  api.post('/invitations/:id/decline', async (c) => {
    await requireUser(deps.auth, c)
    try {
      await deps.auth.api.rejectInvitation({ headers: headers(c), body: { invitationId: c.req.param('id') } })
    } catch (error) {
      throw fromPlugin(error, 'INVITATION_INVALID')
    }
    return c.json({ ok: true })
  })

  return api
}
