// `npm run bench:logs`: the log goals of issue 32, on a generated combined-format log under /tmp.
//   1. lines/s and peak RSS of `farol logs <file> --no-dns --json` (goal: RSS <= 300 MB, flat with size),
//   2. the same for GoAccess (Debian's package, installed with apt-get when missing) on the same file
//      with its default panels (`--log-format=COMBINED -o report.html`), in the same run,
//   3. the ratio of lines/s (goal: farol >= GoAccess).
// Peak RSS comes from GNU time (`/usr/bin/time -f %M`), the kernel's high-water mark of each process.
// With --lines smaller than the default, the RSS of two sizes shows whether memory grows with the file.
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --lines N (default 10,000,000 ≈ 2 GB), --dir DIR (default /tmp/farol-bench-logs), --skip-goaccess.
import { execFileSync, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '10000000' },
    dir: { type: 'string', default: '/tmp/farol-bench-logs' },
    'skip-goaccess': { type: 'boolean', default: false },
  },
})
const lines = Number(values.lines)
const dir = values.dir
mkdirSync(dir, { recursive: true })
const file = path.join(dir, `access-${lines}.log`)

// A deterministic generator (xorshift): the same file for the same --lines, reused between runs.
let seed = 0x2545f491
const rand = () => {
  seed ^= seed << 13
  seed ^= seed >>> 17
  seed ^= seed << 5
  return (seed >>> 0) / 4294967296
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
]
// Bots with addresses inside their operators' published ranges, and some outside (spoofed or unknown).
const BOTS: [string, () => string][] = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    () => `20.171.206.${Math.floor(rand() * 255)}`,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    () => `203.0.113.${Math.floor(rand() * 255)}`,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    () => `34.${Math.floor(rand() * 255)}.1.1`,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    () => '23.98.142.180',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    () => '44.221.181.252',
  ],
  [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    () => `66.249.66.${Math.floor(rand() * 255)}`,
  ],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', () => '157.55.39.1'],
]
const PATHS = Array.from(
  { length: 5000 },
  (_, i) => `/${pick(['produtos', 'blog', 'ajuda', 'loja', 'sobre'])}/${i}${i % 7 === 0 ? '?ref=x' : ''}`,
)
const STATUS = [200, 200, 200, 200, 200, 200, 200, 304, 301, 404, 500] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

async function generate(): Promise<void> {
  const out = createWriteStream(file)
  const start = Date.UTC(2026, 9, 1)
  const span = 30 * 86_400_000
  let batch: string[] = []
  for (let i = 0; i < lines; i++) {
    const t = new Date(start + Math.floor((i / lines) * span))
    const ts = `${String(t.getUTCDate()).padStart(2, '0')}/${MONTHS[t.getUTCMonth()]}/${t.getUTCFullYear()}:${String(t.getUTCHours()).padStart(2, '0')}:${String(t.getUTCMinutes()).padStart(2, '0')}:${String(t.getUTCSeconds()).padStart(2, '0')} +0000`
    const bot = rand() < 0.05 ? pick(BOTS) : null
    const ip = bot
      ? bot[1]()
      : `${Math.floor(rand() * 223) + 1}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}`
    const ua = bot ? bot[0] : pick(BROWSERS)
    const path = rand() < 0.01 ? '/robots.txt' : pick(PATHS)
    const ref = bot
      ? '-'
      : pick(['-', 'https://www.google.com/', 'https://exemplo.pt/', 'https://chatgpt.com/'])
    batch.push(
      `${ip} - - [${ts}] "GET ${path} HTTP/1.1" ${pick(STATUS)} ${Math.floor(rand() * 50_000)} "${ref}" "${ua}"`,
    )
    if (batch.length === 20_000) {
      if (!out.write(`${batch.join('\n')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()))
      batch = []
    }
  }
  if (batch.length) out.write(`${batch.join('\n')}\n`)
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
}

/** Runs a command under GNU time; wall seconds and peak RSS (MB). */
function measure(
  cmd: string,
  args: string[],
): Promise<{ seconds: number; rssMb: number; code: number | null }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (c) => (err += c))
    child.on('error', reject)
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000
      const kb = Number(err.trim().split('\n').at(-1))
      if (code !== 0) process.stderr.write(err)
      resolve({ seconds, rssMb: kb / 1024, code })
    })
  })
}

function ensureGoaccess(): boolean {
  try {
    execFileSync('goaccess', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    console.log("GoAccess not found: installing Debian's package (apt-get install -y goaccess)…")
    const asRoot = process.getuid?.() === 0
    try {
      execFileSync(
        asRoot ? 'apt-get' : 'sudo',
        [...(asRoot ? [] : ['-n', 'apt-get']), 'install', '-y', 'goaccess'],
        { stdio: 'inherit' },
      )
      return true
    } catch (e) {
      console.log(`Could not install GoAccess (${(e as Error).message}); its figures are skipped.`)
      return false
    }
  }
}

if (!existsSync(file) || statSync(file).size === 0) {
  const t = performance.now()
  console.log(`Generating ${lines.toLocaleString('en')} lines (5% bots) into ${file}…`)
  await generate()
  console.log(
    `  ${(statSync(file).size / 1e9).toFixed(2)} GB in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  )
} else console.log(`Reusing ${file} (${(statSync(file).size / 1e9).toFixed(2)} GB)`)

const farolBin = path.join(import.meta.dirname, '..', 'packages', 'engine', 'bin', 'farol.js')
const farol = await measure(process.execPath, [farolBin, 'logs', file, '--no-dns', '--json'])
if (farol.code !== 0) console.log(`farol logs exited with ${farol.code}: its figures are not a result.`)
const farolRate = lines / farol.seconds
console.log(
  `farol logs:  ${farol.seconds.toFixed(1)} s, ${Math.round(farolRate).toLocaleString('en')} lines/s, peak RSS ${farol.rssMb.toFixed(0)} MB (goal <= 300)`,
)

if (!values['skip-goaccess'] && ensureGoaccess()) {
  const report = path.join(dir, 'goaccess-report.html')
  const ga = await measure('goaccess', [
    file,
    '--log-format=COMBINED',
    '-o',
    report,
    '--no-progress',
    '--no-global-config',
  ])
  const gaRate = lines / ga.seconds
  console.log(
    `GoAccess:    ${ga.seconds.toFixed(1)} s, ${Math.round(gaRate).toLocaleString('en')} lines/s, peak RSS ${ga.rssMb.toFixed(0)} MB`,
  )
  console.log(`Ratio farol/GoAccess lines/s: ${(farolRate / gaRate).toFixed(2)} (goal >= 1)`)
}
