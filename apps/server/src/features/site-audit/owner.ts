// The token a user publishes on their own site so Farol may crawl it faster (issue 28): in the root
// page's <meta name="farol-verification" content="…"> or in /.well-known/farol-verification.txt. One per
// user, derived from their id: stable across crawls, and useless to anyone else, since the crawl compares
// what the site shows with the requesting user's own token (the site shows it publicly anyway).
import { createHash } from 'node:crypto'

export function ownerToken(userId: string): string {
  return `farol-${createHash('sha256').update(`farol-verification:${userId}`).digest('hex').slice(0, 24)}`
}
