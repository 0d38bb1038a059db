// The signed-in user's API tokens (Settings → API tokens): list, create (the token is in this answer
// only), revoke. Session cookie only: a bearer token never reaches these routes (app.ts refuses it).
import { Hono } from 'hono'
import type { Db } from '../platform/db/database.ts'
import { AppError } from '../platform/errors.ts'
import { jsonOf } from '../platform/http/body.ts'
import { accessFor } from './access.ts'
import type { Auth } from './auth.ts'
import { requireUser } from './session.ts'
import { createToken, createTokenInput, listTokens, revokeToken } from './tokens.ts'

const fieldMessages = {
  name: {
    pt: 'Dê um nome ao token (até 80 caracteres).',
    en: 'Give the token a name (up to 80 characters).',
  },
  scopes: { pt: 'Escolha pelo menos uma permissão.', en: 'Choose at least one permission.' },
  expiresInDays: {
    pt: 'A validade é um número de dias entre 1 e 3650.',
    en: 'The expiry is a number of days between 1 and 3650.',
  },
}

export function tokenRoutes(deps: { db: Db; auth: Auth }): Hono {
  const api = new Hono()

  api.get('/account/tokens', async (c) => {
    const user = await requireUser(deps.auth, c)
    c.header('Cache-Control', 'no-store')
    return c.json({ tokens: await listTokens(deps.db, user.id) })
  })

  api.post('/account/tokens', async (c) => {
    const user = await requireUser(deps.auth, c)
    const parsed = createTokenInput.safeParse(jsonOf(c))
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues
          .map((i) => String(i.path[0] ?? 'name'))
          .filter((f): f is keyof typeof fieldMessages => f in fieldMessages)
          .map((f) => [f, fieldMessages[f]]),
      )
      throw new AppError('VALIDATION', parsed.error.message, Object.keys(fields).length ? fields : undefined)
    }
    const workspace = (await accessFor(deps.db, user)).workspace
    const created = await createToken(deps.db, user.id, parsed.data, new Date(), workspace.id)
    c.header('Cache-Control', 'no-store')
    return c.json({ token: created.token, ...created.view }, 201)
  })

  api.delete('/account/tokens/:id', async (c) => {
    const user = await requireUser(deps.auth, c)
    await revokeToken(deps.db, user.id, c.req.param('id'))
    return c.body(null, 204)
  })

  return api
}
