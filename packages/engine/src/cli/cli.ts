// `farol audit <url>`: argument parsing, progress on stderr, report or JSON on stdout, exit codes for CI.
import { parseArgs } from 'node:util'
import type { AuditDevice, AuditProgress, AuditResult } from '../audit.ts'
import { isEngineError } from '../errors.ts'
import type { Lang } from '../types.ts'
import type { CliIo } from './io.ts'
import { renderReport } from './report.ts'
import { t } from './strings.ts'

/** Exit codes: 0 audited (and at or above --fail-under), 1 below --fail-under, 2 could not audit, 64 usage. */
export const EXIT = { ok: 0, belowThreshold: 1, couldNotAudit: 2, usage: 64, interrupted: 130 } as const

export const usage = `Usage: farol audit <url> [options]
       farol crawl <url> [options]   (site crawl: farol crawl --help)
       farol logs <file…> [options]  (AI crawlers in access logs: farol logs --help)
       farol mcp                     (MCP server on stdio: audit_page, crawl_site)

Audits a web page for SEO and AI optimisation (AIO): on-page checks, AIO analysis,
and Lighthouse 13 runs on the system Chromium.

Options:
  --device <d>       desktop | mobile | both | none   Lighthouse runs (default: both)
  --lang <l>         pt | en                           report and message language (default: pt)
  --json             print the AuditResult as JSON on stdout (nothing else on stdout)
  --fail-under <n>   exit 1 when the overall score is below n (for CI)
  --allow-private    allow loopback and private addresses (same as FAROL_ALLOW_PRIVATE_TARGETS=1)
  -h, --help         show this help

Exit codes: 0 audited, 1 audited but below --fail-under, 2 could not audit, 64 usage error.
Environment: CHROME_PATH (Chromium binary; default: chromium on PATH), FAROL_ALLOW_PRIVATE_TARGETS=1.
`

const devices: readonly AuditDevice[] = ['desktop', 'mobile', 'both', 'none']
const langs: readonly Lang[] = ['pt', 'en']

interface Parsed {
  url: string
  device: AuditDevice
  lang: Lang
  json: boolean
  failUnder: number | null
  allowPrivate: boolean
}

class UsageError extends Error {}

function parse(argv: string[]): Parsed | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      device: { type: 'string', default: 'both' },
      lang: { type: 'string', default: 'pt' },
      json: { type: 'boolean', default: false },
      'fail-under': { type: 'string' },
      'allow-private': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || positionals[0] === 'help') return 'help'
  const [command, url, ...extra] = positionals
  if (command !== 'audit') throw new UsageError(command ? `unknown command: ${command}` : 'missing command')
  if (!url) throw new UsageError('missing <url>')
  if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`)
  if (!devices.includes(values.device as AuditDevice))
    throw new UsageError(`--device must be one of ${devices.join(', ')}`)
  if (!langs.includes(values.lang as Lang)) throw new UsageError('--lang must be pt or en')
  let failUnder: number | null = null
  if (values['fail-under'] !== undefined) {
    failUnder = Number(values['fail-under'])
    if (values['fail-under'].trim() === '' || !Number.isFinite(failUnder))
      throw new UsageError('--fail-under must be a number')
  }
  return {
    url,
    device: values.device as AuditDevice,
    lang: values.lang as Lang,
    json: values.json,
    failUnder,
    allowPrivate: values['allow-private'],
  }
}

/** One line per stage; on a terminal, a spinner with the elapsed time between stages. */
function progressReporter(io: CliIo, lang: Lang) {
  const tty = Boolean(io.stderr.isTTY)
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
  let current = ''
  let frame = 0
  let started = Date.now()
  const draw = () => {
    if (!current) return
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    io.stderr.write(`\r\x1b[2K${frames[frame++ % frames.length]} ${current} ${seconds} s`)
  }
  const timer = tty ? setInterval(draw, 100) : undefined
  timer?.unref?.()
  const line = (message: string) => {
    if (tty) io.stderr.write('\r\x1b[2K')
    io.stderr.write(`${message}\n`)
  }
  const begin = (message: string) => {
    current = message
    started = Date.now()
    if (tty) draw()
    else io.stderr.write(`${message}\n`)
  }
  return {
    onProgress(event: AuditProgress) {
      if (event.type === 'fetching') begin(t(lang, 'progressFetching'))
      else if (event.type === 'onpage-done') {
        current = ''
        line(`✓ ${t(lang, 'progressOnPage')} (${event.elapsedMs} ms)`)
      } else if (event.type === 'lighthouse-start')
        begin(t(lang, 'progressLighthouse', { device: event.device }))
      else if (event.type === 'lighthouse-done') {
        current = ''
        const key = event.error ? 'progressLighthouseFailed' : 'progressLighthouseDone'
        line(
          `${event.error ? '✗' : '✓'} ${t(lang, key, { device: event.device })} (${(event.elapsedMs / 1000).toFixed(1)} s)`,
        )
      }
    },
    stop() {
      if (timer) clearInterval(timer)
      if (tty && current) io.stderr.write('\r\x1b[2K')
      current = ''
    },
  }
}

function write(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  // Wait for the write to be handed to the OS, so exiting right after does not cut a piped JSON short.
  return new Promise((resolve, reject) => stream.write(chunk, (e) => (e ? reject(e) : resolve())))
}

/** Runs the CLI; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'crawl') return (await import('./crawl.ts')).runCrawlCli(argv.slice(1), io)
  if (argv[0] === 'logs') return (await import('./logs.ts')).runLogsCli(argv.slice(1), io)
  // stdout belongs to the protocol from here on: nothing else may be written to it.
  if (argv[0] === 'mcp') return (await import('../mcp/stdio.ts')).runMcpStdio(io.env)
  let parsed: Parsed | 'help'
  try {
    parsed = parse(argv)
  } catch (e) {
    await write(io.stderr, `farol: ${(e as Error).message}\n\n${usage}`)
    return EXIT.usage
  }
  if (parsed === 'help') {
    await write(io.stdout, usage)
    return EXIT.ok
  }
  const { lang } = parsed
  const progress = progressReporter(io, lang)
  let result: AuditResult
  try {
    // Loaded here, not at the top: `farol --help` and usage errors answer without loading the engine.
    const run = io.audit ?? (await import('../audit.ts')).audit
    result = await run(parsed.url, {
      device: parsed.device,
      lang,
      ...(parsed.allowPrivate ? { allowPrivate: true } : {}),
      onProgress: progress.onProgress,
      ...(io.signal ? { signal: io.signal } : {}),
    })
  } catch (e) {
    progress.stop()
    if (io.signal?.aborted) {
      await write(io.stderr, `${t(lang, 'interrupted')}\n`)
      return EXIT.interrupted
    }
    const head = t(lang, 'couldNotAudit', { url: parsed.url })
    if (isEngineError(e)) {
      await write(
        io.stderr,
        `${head}: ${e.localizedMessage(lang)}${e.detail ? ` (${e.code}: ${e.detail})` : ` (${e.code})`}\n`,
      )
    } else {
      await write(
        io.stderr,
        `${head}: ${t(lang, 'unexpected')}: ${e instanceof Error ? e.stack || e.message : String(e)}\n`,
      )
    }
    return EXIT.couldNotAudit
  }
  progress.stop()

  if (parsed.json) await write(io.stdout, `${JSON.stringify(result, null, 2)}\n`)
  else {
    const colors = Boolean(io.stdout.isTTY) && !io.env.NO_COLOR
    await write(io.stdout, renderReport(result, lang, colors))
  }
  const score = result.scores.overall.score
  if (parsed.failUnder !== null && score < parsed.failUnder) {
    await write(io.stderr, `${t(lang, 'belowThreshold', { score, min: parsed.failUnder })}\n`)
    return EXIT.belowThreshold
  }
  return EXIT.ok
}
