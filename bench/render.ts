// `npm run bench:render` (issue 30): a rendered crawl of the SPA fixture (render/testing/sites.ts: every page
// and its links built in the browser), 2,000 pages by default, served by its own process. Two crawlers, one
// after the other, each in a process of its own with its Chromium:
//   1. Farol's crawler with `render: 'on'` (one Chromium through the egress proxy, N tabs; raw fetch and
//      rendered DOM per page) — bench/render-farol.ts;
//   2. Crawlee's PlaywrightCrawler on Debian's Chromium, same Chromium flags, images/media/fonts blocked, the
//      same concurrency — bench/crawlee-playwright.ts.
// Printed for each: pages rendered per second and the peak memory of its process tree (the Node process and
// every Chromium process under it, sampled every 250 ms): summed RSS (counts shared pages once per
// process) and summed PSS (shares them out: the closer figure for Chromium's many processes); then the
// ratios. Goals: >= 1.5x Crawlee's pages/s at no more memory, >= 10 pages/s. Prints figures only.
// Options: --pages N (2000), --concurrency N (default: Farol's from the cores and free memory),
//   --crawlee-wait load|networkidle (load: Crawlee's default), --skip-crawlee.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { defaultRenderConcurrency } from '../packages/engine/src/render/pool.ts'

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    concurrency: { type: 'string' },
    'crawlee-wait': { type: 'string', default: 'load' },
    'skip-crawlee': { type: 'boolean', default: false },
  },
})
const pages = Number(values.pages)
const concurrency = String(values.concurrency ?? defaultRenderConcurrency())
const here = import.meta.dirname

/** Pids of `root` and all its descendants, from /proc. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = children.get(ppid) ?? []
      list.push(Number(entry))
      children.set(ppid, list)
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.pop()!
    out.push(pid)
    queue.push(...(children.get(pid) ?? []))
  }
  return out
}

/** A process's kind: node, or Chromium's --type (browser when none). */
function kindOf(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)
    if (!cmd[0]?.includes('chrom')) return path.basename(cmd[0] ?? '?')
    const type = cmd.find((a) => a.startsWith('--type='))?.slice(7)
    const sub = cmd
      .find((a) => a.startsWith('--utility-sub-type='))
      ?.slice(19)
      .split('.')
      .pop()
    return `chromium ${type ?? 'browser'}${sub ? ` ${sub}` : ''}`
  } catch {
    return '?'
  }
}

/** Summed RSS and PSS of a process tree, bytes, and PSS by process kind. */
function treeMemory(root: number): {
  rss: number
  pss: number
  processes: number
  byKind: Map<string, number>
} {
  let rss = 0
  let pss = 0
  const byKind = new Map<string, number>()
  const pids = tree(root)
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024
      const p = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024
      pss += p
      const kind = kindOf(pid)
      byKind.set(kind, (byKind.get(kind) ?? 0) + p)
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, pss, processes: pids.length, byKind }
}

const site = spawn(process.execPath, [path.join(here, 'render-site.ts'), String(pages)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const origin = await new Promise<string>((resolve, reject) => {
  site.once('exit', (code) => reject(new Error(`site exited with ${code}`)))
  createInterface({ input: site.stdout! }).once('line', resolve)
})

/** Runs a bench child, sampling its process tree's memory; its JSON line with the peaks. */
function child(file: string, extra: string[] = []) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [path.join(here, file), `${origin}/`, String(pages), concurrency, ...extra],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let peakRss = 0
    let peakPss = 0
    let peakProcesses = 0
    let atPeak = ''
    const sample = setInterval(() => {
      const m = treeMemory(p.pid!)
      peakRss = Math.max(peakRss, m.rss)
      if (m.pss > peakPss)
        atPeak = [...m.byKind]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${Math.round(v / 2 ** 20)}`)
          .join(', ')
      peakPss = Math.max(peakPss, m.pss)
      peakProcesses = Math.max(peakProcesses, m.processes)
    }, 250)
    let out = ''
    p.stdout!.on('data', (d) => {
      out += d
    })
    p.once('exit', (code) => {
      clearInterval(sample)
      const line = out.trim().split('\n').pop() ?? ''
      if (code === 0 && line.startsWith('{'))
        resolve({
          ...JSON.parse(line),
          peakRssMb: Math.round(peakRss / 2 ** 20),
          peakPssMb: Math.round(peakPss / 2 ** 20),
          peakProcesses,
          atPeak,
        })
      else reject(new Error(`${file} exited with ${code}: ${out.slice(-500)}`))
    })
  })
}

const fmt = (n: unknown) => Number(n).toFixed(1)
try {
  console.log(
    `site: SPA of ${pages} pages on ${origin} (own process); concurrency ${concurrency} tabs; ${availableParallelism()} cores (shared machine: other work may run meanwhile)`,
  )
  const farol = await child('render-farol.ts')
  console.log('Farol rendered crawl (egress proxy, raw + rendered facts per page):')
  console.log(
    `  pages:        ${farol.rendered} rendered of ${farol.pages} in ${fmt(farol.seconds)} s (${farol.failed} failed ${JSON.stringify(farol.failures)})`,
  )
  console.log(`  pages/s:      ${fmt(farol.pagesPerSecond)}   (goal >= 10)`)
  console.log(
    `  per page:     ${farol.medianRenderMs} ms in Chromium (median); crawler process CPU ${fmt(farol.nodeCpuSeconds)} s in all`,
  )
  console.log(
    `  peak memory:  ${farol.peakPssMb} MB PSS, ${farol.peakRssMb} MB RSS summed over ${farol.peakProcesses} processes`,
  )
  console.log(`  PSS by kind:  ${farol.atPeak} (MB)`)
  if (!values['skip-crawlee']) {
    const crawlee = await child('crawlee-playwright.ts', [values['crawlee-wait'] ?? 'load'])
    console.log(`Crawlee PlaywrightCrawler (waits for '${crawlee.wait}', in-memory storage):`)
    console.log(`  pages:        ${crawlee.pages} in ${fmt(crawlee.seconds)} s (${crawlee.failed} failed)`)
    console.log(`  pages/s:      ${fmt(crawlee.pagesPerSecond)}`)
    console.log(
      `  peak memory:  ${crawlee.peakPssMb} MB PSS, ${crawlee.peakRssMb} MB RSS summed over ${crawlee.peakProcesses} processes`,
    )
    console.log(`  PSS by kind:  ${crawlee.atPeak} (MB)`)
    console.log(
      `ratio Farol / Crawlee: ${(Number(farol.pagesPerSecond) / Number(crawlee.pagesPerSecond)).toFixed(2)}x pages/s (goal >= 1.5), ${(Number(farol.peakPssMb) / Number(crawlee.peakPssMb)).toFixed(2)}x peak PSS, ${(Number(farol.peakRssMb) / Number(crawlee.peakRssMb)).toFixed(2)}x peak RSS (goal <= 1)`,
    )
  }
} finally {
  site.kill()
}
