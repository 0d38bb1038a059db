// `npm run bench:site`: the web goals of issue 2, measured on this machine.
//   1. Builds the web app and starts Farol (apps/server) on a free port with a temporary data directory.
//   2. Landing page first-load JavaScript: the gzip sizes of the scripts its SSR HTML modulepreloads.
//   3. Lighthouse 13 on / (PT) and /en (EN), mobile and desktop: the four category scores, LCP, TBT,
//      CLS and the JavaScript Lighthouse saw transferred.
//   4. Cold start of `npm start` on the now existing data directory (spawn → /api/health answers), x5,
//      and of `node apps/server/src/composition/main.ts` (the sources, no npm, no bundle) for comparison.
// Prints figures and the goals; exits 1 only when something fails to run.
// Options: --skip-build (reuse apps/web/build), --runs N (Lighthouse runs per page and device, median).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

const { values } = parseArgs({
  options: { 'skip-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '1' } },
})
const runs = Math.max(1, Number(values.runs))
const repo = new URL('../../../', import.meta.url).pathname
const clientDir = join(repo, 'apps/web/build/client')
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'
const chromeFlags = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
]

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${base}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('server did not answer /api/health in time')
}

type StartCommand = 'npm start' | 'node main.ts'

// Each server runs in its own process group: npm does not pass SIGTERM on to the server it starts, so
// stopping `npm start` signals the whole group.
function startServer(port: number, dataDir: string, command: StartCommand = 'node main.ts'): ChildProcess {
  const [file, args] =
    command === 'npm start'
      ? ['npm', ['start']]
      : [process.execPath, [join(repo, 'apps/server/src/composition/main.ts')]]
  return spawn(file, args, {
    cwd: repo,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      FAROL_DATA_DIR: dataDir,
      FAROL_PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGTERM to the server's process group; resolves once the group is gone (or after 10 s). */
async function stopServer(child: ChildProcess): Promise<void> {
  const pid = child.pid!
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(undefined)
    else child.once('exit', resolve)
  })
  if (groupAlive(pid)) process.kill(-pid, 'SIGTERM')
  await exited
  const deadline = Date.now() + 10_000
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
}

/** Starts `command` on the existing data directory until /api/health answers, `times` times. */
async function coldStarts(command: StartCommand, times: number, port: number, dataDir: string) {
  const base = `http://localhost:${port}`
  const all: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    const child = startServer(port, dataDir, command)
    try {
      await waitForHealth(base, child)
      all.push(performance.now() - started)
    } finally {
      await stopServer(child)
    }
  }
  return all
}

/** The Content-Encoding the server picks for a browser-like request (fetch would hide it). */
function contentEncoding(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      resolve(String(response.headers['content-encoding'] ?? 'none'))
      response.destroy()
    })
    request.on('error', reject)
  })
}

async function landingJs(base: string, path: string) {
  const html = await (await fetch(base + path)).text()
  const files = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!)
  let gzip = 0
  let raw = 0
  let largest = { file: '', size: 0 }
  for (const file of files) {
    const bytes = readFileSync(join(clientDir, file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
    if (bytes.length > largest.size) largest = { file, size: bytes.length }
  }
  const served = largest.file ? await contentEncoding(base + largest.file) : 'none'
  return { files: files.length, rawKb: raw / 1024, gzipKb: gzip / 1024, servedEncoding: served }
}

interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
  scriptKb: number
  failing: string[]
}

async function runLighthouse(url: string, device: 'mobile' | 'desktop'): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      device === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const requests = (
      audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined
    )?.items
    const scriptBytes = (requests ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0)
    const failing: string[] = []
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id]
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          failing.push(`${id}: ${audit.id}`)
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      scriptKb: scriptBytes / 1024,
      failing,
    }
  } finally {
    chrome.kill()
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function medianFigures(all: LighthouseFigures[]): LighthouseFigures {
  const pick = (key: Exclude<keyof LighthouseFigures, 'failing'>) => median(all.map((f) => f[key]))
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    scriptKb: pick('scriptKb'),
    failing: [...new Set(all.flatMap((f) => f.failing))],
  }
}

if (!values['skip-build']) {
  console.log('Building the web app…')
  const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) throw new Error('npm run build failed')
}

const dataDir = mkdtempSync(join(tmpdir(), 'farol-bench-'))
const port = await freePort()
const base = `http://localhost:${port}`
const server = startServer(port, dataDir)
let exitCode = 0
try {
  const started = performance.now()
  await waitForHealth(base, server)
  console.log(
    `Farol on ${base} (fresh data directory, first start ${(performance.now() - started).toFixed(0)} ms)\n`,
  )

  console.log('Landing page first-load JavaScript (modulepreloaded scripts, gzip -9):')
  for (const path of ['/', '/en']) {
    const js = await landingJs(base, path)
    console.log(
      `  ${path.padEnd(4)} ${js.files} files, ${js.rawKb.toFixed(1)} KB raw, ${js.gzipKb.toFixed(1)} KB gzip (goal <= 120); served with content-encoding: ${js.servedEncoding}`,
    )
  }

  console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs)` : ''}`)
  console.log('  page  device   perf  a11y  bp   seo   LCP ms  TBT ms  CLS    JS transferred KB')
  const goalsMissed: string[] = []
  for (const path of ['/', '/en']) {
    for (const device of ['mobile', 'desktop'] as const) {
      const all: LighthouseFigures[] = []
      for (let i = 0; i < runs; i++) all.push(await runLighthouse(base + path, device))
      const f = medianFigures(all)
      console.log(
        `  ${path.padEnd(4)}  ${device.padEnd(7)}  ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${String(f.bestPractices).padStart(3)}  ${String(f.seo).padStart(4)}  ${f.lcpMs.toFixed(0).padStart(6)}  ${f.tbtMs.toFixed(0).padStart(6)}  ${f.cls.toFixed(3)}  ${f.scriptKb.toFixed(1).padStart(6)}`,
      )
      for (const failing of f.failing) console.log(`        below 100: ${failing}`)
      if (f.seo < 100 || f.accessibility < 98 || f.bestPractices < 100) goalsMissed.push(`${path} ${device}`)
      if (device === 'mobile' && f.performance < 95) goalsMissed.push(`${path} mobile performance`)
    }
  }
  console.log(goalsMissed.length ? `  goals missed: ${goalsMissed.join(', ')}` : '  all Lighthouse goals met')

  await stopServer(server)
  console.log(
    `\nCold start on the existing data directory (spawn → /api/health answers; goal: npm start < 3000 ms), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}:`,
  )
  // A first `npm start` builds what it lacks (the server bundle); the timed ones find it ready.
  await coldStarts('npm start', 1, port, dataDir)
  for (const command of ['npm start', 'node main.ts'] as const) {
    const times = await coldStarts(command, 5, port, dataDir)
    console.log(
      `  ${command.padEnd(12)} ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}; median ${median(times).toFixed(0)} ms`,
    )
  }
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
