// `npm start` and `npm run worker` run the bundle scripts/build-server.js makes, not the sources the other
// tests import: build it afresh and check that it boots, finds its files (migrations, blog content, web
// build, the Lighthouse child) and shuts down cleanly.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from './helpers.ts'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
let outdir = ''

beforeAll(() => {
  // Inside the repository, so the bundle finds its external packages in node_modules.
  mkdirSync(path.join(repo, 'apps/server/dist'), { recursive: true })
  outdir = mkdtempSync(path.join(repo, 'apps/server/dist/test-'))
  const build = spawnSync(process.execPath, [path.join(repo, 'scripts/build-server.js'), outdir], {
    encoding: 'utf8',
  })
  expect(build.stderr).toBe('')
  expect(build.status).toBe(0)
}, 120_000)

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true })
})

function run(entry: 'main' | 'worker', env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, [path.join(outdir, `${entry}.js`)], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const started = new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(ready)
      if (match) resolve(match)
    })
    child.once('exit', (code) => reject(new Error(`${entry}.js exited early with ${code}: ${output}`)))
  })
  return { child, started, output: () => output }
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}

describe('server bundle', () => {
  it('points every module-relative URL at a file of the repository', () => {
    const bundle = readFileSync(path.join(outdir, 'main.js'), 'utf8')
    const urls = [...bundle.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]!)
    const targets = urls.filter((u) => u.startsWith('.')).map((u) => path.resolve(outdir, u))
    expect(targets.map((t) => path.relative(repo, t))).toEqual(
      expect.arrayContaining([
        'content/blog',
        'apps/server/src/platform/db/migrations',
        'apps/web/build',
        'packages/engine/src/lighthouse/worker.ts',
      ]),
    )
    for (const target of targets.filter((t) => !t.startsWith(path.join(repo, 'apps/web/build')))) {
      expect(existsSync(target), target).toBe(true)
    }
  })

  it('main.js boots on a fresh data directory, serves the API and the blog, and stops on SIGTERM', async () => {
    const dataDir = tempDataDir()
    const server = run('main', { FAROL_DATA_DIR: dataDir, DATABASE_URL: '' }, /Farol listening on (\S+?)"/)
    try {
      const [, url] = await server.started
      const health = await (await fetch(`${url}/api/health`)).json()
      expect(health).toMatchObject({
        status: 'ok',
        database: { kind: 'pglite', ok: true },
        queue: { ok: true },
      })
      const blog = (await (await fetch(`${url}/api/blog-posts`)).json()) as { posts: unknown[] }
      expect(blog.posts.length).toBeGreaterThan(0)
      if (existsSync(path.join(repo, 'apps/web/build/server/index.js'))) {
        const page = await fetch(`${url}/`)
        expect(page.status).toBe(200)
        expect(await page.text()).toMatch(/^<!DOCTYPE html><html lang="pt/i)
      }
    } finally {
      expect(await stop(server.child)).toBe(0)
      rmSync(dataDir, { recursive: true, force: true })
    }
    expect(server.output()).toContain('shutdown complete')
    // A fresh embedded database is created and migrated first: slow on a busy machine.
  }, 120_000)

  it.skipIf(!testDatabaseUrl)(
    'worker.js starts its job workers on PostgreSQL and stops on SIGTERM',
    async () => {
      const database = await freshPostgres()
      try {
        const worker = run(
          'worker',
          { DATABASE_URL: database.url, FAROL_DATA_DIR: tempDataDir() },
          /"msg":"worker started"/,
        )
        await worker.started
        // Every queue exists before its worker starts on a fresh database: no error logged.
        expect(worker.output()).not.toContain('"level":50')
        // Exits on SIGTERM (its exit code is not checked: a SIGTERM in the first moments after start
        // sometimes ends the process before its handler runs, from the sources too).
        await stop(worker.child)
      } finally {
        await database.drop()
      }
    },
  )
})
