// `farol logs <file…>`: reads access logs (plain or gzip, any supported format) and reports which search
// and AI bots fetched what, verified against their operators' published ranges or reverse DNS.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { isEngineError } from '../errors.ts'
import type { BotSummary } from '../logs/aggregate.ts'
import type { LogReport } from '../logs/analyze.ts'
import type { BotVisitRow, CrawlJoin } from '../logs/joins.ts'
import { listDay, outsideListNote } from '../logs/list-words.ts'
import type { Lang } from '../types.ts'
import type { CliIo } from './io.ts'
import { CrawlSourceError } from './logs-crawl.ts'

export const logsUsage = `Usage: farol logs <file…> [options]

Reads web server or CDN access logs (NGINX/Apache combined or common, a custom log_format/LogFormat,
JSON lines from Cloudflare/Fastly/Vercel, AWS CloudFront or ALB, W3C; plain or .gz) and reports which
search and AI crawlers fetched which pages, how often, with which status codes, and whether each is real
(verified against the operator's published IP ranges or forward-confirmed reverse DNS) or spoofed.
Only counts are kept: no line, no IP address.

Options:
  --site <url>         the site: only its host's requests count, and its robots.txt is read to count
                       hits on disallowed paths
  --robots <file>      a robots.txt file to use instead of fetching the site's
  --crawl <path>       join with a crawl of the site (needs --site): a \`farol crawl --store\` folder (its
                       latest finished crawl of the site) or a \`farol crawl --json\` file. Adds the
                       server's joins: bots fetching pages that fail, redirect, are not indexable or are
                       orphans, and the best-linked pages no AI crawler fetched
  --format <string>    the log_format (NGINX) or LogFormat (Apache) string, when not detected
  --no-dns             no reverse-DNS lookups (bots without published ranges stay unverified)
  --dns-server <h:p>   resolver to use for reverse DNS (default: the system's)
  --lang <l>           pt | en (default pt)
  --json               print the whole report as JSON on stdout
  -h, --help           show this help

Exit codes: 0 read, 2 could not read (a log or the crawl), 64 usage error.
`

const words = {
  read: {
    pt: '{lines} linhas lidas de {files} ficheiro(s) em {seconds} s ({rate} linhas/s); {malformed} mal formadas',
    en: '{lines} lines read from {files} file(s) in {seconds} s ({rate} lines/s); {malformed} malformed',
  },
  period: { pt: 'Período: {from} a {to}', en: 'Period: {from} to {to}' },
  totals: {
    pt: 'Pedidos: {hits} · robôs de IA: {ai} · motores de pesquisa: {search} · falsos robôs: {spoofed} · outros: {other}',
    en: 'Requests: {hits} · AI bots: {ai} · search engines: {search} · spoofed bots: {spoofed} · others: {other}',
  },
  site: { pt: 'Páginas do site ({source}): {n}', en: 'Site pages ({source}): {n}' },
  fromLog: { pt: 'vistas no registo', en: 'seen in the log' },
  fromCrawl: { pt: 'do rastreio', en: 'from the crawl' },
  bots: { pt: 'Robôs', en: 'Bots' },
  header: {
    pt: 'robô|finalidade|pedidos|verif.|sem verif.|fora lista|falsos|páginas|% site|robots.txt|proibidas|último',
    en: 'bot|purpose|hits|verified|no way|off list|spoofed|pages|% site|robots.txt|disallowed|last seen',
  },
  columnsNote: {
    pt: 'sem verif.: sem forma de verificar (o operador não publica endereços); fora lista: fora de uma lista com mais de 30 dias (ver abaixo).',
    en: 'no way: no way to verify (the operator publishes no addresses); off list: outside a list more than 30 days old (see below).',
  },
  none: { pt: 'Nenhum robô conhecido neste registo.', en: 'No known bot in this log.' },
  training: { pt: 'treino', en: 'training' },
  search: { pt: 'pesquisa', en: 'search index' },
  user: { pt: 'pedido de utilizador', en: 'user-triggered' },
  topPages: { pt: 'Páginas mais pedidas por robôs', en: 'Pages most fetched by bots' },
  spoofedNote: {
    pt: '{token}: {n} pedidos de {sources} origem(ns) usam o nome mas não são de {operator}.',
    en: '{token}: {n} requests from {sources} source(s) use the name but are not from {operator}.',
  },
  statuses: { pt: 'Códigos servidos a {token}: {list}', en: 'Status codes served to {token}: {list}' },
  malformedEx: { pt: 'Exemplos de linhas mal formadas:', en: 'Examples of malformed lines:' },
  couldNotRead: { pt: 'Não foi possível ler {file}', en: 'Could not read {file}' },
  noRobots: {
    pt: 'robots.txt não lido: pedidos em caminhos proibidos não contados (use --site ou --robots).',
    en: 'robots.txt not read: hits on disallowed paths not counted (use --site or --robots).',
  },
  ranges: {
    pt: 'Listas de IPs publicadas: {list}. Atualize com npm run bots:update (o servidor atualiza as suas sozinho).',
    en: 'Published IP lists: {list}. Refresh with npm run bots:update (the server refreshes its own).',
  },
  old: { pt: 'mais de 30 dias', en: 'over 30 days old' },
  joins: {
    pt: 'Cruzamento com o rastreio de {start} ({when})',
    en: 'Joined with the crawl of {start} ({when})',
  },
  broken: { pt: 'Robôs a pedir páginas com erro', en: 'Bots fetching pages that fail' },
  redirected: { pt: 'Robôs a pedir páginas redirecionadas', en: 'Bots fetching redirected pages' },
  nonIndexable: { pt: 'Robôs a pedir páginas não indexáveis', en: 'Bots fetching non-indexable pages' },
  orphan: {
    pt: 'Robôs a pedir páginas órfãs (sem ligações internas)',
    en: 'Bots fetching orphan pages (no internal links)',
  },
  unfetched: {
    pt: 'Páginas indexáveis mais ligadas que nenhum robô de IA pediu no período',
    en: 'Best-linked indexable pages no AI crawler fetched in the period',
  },
  noneFound: { pt: 'nenhuma', en: 'none' },
  score: { pt: 'pontuação {score}, {inlinks} ligações de entrada', en: 'score {score}, {inlinks} inlinks' },
  crawlMissing: { pt: '--crawl: {where} não existe', en: '--crawl: {where} does not exist' },
  crawlNotACrawl: {
    pt: '--crawl: {where} não é uma pasta de farol crawl --store nem um ficheiro de farol crawl --json',
    en: '--crawl: {where} is neither a farol crawl --store folder nor a farol crawl --json file',
  },
  crawlNoSite: {
    pt: '--crawl: {where} não tem nenhum rastreio terminado de {host}',
    en: '--crawl: {where} holds no finished crawl of {host}',
  },
} as const

type Key = keyof typeof words
function say(lang: Lang, key: Key, values: Record<string, string | number> = {}): string {
  return words[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''))
}

class UsageError extends Error {}

interface Parsed {
  files: string[]
  site: URL | null
  robots: string | null
  format: string | null
  dns: boolean
  dnsServer: string | null
  lang: Lang
  json: boolean
  crawl: string | null
}

function parse(argv: string[]): Parsed | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      site: { type: 'string' },
      robots: { type: 'string' },
      crawl: { type: 'string' },
      format: { type: 'string' },
      'no-dns': { type: 'boolean', default: false },
      'dns-server': { type: 'string' },
      lang: { type: 'string', default: 'pt' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return 'help'
  if (!positionals.length) throw new UsageError('missing <file>')
  if (values.lang !== 'pt' && values.lang !== 'en') throw new UsageError('--lang must be pt or en')
  let site: URL | null = null
  if (values.site) {
    try {
      site = new URL(values.site)
    } catch {
      throw new UsageError('--site must be a URL (https://…)')
    }
    if (site.protocol !== 'http:' && site.protocol !== 'https:')
      throw new UsageError('--site must be http or https')
  }
  if (values.crawl !== undefined && !site) throw new UsageError('--crawl needs --site <url>')
  if (values.crawl === '') throw new UsageError('--crawl needs a folder or a file')
  return {
    crawl: values.crawl ?? null,
    files: positionals,
    site,
    robots: values.robots ?? null,
    format: values.format ?? null,
    dns: !values['no-dns'],
    dnsServer: values['dns-server'] ?? null,
    lang: values.lang,
    json: values.json,
  }
}

function write(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(chunk, (e) => (e ? reject(e) : resolve())))
}

const pct = (n: number | null) => (n === null ? '–' : `${(n * 100).toFixed(n < 0.1 ? 1 : 0)}%`)

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? []
  return rows.map((r) =>
    r
      .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
}

/** The crawl join as text: one block per kind, each page with the bots that fetched it. */
export function renderCrawlJoin(join: CrawlJoin, startUrl: string, lang: Lang): string {
  const out = [say(lang, 'joins', { start: startUrl, when: join.crawledAt?.slice(0, 10) ?? '–' })]
  const visits = (rows: BotVisitRow[]) =>
    rows.slice(0, 20).map((r) => {
      const status = r.redirectTo ? `${r.status} → ${r.redirectTo}` : String(r.status ?? '–')
      return `    ${r.path} (${status}): ${r.bots.map((b) => `${b.token} ×${b.hits}`).join(', ')}`
    })
  for (const key of ['broken', 'redirected', 'nonIndexable', 'orphan'] as const) {
    out.push(`  ${say(lang, key)}: ${join[key].length || say(lang, 'noneFound')}`, ...visits(join[key]))
  }
  out.push(`  ${say(lang, 'unfetched')}: ${join.unfetched.length || say(lang, 'noneFound')}`)
  for (const u of join.unfetched)
    out.push(`    ${u.path} (${say(lang, 'score', { score: u.linkScore ?? '–', inlinks: u.inlinks })})`)
  return `${out.join('\n')}\n`
}

export function renderLogsReport(r: LogReport, lang: Lang, seconds: number): string {
  const out: string[] = []
  const lines = r.files.reduce((s, f) => s + f.lines, 0)
  const malformed = r.files.reduce((s, f) => s + f.malformed, 0)
  out.push(
    say(lang, 'read', {
      lines,
      files: r.files.length,
      seconds: seconds.toFixed(1),
      rate: Math.round(lines / Math.max(seconds, 0.001)),
      malformed,
    }),
  )
  if (r.period.from)
    out.push(say(lang, 'period', { from: r.period.from.slice(0, 10), to: (r.period.to ?? '').slice(0, 10) }))
  const t = r.totals
  out.push(
    say(lang, 'totals', {
      hits: t.hits,
      ai: t.aiHits,
      search: t.searchEngineHits,
      spoofed: t.spoofedHits,
      other: t.otherHits,
    }),
  )
  out.push(
    say(lang, 'site', {
      source: say(lang, r.sitePages.source === 'crawl' ? 'fromCrawl' : 'fromLog'),
      n: r.sitePages.count,
    }),
    '',
  )
  if (!r.bots.length) out.push(say(lang, 'none'))
  else {
    out.push(say(lang, 'bots'))
    const rows = [say(lang, 'header').split('|')]
    for (const b of r.bots as BotSummary[])
      rows.push([
        b.token,
        say(lang, b.purpose),
        String(b.hits),
        String(b.verified),
        String(b.unverified),
        String(b.outsideList ?? 0),
        String(b.spoofed),
        String(b.pages),
        pct(b.share),
        String(b.robotsFetches),
        b.disallowedHits === null ? '–' : String(b.disallowedHits),
        b.last ? b.last.slice(0, 10) : '–',
      ])
    out.push(...table(rows).map((l) => `  ${l}`), `  ${say(lang, 'columnsNote')}`, '')
    for (const b of r.bots) {
      if (b.hits) {
        const list = Object.entries(b.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')
        out.push(say(lang, 'statuses', { token: b.token, list }))
      }
    }
    for (const b of r.bots) {
      const note = outsideListNote(b, lang)
      if (note) out.push(note)
    }
    for (const b of r.bots.filter((x) => x.spoofed > 0))
      out.push(
        say(lang, 'spoofedNote', {
          token: b.token,
          n: b.spoofed,
          sources: b.spoofedSources,
          operator: b.operator,
        }),
      )
    out.push('')
  }
  if (r.pages.length) {
    out.push(say(lang, 'topPages'))
    for (const p of r.pages.slice(0, 15))
      out.push(
        `  ${String(p.hits).padStart(6)}  ${p.path}  (${p.bots.map((b) => `${b.token} ${b.hits}`).join(', ')})`,
      )
    out.push('')
  }
  if (r.robotsTxt === 'none') out.push(say(lang, 'noRobots'))
  out.push(
    say(lang, 'ranges', {
      list:
        r.verification.ranges
          .map(
            (x) =>
              `${x.name} (${listDay(x.retrieved, lang)}${x.fresh === false ? `, ${say(lang, 'old')}` : ''})`,
          )
          .join(', ') || '–',
    }),
  )
  const examples = r.files.flatMap((f) => f.malformedExamples.map((e) => `  ${f.name}:${e.line}: ${e.text}`))
  if (examples.length) out.push(say(lang, 'malformedEx'), ...examples.slice(0, 5))
  return `${out.join('\n')}\n`
}

async function robotsFor(p: Parsed): Promise<string | null> {
  if (p.robots) {
    const { readFile } = await import('node:fs/promises')
    return readFile(p.robots, 'utf8')
  }
  if (!p.site) return null
  const { fetchText } = await import('../fetch/fetcher.ts')
  const robots = await fetchText(new URL('/robots.txt', p.site).href)
  // A missing robots.txt allows everything: nothing is disallowed (an empty file says exactly that).
  if (robots.status !== null && robots.status >= 400 && robots.status < 500) return ''
  return robots.content
}

/** `farol logs …`; resolves to the exit code. */
export async function runLogsCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: Parsed | 'help'
  try {
    parsed = parse(argv)
  } catch (e) {
    await write(io.stderr, `farol: ${(e as Error).message}\n\n${logsUsage}`)
    return 64
  }
  if (parsed === 'help') {
    await write(io.stdout, logsUsage)
    return 0
  }
  const { lang } = parsed
  const p = parsed
  const started = Date.now()
  let current = ''
  try {
    const { analyzeLogs } = await import('../logs/analyze.ts')
    const { dnsResolver } = await import('../logs/verify.ts')
    const sizes = new Map<string, number>()
    for (const f of p.files) sizes.set(f, (await stat(f)).size)
    const tty = Boolean(io.stderr.isTTY)
    let lastDraw = 0
    const report = await analyzeLogs(
      p.files.map((f) => ({ name: f, stream: createReadStream(f) })),
      {
        robotsTxt: await robotsFor(p),
        ...(p.site ? { origin: p.site.origin, host: p.site.hostname } : {}),
        ...(p.format ? { format: p.format } : {}),
        verifier: { resolver: p.dns ? dnsResolver(p.dnsServer ? [p.dnsServer] : undefined) : null },
        onProgress: (file, bytes) => {
          current = file
          const now = Date.now()
          if (!tty || now - lastDraw < 200) return
          lastDraw = now
          const size = sizes.get(file) ?? 0
          io.stderr.write(`\r\x1b[2K${basename(file)} ${size ? Math.floor((bytes / size) * 100) : 0}%`)
        },
      },
    )
    if (tty) io.stderr.write('\r\x1b[2K')
    const seconds = (Date.now() - started) / 1000
    let crawl: { join: CrawlJoin; startUrl: string } | null = null
    if (p.crawl && p.site) {
      current = p.crawl
      const { crawlFactsFromPath } = await import('./logs-crawl.ts')
      const { joinWithCrawl } = await import('../logs/joins.ts')
      const facts = await crawlFactsFromPath(p.crawl, p.site, report.pages)
      crawl = { join: joinWithCrawl(report.pages, facts), startUrl: facts.startUrl }
    }
    await write(
      io.stdout,
      p.json
        ? `${JSON.stringify(crawl ? { ...report, joins: { crawl: crawl.join } } : report, null, 2)}\n`
        : renderLogsReport(report, lang, seconds) +
            (crawl ? `\n${renderCrawlJoin(crawl.join, crawl.startUrl, lang)}` : ''),
    )
    return 0
  } catch (e) {
    if (e instanceof CrawlSourceError) {
      const key =
        e.problem === 'missing'
          ? 'crawlMissing'
          : e.problem === 'not-a-crawl'
            ? 'crawlNotACrawl'
            : 'crawlNoSite'
      await write(io.stderr, `farol: ${say(lang, key, { where: e.where, host: p.site?.host ?? '' })}\n`)
      return e.problem === 'no-crawl-of-site' ? 2 : 64
    }
    const reason = isEngineError(e)
      ? `${e.localizedMessage(lang)} (${e.code})`
      : e instanceof Error
        ? e.message
        : String(e)
    await write(
      io.stderr,
      `${say(lang, 'couldNotRead', { file: current || p.files.join(', ') })}: ${reason}\n`,
    )
    return 2
  }
}
