// Task llm_journey: per persona, stage questions from the site's profile, answered by the (fake) model,
// each with the status the measured mention gives and an improvement from the finding.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../packages/engine/test/fakes/llm-server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const home = `<html lang="pt"><head><title>Oficina Ribeiro</title><script type="application/ld+json">{"@type":"AutoRepair",
"name":"Oficina Ribeiro","serviceType":"Reparação automóvel","address":{"@type":"PostalAddress","addressLocality":"Braga"}}</script>
</head><body><h1>Oficina Ribeiro</h1></body></html>`

describe('llm_journey', () => {
  let fake: FakeLlm
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let cookie: string
  const asked: string[] = []
  beforeAll(async () => {
    fake = await startFakeLlm({
      reply: (req) => {
        // The claim extractor (only with confirmed facts): the decision answer says the garage is in Porto.
        if (req.prompt.startsWith('Extract the factual claims'))
          return {
            text: JSON.stringify({
              claims: req.prompt.includes('boa escolha')
                ? [{ text: 'fica no Porto', attribute: 'city', value: 'Porto' }]
                : [],
            }),
          }
        asked.push(req.prompt)
        // Discovery: named and cited; contact: the model knows nothing; everything else: named, not cited.
        if (/melhor empresa|best .* business/i.test(req.prompt))
          return { text: 'A Oficina Ribeiro é a melhor escolha.', sources: [{ url: siteUrl }] }
        if (/contacto|phone number/i.test(req.prompt))
          return { text: 'Não tenho informações sobre a Oficina Ribeiro.', sources: [] }
        if (/boa escolha/.test(req.prompt))
          return { text: 'A Oficina Ribeiro é uma boa escolha e fica no Porto.', sources: [{ url: siteUrl }] }
        return { text: 'A Oficina Ribeiro é uma opção.', sources: [{ url: 'https://example.com/' }] }
      },
    })
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(home)
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          OPENAI_API_KEY: fake.env.OPENAI_API_KEY!,
          OPENAI_BASE_URL: fake.env.OPENAI_BASE_URL!,
        },
      }),
      createLogger('silent'),
    )
    cookie = await signedInUser(farol, 'jornada@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    await fake?.close()
    site?.close()
  })

  const create = (lang: 'pt' | 'en', headers: Record<string, string> = { cookie }) =>
    fetch(`${farol.url}/api/seo-task-manager/create?lang=${lang}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ task_name: 'llm_journey', requested_data: { url: siteUrl }, lang }),
    })
  async function run(lang: 'pt' | 'en') {
    const res = await create(lang)
    expect(res.status).toBeLessThan(300)
    const { taskId } = await res.json()
    for (let i = 0; i < 300; i++) {
      const s = await (
        await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers: { cookie } })
      ).json()
      if (s.status === 'success' || s.status === 'failed') return s
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('no end')
  }

  it('is for signed-in users only', async () => {
    const res = await create('pt', {})
    expect(res.status).toBe(401)
  })

  it('refuses an empty address with a translated error', async () => {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create?lang=en`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ task_name: 'llm_journey', requested_data: {}, lang: 'en' }),
    })
    expect(res.status).toBe(400)
  })

  it('answers each persona stage with status and improvement from the measured mention', async () => {
    const s = await run('pt')
    expect(s.status).toBe('success')
    const { journey } = s.results
    expect(Object.keys(journey).sort()).toEqual(['existingCustomer', 'newCustomer', 'researchPhase'])
    for (const stages of Object.values(journey) as unknown[][]) expect(stages).toHaveLength(3)
    const [discovery, consideration] = journey.newCustomer
    expect(discovery).toMatchObject({
      stage: 'Descoberta',
      query: 'Qual é a melhor empresa de reparação automóvel em Braga?',
      status: 'positive',
    })
    expect(discovery.aiResponse).toContain('A Oficina Ribeiro é a melhor escolha.')
    expect(consideration.status).toBe('warning')
    expect(consideration.improvement).toContain('não é citado')
    const contact = journey.existingCustomer[0]
    expect(contact).toMatchObject({ stage: 'Contacto', status: 'negative' })
    expect(contact.improvement).toContain('diz não conhecer')
    // The questions really went to the model.
    expect(asked).toContain('Qual é a melhor empresa de reparação automóvel em Braga?')
  })

  it('asks and explains in English for an English task', async () => {
    const s = await run('en')
    expect(s.status).toBe('success')
    expect(s.results.journey.newCustomer[0]).toMatchObject({ stage: 'Discovery', status: 'positive' })
    expect(s.results.journey.existingCustomer[0].improvement).toContain('does not know')
  })

  it('with confirmed facts, a wrong claim in a stage answer makes it negative', async () => {
    const before = await run('pt')
    expect(before.results.journey.newCustomer[2]).toMatchObject({ stage: 'Decisão', status: 'positive' })
    const put = await fetch(`${farol.url}/api/knowledge/facts`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ url: siteUrl, facts: [{ kind: 'city', value: 'Braga' }] }),
    })
    expect(put.status).toBe(201)
    const after = await run('pt')
    const decision = after.results.journey.newCustomer[2]
    expect(decision).toMatchObject({ stage: 'Decisão', status: 'negative' })
    expect(decision.improvement).toContain('1 facto(s) errado(s)')
  })
})
