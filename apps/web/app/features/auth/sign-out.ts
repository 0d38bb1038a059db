/** Ends the session on the server. Better Auth takes JSON bodies only (415 otherwise). Throws on failure. */
export async function requestSignOut(): Promise<void> {
  const response = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  if (!response.ok) throw new Error(response.statusText)
}
