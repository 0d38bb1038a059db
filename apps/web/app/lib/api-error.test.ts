import { describe, expect, it } from 'vitest'
import { ApiError, apiError } from './api-error.ts'

describe('apiError', () => {
  it("carries the server's code and translated message", async () => {
    const response = new Response(
      JSON.stringify({ error: { code: 'INVALID_URL', message: 'URL inválido' } }),
      {
        status: 400,
        headers: { 'content-type': 'application/json' },
      },
    )
    const error = await apiError(response)
    expect(error).toBeInstanceOf(ApiError)
    expect([error.status, error.code, error.message]).toEqual([400, 'INVALID_URL', 'URL inválido'])
  })

  it("keeps the HTTP status when the answer is not the API's (a proxy's error page)", async () => {
    const error = await apiError(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    )
    expect([error.status, error.code, error.message]).toEqual([502, 'HTTP_502', 'Bad Gateway'])
    const bare = await apiError(new Response('', { status: 500 }))
    expect([bare.code, bare.message]).toEqual(['HTTP_500', 'HTTP_500'])
  })
})
