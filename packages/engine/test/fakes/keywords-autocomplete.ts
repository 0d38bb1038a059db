// A loopback stand-in for Google's suggest endpoint (`/complete/search?client=firefox&q=&hl=&gl=`),
// speaking its wire format: a JSON array `[query, [suggestion, ...], [], {...}]` served as
// `text/javascript`, in UTF-8, or in ISO-8859-1 for hl=pt-PT as Google does for some Portuguese
// locales (accented words then arrive as single bytes). It can answer 429 with Retry-After, and wait a
// fixed latency before each answer (the bench uses 150 ms).
//
// Suggestions are made up from the query's shape, like the real endpoint's completions:
//   "seed" / "seed "        the seed with a few common continuations (one is the seed alone)
//   "question seed"         "question <verb> seed" and "question seed <tail>"
//   "seed prep|vs|or"       "seed prep <object>"
//   "seed x" (one letter)   "seed <word starting with x>", plus one suggestion without the seed
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeAutocompleteRequest {
  q: string
  hl: string
  gl: string
  client: string
}

export interface FakeAutocomplete {
  origin: string
  /** The base URL to configure (FAROL_AUTOCOMPLETE_URL). */
  url: string
  requests: FakeAutocompleteRequest[]
  /** The next `count` requests answer 429 with this Retry-After (seconds; omitted when null). */
  rateLimitNext(count: number, retryAfterSeconds?: number | null): void
  /** Answers for exact queries, overriding the generated ones. */
  script(query: string, suggestions: string[]): void
  close(): Promise<void>
}

export interface FakeAutocompleteOptions {
  port?: number
  latencyMs?: number
}

const words: Record<'pt' | 'en', Record<string, string[]>> = {
  pt: {
    a: ['anual', 'açores'],
    b: ['barato'],
    c: ['comparação', 'condução'],
    d: ['direto'],
    e: ['estrangeiros'],
    f: ['franquia'],
    j: ['jovens'],
    o: ['online'],
    p: ['preço', 'particulares'],
    s: ['simulação'],
    t: ['terceiros'],
  },
  en: {
    a: ['annual'],
    b: ['best price'],
    c: ['comparison', 'calculator'],
    f: ['for beginners'],
    o: ['online'],
    p: ['price'],
    q: ['quote'],
    s: ['simulation'],
  },
}

const questions = {
  pt: ['como', 'o que', 'qual', 'quais', 'quanto custa', 'onde', 'porque', 'por que', 'quando'],
  en: ['how', 'what', 'which', 'where', 'why', 'when', 'who', 'can', 'is'],
}
const joiners = {
  pt: {
    para: 'jovens condutores',
    com: 'assistência em viagem',
    sem: 'franquia',
    'perto de': 'mim',
    em: 'portugal',
    vs: 'seguro moto',
    ou: 'leasing',
  },
  en: {
    for: 'new drivers',
    with: 'roadside assistance',
    without: 'deposit',
    near: 'me',
    in: 'london',
    to: 'buy',
    vs: 'leasing',
    or: 'leasing',
  },
} as Record<'pt' | 'en', Record<string, string>>

/** The made-up completions of one query (see the file comment). */
export function fakeSuggestions(query: string, hl: string): string[] {
  const lang = hl.startsWith('pt') ? 'pt' : 'en'
  const q = query.toLowerCase().replace(/\s+/g, ' ')
  const trimmed = q.trim()
  const letter = /^(.+) ([a-z])$/.exec(trimmed)
  if (letter) {
    const [, base, l] = letter as unknown as [string, string, string]
    const list = words[lang][l] ?? []
    return [...list.map((w) => `${base} ${w}`), ...(list[0] ? [`${list[0]} ${l}${l}`] : [])]
  }
  for (const [joiner, object] of Object.entries(joiners[lang])) {
    if (trimmed.endsWith(` ${joiner}`)) return [`${trimmed} ${object}`, `${trimmed}`]
  }
  for (const question of questions[lang]) {
    if (trimmed.startsWith(`${question} `)) {
      const seed = trimmed.slice(question.length + 1)
      const verb = lang === 'pt' ? 'escolher' : 'choose'
      return [`${question} ${verb} ${seed}`, `${trimmed} ${lang === 'pt' ? 'é obrigatório' : 'is worth it'}`]
    }
  }
  const more =
    lang === 'pt' ? ['online', 'simulação', 'preço', 'barato'] : ['online', 'quote', 'price', 'cheap']
  return [
    trimmed,
    ...more.map((m) => `${trimmed} ${m}`),
    lang === 'pt' ? `melhor ${trimmed}` : `best ${trimmed}`,
  ]
}

export async function startFakeAutocomplete(
  options: FakeAutocompleteOptions = {},
): Promise<FakeAutocomplete> {
  const requests: FakeAutocompleteRequest[] = []
  const scripted = new Map<string, string[]>()
  let limited = 0
  let retryAfter: number | null = null

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (url.pathname !== '/complete/search') {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=UTF-8' }).end('<h1>Not Found</h1>')
      return
    }
    const entry = {
      q: url.searchParams.get('q') ?? '',
      hl: url.searchParams.get('hl') ?? 'en',
      gl: url.searchParams.get('gl') ?? '',
      client: url.searchParams.get('client') ?? '',
    }
    requests.push(entry)
    const answer = () => {
      if (limited > 0) {
        limited -= 1
        const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8' }
        if (retryAfter !== null) headers['Retry-After'] = String(retryAfter)
        res.writeHead(429, headers).end('<html><body>Too Many Requests</body></html>')
        return
      }
      const suggestions = scripted.get(entry.q) ?? fakeSuggestions(entry.q, entry.hl)
      const body = JSON.stringify([
        entry.q,
        suggestions,
        [],
        { 'google:suggestsubtypes': suggestions.map(() => [512]) },
      ])
      // Google's firefox client answers in the locale's legacy charset unless told otherwise (oe=utf-8).
      const latin1 = entry.hl === 'pt-PT' && url.searchParams.get('oe') !== 'utf-8'
      res.writeHead(200, {
        'Content-Type': `text/javascript; charset=${latin1 ? 'ISO-8859-1' : 'UTF-8'}`,
        'Cache-Control': 'private, max-age=3600',
      })
      res.end(latin1 ? Buffer.from(body, 'latin1') : Buffer.from(body, 'utf8'))
    }
    if (options.latencyMs) setTimeout(answer, options.latencyMs)
    else answer()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    url: `${origin}/complete/search`,
    requests,
    rateLimitNext(count, seconds = null) {
      limited = count
      retryAfter = seconds
    },
    script(query, suggestions) {
      scripted.set(query, suggestions)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
