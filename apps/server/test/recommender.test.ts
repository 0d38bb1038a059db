// Task content_suggestions through the HTTP API: gaps against a competitor's page, the site's own
// unanswered questions, and — for a signed-in user — the questions of their last AI-visibility run.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const words = (n: number) => Array.from({ length: n }, (_, i) => `texto${i}`).join(' ')
const pages: Record<string, string> = {
  '/': `<html><head><title>Oficina Ribeiro</title></head><body><main><h1>Oficina Ribeiro</h1>
    <p>Revisões automóveis em Braga. ${words(350)}</p><h2>Quanto custa uma revisão?</h2><p>Depende.</p></main></body></html>`,
  '/concorrente': `<html><body><main><h1>Auto Silva</h1><h2>Quanto tempo demora uma inspeção?</h2><p>${words(50)}</p>
    <h2>Revisões automóveis</h2><p>${words(50)}</p></main></body></html>`,
}

describe('content suggestions', () => {
  let site: Server
  let base: string
  let farol: RunningFarol
  beforeAll(async () => {
    site = createServer((req, res) => {
      const body = pages[req.url ?? '']
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      res.end(body ?? 'não encontrado')
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    farol = await startFarol(
      testConfig({ port: await freePort(), env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }),
      createLogger('silent'),
    )
  })
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  async function run(requested: unknown, headers: Record<string, string> = {}, lang = 'pt') {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
      body: JSON.stringify({ task_name: 'content_suggestions', requested_data: requested, lang }),
    })
    const created = await res.json()
    if (res.status >= 300) return { status: res.status, body: created }
    for (let i = 0; i < 200; i++) {
      const s = await (
        await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${created.taskId}`, { headers })
      ).json()
      if (s.status === 'success' || s.status === 'failed') return { status: res.status, body: s }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('task did not finish')
  }

  it('requires a URL with the spec’s message', async () => {
    const res = await run({ url: '  ' })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('Por favor insere um URL.')
  })

  it('suggests the competitor’s topics and the site’s unanswered question, each with its reason', async () => {
    const { body } = await run({ url: `${base}/`, competitor: `${base}/concorrente`, language: 'Português' })
    expect(body.status).toBe('success')
    const topics = body.results.suggestions.map((s: { topic: string }) => s.topic)
    expect(topics).toContain('Quanto tempo demora uma inspeção?')
    expect(topics).toContain('Quanto custa uma revisão?')
    expect(topics).not.toContain('Revisões automóveis') // the site covers it
    const inspection = body.results.suggestions.find((s: { topic: string }) =>
      s.topic.startsWith('Quanto tempo'),
    )
    expect(inspection.reason).toMatch(/O concorrente responde/)
    expect(inspection.selected).toBe(false)
    expect(body.results.sources).toEqual({
      site: true,
      competitor: true,
      llmPresence: false,
      keywords: false,
    })
  })

  it('writes the reasons in the language asked for', async () => {
    const { body } = await run({ url: `${base}/`, competitor: `${base}/concorrente`, language: 'English' })
    expect(body.results.suggestions[0].reason).toMatch(/The competitor|Your site/)
  })

  it('says when the competitor could not be read, and still suggests from the site', async () => {
    const { body } = await run({ url: `${base}/`, competitor: `${base}/nao-existe` })
    expect(body.status).toBe('success')
    expect(body.results.sources.competitor).toBe(false)
    expect(body.results.competitorError).toMatch(/404/)
  })

  it('fails with a translated message when the site itself cannot be read', async () => {
    const { body } = await run({ url: `${base}/nao-existe` })
    expect(body.status).toBe('failed')
    expect(body.errorCode).toBe('RECOMMENDER_SITE_UNREACHABLE')
    expect(body.message).toMatch(/Não foi possível ler/)
  })

  it('uses the questions of the user’s last AI-visibility run where the site was never named', async () => {
    const cookie = await signedInUser(farol, 'recomendador@exemplo.pt')
    const [user] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'recomendador@exemplo.pt'))
    const mention = (query: string, hasMention: boolean) => ({
      model: 'X',
      query,
      response: '…',
      hasMention,
      needsCorrection: false,
      date: '2026-11-01',
    })
    await farol.database.db.insert(tasks).values({
      kind: 'llm_presence',
      url: `${base}/`,
      status: 'success',
      userId: user!.id,
      results: {
        report: {
          mentions: [
            mention('melhor oficina para carros elétricos em Braga', false),
            mention('melhor oficina para carros elétricos em Braga', false),
            mention('oficina de confiança em Braga', true),
          ],
        },
      },
    })
    const { body } = await run({ url: `${base}/` }, { cookie })
    const ai = body.results.suggestions.filter((s: { kind: string }) => s.kind === 'ai-question')
    expect(ai.map((s: { topic: string }) => s.topic)).toEqual([
      'melhor oficina para carros elétricos em Braga',
    ])
    expect(ai[0].reason).toContain('0 de 2 respostas')
    expect(body.results.sources.llmPresence).toBe(true)
  })
})
