// `npm run bench:log-upload [-- --mb 256]`: a chunked access-log upload (no Content-Length) of --mb
// MiB through POST /api/bots/uploads on a Farol in this process (issue 40 item 3). The body is streamed to
// a file and analysed from it, so the server's memory stays flat whatever the size; Hono's body limit held
// a chunked body whole (the size of the upload in memory). Prints the upload's size, the heap and RSS
// before and the peak during (sampled every 50 ms), and the answer. Figures only; no assertions.
// 28 Nov 2026, 256 MiB: RSS +1 MiB streamed; +584 MiB with the body limit reading the chunked body whole.
import { request } from 'node:http'
import { parseArgs } from 'node:util'
import { startFarol } from '../apps/server/src/composition/server.ts'
import { createLogger } from '../apps/server/src/platform/log.ts'
import { freePort, signedInUser, tempDataDir, testConfig } from '../apps/server/test/helpers.ts'

const { values } = parseArgs({ options: { mb: { type: 'string', default: '256' } } })
const total = Number(values.mb) * 1024 * 1024
const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const block = Buffer.from(
  `${Array.from(
    { length: 2000 },
    (_, i) =>
      `20.171.206.5 - - [20/Nov/2026:10:00:00 +0000] "GET /p/${i % 500} HTTP/1.1" 200 100 "-" "${GPT}"`,
  ).join('\n')}\n`,
)

const farol = await startFarol(
  testConfig({
    port: await freePort(),
    dataDir: tempDataDir(),
    env: {
      FAROL_LOG_DNS: 'off',
      FAROL_LOG_UPLOAD_MAX_MB: String(Number(values.mb) * 2),
      FAROL_WORKERS: '0',
    },
  }),
  createLogger('silent'),
)
const cookie = await signedInUser(farol, `memoria.${Date.now()}@exemplo.pt`)
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`
global.gc?.()
const before = process.memoryUsage()
let peak = { rss: before.rss, heap: before.heapUsed }
const sampler = setInterval(() => {
  const m = process.memoryUsage()
  peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed) }
}, 50)

const started = Date.now()
const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
  const req = request(`${farol.url}/api/bots/uploads?site=https://exemplo.pt&name=grande.log&lang=en`, {
    method: 'POST',
    agent: false,
    headers: { cookie, origin: farol.url, 'content-type': 'application/octet-stream' },
  })
  req.on('response', (res) => {
    let body = ''
    res.on('data', (c) => {
      body += c
    })
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
  })
  req.on('error', reject)
  let sent = 0
  const pump = () => {
    while (sent < total) {
      sent += block.length
      if (!req.write(block)) return void req.once('drain', pump)
    }
    req.end()
  }
  pump()
})
clearInterval(sampler)
await farol.stop()
console.log(
  `chunked upload of ${mib(total)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${answer.status} ${answer.body.slice(0, 120)}`,
)
console.log(
  `  heap before ${mib(before.heapUsed)}, peak ${mib(peak.heap)} (+${mib(peak.heap - before.heapUsed)})`,
)
console.log(`  RSS before ${mib(before.rss)}, peak ${mib(peak.rss)} (+${mib(peak.rss - before.rss)})`)
