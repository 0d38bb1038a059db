// A site served on loopback for crawl tests, the bench and e2e: a function from path to answer, and a
// log of every request (tests assert that blocked URLs were never fetched and no page twice).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SiteAnswer {
  status?: number
  headers?: Record<string, string>
  body?: string
}

/** path + query (as requested) -> answer; undefined -> 404. */
export type SiteHandler = (pathAndQuery: string) => SiteAnswer | undefined

export interface SiteServer {
  url: string
  origin: string
  /** Every request path, in arrival order. */
  requests: string[]
  close(): Promise<void>
}

export async function startSiteServer(
  handler: SiteHandler,
  /** delayMs: answer each request this late (to kill a crawl mid-way); delayFor: a delay from the
   *  requests in progress, this one included (a server that slows down when hit harder). */
  options: { log?: boolean; delayMs?: number; delayFor?: (inProgress: number) => number } = {},
): Promise<SiteServer> {
  const requests: string[] = []
  let inProgress = 0
  const server: Server = createServer((req, res) => {
    inProgress++
    res.once('close', () => inProgress--)
    const delay = options.delayFor ? options.delayFor(inProgress) : (options.delayMs ?? 0)
    if (delay) setTimeout(() => answer(req, res), delay)
    else answer(req, res)
  })
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    if (options.log !== false) requests.push(path)
    const reply = handler(path)
    if (!reply) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!doctype html><title>Not found</title><h1>Not found</h1>')
      return
    }
    const body = reply.body ?? ''
    res.writeHead(reply.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...reply.headers,
    })
    res.end(body)
  }
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/`,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Deterministic pseudo-random words: every page gets its own text, so no two pages look alike by accident. */
export function uniqueText(seedText: string, count: number): string {
  let seed = 2166136261
  for (let i = 0; i < seedText.length; i++) seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619) >>> 0
  const syllables = [
    'ba',
    'ce',
    'di',
    'fo',
    'gu',
    'la',
    'me',
    'ni',
    'po',
    'ru',
    'sa',
    'te',
    'vi',
    'zo',
    'ka',
    'xu',
  ]
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    const length = 2 + (seed % 3)
    let word = ''
    for (let s = 0; s < length; s++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      word += syllables[(seed >>> 8) % syllables.length]
    }
    out.push(word)
  }
  return out.join(' ')
}

export interface PageSpec {
  title: string
  description?: string
  /** Extra <head> markup (canonical, hreflang, robots). */
  head?: string
  /** Links as [href, text]. */
  links?: [string, string][]
  /** Default: the title. */
  h1?: string
  /** Main text; default: unique words seeded by the title. */
  text?: string
}

export function renderPage(spec: PageSpec): string {
  const links = (spec.links ?? []).map(([href, text]) => `<li><a href="${href}">${text}</a></li>`).join('')
  return `<!doctype html><html lang="pt"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${spec.title}</title>${
    spec.description === undefined ? '' : `<meta name="description" content="${spec.description}">`
  }${spec.head ?? ''}</head><body><header>Farol fixture</header><nav><ul>${links}</ul></nav><main><h1>${spec.h1 ?? spec.title}</h1><p>${
    spec.text ?? uniqueText(spec.title, 160)
  }</p></main><footer>Rodapé</footer></body></html>`
}
