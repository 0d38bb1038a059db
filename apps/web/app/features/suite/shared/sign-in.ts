/** Where a signed-out visitor signs in to come back to the suite (spec §2 "/signin": redirect and url). */
export function signInPath(url?: string | null): string {
  const params = new URLSearchParams({ redirect: 'suite' })
  if (url) params.set('url', url)
  return `/signin?${params.toString()}`
}
