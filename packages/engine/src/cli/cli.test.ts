// The CLI as a user runs it: a real process started from bin/farol.js, real fixture pages on loopback.
// `--device none` keeps Lighthouse out, so these run in about a second each.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import type { AuditResult } from '../audit.ts'
import { engineErrors } from '../errors.ts'

const bin = fileURLToPath(new URL('../../bin/farol.js', import.meta.url))

interface Outcome {
  code: number | null
  stdout: string
  stderr: string
}

function farol(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** A loopback port with nothing listening (taken, then released). */
async function refusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise<void>((r) => server.close(() => r()))
  return port
}

describe('farol CLI', { timeout: 120_000 }, () => {
  let fx: FixtureServer

  beforeAll(async () => {
    fx = await startFixtureServer({ site: 'good' })
  })
  afterAll(() => fx?.close())

  it('--help prints the usage and exits 0', async () => {
    const out = await farol(['--help'])
    expect(out.code).toBe(0)
    expect(out.stdout).toContain('Usage: farol audit <url>')
    expect(out.stdout).toContain('--fail-under')
  })

  it('usage errors exit 64', async () => {
    expect((await farol([])).code).toBe(64)
    expect((await farol(['audit'])).code).toBe(64)
    expect((await farol(['audit', fx.url('/'), '--device', 'tablet'])).code).toBe(64)
    expect((await farol(['audit', fx.url('/'), '--fail-under', 'many'])).code).toBe(64)
    const unknown = await farol(['audit', fx.url('/'), '--colour'])
    expect(unknown.code).toBe(64)
    expect(unknown.stderr).toContain('Usage:')
  })

  it('a refused connection is "could not audit": exit 2, message in the chosen language', async () => {
    const url = `http://127.0.0.1:${await refusedPort()}/`
    const en = await farol(['audit', url, '--device', 'none', '--lang', 'en', '--allow-private'])
    expect(en.code).toBe(2)
    expect(en.stdout).toBe('')
    expect(en.stderr).toContain(`Could not audit ${url}`)
    const pt = await farol(['audit', url, '--device', 'none', '--allow-private'])
    expect(pt.code).toBe(2)
    expect(pt.stderr).toContain(`Não foi possível analisar ${url}`)
  })

  it('a private address without --allow-private is refused by the SSRF guard (exit 2)', async () => {
    const out = await farol(['audit', fx.url('/'), '--device', 'none', '--lang', 'en'], {
      FAROL_ALLOW_PRIVATE_TARGETS: '0',
    })
    expect(out.code).toBe(2)
    expect(out.stderr).toContain(engineErrors.BLOCKED_ADDRESS.en)
  })

  it('--json prints only the AuditResult on stdout and exits 0', async () => {
    const out = await farol(['audit', fx.url('/'), '--json', '--device', 'none', '--lang', 'en'])
    expect(out.code).toBe(0)
    const result = JSON.parse(out.stdout) as AuditResult
    expect(result.url).toBe(fx.url('/'))
    expect(result.lang).toBe('en')
    expect(result.onPage.findings.length).toBeGreaterThan(5)
    expect(result.lighthouse).toEqual({ desktop: null, mobile: null, errors: {} })
    expect(result.scores.llm).toBeNull()
    expect(result.scores.overall.redistributed).toBe(true)
    expect(result.scores.overall.score).toBeGreaterThan(0)
  })

  it('prints a readable report with its sections, and exits 1 below --fail-under', async () => {
    const out = await farol(['audit', fx.url('/'), '--device', 'none', '--lang', 'en', '--fail-under', '101'])
    expect(out.code).toBe(1)
    expect(out.stdout).toContain('Farol report')
    expect(out.stdout).toContain('Scores')
    expect(out.stdout).toContain('On-page SEO')
    expect(out.stdout).toContain('AI optimisation (AIO)')
    expect(out.stdout).toContain('Lighthouse')
    expect(out.stderr).toMatch(/The overall score \d+ is below the minimum 101/)
    // Progress goes to stderr, never into the report.
    expect(out.stderr).toContain('On-page analysis done')
    expect(out.stdout).not.toContain('On-page analysis done')
  })

  it('passes at or above --fail-under', async () => {
    const out = await farol(['audit', fx.url('/'), '--device', 'none', '--fail-under', '0', '--json'])
    expect(out.code).toBe(0)
  })
})
