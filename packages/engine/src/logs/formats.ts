// Line readers per log format. Each turns one line into a LogHit, or null when the line is malformed for
// the format, or 'skip' when it is a well-formed line that is not a request (W3C directives, JSON records
// of build output). The text formats compile to one regular expression; a custom NGINX `log_format` or
// Apache `LogFormat` string compiles the same way, so the presets are just format strings.
import { parseAnyTime, parseClfTime, parseIsoTime } from './time.ts'
import type { LogFormatName, LogHit } from './types.ts'

export type LineResult = LogHit | null | 'skip'
export interface LineReader {
  format: LogFormatName
  read(line: string): LineResult
}

export const PRESETS = {
  // Apache's documented presets; NGINX's predefined `combined` writes the same line.
  combined: '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"',
  common: '%h %l %u %t "%r" %>s %b',
} as const

type Role =
  | 'ip'
  | 'timeClf'
  | 'timeIso'
  | 'request'
  | 'method'
  | 'path'
  | 'query'
  | 'status'
  | 'bytes'
  | 'ua'
  | 'host'
  | 'skip'

const NGINX_ROLES: Record<string, Role> = {
  remote_addr: 'ip',
  binary_remote_addr: 'skip',
  time_local: 'timeClf',
  time_iso8601: 'timeIso',
  request: 'request',
  request_method: 'method',
  request_uri: 'path',
  uri: 'path',
  args: 'query',
  query_string: 'query',
  status: 'status',
  body_bytes_sent: 'bytes',
  bytes_sent: 'bytes',
  http_user_agent: 'ua',
  host: 'host',
  http_host: 'host',
  server_name: 'host',
}

// Apache directives: the letter (after an optional `>`/`<` and `{name}`), and for %i the header name.
function apacheRole(letter: string, arg: string | undefined): Role {
  switch (letter) {
    case 'h':
    case 'a':
      return 'ip'
    case 't':
      return arg ? 'skip' : 'timeClf'
    case 'r':
      return 'request'
    case 'm':
      return 'method'
    case 'U':
      return 'path'
    case 'q':
      return 'query'
    case 's':
      return 'status'
    case 'b':
    case 'B':
    case 'O':
      return 'bytes'
    case 'v':
    case 'V':
      return 'host'
    case 'i':
      if (arg?.toLowerCase() === 'user-agent') return 'ua'
      if (arg?.toLowerCase() === 'host') return 'host'
      return 'skip'
    default:
      return 'skip'
  }
}

interface Token {
  literal?: string
  role?: Role
  /** Apache %t writes its own brackets. */
  bracketed?: boolean
}

/** Splits a format string into literals and fields; both syntaxes are accepted (NGINX `$var`, Apache `%x`). */
export function tokenizeFormat(format: string): Token[] {
  const tokens: Token[] = []
  let lit = ''
  const push = (t: Token) => {
    if (lit) tokens.push({ literal: lit })
    lit = ''
    tokens.push(t)
  }
  for (let i = 0; i < format.length; i++) {
    const c = format[i]
    if (c === '\\' && format[i + 1] === '"') {
      lit += '"'
      i++
    } else if (c === '$') {
      const m = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(format.slice(i))
      if (!m) {
        lit += c
        continue
      }
      push({ role: NGINX_ROLES[m[1] ?? ''] ?? 'skip' })
      i += (m[0]?.length ?? 1) - 1
    } else if (c === '%') {
      if (format[i + 1] === '%') {
        lit += '%'
        i++
        continue
      }
      const m = /^%[<>]?(?:\{([^}]*)\})?[<>]?([a-zA-Z])/.exec(format.slice(i))
      if (!m) {
        lit += c
        continue
      }
      const letter = m[2] ?? ''
      const role = apacheRole(letter, m[1])
      push({ role, bracketed: letter === 't' && !m[1] })
      i += (m[0]?.length ?? 1) - 1
    } else lit += c
  }
  if (lit) tokens.push({ literal: lit })
  return tokens
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Compiles a format string to a regex and the role of each capture group. */
export function compileFormat(format: string): { re: RegExp; roles: Role[] } {
  const tokens = tokenizeFormat(format)
  let src = '^'
  const roles: Role[] = []
  tokens.forEach((t, i) => {
    if (t.literal !== undefined) {
      // Runs of spaces in a format match runs of spaces in a line (aligned formats pad).
      src += escapeRe(t.literal).replace(/ +/g, ' +')
      return
    }
    const next = tokens[i + 1]?.literal?.[0]
    const role = t.role ?? 'skip'
    if (t.bracketed) src += '\\[([^\\]]*)\\]'
    else if (next === '"')
      src += '((?:[^"\\\\]|\\\\.)*)' // a quoted field: escaped quotes allowed inside
    else if (role === 'path' && tokens[i + 1]?.role === 'query')
      src += '([^?\\s"]*)' // Apache %U%q
    else if (next === undefined) src += '(.*?)'
    else src += `([^${escapeRe(next)}]*)`
    roles.push(role)
  })
  // Formats are often extended at the end (NGINX `combined` plus `$request_time`): tolerate a tail.
  return { re: new RegExp(`${src}(?:\\s.*)?$`), roles }
}

/** Undoes the escaping both servers apply to quoted fields: Apache `\"`, NGINX `\x22`. */
export function unescapeField(s: string): string {
  if (s.indexOf('\\') === -1) return s
  return s.replace(/\\x([0-9a-fA-F]{2})|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (ch ?? ''),
  )
}

/** `GET /a?b HTTP/1.1` → method and path; a request line that is not one (`-`, TLS noise) gives empty ones. */
export function splitRequest(r: string): { method: string; path: string } {
  const a = r.indexOf(' ')
  if (a <= 0) return { method: '', path: '' }
  const b = r.lastIndexOf(' ')
  const path = b > a && r.startsWith('HTTP/', b + 1) ? r.slice(a + 1, b) : r.slice(a + 1)
  return { method: r.slice(0, a), path: toPath(path) }
}

/** An absolute-form target (`https://h/p`, proxies and ALB write it) reduced to its path and query. */
function toPath(target: string): string {
  if (target.startsWith('/') || target === '*') return target
  const scheme = target.indexOf('://')
  if (scheme > 0) {
    const slash = target.indexOf('/', scheme + 3)
    return slash === -1 ? '/' : target.slice(slash)
  }
  return target
}

const toInt = (s: string | undefined): number => {
  if (!s || s === '-') return 0
  const n = Number(s)
  return Number.isFinite(n) ? n : Number.NaN
}

/** A reader for any `log_format`/`LogFormat` string (the presets included). */
export function formatReader(format: string, name: LogFormatName = 'custom'): LineReader {
  const { re, roles } = compileFormat(format)
  return {
    format: name,
    read(line) {
      const m = re.exec(line)
      if (!m) return null
      const hit: LogHit = {
        time: Number.NaN,
        ip: '',
        method: '',
        path: '',
        status: 0,
        bytes: 0,
        userAgent: '',
        host: null,
      }
      let query = ''
      for (let g = 0; g < roles.length; g++) {
        const v = m[g + 1] ?? ''
        switch (roles[g]) {
          case 'ip':
            hit.ip = v
            break
          case 'timeClf':
            hit.time = parseClfTime(v)
            break
          case 'timeIso':
            hit.time = parseIsoTime(v)
            break
          case 'request': {
            const r = splitRequest(unescapeField(v))
            hit.method = r.method
            hit.path = r.path
            break
          }
          case 'method':
            hit.method = v
            break
          case 'path':
            hit.path = toPath(unescapeField(v))
            break
          case 'query':
            query = v === '-' ? '' : v
            break
          case 'status':
            hit.status = toInt(v)
            break
          case 'bytes':
            hit.bytes = toInt(v)
            break
          case 'ua':
            hit.userAgent = v === '-' ? '' : unescapeField(v)
            break
          case 'host':
            hit.host = v && v !== '-' ? v : null
            break
        }
      }
      if (query && !hit.path.includes('?')) hit.path += query.startsWith('?') ? query : `?${query}`
      if (Number.isNaN(hit.time) || !(hit.status >= 100 && hit.status < 1000) || Number.isNaN(hit.bytes))
        return null
      return hit
    },
  }
}

// JSON lines. The vendors name the same facts differently; each key list is in the order tried.
// Cloudflare Logpush http_requests, Fastly's documented JSON log template, Vercel log drains (proxy object).
const JSON_KEYS = {
  ip: ['ClientIP', 'client_ip', 'clientIp', 'remote_addr', 'ip', 'c-ip'],
  time: ['EdgeStartTimestamp', 'timestamp', 'time_start', 'time', 'start_time', '@timestamp'],
  method: ['ClientRequestMethod', 'request_method', 'method', 'request'],
  path: ['ClientRequestURI', 'ClientRequestPath', 'url', 'path', 'request_uri', 'uri'],
  status: ['EdgeResponseStatus', 'response_status', 'status', 'statusCode', 'status_code'],
  bytes: [
    'EdgeResponseBytes',
    'response_body_size',
    'resp_body_size',
    'responseByteSize',
    'body_bytes_sent',
    'bytes',
  ],
  ua: ['ClientRequestUserAgent', 'request_user_agent', 'user_agent', 'userAgent', 'http_user_agent'],
  host: ['ClientRequestHost', 'host', 'request_host'],
} as const

function pick(o: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k]
  return undefined
}

export function jsonReader(): LineReader {
  return {
    format: 'json',
    read(line) {
      let rec: unknown
      try {
        rec = JSON.parse(line)
      } catch {
        return null
      }
      if (!rec || typeof rec !== 'object' || Array.isArray(rec)) return null
      const top = rec as Record<string, unknown>
      // Vercel puts the request in `proxy` (and its records without one are function or build output).
      const proxy = top.proxy && typeof top.proxy === 'object' ? (top.proxy as Record<string, unknown>) : null
      const o = proxy ? { ...top, ...proxy } : top
      const path = pick(o, JSON_KEYS.path)
      const status = Number(pick(o, JSON_KEYS.status))
      if (typeof path !== 'string')
        return top.source !== undefined || top.message !== undefined ? 'skip' : null
      const time = parseAnyTime(pick(o, JSON_KEYS.time))
      if (Number.isNaN(time) || !(status >= 100 && status < 1000)) return null
      const ua = pick(o, JSON_KEYS.ua)
      const host = pick(o, JSON_KEYS.host)
      return {
        time,
        ip: String(pick(o, JSON_KEYS.ip) ?? ''),
        method: String(pick(o, JSON_KEYS.method) ?? ''),
        path: toPath(path),
        status,
        bytes: Number(pick(o, JSON_KEYS.bytes) ?? 0) || 0,
        userAgent: Array.isArray(ua) ? ua.join(' ') : String(ua ?? ''),
        host: typeof host === 'string' ? host : null,
      }
    },
  }
}

/**
 * W3C extended log format (IIS, and CloudFront's standard logs): `#Fields:` names the columns, and may
 * change mid-file. CloudFront separates with tabs and percent-encodes the user agent; IIS separates with
 * spaces and writes `+` for spaces in it.
 */
export function w3cReader(): LineReader {
  let fields: string[] = []
  let tabs = false
  const reader: LineReader = {
    format: 'w3c',
    read(line) {
      if (line.startsWith('#')) {
        if (line.startsWith('#Fields:')) {
          fields = line.slice(8).trim().split(/\s+/)
          if (fields.includes('x-edge-location')) reader.format = 'cloudfront'
        }
        return 'skip'
      }
      if (!fields.length) return null
      tabs = line.includes('\t')
      const cols = line.split(tabs ? '\t' : ' ')
      if (cols.length < fields.length) return null
      const get = (name: string) => {
        const i = fields.indexOf(name)
        const v = i === -1 ? undefined : cols[i]
        return v === undefined || v === '-' ? '' : v
      }
      const time = Date.parse(`${get('date')}T${get('time')}Z`)
      const status = Number(get('sc-status'))
      if (Number.isNaN(time) || !(status >= 100 && status < 1000)) return null
      const rawUa = get('cs(User-Agent)')
      let ua = rawUa
      try {
        ua =
          reader.format === 'cloudfront'
            ? decodeURIComponent(decodeURIComponent(rawUa))
            : rawUa.replace(/\+/g, ' ')
      } catch {
        // A stray `%` in an agent: keep it as written.
      }
      const query = get('cs-uri-query')
      return {
        time,
        ip: get('c-ip'),
        method: get('cs-method'),
        path: get('cs-uri-stem') + (query ? `?${query}` : ''),
        status,
        bytes: Number(get('sc-bytes')) || 0,
        userAgent: ua,
        host: get('x-host-header') || get('cs(Host)') || get('cs-host') || null,
      }
    },
  }
  return reader
}

// AWS Application Load Balancer access log entries (documented field order; later fields ignored).
const ALB_RE =
  /^(?:https?|h2|grpcs?|wss?) (\S+) \S+ (\S+) \S+ \S+ \S+ \S+ (\d{3}|-) \S+ \d+ (\d+) "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"/

export function albReader(): LineReader {
  return {
    format: 'alb',
    read(line) {
      const m = ALB_RE.exec(line)
      if (!m) return null
      const [, time = '', client = '', status = '', bytes = '', request = '', ua = ''] = m
      const colon = client.lastIndexOf(':')
      const { method, path } = splitRequest(request)
      const hit: LogHit = {
        time: Date.parse(time),
        ip: colon > 0 ? client.slice(0, colon) : client,
        method,
        path,
        status: Number(status),
        bytes: Number(bytes),
        userAgent: ua === '-' ? '' : unescapeField(ua),
        host: /^\S+ [a-z]+:\/\/([^/:]+)/.exec(request)?.[1] ?? null,
      }
      if (Number.isNaN(hit.time) || !(hit.status >= 100)) return null
      return hit
    },
  }
}

/** Picks the reader from a file's first lines (a custom format string, when given, wins). */
export function detectFormat(sample: string[], customFormat?: string): LineReader {
  if (customFormat) return formatReader(customFormat, 'custom')
  const lines = sample.filter((l) => l.trim() !== '')
  if (lines.some((l) => l.startsWith('#Fields:') || l.startsWith('#Version:'))) return w3cReader()
  const first = lines[0] ?? ''
  if (first.trimStart().startsWith('{')) return jsonReader()
  if (/^(?:https?|h2|grpcs?|wss?) \d{4}-\d\d-\d\dT/.test(first)) return albReader()
  const combined = formatReader(PRESETS.combined, 'combined')
  const common = formatReader(PRESETS.common, 'common')
  const score = (r: LineReader) => lines.filter((l) => r.read(l) !== null).length
  const c = score(combined)
  // The combined regex tolerates a tail, so a common line with extra fields would read as combined only
  // if quoted fields follow: prefer combined when it reads as many lines as common does.
  return c > 0 && c >= score(common) ? combined : common
}
