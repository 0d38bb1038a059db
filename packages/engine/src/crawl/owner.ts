// Proof that the crawl's requester controls the site, for a faster crawl of it (issue 28): the token Farol
// gave them published on the site's root page as `<meta name="farol-verification" content="TOKEN">`, or as
// the content of /.well-known/farol-verification.txt. Both fetched through the guarded fetcher. Never the
// start URL itself: a page with a path or a query can echo what it is given (a search page showing the
// token), which proves nothing about who controls the host.
import { Parser } from 'htmlparser2'
import { fetchText, type SafeFetchOptions, safeFetch } from '../fetch/fetcher.ts'

export const VERIFICATION_META = 'farol-verification'
export const VERIFICATION_PATH = '/.well-known/farol-verification.txt'

/** The farol-verification meta tags' contents in an HTML document. */
export function verificationTokens(html: string): string[] {
  const tokens: string[] = []
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'meta' && (attribs.name ?? '').trim().toLowerCase() === VERIFICATION_META)
          tokens.push((attribs.content ?? '').trim())
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return tokens
}

/**
 * Whether the token is published on the start URL's host: the file first (small), then the meta of the
 * root page (`/`, whatever path or query the start URL has).
 */
export async function verifyOwner(
  startUrl: string,
  token: string,
  options: SafeFetchOptions,
): Promise<boolean> {
  const wanted = token.trim()
  if (!wanted) return false
  const file = await fetchText(new URL(VERIFICATION_PATH, startUrl).href, options)
  if (file.content?.split(/\s+/).includes(wanted)) return true
  try {
    const page = await safeFetch(new URL('/', startUrl).href, { ...options, accept: 'html' })
    return page.status === 200 && verificationTokens(page.body).includes(wanted)
  } catch {
    return false
  }
}
