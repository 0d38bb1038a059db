import { describe, expect, it } from 'vitest'
import { createRenderToken, verifyRenderToken } from './render-token.ts'

const grant = { reportId: 'r1', taskIds: ['a', 'b', 'c'] }

describe('render tokens', () => {
  it('round-trips a grant signed with the same secret', () => {
    expect(verifyRenderToken(createRenderToken(grant, 's3cret'), 's3cret')).toEqual(grant)
  })
  it('refuses another secret, a changed payload and an expired token', () => {
    const token = createRenderToken(grant, 's3cret')
    expect(verifyRenderToken(token, 'other')).toBeNull()
    const [, sig] = token.split('.')
    const forged = `${Buffer.from(JSON.stringify({ ...grant, taskIds: ['x'], exp: Date.now() + 1e6 })).toString('base64url')}.${sig}`
    expect(verifyRenderToken(forged, 's3cret')).toBeNull()
    expect(
      verifyRenderToken(createRenderToken(grant, 's3cret', Date.now() - 11 * 60_000), 's3cret'),
    ).toBeNull()
    expect(verifyRenderToken('garbage', 's3cret')).toBeNull()
    expect(verifyRenderToken(undefined, 's3cret')).toBeNull()
  })
})
