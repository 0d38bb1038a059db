import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanSite } from '../crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../crawl/testing/site-server.ts'
import { findChrome } from '../lighthouse/chrome.ts'
import { spaSite } from '../render/testing/sites.ts'
import { runCli } from './cli.ts'

function capture() {
  let text = ''
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += chunk.toString()
      done()
    },
  })
  return { stream, text: () => text }
}

async function run(args: string[]) {
  const out = capture()
  const err = capture()
  const code = await runCli(args, { stdout: out.stream, stderr: err.stream, env: {} })
  return { code, stdout: out.text(), stderr: err.text() }
}

describe('farol crawl', () => {
  let server: SiteServer
  beforeAll(async () => {
    let origin = ''
    server = await startSiteServer((path) => {
      if (path === '/gone-link') return undefined
      const answer = cleanSite(origin)(path)
      // One broken link on the home page, to see the JSON's broken-link shape.
      if (path === '/' && answer?.body)
        return { ...answer, body: answer.body.replace('</main>', '<a href="/gone-link">x</a></main>') }
      return answer
    })
    origin = server.origin
  })
  afterAll(() => server.close())

  it('--compare previous.json adds the comparison with that crawl; a file that is not one is a usage error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'farol-compare-'))
    const previous = path.join(dir, 'previous.json')
    const o = server.origin
    writeFileSync(
      previous,
      JSON.stringify({
        issues: [{ type: 'broken-link', urls: [`${o}/fixed-since`] }],
        pages: [
          { url: `${o}/`, status: 200 },
          { url: `${o}/gone-page`, status: 200 },
          { url: `${o}/gone-link`, status: 200 },
        ],
      }),
    )
    const args = ['crawl', server.url, '--concurrency', '4', '--allow-private', '--compare', previous]
    const { code, stdout } = await run([...args, '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout).comparison).toMatchObject({
      issues: [{ type: 'broken-link', new: 1, fixed: 1, still: 0 }],
      newIssues: 1,
      fixedIssues: 1,
      pagesAdded: 9,
      pagesGone: 1,
      statusChanges: [{ url: `${o}/gone-link`, before: 200, after: 404 }],
    })
    const text = await run([...args, '--lang', 'en'])
    expect(text.stdout).toContain(
      'Since the previous crawl: 1 new issues, 1 fixed, 0 still present; 9 pages added, 1 gone, 1 changed status.',
    )
    writeFileSync(previous, '{"nope": 1}')
    const bad = await run(args)
    expect(bad.code).toBe(64)
    expect(bad.stderr).toContain('não é a saída --json de um rastreio')
  })

  it('--json prints { stats, issues: [{ type, urls, details }], pages } with broken targets and their sources', async () => {
    const { code, stdout } = await run([
      'crawl',
      server.url,
      '--json',
      '--concurrency',
      '4',
      '--allow-private',
    ])
    expect(code).toBe(0)
    const json = JSON.parse(stdout)
    expect(Object.keys(json)).toEqual(['stats', 'issues', 'pages'])
    expect(Object.keys(json.stats)).toEqual(['pages', 'seconds', 'urlsPerSecond'])
    expect(json.stats.pages).toBe(11)
    expect(json.issues).toEqual([
      {
        type: 'broken-link',
        urls: [`${server.origin}/gone-link`],
        details: { [`${server.origin}/gone-link`]: { sources: [`${server.origin}/`], status: 404 } },
      },
    ])
    expect(json.pages[0]).toMatchObject({ url: `${server.origin}/`, depth: 0, status: 200, linkScore: 100 })
    expect(json.pages[0].links).toBeUndefined()
  })

  it('prints a report in the chosen language', async () => {
    const { code, stdout } = await run([
      'crawl',
      server.url,
      '--concurrency',
      '4',
      '--allow-private',
      '--lang',
      'en',
    ])
    expect(code).toBe(0)
    expect(stdout).toContain('Crawled 11 pages')
    expect(stdout).toContain('Broken internal links (broken-link): 1')
  })

  it('refuses bad options with exit 64 and private addresses with exit 2', async () => {
    expect((await run(['crawl', server.url, '--max-pages', 'lots'])).code).toBe(64)
    expect((await run(['crawl'])).code).toBe(64)
    for (const bad of ['0.3', '1.5', 'x', ''])
      expect((await run(['crawl', server.url, '--near-duplicate', bad])).code).toBe(64)
    const ok = await run(['crawl', server.url, '--near-duplicate', '0.85', '--allow-private', '--json'])
    expect(ok.code).toBe(0)
    const blocked = await run(['crawl', 'http://127.0.0.1:9/', '--lang', 'pt'])
    expect(blocked.code).toBe(2)
    expect(blocked.stderr).toContain('rede privada')
  })
})

describe.skipIf(!findChrome())('farol crawl --render', () => {
  let spa: SiteServer
  beforeAll(async () => {
    spa = await startSiteServer(spaSite(12))
  })
  afterAll(() => spa.close())

  it('renders every page of a SPA, says why, and reports what only rendering shows', async () => {
    const raw = await run(['crawl', spa.url, '--allow-private', '--json'])
    expect(JSON.parse(raw.stdout).pages).toHaveLength(1)
    const rendered = await run([
      'crawl',
      spa.url,
      '--allow-private',
      '--render',
      '--render-concurrency',
      '2',
      '--json',
    ])
    expect(rendered.code).toBe(0)
    const json = JSON.parse(rendered.stdout)
    expect(json.render).toEqual({ mode: 'on', rendered: true, reason: 'asked', concurrency: 2 })
    expect(json.pages).toHaveLength(12)
    expect(json.pages[0].render.raw.title).toBe('App')
    const types = json.issues.map((i: { type: string }) => i.type)
    expect(types).toEqual(expect.arrayContaining(['content-only-rendered', 'links-only-rendered']))
    const text = await run([
      'crawl',
      spa.url,
      '--allow-private',
      '--render-auto',
      '--lang',
      'en',
      '--max-pages',
      '3',
    ])
    expect(text.stdout).toContain('less than half the text')
    expect(text.stdout).toContain('Content that exists only after JavaScript (content-only-rendered): 3')
  }, 120_000)

  it('refuses --render with --render-auto, and --render-concurrency alone', async () => {
    expect((await run(['crawl', spa.url, '--render', '--render-auto'])).code).toBe(64)
    expect((await run(['crawl', spa.url, '--render-concurrency', '2'])).code).toBe(64)
    expect((await run(['crawl', spa.url, '--render', '--render-concurrency', '0'])).code).toBe(64)
  })
})
