// The writer end to end through the HTTP API with a fake AI provider on loopback: validation with the
// spec's messages, 409 without a provider, text streamed as partial results, grounding in the site's
// facts and the unverified claims listed; and the saved ideas, each user's own.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../packages/engine/test/fakes/llm-server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')
const home = `<html><head><script type="application/ld+json">{"@type":"AutoRepair","name":"Oficina Ribeiro",
"foundingDate":"1998","telephone":"+351 253 000 111"}</script></head><body><h1>Oficina Ribeiro</h1></body></html>`
const generated = [
  '# Revisões em Braga desde 1998',
  '',
  'A Oficina Ribeiro revê o seu carro desde 1998. Ligue 253 000 111.',
  '95% dos clientes voltam, segundo a Deco. Como diz o dono: «Um carro bem tratado dura o dobro».',
].join('\n')

const request = {
  keyword: 'revisão automóvel Braga',
  language: 'PT',
  tone: 'professional',
  contentType: 'blog-post',
  size: 'short',
}

describe('writer', () => {
  let fake: FakeLlm
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let bare: RunningFarol
  let cookie: string
  let other: string
  let release: () => void = () => {}
  beforeAll(async () => {
    fake = await startFakeLlm({ reply: () => ({ text: generated }) })
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(home)
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    const only = { OPENAI_API_KEY: fake.env.OPENAI_API_KEY!, OPENAI_BASE_URL: fake.env.OPENAI_BASE_URL! }
    farol = await startFarol(
      testConfig({ port: await freePort(), env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', ...only } }),
      log,
    )
    bare = await startFarol(testConfig({ port: await freePort() }), log)
    cookie = await signedInUser(farol, 'escritor@exemplo.pt')
    other = await signedInUser(farol, 'outro.escritor@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    await bare?.stop()
    await fake?.close()
    site?.close()
  })

  const create = (target: RunningFarol, data: unknown, headers: Record<string, string> = {}) =>
    fetch(`${target.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: target.url, ...headers },
      body: JSON.stringify({ task_name: 'content_generation', requested_data: data, lang: 'pt' }),
    })
  const status = async (taskId: string) =>
    (await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers: { cookie } })).json()

  it('answers every missing field with the spec’s message', async () => {
    const res = await create(farol, { keyword: 'a' }, { cookie })
    expect(res.status).toBe(400)
    const { error } = await res.json()
    expect(error.fields).toEqual({
      keyword: 'Palavra-chave é obrigatória',
      language: 'Selecione um idioma',
      tone: 'Selecione um tom de voz',
      contentType: 'Selecione um tipo de conteúdo',
      size: 'Selecione um tamanho',
    })
  })

  it('asks anonymous visitors to sign in', async () => {
    expect((await create(farol, request)).status).toBe(401)
  })

  it('says 409 LLM_NOT_CONFIGURED when no provider is configured', async () => {
    const c = await signedInUser(bare, 'sem.modelo@exemplo.pt')
    const res = await create(bare, request, { cookie: c })
    expect(res.status).toBe(409)
    expect((await res.json()).error.code).toBe('LLM_NOT_CONFIGURED')
  })

  it('streams the text, grounds it in the site’s facts and lists what to verify', async () => {
    let held: Promise<void> = Promise.resolve()
    held = new Promise<void>((r) => {
      release = r
    })
    fake.setReply(() => ({ text: generated, wait: held }))
    const res = await create(farol, { ...request, url: siteUrl }, { cookie })
    expect(res.status).toBe(201)
    const { taskId } = await res.json()
    // The fake holds the answer: the task gets to running (however long the queue takes to pick it up on
    // a loaded machine) and stays there, nothing invented yet.
    let waiting = await status(taskId)
    for (let i = 0; i < 100 && waiting.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      waiting = await status(taskId)
    }
    expect(waiting.status).toBe('running')
    release()
    let body = await status(taskId)
    for (let i = 0; i < 100 && body.status !== 'success' && body.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      body = await status(taskId)
    }
    expect(body.status).toBe('success')
    const r = body.results
    expect(r.title).toBe('Revisões em Braga desde 1998')
    expect(r.streaming).toBe(false)
    expect(r.facts.map((f: { kind: string; value: string }) => `${f.kind}=${f.value}`)).toContain(
      'foundingYear=1998',
    )
    expect(r.unverifiedClaims.map((c: { text: string }) => c.text)).toEqual([
      '95%',
      'segundo a Deco',
      '«Um carro bem tratado dura o dobro»',
    ])
    expect(r.unverifiedClaims[0].reason).toMatch(/verificar antes de publicar/)
    const call = fake.calls.at(-1)!
    expect(call.stream).toBe(true)
    expect(call.prompt).toContain('revisão automóvel Braga')
  })

  it('keeps saved ideas per user', async () => {
    const add = await fetch(`${farol.url}/api/writer/ideas`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({
        title: 'Quanto custa uma revisão?',
        keywords: ['revisão', 'preço'],
        reason: null,
      }),
    })
    expect(add.status).toBe(201)
    const idea = await add.json()
    const mine = await (await fetch(`${farol.url}/api/writer/ideas`, { headers: { cookie } })).json()
    expect(mine.ideas.map((i: { title: string }) => i.title)).toEqual(['Quanto custa uma revisão?'])
    const theirs = await (await fetch(`${farol.url}/api/writer/ideas`, { headers: { cookie: other } })).json()
    expect(theirs.ideas).toEqual([])
    const del = (c: string, id: string) =>
      fetch(`${farol.url}/api/writer/ideas/${id}`, {
        method: 'DELETE',
        headers: { cookie: c, origin: farol.url },
      })
    expect((await del(other, idea.id)).status).toBe(404)
    expect((await del(cookie, 'nao-e-um-id')).status).toBe(404)
    expect((await del(cookie, idea.id)).status).toBe(204)
    const bad = await fetch(`${farol.url}/api/writer/ideas`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ title: 'x' }),
    })
    expect(bad.status).toBe(400)
  })
})
