// Webhook addresses are refused at creation when their name resolves to an address the guard refuses
// (issue 40): `localhost.` and other names of loopback, names whose DNS answers a loopback or private
// address (any of the answers), literal private addresses; a name that does not resolve yet is accepted
// (the guard checks it again at every delivery). FAROL_ALLOW_PRIVATE_TARGETS=1 lifts all of it.
import { lookup } from 'node:dns/promises'
import { hostname } from 'node:os'
import { isBlockedAddress } from '@farol/engine/fetch/address.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { checkWebhookUrl } from '../src/features/sites/webhooks/service.ts'
import { createLogger } from '../src/platform/log.ts'
import { apiCaller, freePort, signedInUser, testConfig } from './helpers.ts'

const answers =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }))
const notFound = async () => {
  throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
}
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  )

describe('webhook address check at creation', () => {
  it('refuses names of loopback and names resolving to a refused address', async () => {
    for (const url of [
      'https://localhost/hook',
      'https://localhost./hook',
      'https://LOCALHOST../hook',
      'https://api.localhost/hook',
    ])
      expect(await code(checkWebhookUrl(url, false, answers('93.184.215.14'))), url).toBe('WEBHOOK_URL')
    const hook = 'https://hooks.exemplo.pt/farol'
    expect(await code(checkWebhookUrl(hook, false, answers('127.0.0.1')))).toBe('WEBHOOK_URL')
    expect(await code(checkWebhookUrl(hook, false, answers('10.1.2.3')))).toBe('WEBHOOK_URL')
    expect(await code(checkWebhookUrl(hook, false, answers('::ffff:127.0.0.1')))).toBe('WEBHOOK_URL')
    expect(await code(checkWebhookUrl(hook, false, answers('169.254.169.254')))).toBe('WEBHOOK_URL')
    // One private answer among public ones is a rebinding setup, not a public site.
    expect(await code(checkWebhookUrl(hook, false, answers('93.184.215.14', '192.168.0.5')))).toBe(
      'WEBHOOK_URL',
    )
  })

  it('accepts public answers and names that do not resolve yet; the install may allow private ones', async () => {
    const hook = 'https://hooks.exemplo.pt/farol'
    await expect(checkWebhookUrl(hook, false, answers('93.184.215.14'))).resolves.toBe(hook)
    await expect(checkWebhookUrl(hook, false, notFound)).resolves.toBe(hook)
    await expect(checkWebhookUrl('https://localhost./hook', true, answers('127.0.0.1'))).resolves.toBe(
      'https://localhost./hook',
    )
    await expect(checkWebhookUrl(hook, true, answers('127.0.0.1'))).resolves.toBe(hook)
  })
})

describe('webhook creation through the API with private targets refused', () => {
  let farol: RunningFarol
  const cookies: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)

  beforeAll(async () => {
    const config = testConfig({
      port: await freePort(),
      env: { FAROL_ALLOW_PRIVATE_TARGETS: '0', FAROL_WORKERS: '0' },
    })
    expect(config.allowPrivateTargets).toBe(false)
    farol = await startFarol(config, createLogger('silent'))
    cookies.rita = await signedInUser(farol, 'rita.webhooks@exemplo.pt')
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
  })

  it('refuses localhost., localhost and this machine’s own name (resolved by the system)', async () => {
    const site = await call('rita', 'POST', '/sites', { url: 'https://exemplo.pt/' })
    expect(site.status).toBe(201)
    const create = (url: string) =>
      call('rita', 'POST', `/sites/${site.body.id}/webhooks?lang=en`, { url, events: ['alert'] })
    for (const url of ['https://localhost./hook', 'https://localhost/hook', 'https://127.0.0.1/hook']) {
      const refused = await create(url)
      expect(refused.status, url).toBe(400)
      expect(refused.body.error.code).toBe('WEBHOOK_URL')
      expect(refused.body.error.message).toMatch(/public https address/)
    }
    // The machine's own name: refused when the system resolves it to a refused address (here, as on
    // most machines, to loopback or a private address), accepted otherwise.
    const own = await lookup(hostname(), { all: true }).catch(() => [])
    const ownRefused = own.some((a) => isBlockedAddress(a.address))
    const ownHook = await create(`https://${hostname()}/hook`)
    expect(ownHook.status).toBe(ownRefused ? 400 : 201)
    const list = await call('rita', 'GET', `/sites/${site.body.id}/webhooks`)
    expect(list.body.webhooks).toHaveLength(ownRefused ? 0 : 1)
  })
})
