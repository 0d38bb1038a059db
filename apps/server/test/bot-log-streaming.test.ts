// An access-log upload is streamed, never held (issue 40 item 3): a chunked body (no Content-Length, so
// the body limit in front cannot refuse it up front) is written to a file under the data folder as it
// arrives, and refused with the translated LOG_UPLOAD_TOO_LARGE the moment it passes the cap, while the
// client is still sending. Hono's body limit read a chunked body whole before the route ran: the file would
// not appear before the client finished, and a 5 GiB upload sat in memory.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, freshPostgres, signedInUser, tempDataDir, testConfig, testDatabaseUrl } from './helpers.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
/** About 128 KiB of log lines. */
const block = Array.from(
  { length: 1200 },
  (_, i) => `20.171.206.5 - - [20/Nov/2026:10:00:00 +0000] "GET /p/${i} HTTP/1.1" 200 100 "-" "${GPT}"`,
).join('\n')

for (const backend of ['PGlite', ...(testDatabaseUrl ? ['PostgreSQL'] : [])]) {
  describe(`a streamed access-log upload on ${backend}`, () => {
    let farol: RunningFarol
    let cookie = ''
    let drop: (() => Promise<void>) | undefined
    const dataDir = tempDataDir()
    const uploads = path.join(dataDir, 'tmp', 'bot-log-uploads')
    const filesBeingWritten = () =>
      existsSync(uploads) ? readdirSync(uploads).map((f) => statSync(path.join(uploads, f)).size) : []

    beforeAll(async () => {
      const pg = backend === 'PostgreSQL' ? await freshPostgres() : null
      drop = pg?.drop
      farol = await startFarol(
        testConfig({
          port: await freePort(),
          dataDir,
          ...(pg ? { databaseUrl: pg.url } : {}),
          env: { FAROL_LOG_DNS: 'off', FAROL_LOG_UPLOAD_MAX_MB: '1', FAROL_ALLOW_PRIVATE_TARGETS: '1' },
        }),
        createLogger('silent'),
      )
      cookie = await signedInUser(farol, `stream.${backend.toLowerCase()}@example.pt`)
    }, 120_000)
    afterAll(async () => {
      await farol?.stop()
      await drop?.()
    })

    /** A chunked upload (node:http sends Transfer-Encoding: chunked without a Content-Length). */
    const chunked = (lang: 'pt' | 'en') => {
      const req = request(`${farol.url}/api/bots/uploads?site=https://exemplo.pt&name=a.log&lang=${lang}`, {
        method: 'POST',
        agent: false,
        headers: { cookie, origin: farol.url, 'content-type': 'application/octet-stream' },
      })
      let answered = false
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          answered = true
          let body = ''
          res.on('data', (c) => {
            body += c
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', (e) => (answered ? undefined : reject(e)))
      })
      return { req, answer, answered: () => answered }
    }

    it('writes the body to a file while the client is still sending, then analyses it', async () => {
      const up = chunked('en')
      up.req.write(`${block}\n`)
      // The route reads as the bytes arrive: the file grows before the body has ended.
      while (!filesBeingWritten().some((size) => size > 0)) await new Promise((r) => setTimeout(r, 50))
      expect(up.answered()).toBe(false)
      up.req.end(`${block}\n`)
      const done = await up.answer
      expect(done.status, done.body).toBe(201)
      expect(JSON.parse(done.body)).toMatchObject({ lines: 2400 })
      // The file goes once analysed.
      expect(filesBeingWritten()).toEqual([])
    }, 60_000)

    for (const [lang, message] of [
      [
        'en',
        'This log file is over the upload size limit. Compress it (gzip) or split it into smaller files.',
      ],
      [
        'pt',
        'Este ficheiro de registo passa o tamanho máximo de envio. Comprima-o (gzip) ou divida-o em ficheiros mais pequenos.',
      ],
    ] as const)
      it(`refuses a chunked body past the cap before the client finishes sending (${lang})`, async () => {
        const up = chunked(lang)
        // The client would send 64 MiB; it never gets to end: the refusal comes at the 1 MiB cap.
        let sent = 0
        let closed = false
        up.req.once('close', () => {
          closed = true
        })
        const drained = () =>
          new Promise<void>((resolve) => {
            const done = () => {
              clearInterval(check)
              up.req.off('drain', done)
              resolve()
            }
            const check = setInterval(() => (closed || up.answered()) && done(), 20)
            up.req.once('drain', done)
          })
        while (!up.answered() && !closed && sent < 64 * 1024 * 1024) {
          const more = Buffer.from(`${block}\n`)
          sent += more.length
          if (!up.req.write(more)) await drained()
        }
        const refused = await up.answer
        expect(refused.status).toBe(413)
        expect(JSON.parse(refused.body).error).toEqual({ code: 'LOG_UPLOAD_TOO_LARGE', message })
        // Answered long before the 64 MiB: the server stopped reading at the cap.
        expect(sent).toBeLessThan(16 * 1024 * 1024)
        up.req.destroy()
        expect(filesBeingWritten()).toEqual([])
      }, 60_000)
  })
}
