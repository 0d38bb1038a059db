// `farol logs <file> --site <url> --crawl <store dir | crawl JSON>` (issue 42 item 5): the server's joins
// of a log with a crawl, from the CLI, with the crawl read from a `farol crawl --store` folder or a
// `farol crawl --json` file; both give the same joins.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redirectedCampaignSite } from '../crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../crawl/testing/site-server.ts'
import type { CrawlJoin } from '../logs/joins.ts'
import { runCli } from './cli.ts'

async function run(args: string[]) {
  let stdout = ''
  let stderr = ''
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, done) {
        add(chunk.toString())
        done()
      },
    })
  const code = await runCli(args, {
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    env: {},
  })
  return { code, stdout, stderr }
}

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CLAUDE = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
const hit = (ip: string, p: string, status: number, ua: string) =>
  `${ip} - - [20/Nov/2026:10:00:00 +0000] "GET ${p} HTTP/1.1" ${status} 100 "-" "${ua}"`

describe('farol logs --crawl', () => {
  let server: SiteServer
  const dir = mkdtempSync(path.join(tmpdir(), 'farol-logs-crawl-'))
  const store = path.join(dir, 'store')
  const json = path.join(dir, 'crawl.json')
  const log = path.join(dir, 'access.log')
  beforeAll(async () => {
    let origin = ''
    server = await startSiteServer((p) => redirectedCampaignSite(origin)(p))
    origin = server.origin
    const args = ['crawl', server.url, '--concurrency', '2', '--allow-private']
    const stored = await run([...args, '--store', store, '--json'])
    expect(stored.code).toBe(0)
    writeFileSync(json, stored.stdout)
    writeFileSync(
      log,
      [
        hit('20.171.206.5', '/campanhas/verao', 200, GPT),
        hit('20.171.206.5', '/esquecida', 200, GPT),
        hit('20.171.206.5', '/esquecida', 200, GPT),
        hit('20.171.206.5', '/promocoes', 301, GPT),
        hit('20.171.206.5', '/antigo', 404, GPT),
        hit('198.51.100.1', '/esquecida', 200, CLAUDE),
      ].join('\n'),
    )
  }, 120_000)
  afterAll(() => server.close())

  const joinOf = async (crawl: string) => {
    const out = await run(['logs', log, '--site', server.url, '--crawl', crawl, '--no-dns', '--json'])
    expect(out.stderr).toBe('')
    expect(out.code).toBe(0)
    return (JSON.parse(out.stdout) as { joins: { crawl: CrawlJoin } }).joins.crawl
  }

  it('joins the log with the stored crawl as the server does: failing, redirected, orphan, unfetched', async () => {
    const join = await joinOf(store)
    expect(join.broken.map((r) => [r.path, r.status])).toEqual([['/antigo', 404]])
    expect(join.redirected).toEqual([
      expect.objectContaining({
        path: '/promocoes',
        status: 301,
        redirectTo: `${server.origin}/promocoes-2024`,
      }),
    ])
    // The campaign page is reached through redirects from home's link: not an orphan (issue 42 item 2).
    expect(join.orphan).toEqual([
      {
        path: '/esquecida',
        status: 200,
        hits: 3,
        bots: [
          { token: 'GPTBot', hits: 2, last: '2026-11-20T10:00:00.000Z' },
          { token: 'ClaudeBot', hits: 1, last: '2026-11-20T10:00:00.000Z' },
        ],
      },
    ])
    expect(join.unfetched.map((u) => u.path).sort()).toEqual(['/', '/sobre'])
    expect(join.crawledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('gives the same joins from the crawl JSON file', async () => {
    const fromStore = await joinOf(store)
    const fromJson = await joinOf(json)
    const { crawledAt: _a, ...a } = fromStore
    const { crawledAt: _b, ...b } = fromJson
    expect(b).toEqual(a)
  })

  it('prints the joins in the report, in the chosen language', async () => {
    const out = await run(['logs', log, '--site', server.url, '--crawl', store, '--no-dns', '--lang', 'en'])
    expect(out.code).toBe(0)
    expect(out.stdout).toContain(`Joined with the crawl of ${server.url}`)
    expect(out.stdout).toContain('Bots fetching orphan pages (no internal links): 1')
    expect(out.stdout).toContain('/esquecida (200): GPTBot ×2, ClaudeBot ×1')
    expect(out.stdout).toContain('Bots fetching pages that fail: 1')
    const pt = await run(['logs', log, '--site', server.url, '--crawl', json, '--no-dns'])
    expect(pt.stdout).toContain('Robôs a pedir páginas órfãs (sem ligações internas): 1')
  })

  it('refuses what it cannot join with, saying why', async () => {
    const noSite = await run(['logs', log, '--crawl', store])
    expect(noSite.code).toBe(64)
    expect(noSite.stderr).toContain('--crawl needs --site')
    const missing = await run([
      'logs',
      log,
      '--site',
      server.url,
      '--crawl',
      path.join(dir, 'nope'),
      '--lang',
      'en',
    ])
    expect(missing.code).toBe(64)
    expect(missing.stderr).toContain('does not exist')
    const notCrawl = await run(['logs', log, '--site', server.url, '--crawl', log])
    expect(notCrawl.code).toBe(64)
    expect(notCrawl.stderr).toContain(
      'não é uma pasta de farol crawl --store nem um ficheiro de farol crawl --json',
    )
    const other = await run([
      'logs',
      log,
      '--site',
      'https://outro.pt/',
      '--crawl',
      store,
      '--no-dns',
      '--lang',
      'en',
    ])
    expect(other.code).toBe(2)
    expect(other.stderr).toContain('holds no finished crawl of outro.pt')
  })
})
