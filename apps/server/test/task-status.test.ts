// The status answer of a finished task is served from memory as bytes, gzipped when the client takes it:
// the same JSON either way.
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { acceptsGzip } from '../src/features/analysis/routes.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, testConfig } from './helpers.ts'

describe('Accept-Encoding', () => {
  it('takes gzip when offered, not when refused with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('deflate, br')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

describe('status of a finished task', () => {
  let fx: Awaited<ReturnType<typeof startFixtureServer>>
  let farol: RunningFarol
  beforeAll(async () => {
    fx = await startFixtureServer()
    const port = await freePort()
    farol = await startFarol(
      testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }),
      createLogger('silent'),
    )
  })
  afterAll(async () => {
    await farol?.stop()
    await fx?.close()
  })

  // node:http rather than fetch: fetch would undo the gzip and hide whether it was used.
  const raw = async (taskId: string, acceptEncoding: string) => {
    const { request } = await import('node:http')
    return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${farol.url}/api/seo-task-manager/status?taskId=${taskId}`,
          { headers: { 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                body: Buffer.concat(chunks),
              }),
            )
          },
        )
        req.on('error', reject)
        req.end()
      },
    )
  }

  it('answers with the same JSON, plain or gzipped, from memory', async () => {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ task_name: 'ai_optimization', requested_data: { url: fx.url('/good/') } }),
    })
    const { taskId } = (await res.json()) as { taskId: string }
    let plain: Awaited<ReturnType<typeof raw>>
    do {
      await new Promise((r) => setTimeout(r, 200))
      plain = await raw(taskId, 'identity')
    } while (JSON.parse(plain.body.toString()).status !== 'success')
    expect(plain.encoding).toBeUndefined()
    expect(plain.vary).toBe('Accept-Encoding')
    const answer = JSON.parse(plain.body.toString())
    expect(answer.results.aio.scores.overall).toBeGreaterThan(0)

    // The compressed copy is made in the background once the answer is cached.
    let zipped: Awaited<ReturnType<typeof raw>>
    do {
      await new Promise((r) => setTimeout(r, 50))
      zipped = await raw(taskId, 'gzip, deflate, br')
    } while (zipped.encoding !== 'gzip')
    expect(zipped.body.length).toBeLessThan(plain.body.length)
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(answer)
    expect((await raw(taskId, 'gzip;q=0')).encoding).toBeUndefined()
  })
})
