// The knowledge hub (task knowledge_check): branded answers of the user's last AI-visibility run split into
// claims by the (fake) extractor model, judged against the site's facts, with where to fix each wrong one;
// and "Corrigir" recorded with the spec's toast, then followed up.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../../packages/engine/test/fakes/llm-server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const home = `<html><head><script type="application/ld+json">{"@type":"AutoRepair","name":"Oficina Ribeiro",
"foundingDate":"1987","telephone":"+351 253 000 111","address":{"@type":"PostalAddress","addressLocality":"Braga"}}</script>
</head><body><h1>Oficina Ribeiro</h1></body></html>`

const claimsFor: Record<string, { text: string; attribute: string; value: string }[]> = {
  'A Oficina Ribeiro fica em Braga e foi fundada em 1987.': [
    { text: 'fica em Braga', attribute: 'city', value: 'Braga' },
    { text: 'foi fundada em 1987', attribute: 'foundingYear', value: '1987' },
  ],
  'A Oficina Ribeiro fica no Porto; o telefone é 253 999 999. Tem estacionamento.': [
    { text: 'fica no Porto', attribute: 'city', value: 'Porto' },
    { text: 'o telefone é 253 999 999', attribute: 'phone', value: '253 999 999' },
    { text: 'Tem estacionamento', attribute: 'other', value: 'estacionamento' },
  ],
}

describe('knowledge hub', () => {
  let fake: FakeLlm
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let cookie: string
  beforeAll(async () => {
    fake = await startFakeLlm({
      reply: (req) => {
        const answer = Object.keys(claimsFor).find((a) => req.prompt.includes(a))
        return { text: JSON.stringify({ claims: answer ? claimsFor[answer] : [] }) }
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
    cookie = await signedInUser(farol, 'conhecimento@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    await fake?.close()
    site?.close()
  })

  const post = (path: string, body: unknown) =>
    fetch(`${farol.url}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify(body),
    })
  async function check() {
    const res = await post('/api/seo-task-manager/create?lang=pt', {
      task_name: 'knowledge_check',
      requested_data: { url: siteUrl },
      lang: 'pt',
    })
    const { taskId } = await res.json()
    for (let i = 0; i < 200; i++) {
      const s = await (
        await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers: { cookie } })
      ).json()
      if (s.status === 'success' || s.status === 'failed') return s
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('no end')
  }
  async function presenceRun(texts: string[]) {
    const [user] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'conhecimento@exemplo.pt'))
    const answer = (text: string) => ({
      modelLabel: 'ChatGPT (gpt-5-mini)',
      prompt: 'O que sabe sobre a Oficina Ribeiro?',
      kind: 'branded',
      status: 'ok',
      text,
      date: new Date().toISOString(),
    })
    await farol.database.db.insert(tasks).values({
      kind: 'llm_presence',
      url: siteUrl,
      status: 'success',
      userId: user!.id,
      finishedAt: new Date(),
      results: {
        brand: { name: 'Oficina Ribeiro' },
        report: {
          answers: [...texts.map(answer), { ...answer('Melhor oficina: Auto Silva.'), kind: 'discovery' }],
        },
      },
    })
  }

  it('says to run an AI presence analysis first when there is none', async () => {
    const s = await check()
    expect(s.status).toBe('failed')
    expect(s.errorCode).toBe('KNOWLEDGE_NO_RUN')
  })

  it('labels each claim against the facts, scores accuracy with n and says where to fix', async () => {
    await presenceRun(Object.keys(claimsFor))
    const s = await check()
    expect(s.status).toBe('success')
    const r = s.results
    const verdicts = r.answers.flatMap((a: { claims: { claim: { value: string }; verdict: string }[] }) =>
      a.claims.map((c) => `${c.claim.value}:${c.verdict}`),
    )
    expect(verdicts).toEqual([
      'Braga:supported',
      '1987:supported',
      'Porto:contradicted',
      '253 999 999:contradicted',
      'estacionamento:unsupported',
    ])
    expect(r.accuracy).toMatchObject({ score: 50, n: 4, unsupported: 1 })
    expect(r.accuracyScore).toBe(50)
    expect(r.answers.map((a: { needsCorrection: boolean }) => a.needsCorrection)).toEqual([false, true])
    const phone = r.answers[1].claims[1]
    expect(phone.fact.value).toBe('+351 253 000 111')
    expect(phone.fixes.map((f: { where: string }) => f.where)).toEqual([
      'page',
      'json-ld',
      'google-business-profile',
    ])
    expect(phone.fixes[1].detail).toBe('telephone')
    // Only branded answers are checked: the discovery answer was not sent to the extractor.
    expect(fake.calls.filter((c) => c.prompt.includes('Auto Silva'))).toHaveLength(0)
  })

  it('records a correction with the spec’s toast and follows it up in the next run', async () => {
    const res = await post('/api/knowledge/corrections?lang=pt', {
      url: siteUrl,
      claim: 'fica no Porto',
      attribute: 'city',
      value: 'Porto',
    })
    expect(res.status).toBe(201)
    expect((await res.json()).message).toContain('monitorizada durante 24-48 horas')
    await new Promise((r) => setTimeout(r, 20))
    await presenceRun(['A Oficina Ribeiro fica em Braga e foi fundada em 1987.'])
    const s = await check()
    expect(s.results.corrections).toEqual([
      expect.objectContaining({ claim: 'fica no Porto', stillInAnswers: false }),
    ])
    expect((await post('/api/knowledge/corrections', { url: siteUrl, claim: '' })).status).toBe(400)
  })
})
