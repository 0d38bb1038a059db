import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveGroundingRedirects } from './sources.ts'

// Gemini's grounding redirects come from a provider's answer: they get the SSRF guard like any outside URL.
describe('resolveGroundingRedirects', () => {
  const hits: string[] = []
  let base = ''
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    res.writeHead(302, { location: 'https://www.oficinaribeiro.pt/servicos' }).end()
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => server.close())

  it('never connects to a loopback or private address unless private targets are allowed', async () => {
    for (const host of [base, base.replace('127.0.0.1', 'localhost'), base.replace('127.0.0.1', '[::1]')]) {
      const [source] = await resolveGroundingRedirects(
        [{ url: `${host}/grounding-api-redirect/1`, title: 'oficinaribeiro.pt' }],
        { allowPrivate: false },
      )
      // Kept as given, its host from the title, and nothing reached.
      expect(source?.url).toBe(`${host}/grounding-api-redirect/1`)
      expect(source?.host).toBe('oficinaribeiro.pt')
    }
    expect(hits).toEqual([])
  })

  it('reads the Location of one redirect without following it', async () => {
    const [source] = await resolveGroundingRedirects([{ url: `${base}/grounding-api-redirect/2` }], {
      allowPrivate: true,
    })
    expect(source).toMatchObject({ url: 'https://www.oficinaribeiro.pt/servicos', host: 'oficinaribeiro.pt' })
    expect(hits).toEqual(['/grounding-api-redirect/2'])
  })
})
