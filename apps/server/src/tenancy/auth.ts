// Accounts with Better Auth on Farol's own database: email and password, verification, reset, sessions
// stored in the database, roles (admin plugin), Google/GitHub when configured. Mounted at /api/auth.
import { randomBytes } from 'node:crypto'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { refreshAccessToken } from 'better-auth/oauth2'
import { admin, organization } from 'better-auth/plugins'
import { eq } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../platform/config.ts'
import type { Db } from '../platform/db/database.ts'
import {
  accounts,
  invitations,
  members,
  organizations,
  rateLimits,
  sessions,
  users,
  verifications,
} from '../platform/db/schema.ts'
import type { Outbox } from '../platform/email/outbox.ts'
import { renderEmail } from '../platform/email/templates.ts'
import type { Lang } from '../platform/errors.ts'
import { trustedOrigins } from '../platform/http/origins.ts'
import { type Logger, safeError, withoutEmails } from '../platform/log.ts'
import { handOverSites, memberDeparted } from './followers.ts'
import {
  type InvitationRefusal,
  invitationEmailLang,
  invitationLanguage,
  keptWithinInvitationLimits,
  maxPendingInvitations,
} from './invitations.ts'
import {
  ensurePasswordResetQueue,
  passwordResetQueue,
  resetAnswer,
  resetRequest,
  trustedRedirect,
} from './password-reset.ts'
import { passwordMessages, passwordProblems } from './passwords.ts'
import { isPersonal, pluginRoles, roleOf, workspaceAc } from './roles.ts'
import { sharedSecret } from './secret.ts'

/** Header the HTTP layer sets from the socket (or a trusted proxy), overwriting any client value. */
export const clientIpHeader = 'x-farol-client-ip'

export interface AuthDeps {
  config: Config
  db: Db
  outbox: Outbox
  log: Logger
  /** Password reset requests are queued here (auth/password-reset.ts). */
  boss: PgBoss
}

export type Auth = Awaited<ReturnType<typeof createAuth>>

export async function createAuth({ config, db, outbox, log, boss }: AuthDeps) {
  const secret = await sharedSecret(db, config)
  await ensurePasswordResetQueue(boss)
  const origins = trustedOrigins(config.publicUrl)
  const langOf = (user: object): Lang => ('lang' in user && user.lang === 'en' ? 'en' : 'pt')
  const limits = config.rateLimit
  const invitationLimits = {
    pending: maxPendingInvitations,
    perWorkspaceHour: limits.invitationsPerWorkspaceHour,
    perInviterHour: limits.invitationsPerInviterHour,
  }
  /** Invitations withdrawn over a limit, by id, until afterCreateInvitation refuses the request. */
  const withdrawn = new Map<string, InvitationRefusal>()

  // Workspaces (decision 027): members and invitations are the plugin's, reached only through Farol's own
  // routes (workspace-routes.ts), which apply the role table; what a role may do with a workspace's sites
  // is decided in access.ts.
  const workspacesPlugin = organization({
    ac: workspaceAc,
    roles: pluginRoles,
    creatorRole: 'owner',
    invitationExpiresIn: 7 * 24 * 60 * 60,
    cancelPendingInvitationsOnReInvite: true,
    invitationLimit: maxPendingInvitations,
    sendInvitationEmail: async ({ id, email, role, organization: workspace, inviter }) => {
      // Over a limit (concurrent invitations, a burst): withdrawn before any email; afterCreateInvitation
      // refuses the request with the reason.
      const refusal = await keptWithinInvitationLimits(
        db,
        { id, workspaceId: workspace.id, inviterId: inviter.userId },
        invitationLimits,
      )
      if (refusal) {
        withdrawn.set(id, refusal)
        return
      }
      // The invitee's own language when they have an account, else the one the inviter chose (the
      // inviter's own when none was given).
      const [invitee] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
      const lang = invitationEmailLang(
        invitee,
        invitationLanguage.getStore(),
        inviter.user as { lang?: string },
      )
      await outbox.queue(
        email,
        'invitation',
        renderEmail(
          {
            kind: 'invitation',
            name: invitee?.name ?? '',
            url: `${config.publicUrl}/invitation/${id}`,
            inviter: inviter.user.name || inviter.user.email,
            workspace: workspace.name,
            role: roleOf(role) ?? 'member',
          },
          lang,
        ),
      )
    },
    organizationHooks: {
      // The invitation withdrawn by a limit above: the request is refused with that limit's error.
      afterCreateInvitation: async ({ invitation }) => {
        const refusal = withdrawn.get(invitation.id)
        withdrawn.delete(invitation.id)
        const [kept] = await db
          .select({ id: invitations.id })
          .from(invitations)
          .where(eq(invitations.id, invitation.id))
        if (refusal || !kept) throw new APIError('FORBIDDEN', { code: refusal ?? 'INVITATION_LIMIT' })
      },
      // The personal mark is Farol's: nobody sets or clears it through the plugin (an admin clearing it
      // made the workspace look deletable; setting it made it undeletable).
      beforeUpdateOrganization: async ({ organization: changes }) => {
        if ((changes as { metadata?: unknown }).metadata !== undefined)
          throw new APIError('FORBIDDEN', { code: 'FORBIDDEN' })
      },
      // An account's personal workspace lives as long as the account.
      beforeDeleteOrganization: async ({ organization: workspace }) => {
        if (isPersonal((workspace as { metadata?: unknown }).metadata as string | null))
          throw new APIError('FORBIDDEN', { code: 'PERSONAL_WORKSPACE' })
      },
      // A site whose follower was removed or made a client stays monitored for the workspace.
      afterRemoveMember: async ({ organization: workspace, user }) => {
        await memberDeparted(db, workspace.id, user.id)
      },
      afterUpdateMemberRole: async ({ organization: workspace }) => {
        await handOverSites(db, workspace.id)
      },
    },
  })
  // Farol calls the plugin on the server only (auth.api.*, from its own routes): every one of its HTTP
  // endpoints is off and answers 404 (a client listed every member's address through list-members, an
  // admin rewrote `metadata.personal` through update).
  const pluginPaths = Object.values(workspacesPlugin.endpoints).map((e) => (e as { path: string }).path)

  return betterAuth({
    appName: 'Farol',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    // The public origin and, on a loopback public URL, its loopback twins (http/origins.ts).
    trustedOrigins: origins,
    disabledPaths: pluginPaths,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        organization: organizations,
        member: members,
        invitation: invitations,
      },
    }),
    user: {
      additionalFields: {
        lang: { type: 'string', required: false, defaultValue: 'pt', input: true },
        emailNotifications: { type: 'boolean', required: false, defaultValue: true, input: false },
        darkMode: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Sign-up answers alike for a new and a registered address (same shape, a password hashed either
      // way); the owner of a registered address gets an email instead of a second account.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        lang: 'pt',
        emailNotifications: true,
        darkMode: false,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      onExistingUserSignUp: async ({ user }) => {
        await outbox.queue(
          user.email,
          'existing-account',
          renderEmail(
            { kind: 'existing-account', name: user.name, url: `${config.publicUrl}/recuperar-password` },
            langOf(user),
          ),
        )
      },
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const lang = langOf(user)
        await outbox.queue(
          user.email,
          'reset-password',
          renderEmail({ kind: 'reset-password', name: user.name, url }, lang),
        )
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        const lang = langOf(user)
        await outbox.queue(
          user.email,
          'verification',
          renderEmail({ kind: 'verification', name: user.name, url }, lang),
        )
      },
    },
    socialProviders: {
      ...(config.google ? { google: googleProvider(config.google, config.googleTokenUrl, log) } : {}),
      ...(config.github ? { github: config.github } : {}),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: limits.windowSeconds, max: limits.signIn },
        '/sign-up/email': { window: limits.windowSeconds, max: limits.signUp },
        '/request-password-reset': { window: limits.windowSeconds, max: limits.recovery },
        '/reset-password': { window: limits.windowSeconds, max: limits.recovery },
        '/send-verification-email': { window: limits.windowSeconds, max: limits.verification },
        '/change-password': { window: limits.windowSeconds, max: limits.changePassword },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => randomBytes(16).toString('hex') },
    },
    hooks: {
      // Every way of setting a password goes through the same rules, with translated messages.
      before: createAuthMiddleware(async (ctx) => {
        // A reset request over HTTP is queued and answered at once, the same for every address.
        if (ctx.path === '/request-password-reset' && ctx.request) {
          const parsed = resetRequest.safeParse(ctx.body)
          if (parsed.success && trustedRedirect(parsed.data.redirectTo, config.publicUrl, origins)) {
            await boss.send(passwordResetQueue, parsed.data)
            return ctx.json(resetAnswer)
          }
        }
        // A new password ends every other session, whatever the client asked (a stolen session must not
        // outlive the change that was meant to shut it out); this one gets a fresh session.
        const next =
          ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object'
            ? { context: { body: { ...ctx.body, revokeOtherSessions: true } } }
            : undefined
        const body = (ctx.body ?? {}) as {
          password?: unknown
          newPassword?: unknown
          lang?: unknown
          name?: unknown
        }
        // Name and language follow the profile's rules wherever they are set (sign-up, update-user).
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          const problem = profileProblem(body, ctx.path === '/sign-up/email')
          if (problem) {
            throw new APIError('BAD_REQUEST', {
              code: problem,
              message: profileMessages[problem][requestLang(ctx.headers, body.lang)],
            })
          }
        }
        const password =
          ctx.path === '/sign-up/email'
            ? body.password
            : ctx.path === '/reset-password' || ctx.path === '/change-password'
              ? body.newPassword
              : undefined
        if (typeof password !== 'string') return next
        const [problem] = passwordProblems(password)
        if (!problem) return next
        const lang = requestLang(ctx.headers, body.lang)
        throw new APIError('BAD_REQUEST', {
          code: `PASSWORD_${problem.toUpperCase()}`,
          message: passwordMessages[problem][lang],
        })
      }),
      // Session tokens are bearer credentials kept in an httpOnly cookie: no answer hands them to a script
      // (a session list, the current session, an admin's view of a user's sessions).
      after: createAuthMiddleware(async (ctx) => {
        // Leaving a workspace (the plugin calls no member hook for it): the sites the leaver followed stay
        // monitored for the workspace (workspaces/followers.ts).
        if (ctx.path === '/organization/leave' && !(ctx.context.returned instanceof Error)) {
          const left = (ctx.body as { organizationId?: unknown } | undefined)?.organizationId
          // The plugin answers with the member row that was deleted.
          const leaverId = (ctx.context.returned as { userId?: unknown } | null)?.userId
          if (typeof left === 'string' && typeof leaverId === 'string')
            await memberDeparted(db, left, leaverId)
        }
        const returned = ctx.context.returned as unknown
        if (!ctx.request || !returned || typeof returned !== 'object' || returned instanceof Response) return
        if (ctx.path === '/list-sessions' && Array.isArray(returned))
          return ctx.json(returned.map(withoutToken))
        const r = returned as { session?: unknown; sessions?: unknown }
        if (ctx.path === '/get-session' && r.session && typeof r.session === 'object')
          return ctx.json({ ...r, session: withoutToken(r.session) })
        if (ctx.path === '/admin/list-user-sessions' && Array.isArray(r.sessions))
          return ctx.json({ ...r, sessions: r.sessions.map(withoutToken) })
      }),
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] }), workspacesPlugin],
    logger: {
      // Better Auth writes addresses into its messages ("Sign-up attempt for existing email: …").
      log: (level, message, ...args) =>
        log[level]({ args: args.map((a) => safeError(a)) }, `auth: ${withoutEmails(message)}`),
    },
  })
}

/**
 * Better Auth's Google provider, refreshing access tokens at FAROL_GOOGLE_TOKEN_URL: the built-in
 * refresh always posts to https://oauth2.googleapis.com/token, which tests cannot reach (decision 016).
 * The request itself is Better Auth's own (grant_type=refresh_token, client id and secret in the form).
 * Offline access is asked for only when Search Console is connected (link-social from the sites page),
 * so signing in with Google stays one click and never shows the consent screen again.
 */
function googleProvider(client: { clientId: string; clientSecret: string }, tokenUrl: string, log: Logger) {
  return {
    ...client,
    refreshAccessToken: async (refreshToken: string) => {
      try {
        return await refreshAccessToken({ refreshToken, options: client, tokenEndpoint: tokenUrl })
      } catch (error) {
        // Better Auth turns any failure into FAILED_TO_GET_ACCESS_TOKEN: keep Google's reason in the log
        // (invalid_grant: revoked or expired grant; a status 5xx or a network error: Google unavailable).
        const e = error as { status?: number; error?: string; message?: string }
        log.warn({ status: e.status, error: e.error ?? e.message }, 'google: access token refresh failed')
        throw error
      }
    },
  }
}

function withoutToken(session: unknown): unknown {
  if (!session || typeof session !== 'object') return session
  const { token: _token, ...rest } = session as Record<string, unknown>
  return rest
}

const profileMessages = {
  NAME_INVALID: {
    pt: 'O nome deve ter entre 1 e 100 caracteres.',
    en: 'The name must have 1 to 100 characters.',
  },
  LANG_INVALID: { pt: 'O idioma deve ser pt ou en.', en: 'The language must be pt or en.' },
} as const

/** Pure: the profile's limits (account/routes.ts) on a sign-up or update-user body. */
export function profileProblem(
  body: { name?: unknown; lang?: unknown },
  signUp: boolean,
): keyof typeof profileMessages | null {
  if (body.name !== undefined || signUp) {
    if (typeof body.name !== 'string') return 'NAME_INVALID'
    const name = body.name.trim()
    // The sign-up form's name is optional ("Nome (opcional)"); a name set on the profile is never empty.
    if (name.length > 100 || (!signUp && name.length < 1)) return 'NAME_INVALID'
  }
  if (body.lang !== undefined && body.lang !== 'pt' && body.lang !== 'en') return 'LANG_INVALID'
  return null
}

function requestLang(headers: Headers | undefined, bodyLang: unknown): Lang {
  if (bodyLang === 'en' || bodyLang === 'pt') return bodyLang
  return headers?.get('accept-language')?.toLowerCase().startsWith('en') ? 'en' : 'pt'
}
