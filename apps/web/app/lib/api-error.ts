// The one error of the web app's API clients. Every endpoint answers a failure with
// `{ error: { code, message } }`, the message already in the request's language (spec §7).

/** An API answer that was not a success: HTTP status, the stable code and the translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The error of a failed answer: the server's code and message, else the HTTP status (a proxy's page). */
export async function apiError(response: Response): Promise<ApiError> {
  let code = `HTTP_${response.status}`
  let message = response.statusText || code
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } }
    if (body.error?.code) code = body.error.code
    if (body.error?.message) message = body.error.message
  } catch {
    // Not JSON: keep the HTTP status.
  }
  return new ApiError(response.status, code, message)
}
