// The MCP server with the SDK's own client: over streamable HTTP at /mcp with a personal API token (list
// the tools, audit a loopback page with progress notifications, a tool the token may not use, a tool
// whose provider is not configured, two crawls compared), and `farol mcp` over stdio (engine only).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

const farolBin = path.resolve(import.meta.dirname, '../../../packages/engine/bin/farol.js')

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] }

describe('MCP', () => {
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let cookie: string
  // The shop page appears between two crawls (a broken link fixed, a page added).
  let shopOpen = false
  beforeAll(async () => {
    site = createServer((req, res) => {
      const found = req.url === '/' || (shopOpen && req.url === '/loja')
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html lang="pt"><head><title>Quinta do Vale — vinhos do Douro</title></head><body><main><h1>Quinta do Vale</h1><p>Vinhos do Douro desde 1920.</p><a href="/loja">Loja</a></main></body></html>',
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_TASK_REUSE_SECONDS: '0' },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    cookie = await signedInUser(farol, 'ana.mcp@exemplo.pt')
  }, 180_000) // starting Farol on a loaded machine (as main's field tests)
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  async function token(scopes: string[]) {
    const res = await fetch(`${farol.url}/api/account/tokens`, {
      method: 'POST',
      headers: { cookie, origin: farol.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'mcp', scopes }),
    })
    return ((await res.json()) as { token: string }).token
  }
  async function httpClient(bearer: string) {
    const client = new Client({ name: 'farol-test', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${farol.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${bearer}` } },
      }),
    )
    return client
  }

  it('serves every tool over streamable HTTP and audits a page with progress', async () => {
    const client = await httpClient(await token(['read', 'audit', 'sites']))
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'ai_presence',
        'audit_page',
        'check_directories',
        'compare_crawls',
        'crawl_site',
        'get_report',
        'get_site_history',
        'get_site_issues',
        'get_task',
        'google_ai_answers',
        'google_ai_cited_pages',
        'google_ai_keyword_history',
        'google_ai_keywords',
        'google_ai_run',
        'google_ai_tracking',
        'keyword_research',
        'list_tracked_sites',
      ].sort(),
    )
    const auditTool = tools.find((t) => t.name === 'audit_page')!
    expect(auditTool.description).toMatch(/SEO/)
    expect(auditTool.inputSchema.properties).toHaveProperty('url')

    const progress: number[] = []
    const result = (await client.callTool(
      { name: 'audit_page', arguments: { url: siteUrl, lang: 'en' } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
        timeout: 120_000,
      },
    )) as ToolResult
    expect(result.isError, result.content[0]?.text).toBeFalsy()
    // Summary first, then the compact data.
    expect(result.content[0]!.text).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/: overall \d+\/100 \(SEO \d+, AIO \d+\)/,
    )
    const data = JSON.parse(result.content[1]!.text)
    expect(data.scores.aio).toBeGreaterThan(0)
    expect(data.taskId).toMatch(/^[0-9a-f-]{36}$/)
    // The SDK client stops listening once the answer is in, so late notifications may be dropped.
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.every((p) => p >= 0 && p <= 100)).toBe(true)

    // The same task, read back for drill-down.
    const task = (await client.callTool({
      name: 'get_task',
      arguments: { taskId: data.taskId },
    })) as ToolResult
    expect(JSON.parse(task.content[1]!.text).scores).toEqual(data.scores)

    // Refusals are tool errors with a clear reason.
    const presence = (await client.callTool({
      name: 'ai_presence',
      arguments: { url: siteUrl },
    })) as ToolResult
    expect(presence.isError).toBe(true)
    expect(presence.content[0]!.text).toMatch(/assistente de IA está configurado.*LLM_NOT_CONFIGURED/)
    // An analysis is not a crawl.
    const notCrawl = (await client.callTool({
      name: 'compare_crawls',
      arguments: { crawlId: data.taskId },
    })) as ToolResult
    expect(notCrawl.isError).toBe(true)
    expect(notCrawl.content[0]!.text).toMatch(/CRAWL_NOT_FOUND/)
    const sites = (await client.callTool({ name: 'list_tracked_sites', arguments: {} })) as ToolResult
    expect(sites.content[0]!.text).toBe('No tracked sites yet.')
    await client.close()
  })

  it('compares two crawls of a site: the broken link fixed, the page added', async () => {
    const client = await httpClient(await token(['read', 'audit']))
    const crawl = async () => {
      const answer = (await client.callTool(
        { name: 'crawl_site', arguments: { url: siteUrl, maxPages: 10, lang: 'en' } },
        undefined,
        { timeout: 120_000 },
      )) as ToolResult
      expect(answer.isError, answer.content[0]?.text).toBeFalsy()
      return (answer.content[0]!.text.match(/Crawl ([0-9a-f-]{36})/) ?? [])[1]!
    }
    const first = await crawl()
    const alone = (await client.callTool({
      name: 'compare_crawls',
      arguments: { crawlId: first },
    })) as ToolResult
    expect(alone.content[0]!.text).toMatch(/no earlier finished crawl/)
    shopOpen = true
    const second = await crawl()
    const compared = (await client.callTool({
      name: 'compare_crawls',
      arguments: { crawlId: second },
    })) as ToolResult
    expect(compared.isError, compared.content[0]?.text).toBeFalsy()
    expect(compared.content[0]!.text).toContain(`against ${first}`)
    const data = JSON.parse(compared.content[1]!.text)
    expect(data.comparison.fixedIssues).toBeGreaterThan(0)
    const broken = data.comparison.issues.find((i: { type: string }) => i.type === 'broken-link')
    expect(broken).toMatchObject({ fixed: 1, new: 0, still: 0 })
    expect(data.comparison.statusChanges).toEqual([{ url: `${siteUrl}loja`, before: 404, after: 200 }])
    // The earlier one named explicitly gives the same comparison; a crawl with itself is refused.
    const named = (await client.callTool({
      name: 'compare_crawls',
      arguments: { crawlId: second, previousCrawlId: first },
    })) as ToolResult
    expect(JSON.parse(named.content[1]!.text).comparison).toEqual(data.comparison)
    const itself = (await client.callTool({
      name: 'compare_crawls',
      arguments: { crawlId: second, previousCrawlId: second },
    })) as ToolResult
    expect(itself.isError).toBe(true)
    expect(itself.content[0]!.text).toMatch(/CRAWL_NOT_COMPARABLE/)
    shopOpen = false
    await client.close()
  }, 300_000)

  it("refuses a tool the token's scopes do not allow, and a request without a token", async () => {
    const client = await httpClient(await token(['read']))
    const result = (await client.callTool({ name: 'audit_page', arguments: { url: siteUrl } })) as ToolResult
    expect(result.isError).toBe(true)
    expect(result.content[0]!.text).toMatch(/não tem a permissão.*\(TOKEN_SCOPE\)/)
    const listed = (await client.callTool({ name: 'get_report', arguments: {} })) as ToolResult
    expect(listed.isError).toBeFalsy()
    await client.close()

    const anonymous = await fetch(`${farol.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(anonymous.status).toBe(401)
  })

  async function stdioClient(env: Record<string, string>) {
    const client = new Client({ name: 'farol-test', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [farolBin, 'mcp'],
        env: { PATH: process.env.PATH ?? '', ...env },
        stderr: 'pipe',
      }),
    )
    return client
  }

  it('`farol mcp` serves the engine tools on stdio, with progress', async () => {
    const client = await stdioClient({ FAROL_ALLOW_PRIVATE_TARGETS: '1' })
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(['audit_page', 'crawl_site'])
    const progress: number[] = []
    const result = (await client.callTool({ name: 'audit_page', arguments: { url: siteUrl } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
      timeout: 120_000,
    })) as ToolResult
    expect(result.isError, result.content[0]?.text).toBeFalsy()
    expect(result.content[0]!.text).toMatch(/overall \d+\/100/)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.every((p) => p >= 10 && p <= 100)).toBe(true)
    const crawl = (await client.callTool({
      name: 'crawl_site',
      arguments: { url: siteUrl, maxPages: 5 },
    })) as ToolResult
    expect(crawl.content[0]!.text).toMatch(/2 pages crawled/)
    expect(JSON.parse(crawl.content[1]!.text).issues.map((i: { type: string }) => i.type)).toContain(
      'broken-link',
    )
    await client.close()
  })

  it('`farol mcp` refuses private addresses unless allowed', async () => {
    const client = await stdioClient({})
    const result = (await client.callTool({ name: 'audit_page', arguments: { url: siteUrl } })) as ToolResult
    expect(result.isError).toBe(true)
    expect(result.content[0]!.text).toMatch(/PRIVATE|private/)
    await client.close()
  })
})
