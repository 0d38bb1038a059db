// `npm run bench:crawl -- --mode cli`: `farol crawl --store` (the CLI on its embedded PGlite store, issue 42
// item 4) over the bench's generated site (bench/crawl-site.ts, its own process), the CLI in a process of
// its own. Printed: pages, seconds, the CLI's peak RSS (goal <= 1 GB at 100,000 pages; sampled from
// /proc and the kernel's high-water mark), its RSS at each tenth of the crawl's wall time, and the store's
// size on disk after the crawl (goal <= 1.2 GB at 100,000 pages) with its write-ahead log. A new store's
// initdb runs in a child process of the CLI (decision 043): its peak is printed apart, and with the CLI's.
// Options: --pages N (default 10000), --concurrency N (default 8), --json (the CLI writes --json to
// /dev/null instead of the text report). Prints figures only.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    json: { type: 'boolean', default: false },
    mode: { type: 'string' },
  },
  // bench/crawl.ts's other options are its own.
  strict: false,
})
const pages = Number(values.pages)
const here = import.meta.dirname
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const mb = (bytes: number) => Math.round(bytes / 2 ** 20)
const duMb = (dir: string) => mb(Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]))

const site = spawn(process.execPath, [path.join(here, 'crawl-site.ts'), String(pages)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const origin = await new Promise<string>((resolve, reject) => {
  site.once('exit', (code) => reject(new Error(`site exited with ${code}`)))
  createInterface({ input: site.stdout! }).once('line', resolve)
})
const dir = mkdtempSync(path.join(tmpdir(), 'farol-bench-cli-'))
const store = path.join(dir, 'store')
try {
  console.log(`site: ${pages} pages on ${origin}, --concurrency ${values.concurrency}, load ${loadavg()}`)
  const started = performance.now()
  const cli = spawn(
    process.execPath,
    [
      path.join(here, '../packages/engine/src/cli/main.ts'),
      'crawl',
      `${origin}/`,
      '--store',
      store,
      '--max-pages',
      String(pages),
      '--concurrency',
      String(values.concurrency),
      '--max-seconds',
      '7200',
      '--allow-private',
      ...(values.json ? ['--json'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  cli.stderr!.on('data', (d) => {
    stderr = (stderr + d).slice(-2000)
  })
  const kb = (text: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)
  /** The CLI's process and its descendants: `farol crawl --store` runs the crawl in a child started with
   *  --liftoff-only, and a new store's initdb in a grandchild (decision 043). */
  const tree = (pid: number): number[] => {
    let kids: number[] = []
    try {
      kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number)
    } catch {}
    return [pid, ...kids.flatMap(tree)]
  }
  /** Each process's own high-water mark (VmHWM, unsampled), by its role. */
  const hwmByRole = new Map<string, number>()
  const roleOf = (pid: number) => {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    if (args.includes('-e')) return 'initdb'
    return args.includes('--liftoff-only') ? 'crawl' : 'cli'
  }
  let treePeak = 0
  const samples: { at: number; rss: number }[] = []
  const timer = setInterval(() => {
    let rss = 0
    for (const pid of tree(cli.pid!)) {
      try {
        const text = readFileSync(`/proc/${pid}/status`, 'utf8')
        rss += kb(text, 'VmRSS') * 1024
        const role = roleOf(pid)
        hwmByRole.set(role, Math.max(hwmByRole.get(role) ?? 0, kb(text, 'VmHWM') * 1024))
      } catch {}
    }
    treePeak = Math.max(treePeak, rss)
    samples.push({ at: performance.now(), rss })
  }, 100)
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve))
  clearInterval(timer)
  const seconds = (performance.now() - started) / 1000
  if (code !== 0) console.error(`farol crawl exited with ${code}: ${stderr}`)
  const tenths = Array.from({ length: 10 }, (_, i) => {
    const until = started + ((i + 1) * seconds * 1000) / 10
    return mb(samples.filter((s) => s.at <= until).at(-1)?.rss ?? 0)
  })
  console.log(
    `farol crawl --store${values.json ? ' --json' : ''}: ${seconds.toFixed(1)} s, load after ${loadavg()}`,
  )
  const hwm = Math.max(0, ...hwmByRole.values())
  console.log(
    `  peak RSS:       ${mb(treePeak)} MB, the CLI's processes together (sampled every 100 ms); the largest process's VmHWM ${mb(hwm)} MB   (goal <= 1024 MB)`,
  )
  console.log(
    `  by process:     ${[...hwmByRole].map(([role, bytes]) => `${role} ${mb(bytes)} MB`).join(', ')} (VmHWM)`,
  )
  console.log(
    `  RSS by tenth:   ${tenths.join(', ')} MB (the processes together, at each tenth of the wall time, the report included)`,
  )
  console.log(
    `  store on disk:  ${duMb(store)} MB (write-ahead log ${duMb(path.join(store, 'pg_wal'))} MB)   (goal <= 1229 MB at 100,000 pages)`,
  )
} finally {
  site.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
}
