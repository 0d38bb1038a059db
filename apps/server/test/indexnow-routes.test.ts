// The IndexNow routes of a tracked site over HTTP: a bad key and a key its file does not hold are
// translated 400s with nothing kept; the key the file holds is kept, shown, and removed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const key = 'farol-routes-key-9876'

describe('IndexNow routes', () => {
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let cookie: string
  beforeAll(async () => {
    site = createServer((req, res) => {
      res.writeHead(req.url === `/${key}.txt` ? 200 : 404, { 'content-type': 'text/plain' })
      res.end(req.url === `/${key}.txt` ? key : 'not found')
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    const env = { FAROL_ALLOW_PRIVATE_TARGETS: '1' }
    farol = await startFarol(testConfig({ port: await freePort(), env }), createLogger('silent'))
    cookie = await signedInUser(farol, 'ana.indexnow@exemplo.pt')
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}/api${path}`, {
      ...init,
      headers: { cookie, origin: farol.url, 'content-type': 'application/json', 'accept-language': 'pt' },
    })

  it('checks the key file before keeping the key', async () => {
    const { id } = await (
      await api('/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    ).json()
    const bad = await api(`/sites/${id}/indexnow`, { method: 'PUT', body: JSON.stringify({ key: 'no!' }) })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.code).toBe('INDEXNOW_KEY')
    const missing = await api(`/sites/${id}/indexnow`, {
      method: 'PUT',
      body: JSON.stringify({ key: 'another-key-1234' }),
    })
    expect(missing.status).toBe(400)
    const body = await missing.json()
    expect(body.error.code).toBe('INDEXNOW_KEY_FILE')
    expect(body.error.message).toContain('Publique o ficheiro')
    expect((await (await api(`/sites/${id}/indexnow`)).json()).key).toBeNull()

    const kept = await api(`/sites/${id}/indexnow`, { method: 'PUT', body: JSON.stringify({ key }) })
    expect(kept.status).toBe(200)
    expect((await kept.json()).key.key).toBe(key)
    expect((await (await api(`/sites/${id}/indexnow`)).json()).submissions).toEqual([])
    expect((await api(`/sites/${id}/indexnow`, { method: 'DELETE' })).status).toBe(204)
    expect((await (await api(`/sites/${id}/indexnow`)).json()).key).toBeNull()
    expect((await api('/sites/00000000-0000-0000-0000-000000000000/indexnow')).status).toBe(404)
  })
})
