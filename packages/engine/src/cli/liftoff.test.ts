// `farol crawl --store` runs under V8's --liftoff-only (decision 043: PGlite's TurboFan code held ~330 MB
// more at the peak): main.ts starts the command again in a child with the flag, which does the crawl,
// gets Ctrl-C once and gives its exit code back. A real process from bin/farol.js on a loopback site.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defectSite } from '../crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../crawl/testing/site-server.ts'
import { needsLiftoff } from './liftoff.ts'

const bin = fileURLToPath(new URL('../../bin/farol.js', import.meta.url))

describe('needsLiftoff', () => {
  it('is true for farol crawl with --store only', () => {
    expect(needsLiftoff(['crawl', 'https://a.pt/', '--store', 'd'])).toBe(true)
    expect(needsLiftoff(['crawl', '--store=d', 'https://a.pt/'])).toBe(true)
    expect(needsLiftoff(['crawl', 'https://a.pt/'])).toBe(false)
    expect(needsLiftoff(['audit', 'https://a.pt/', '--store', 'd'])).toBe(false)
  })
})

/** Command lines of the process's children (Linux /proc). */
const childCommands = (pid: number): string[][] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((kid) => readFileSync(`/proc/${kid}/cmdline`, 'utf8').split('\0'))
  } catch {
    return []
  }
}

describe('farol crawl --store as a process', { timeout: 180_000 }, () => {
  let site: SiteServer
  beforeAll(async () => {
    let origin = ''
    site = await startSiteServer((p) => defectSite(origin)(p), { delayMs: 100 })
    origin = site.origin
  })
  afterAll(() => site?.close())

  function farol(store: string, onStart?: (pid: number) => void) {
    const child = spawn(
      process.execPath,
      [bin, 'crawl', site.url, '--store', store, '--allow-private', '--concurrency', '2'],
      { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
    })
    onStart?.(child.pid!)
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', (code) => resolve({ code, stdout, stderr }))
    })
  }

  it('crawls in a child under --liftoff-only; Ctrl-C stops it with 130, and it resumes', async () => {
    const store = path.join(mkdtempSync(path.join(tmpdir(), 'farol-liftoff-')), 'store')
    let commands: string[][] = []
    const first = await farol(store, (pid) => {
      const poll = setInterval(() => {
        const found = childCommands(pid)
        if (found.length > 0) commands = found
        // Once the store exists the crawl is under way: Ctrl-C, as a terminal sends it to the command.
        if (existsSync(path.join(store, 'PG_VERSION')) && found.length > 0) {
          clearInterval(poll)
          setTimeout(() => process.kill(pid, 'SIGINT'), 1500)
        }
      }, 50)
    })
    expect(commands[0]).toContain('--liftoff-only')
    expect(first.code).toBe(130)
    expect(first.stderr).toContain('Interrompido. O rastreio fica guardado em')
    const second = await farol(store)
    expect(second.code).toBe(0)
    expect(second.stderr).toContain('A retomar o rastreio de')
    expect(second.stdout).toContain('54 páginas')
  })
})
