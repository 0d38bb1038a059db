// `farol crawl <url>`: crawls a site politely, prints a progress line on stderr, then the site-wide
// issues (or the whole report as JSON with --json).
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { SiteCheckOptions } from '../crawl/checks/site-index.ts'
import { type ComparableCrawl, type CrawlComparisonCounts, compareCrawls } from '../crawl/compare.ts'
import type { CrawlOptions, CrawlRun } from '../crawl/crawler.ts'
import type { CrawlReport } from '../crawl/report.ts'
import type { CrawlProgress, Severity } from '../crawl/types.ts'
import { isEngineError } from '../errors.ts'
import { allowPrivateFromEnv } from '../fetch/guard.ts'
import type { Lang } from '../types.ts'
import type { CliIo } from './io.ts'

export const crawlUsage = `Usage: farol crawl <url> [options]

Crawls a site from <url> (same host; robots.txt obeyed; sitemaps read) and reports the site-wide issues
no single-page audit can see: duplicates, broken links, redirect chains, canonical and hreflang errors,
sitemap problems, orphan and deep pages, and an internal link score per page.

Options:
  --max-pages <n>      pages to crawl at most (default 500)
  --max-depth <n>      clicks from the start URL at most (default 50)
  --concurrency <n>    requests in flight per host (default 2, 500 ms apart; asking for more drops the spacing)
  --subdomains         also crawl subdomains of the start host
  --near-duplicate <s> similarity (0.5-1) from which pages count as near duplicates (default 0.90)
  --max-seconds <n>    wall-time limit (default 3600)
  --lang <l>           pt | en (default pt)
  --json               print { stats, issues, pages } as JSON on stdout
  --store <dir>        keep the crawl in an embedded database in <dir> (created when missing; an existing
                       folder must be empty or a store), for large crawls: pages go to disk in batches and
                       the checks run as queries, so memory stays flat; same text and --json. Run again
                       with the same <dir> and URL: an unfinished crawl (interrupted, killed) resumes where
                       it stopped; a finished one is kept and a new crawl starts
  --compare <file>     compare with a previous crawl's --json output: issues new, fixed and still
                       present per type, pages added and gone, status changes (with --json: "comparison")
  --render             render every page in Chromium (CHROME_PATH) and compare it with its raw HTML: what
                       only JavaScript shows (text, links, title, canonical, noindex), script errors,
                       scripts and stylesheets robots.txt blocks
  --render-auto        render only when the start page's raw HTML has little text or few links compared
                       with its rendered DOM (and say which)
  --render-concurrency <n>  Chromium tabs rendering at once (default: from the cores and free memory)
  --allow-private      allow loopback and private addresses (same as FAROL_ALLOW_PRIVATE_TARGETS=1)
  -h, --help           show this help

Exit codes: 0 crawled, 2 could not crawl, 64 usage error, 130 interrupted (with --store: resumable).
`

const words = {
  pages: { pt: 'páginas', en: 'pages' },
  queue: { pt: 'em fila', en: 'queued' },
  crawled: {
    pt: 'Rastreadas {pages} páginas em {seconds} s ({rate} URLs/s)',
    en: 'Crawled {pages} pages in {seconds} s ({rate} URLs/s)',
  },
  noIssues: { pt: 'Nenhum problema encontrado.', en: 'No issues found.' },
  error: { pt: 'Erros', en: 'Errors' },
  warning: { pt: 'Avisos', en: 'Warnings' },
  notice: { pt: 'Notas', en: 'Notices' },
  more: { pt: '… e mais {n}', en: '… and {n} more' },
  linkScore: { pt: 'Pontuação de ligações internas (top 10)', en: 'Internal link score (top 10)' },
  couldNotCrawl: { pt: 'Não foi possível rastrear {url}', en: 'Could not crawl {url}' },
  interrupted: { pt: 'Interrompido.', en: 'Interrupted.' },
  compared: {
    pt: 'Desde o rastreio anterior: {new} problemas novos, {fixed} resolvidos, {still} por resolver; {added} páginas novas, {gone} desaparecidas, {changed} mudaram de estado.',
    en: 'Since the previous crawl: {new} new issues, {fixed} fixed, {still} still present; {added} pages added, {gone} gone, {changed} changed status.',
  },
  compareType: {
    pt: '  {type}: +{new} novos, -{fixed} resolvidos, {still} por resolver',
    en: '  {type}: +{new} new, -{fixed} fixed, {still} still present',
  },
  resuming: {
    pt: 'A retomar o rastreio de {date} guardado em {dir} ({pages} páginas já guardadas).',
    en: 'Resuming the crawl of {date} stored in {dir} ({pages} pages already stored).',
  },
  interruptedStore: {
    pt: 'Interrompido. O rastreio fica guardado em {dir}: repita o comando para o retomar.',
    en: 'Interrupted. The crawl stays in {dir}: run the same command again to resume it.',
  },
  'store-not-a-directory': {
    pt: '--store: {dir} não é uma pasta',
    en: '--store: {dir} is not a directory',
  },
  'store-not-a-store': {
    pt: '--store: {dir} não está vazia nem é uma base de dados do farol crawl (indique uma pasta nova ou vazia)',
    en: '--store: {dir} is neither empty nor a farol crawl database (give a new or empty directory)',
  },
  'store-cannot-create': {
    pt: '--store: não foi possível criar a pasta {dir}',
    en: '--store: could not create the directory {dir}',
  },
  'store-in-use': {
    pt: '--store: a base de dados em {dir} está a ser usada por outro processo',
    en: '--store: the database in {dir} is in use by another process',
  },
  badCompare: {
    pt: '--compare: {file} não é a saída --json de um rastreio',
    en: '--compare: {file} is not the --json output of a crawl',
  },
} as const

function say(lang: Lang, key: keyof typeof words, values: Record<string, string | number> = {}): string {
  return words[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''))
}

class UsageError extends Error {}

interface Parsed {
  url: string
  options: CrawlOptions
  checks: SiteCheckOptions
  lang: Lang
  json: boolean
  compare: string | null
  store: string | null
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a whole number of at least 1`)
  return n
}

function parse(argv: string[]): Parsed | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'max-pages': { type: 'string' },
      'max-depth': { type: 'string' },
      concurrency: { type: 'string' },
      'near-duplicate': { type: 'string' },
      'max-seconds': { type: 'string' },
      subdomains: { type: 'boolean', default: false },
      lang: { type: 'string', default: 'pt' },
      json: { type: 'boolean', default: false },
      compare: { type: 'string' },
      store: { type: 'string' },
      'allow-private': { type: 'boolean', default: false },
      render: { type: 'boolean', default: false },
      'render-auto': { type: 'boolean', default: false },
      'render-concurrency': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return 'help'
  const [url, ...extra] = positionals
  if (!url) throw new UsageError('missing <url>')
  if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`)
  if (values.lang !== 'pt' && values.lang !== 'en') throw new UsageError('--lang must be pt or en')
  const maxPages = positiveInt(values['max-pages'], '--max-pages')
  const maxDepth = values['max-depth'] === '0' ? 0 : positiveInt(values['max-depth'], '--max-depth')
  const concurrency = positiveInt(values.concurrency, '--concurrency')
  const maxSeconds = positiveInt(values['max-seconds'], '--max-seconds')
  const renderConcurrency = positiveInt(values['render-concurrency'], '--render-concurrency')
  if (values.render && values['render-auto'])
    throw new UsageError('--render and --render-auto exclude each other')
  if (renderConcurrency !== undefined && !values.render && !values['render-auto'])
    throw new UsageError('--render-concurrency needs --render or --render-auto')
  if (values.store !== undefined && values.store.trim() === '')
    throw new UsageError('--store needs a directory')
  const nearDuplicate = values['near-duplicate']
  const threshold = nearDuplicate === undefined ? undefined : Number(nearDuplicate)
  if (threshold !== undefined && (nearDuplicate!.trim() === '' || !(threshold >= 0.5 && threshold <= 1)))
    throw new UsageError('--near-duplicate must be a similarity from 0.5 to 1 (e.g. 0.85)')
  return {
    url,
    checks: threshold === undefined ? {} : { nearDuplicateThreshold: threshold },
    lang: values.lang,
    json: values.json,
    compare: values.compare ?? null,
    store: values.store ?? null,
    options: {
      ...(maxPages !== undefined ? { maxPages } : {}),
      ...(maxDepth !== undefined ? { maxDepth } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(maxSeconds !== undefined ? { maxSeconds } : {}),
      ...(values.subdomains ? { includeSubdomains: true } : {}),
      ...(values['allow-private'] ? { allowPrivate: true } : {}),
      ...(values.render
        ? { render: 'on' as const }
        : values['render-auto']
          ? { render: 'auto' as const }
          : {}),
      ...(renderConcurrency !== undefined ? { renderConcurrency } : {}),
    },
  }
}

function write(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(chunk, (e) => (e ? reject(e) : resolve())))
}

/** The --json shape of the issue: `{ stats, issues: [{ type, urls, details? }], pages }`. */
export function crawlJson(
  report: CrawlReport,
  comparison: CrawlComparisonCounts | null = null,
  render: CrawlRun['render'] = undefined,
): string {
  const issues = report.issues.map(({ severity: _severity, ...issue }) => issue)
  return `${JSON.stringify({ stats: report.stats, ...(render ? { render } : {}), issues, pages: report.pages, ...(comparison ? { comparison } : {}) }, null, 2)}\n`
}

/** A previous --json output's issues and pages, or null when the value is not one. */
export function comparableCrawl(value: unknown): ComparableCrawl | null {
  const v = value as Partial<ComparableCrawl> | null
  if (!v || !Array.isArray(v.issues) || !Array.isArray(v.pages)) return null
  const issuesOk = v.issues.every((i) => typeof i?.type === 'string' && Array.isArray(i.urls))
  const pagesOk = v.pages.every((p) => typeof p?.url === 'string')
  return issuesOk && pagesOk ? { issues: v.issues, pages: v.pages } : null
}

export function renderComparison(c: CrawlComparisonCounts, lang: Lang): string {
  const still = c.issues.reduce((s, i) => s + i.still, 0)
  const lines = [
    '',
    say(lang, 'compared', {
      new: c.newIssues,
      fixed: c.fixedIssues,
      still,
      added: c.pagesAdded,
      gone: c.pagesGone,
      changed: c.statusChangeCount,
    }),
    ...c.issues
      .filter((i) => i.new + i.fixed > 0)
      .map((i) => say(lang, 'compareType', { type: i.type, new: i.new, fixed: i.fixed, still: i.still })),
  ]
  return `${lines.join('\n')}\n`
}

/** What the text report reads: each issue's URLs (or its first ones and `count`), the pages' link scores. */
export interface TextReport {
  stats: CrawlReport['stats']
  issues: readonly (CrawlReport['issues'][number] & { count?: number })[]
  pages: readonly { url: string; linkScore: number | null }[]
}

export async function renderCrawlReport(report: TextReport, lang: Lang): Promise<string> {
  const { siteCheckById } = await import('../crawl/checks/index.ts')
  const lines: string[] = []
  const s = report.stats
  lines.push(
    say(lang, 'crawled', { pages: s.pages, seconds: s.seconds.toFixed(1), rate: s.urlsPerSecond.toFixed(1) }),
    '',
  )
  if (report.issues.length === 0) lines.push(say(lang, 'noIssues'))
  for (const severity of ['error', 'warning', 'notice'] as Severity[]) {
    const group = report.issues.filter((i) => i.severity === severity)
    if (group.length === 0) continue
    lines.push(`${say(lang, severity)}`)
    for (const issue of group) {
      const check = siteCheckById.get(issue.type)
      const count = issue.count ?? issue.urls.length
      lines.push(`  ${check?.title[lang] ?? issue.type} (${issue.type}): ${count}`)
      for (const url of issue.urls.slice(0, 5)) {
        const detail = issue.details?.[url]
        const from = detail?.sources?.length ? `  ← ${detail.sources.slice(0, 3).join(', ')}` : ''
        const to = detail?.targets?.length ? `  → ${detail.targets.slice(0, 3).join(', ')}` : ''
        const similar = detail?.similarities
          ? `  ≈ ${detail
              .duplicates!.slice(0, 3)
              .map((d, i) => `${d} (${Math.round(detail.similarities![i]! * 100)}%)`)
              .join(', ')}`
          : ''
        lines.push(`    ${url}${from}${to}${similar}`)
      }
      if (count > 5) lines.push(`    ${say(lang, 'more', { n: count - 5 })}`)
    }
    lines.push('')
  }
  const top = [...report.pages]
    .filter((p) => p.linkScore !== null)
    .sort((a, b) => b.linkScore! - a.linkScore!)
    .slice(0, 10)
  if (top.length > 0) {
    lines.push(say(lang, 'linkScore'))
    for (const p of top) lines.push(`  ${String(p.linkScore).padStart(3)}  ${p.url}`)
  }
  return `${lines.join('\n')}\n`
}

/** `farol crawl …`; resolves to the exit code. */
export async function runCrawlCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: Parsed | 'help'
  try {
    parsed = parse(argv)
  } catch (e) {
    await write(io.stderr, `farol: ${(e as Error).message}\n\n${crawlUsage}`)
    return 64
  }
  if (parsed === 'help') {
    await write(io.stdout, crawlUsage)
    return 0
  }
  const { lang } = parsed
  const tty = Boolean(io.stderr.isTTY)
  let lastLine = 0
  const onProgress = (p: CrawlProgress) => {
    const line = `${p.pages} ${say(lang, 'pages')} · ${p.rate.toFixed(1)} URLs/s · ${p.queued} ${say(lang, 'queue')}`
    if (tty) io.stderr.write(`\r\x1b[2K${line}`)
    else if (p.elapsedMs - lastLine >= 5000) {
      lastLine = p.elapsedMs
      io.stderr.write(`${line}\n`)
    }
  }
  // The previous crawl is read before crawling: a bad file is a usage error, not a wasted crawl.
  let previous: ComparableCrawl | null = null
  if (parsed.compare) {
    try {
      previous = comparableCrawl(JSON.parse(await readFile(parsed.compare, 'utf8')))
    } catch {
      previous = null
    }
    if (!previous) {
      await write(io.stderr, `farol: ${say(lang, 'badCompare', { file: parsed.compare })}\n`)
      return 64
    }
  }
  if (parsed.store) return runStoreCrawl(parsed, parsed.store, io, onProgress, previous)
  try {
    const { crawl } = await import('../crawl/crawler.ts')
    const { buildCrawlReport } = await import('../crawl/report.ts')
    const run = await crawl(parsed.url, {
      ...parsed.options,
      // The CLI's environment decides (not whatever process.env the caller runs in).
      allowPrivate: parsed.options.allowPrivate ?? allowPrivateFromEnv(io.env),
      onProgress,
      ...(io.signal ? { signal: io.signal } : {}),
    })
    if (tty) io.stderr.write('\r\x1b[2K')
    if (run.stoppedBy === 'aborted') {
      await write(io.stderr, `${say(lang, 'interrupted')}\n`)
      return 130
    }
    const report = buildCrawlReport(run, parsed.checks)
    const comparison = previous ? compareCrawls(previous, report) : null
    if (parsed.json) await write(io.stdout, crawlJson(report, comparison, run.render))
    else {
      const { renderReasonText } = await import('../render/facts.ts')
      const rendering = run.render ? `${renderReasonText[run.render.reason][lang]}\n` : ''
      await write(
        io.stdout,
        `${rendering}${await renderCrawlReport(report, lang)}${comparison ? renderComparison(comparison, lang) : ''}`,
      )
    }
    return 0
  } catch (e) {
    if (tty) io.stderr.write('\r\x1b[2K')
    const head = say(lang, 'couldNotCrawl', { url: parsed.url })
    const reason = isEngineError(e)
      ? `${e.localizedMessage(lang)} (${e.code})`
      : e instanceof Error
        ? e.message
        : String(e)
    await write(io.stderr, `${head}: ${reason}\n`)
    return 2
  }
}

/** The reason a crawl failed, as the CLI prints it. */
function failureText(e: unknown, lang: Lang): string {
  return isEngineError(e)
    ? `${e.localizedMessage(lang)} (${e.code})`
    : e instanceof Error
      ? e.message
      : String(e)
}

/** `farol crawl --store <dir>`: the crawl in the embedded database (crawl-store.ts). */
async function runStoreCrawl(
  parsed: Parsed,
  dir: string,
  io: CliIo,
  onProgress: (p: CrawlProgress) => void,
  previous: ComparableCrawl | null,
): Promise<number> {
  const { lang } = parsed
  const tty = Boolean(io.stderr.isTTY)
  const { openCrawlStore, StoreError } = await import('../crawl/store/open.ts')
  const store = await openCrawlStore(dir).catch((e: unknown) => e as Error)
  if (store instanceof Error) {
    if (!(store instanceof StoreError)) {
      await write(
        io.stderr,
        `${say(lang, 'couldNotCrawl', { url: parsed.url })}: ${failureText(store, lang)}\n`,
      )
      return 2
    }
    await write(io.stderr, `farol: ${say(lang, `store-${store.problem}`, { dir })}\n`)
    // Another process on the store is not a mistake in the command: it is "could not crawl".
    return store.problem === 'in-use' ? 2 : 64
  }
  const { comparableFromStore, crawlIntoStore, storeCrawlFor, storeTextReport, writeStoreJson } =
    await import('./crawl-store.ts')
  try {
    const allowPrivate = parsed.options.allowPrivate ?? allowPrivateFromEnv(io.env)
    const target = await storeCrawlFor(store.db, parsed.url, {
      allowPrivate,
      maxPages: parsed.options.maxPages ?? 500,
    })
    if (target.resumed)
      await write(
        io.stderr,
        `${say(lang, 'resuming', { date: target.resumed.createdAt, dir: store.dir, pages: target.resumed.pages })}\n`,
      )
    const { run, stats } = await crawlIntoStore(
      store,
      target,
      parsed.url,
      { ...parsed.options, allowPrivate, onProgress, ...(io.signal ? { signal: io.signal } : {}) },
      parsed.checks,
    )
    if (tty) io.stderr.write('\r\x1b[2K')
    if (run.stoppedBy === 'aborted') {
      await write(io.stderr, `${say(lang, 'interruptedStore', { dir: store.dir })}\n`)
      return 130
    }
    const comparison = previous
      ? compareCrawls(previous, await comparableFromStore(store.db, target.id))
      : null
    if (parsed.json)
      await writeStoreJson(
        store.db,
        target.id,
        (chunk) => write(io.stdout, chunk),
        stats,
        run.render,
        comparison,
      )
    else {
      const { renderReasonText } = await import('../render/facts.ts')
      const rendering = run.render ? `${renderReasonText[run.render.reason][lang]}\n` : ''
      const report = await storeTextReport(store.db, target.id, stats)
      await write(
        io.stdout,
        `${rendering}${await renderCrawlReport(report, lang)}${comparison ? renderComparison(comparison, lang) : ''}`,
      )
    }
    return 0
  } catch (e) {
    if (tty) io.stderr.write('\r\x1b[2K')
    await write(io.stderr, `${say(lang, 'couldNotCrawl', { url: parsed.url })}: ${failureText(e, lang)}\n`)
    return 2
  } finally {
    await store.close()
  }
}
