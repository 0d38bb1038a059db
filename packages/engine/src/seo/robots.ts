// Indexability (robots meta, X-Robots-Tag, robots.txt) and robots.txt validity. Both follow Lighthouse's
// is-crawlable and robots-txt audits rule for rule, so their verdicts can be compared; Farol adds
// warnings Lighthouse only mentions (Googlebot blocked while other bots are allowed, nofollow).
import robotsParserModule from 'robots-parser'
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract } from './extract.ts'
import { type CheckMeta, makeFinding, same, sample } from './finding.ts'

export interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined
  getMatchingLineNumber(url: string, ua?: string): number
  getSitemaps(): string[]
}

// robots-parser is CommonJS whose typings declare an ES default export; under NodeNext the default import
// is module.exports, which is the function itself at runtime.
const robotsParser = robotsParserModule as unknown as (url: string, content: string) => Robot

/** Parsed robots.txt, or undefined when there is none to obey (not fetched, 404, empty). */
export function parseRobots(a: SeoArtifacts): Robot | undefined {
  const content = a.robotsTxt.content
  if (!content) return undefined
  return robotsParser(new URL('/robots.txt', a.page.finalUrl).href, content)
}

// undefined stands for the generic rules (robots meta, `User-agent: *`), as in Lighthouse.
const BOT_USER_AGENTS: readonly (string | undefined)[] = [
  undefined,
  'Googlebot',
  'bingbot',
  'DuckDuckBot',
  'archive.org_bot',
]
const BLOCKING = new Set(['noindex', 'none'])

function isUnavailable(directive: string): boolean {
  const parts = directive.split(':')
  if (parts.length <= 1 || parts[0] !== 'unavailable_after') return false
  const date = Date.parse(parts.slice(1).join(':'))
  return !Number.isNaN(date) && date < Date.now()
}

function directives(content: string): string[] {
  return content.split(',').map((d) => d.toLowerCase().trim())
}

export function hasBlockingDirective(content: string): boolean {
  return directives(content).some((d) => BLOCKING.has(d) || isUnavailable(d))
}

function headerUserAgent(value: string): string | undefined {
  const m = value.match(/^([^,:]+):/)
  if (m?.[1] && m[1].toLowerCase() !== 'unavailable_after') return m[1]
  return undefined
}

/** X-Robots-Tag values (several headers may have been folded into one, separated by newlines). */
function robotsHeaders(a: SeoArtifacts): string[] {
  const v = a.page.headers['x-robots-tag']
  return v
    ? v
        .split(/\n/)
        .map((s) => s.trim())
        .filter(Boolean)
    : []
}

/**
 * What blocks this user agent. `exact` reproduces Lighthouse, which matches an X-Robots-Tag prefix to the
 * bot name case-sensitively (so "googlebot: noindex", as Google's own docs write it, is not seen as
 * Googlebot's); without it the prefix is matched case-insensitively, as Google does.
 */
function blockingSources(
  a: SeoArtifacts,
  robots: Robot | undefined,
  userAgent: string | undefined,
  exact = true,
): string[] {
  const x = extract(a)
  const out: string[] = []
  // A meta named after the bot ("googlebot") wins over the generic "robots" one, as Google documents.
  const meta =
    (userAgent && x.meta.find((m) => m.name === userAgent.toLowerCase())) ||
    x.meta.find((m) => m.name === 'robots')
  if (meta && hasBlockingDirective(meta.content))
    out.push(`<meta name="${meta.name}" content="${meta.content}">`)
  for (const value of robotsHeaders(a)) {
    const ua = headerUserAgent(value)
    const same = exact ? ua === userAgent : ua?.trim().toLowerCase() === userAgent?.toLowerCase()
    if (!same && ua !== undefined) continue
    const rest = ua !== undefined && same ? value.slice(value.indexOf(':') + 1) : value.trim()
    if (hasBlockingDirective(rest)) out.push(`X-Robots-Tag: ${value}`)
  }
  if (robots && !robots.isAllowed(a.page.finalUrl, userAgent)) {
    const line = robots.getMatchingLineNumber(a.page.finalUrl, userAgent)
    out.push(`robots.txt${line > 0 ? ` line ${line}` : ''}`)
  }
  return out
}

export const isCrawlableMeta: CheckMeta = {
  id: 'is-crawlable',
  category: 'technical',
  impact: 'high',
  title: { pt: 'A página não está bloqueada para indexação', en: 'Page isn’t blocked from indexing' },
  failureTitle: { pt: 'A página está bloqueada para indexação', en: 'Page is blocked from indexing' },
  description: {
    pt: 'Os motores de pesquisa não podem incluir a página nos resultados se não tiverem permissão para a rastrear ou indexar (robots.txt, meta robots noindex, cabeçalho X-Robots-Tag).',
    en: 'Search engines cannot include the page in results without permission to crawl and index it (robots.txt, meta robots noindex, X-Robots-Tag header).',
  },
}

/** Whether Googlebot may fetch the page per robots.txt (true when there is no robots.txt to obey). */
export function googlebotAllowed(a: SeoArtifacts): boolean {
  const robots = parseRobots(a)
  return robots?.isAllowed(a.page.finalUrl, 'Googlebot') !== false
}

interface CrawlState {
  /** User agents (of Lighthouse's list, '*' for the generic rules) that may not index the page. */
  blocked: string[]
  /** What blocks the generic rules, and Googlebot (matched as Google does). */
  generic: string[]
  google: string[]
  nofollow: boolean
  evidence: Evidence[]
}

function crawlState(a: SeoArtifacts): CrawlState {
  const robots = parseRobots(a)
  const blocked: string[] = []
  let generic: string[] = []
  for (const ua of BOT_USER_AGENTS) {
    const sources = blockingSources(a, robots, ua)
    if (sources.length) blocked.push(ua ?? '*')
    if (ua === undefined) generic = sources
  }
  const google = blockingSources(a, robots, 'Googlebot', false)
  const x = extract(a)
  const robotsMeta = x.meta.find((m) => m.name === 'robots')?.content ?? null
  const googleMeta = x.meta.find((m) => m.name === 'googlebot')?.content ?? null
  const headerDirectives = robotsHeaders(a).map((v) => {
    const ua = headerUserAgent(v)
    return ua ? v.slice(ua.length + 1) : v
  })
  const nofollow = [robotsMeta, googleMeta, ...headerDirectives].some(
    (c) => c !== null && directives(c).some((d) => d === 'nofollow' || d === 'none'),
  )
  const evidence: Evidence[] = [
    { signal: same('meta robots'), value: robotsMeta },
    { signal: same('X-Robots-Tag'), value: robotsHeaders(a).join(' | ') || null },
    {
      signal: { pt: 'Googlebot permitido no robots.txt', en: 'Googlebot allowed by robots.txt' },
      value: googlebotAllowed(a),
    },
    {
      signal: { pt: 'user agents bloqueados', en: 'blocked user agents' },
      value: blocked.join(', ') || null,
      target: { pt: 'nenhum', en: 'none' },
    },
  ]
  if (googleMeta !== null) evidence.splice(1, 0, { signal: same('meta googlebot'), value: googleMeta })
  return { blocked, generic, google, nofollow, evidence }
}

/** Lighthouse's question: may search engines index the page at all? It fails only when every known bot is blocked. */
export function isCrawlable(a: SeoArtifacts): Finding {
  const { blocked, generic, google, evidence } = crawlState(a)
  if (blocked.length === BOT_USER_AGENTS.length) {
    return makeFinding(isCrawlableMeta, 'fail', {
      evidence,
      detail: {
        pt: `Bloqueada por: ${sample(generic.length ? generic : google)}.`,
        en: `Blocked by: ${sample(generic.length ? generic : google)}.`,
      },
    })
  }
  return makeFinding(isCrawlableMeta, 'pass', { evidence })
}

export const crawlDirectivesMeta: CheckMeta = {
  id: 'crawl-directives',
  category: 'technical',
  impact: 'medium',
  title: {
    pt: 'Nenhum robô de pesquisa bloqueado, ligações seguidas',
    en: 'No search crawler blocked, links followed',
  },
  failureTitle: {
    pt: 'Alguns robôs de pesquisa estão bloqueados',
    en: 'Some search crawlers are blocked',
  },
  description: {
    pt: 'Verificação do Farol além da do Lighthouse (que só reprova quando todos os robôs estão bloqueados): um bloqueio só para o Googlebot ou outro motor, ou um nofollow, tira a página desse motor ou impede que as ligações sejam seguidas.',
    en: "Farol's check beyond Lighthouse's (which fails only when every crawler is blocked): a block for Googlebot or another engine alone, or a nofollow, takes the page out of that engine or stops its links from being followed.",
  },
}

/** Farol's advice: a block for some crawlers (Googlebot above all) or a nofollow, which Lighthouse passes. */
export function crawlDirectives(a: SeoArtifacts): Finding {
  const { blocked, google, nofollow, evidence } = crawlState(a)
  if (blocked.length === BOT_USER_AGENTS.length) {
    // is-crawlable already fails; repeating it here would count the same block twice.
    return makeFinding(crawlDirectivesMeta, 'na', { evidence })
  }
  if (google.length) {
    return makeFinding(crawlDirectivesMeta, 'warn', {
      evidence,
      impact: 'high',
      title: { pt: 'A página está bloqueada para o Google', en: 'The page is blocked for Google' },
      detail: {
        pt: `O Googlebot está bloqueado por: ${sample(google)}.`,
        en: `Googlebot is blocked by: ${sample(google)}.`,
      },
    })
  }
  if (blocked.length) {
    return makeFinding(crawlDirectivesMeta, 'warn', {
      evidence,
      title: { pt: 'A página está bloqueada para alguns robôs', en: 'The page is blocked for some crawlers' },
      detail: { pt: `Bloqueada para: ${blocked.join(', ')}.`, en: `Blocked for: ${blocked.join(', ')}.` },
    })
  }
  if (nofollow) {
    return makeFinding(crawlDirectivesMeta, 'warn', {
      evidence,
      title: {
        pt: 'As ligações desta página não são seguidas (nofollow)',
        en: 'Links on this page are not followed (nofollow)',
      },
      detail: {
        pt: 'A página pode ser indexada, mas a diretiva nofollow impede os motores de pesquisa de seguir as suas ligações.',
        en: 'The page can be indexed, but the nofollow directive stops search engines from following its links.',
      },
    })
  }
  return makeFinding(crawlDirectivesMeta, 'pass', { evidence })
}

// robots.txt validation: Lighthouse's robots-txt audit rules.
const DIRECTIVE_SAFELIST = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
])
const SITEMAP_PROTOCOLS = new Set(['https:', 'http:', 'ftp:'])

export interface RobotsTxtError {
  line: number
  content: string
  message: string
}

function verifyDirective(name: string, value: string): string | null {
  if (!DIRECTIVE_SAFELIST.has(name)) return 'Unknown directive'
  if (name === 'sitemap') {
    const u = URL.parse(value)
    if (!u) return 'Invalid sitemap URL'
    if (!SITEMAP_PROTOCOLS.has(u.protocol)) return 'Invalid sitemap URL protocol'
  }
  if (name === 'user-agent' && !value) return 'No user-agent specified'
  if (name === 'allow' || name === 'disallow') {
    if (value !== '' && value[0] !== '/' && value[0] !== '*')
      return 'Pattern should either be empty, start with "/" or "*"'
    const dollar = value.indexOf('$')
    if (dollar !== -1 && dollar !== value.length - 1)
      return '"$" should only be used at the end of the pattern'
  }
  return null
}

export function validateRobotsTxt(content: string): RobotsTxtError[] {
  const errors: RobotsTxtError[] = []
  let inGroup = false
  content.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const hash = raw.indexOf('#')
    const line = (hash === -1 ? raw : raw.slice(0, hash)).trim()
    if (!line) return
    const colon = line.indexOf(':')
    if (colon === -1) {
      errors.push({ line: i + 1, content: raw, message: 'Syntax not understood' })
      return
    }
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    const error = verifyDirective(name, value)
    if (error) {
      errors.push({ line: i + 1, content: raw, message: error })
      return
    }
    if (name === 'user-agent') inGroup = true
    else if (!inGroup && (name === 'allow' || name === 'disallow')) {
      errors.push({ line: i + 1, content: raw, message: 'No user-agent specified' })
    }
  })
  return errors
}

export const robotsTxtMeta: CheckMeta = {
  id: 'robots-txt',
  category: 'technical',
  impact: 'medium',
  title: { pt: 'O robots.txt é válido', en: 'robots.txt is valid' },
  failureTitle: { pt: 'O robots.txt não é válido', en: 'robots.txt is not valid' },
  description: {
    pt: 'Se o robots.txt estiver mal formado, os robôs podem não perceber como quer que o site seja rastreado ou indexado.',
    en: 'If your robots.txt file is malformed, crawlers may not understand how you want your website to be crawled or indexed.',
  },
}

export function robotsTxt(a: SeoArtifacts): Finding {
  const { status, content, errorMessage } = a.robotsTxt
  const evidence: Evidence[] = [
    { signal: { pt: 'URL do robots.txt', en: 'robots.txt URL' }, value: a.robotsTxt.url },
    { signal: { pt: 'código HTTP do robots.txt', en: 'robots.txt HTTP status' }, value: status },
  ]
  if (status !== null && status >= 500) {
    return makeFinding(robotsTxtMeta, 'fail', {
      evidence,
      detail: {
        pt: `O pedido do robots.txt devolveu o código ${status}; o Google trata isto como bloqueio total temporário.`,
        en: `The robots.txt request returned status ${status}; Google treats this as a temporary full block.`,
      },
    })
  }
  if ((status !== null && status >= 400) || content === '') {
    // Lighthouse: not applicable. No robots.txt means everything may be crawled, which is fine.
    return makeFinding(robotsTxtMeta, 'na', {
      evidence,
      title: { pt: 'O site não tem robots.txt', en: 'The site has no robots.txt' },
    })
  }
  if (errorMessage === 'not fetched') return makeFinding(robotsTxtMeta, 'na', { evidence })
  if (errorMessage || !status || content === null) {
    return makeFinding(robotsTxtMeta, 'fail', {
      evidence: [...evidence, { signal: { pt: 'erro', en: 'error' }, value: errorMessage ?? null }],
      detail: {
        pt: `Não foi possível obter o robots.txt${errorMessage ? `: ${errorMessage}` : ''}.`,
        en: `Fetch of robots.txt failed${errorMessage ? `: ${errorMessage}` : ''}.`,
      },
    })
  }
  const errors = validateRobotsTxt(content)
  evidence.push({
    signal: { pt: 'erros no robots.txt', en: 'robots.txt errors' },
    value: errors.length,
    target: same('0'),
  })
  if (errors.length === 0) return makeFinding(robotsTxtMeta, 'pass', { evidence })
  evidence.push({
    // The lines themselves, not the validator's messages: they read the same in both languages.
    signal: { pt: 'primeiras linhas com erro', en: 'first lines with errors' },
    value: errors
      .slice(0, 5)
      .map((e) => `${e.line}: ${e.content.trim()}`)
      .join('; '),
  })
  return makeFinding(robotsTxtMeta, 'fail', {
    evidence,
    detail: {
      pt: `${errors.length} ${errors.length === 1 ? 'erro encontrado' : 'erros encontrados'}.`,
      en: `${errors.length} ${errors.length === 1 ? 'error' : 'errors'} found.`,
    },
  })
}

/** `Sitemap:` lines of robots.txt (absolute URLs only, as the protocol requires). */
export function robotsSitemaps(a: SeoArtifacts): string[] {
  const content = a.robotsTxt.content
  if (!content) return []
  const out: string[] = []
  for (const line of content.split(/\r\n|\r|\n/)) {
    const m = line.replace(/#.*/, '').match(/^\s*sitemap\s*:\s*(\S+)\s*$/i)
    if (m?.[1] && URL.canParse(m[1])) out.push(m[1])
  }
  return [...new Set(out)]
}

export const sitemapMeta: CheckMeta = {
  id: 'sitemap',
  category: 'technical',
  impact: 'low',
  title: {
    pt: 'O site tem um sitemap que os motores de pesquisa encontram',
    en: 'The site has a sitemap search engines can find',
  },
  failureTitle: { pt: 'Não foi encontrado um sitemap', en: 'No sitemap was found' },
  description: {
    pt: 'Um sitemap XML ajuda os motores de pesquisa a descobrir todas as páginas. Publique /sitemap.xml e declare-o no robots.txt com uma linha Sitemap:.',
    en: 'An XML sitemap helps search engines discover every page. Publish /sitemap.xml and declare it in robots.txt with a Sitemap: line.',
  },
}

export function sitemap(a: SeoArtifacts): Finding {
  const declared = robotsSitemaps(a)
  const sx = a.sitemapXml
  const xmlFound =
    !!sx &&
    sx.status !== null &&
    sx.status < 300 &&
    /<(?:\w+:)?(?:urlset|sitemapindex)\b/.test(sx.content ?? '')
  const evidence: Evidence[] = [
    {
      signal: { pt: 'linhas Sitemap no robots.txt', en: 'Sitemap lines in robots.txt' },
      value: declared.length ? declared.join(', ') : 0,
    },
    {
      // true when found; otherwise the HTTP status or fetch error; null when not fetched.
      signal: { pt: '/sitemap.xml encontrado', en: '/sitemap.xml found' },
      value: sx ? (xmlFound ? true : (sx.status ?? sx.errorMessage ?? false)) : null,
    },
  ]
  if (declared.length && (xmlFound || !sx)) return makeFinding(sitemapMeta, 'pass', { evidence })
  if (declared.length) {
    // Declared elsewhere (e.g. /sitemap_index.xml): fine; search engines read robots.txt.
    return makeFinding(sitemapMeta, 'pass', { evidence })
  }
  if (xmlFound) {
    return makeFinding(sitemapMeta, 'warn', {
      evidence,
      title: {
        pt: 'O sitemap não está declarado no robots.txt',
        en: 'The sitemap is not declared in robots.txt',
      },
      detail: {
        pt: 'Existe /sitemap.xml, mas o robots.txt não o indica.',
        en: '/sitemap.xml exists, but robots.txt does not point to it.',
      },
    })
  }
  if (!sx) return makeFinding(sitemapMeta, 'na', { evidence })
  const notXml = sx.status !== null && sx.status < 300
  return makeFinding(sitemapMeta, 'warn', {
    evidence,
    detail: notXml
      ? {
          pt: '/sitemap.xml responde, mas não é um sitemap XML.',
          en: '/sitemap.xml answers, but is not an XML sitemap.',
        }
      : null,
  })
}
