// `npm run bench:monitor`: how long one scheduled run of a tracked site takes (what monitor.ts starts:
// SEO desktop, SEO mobile, AIO — each a full engine audit of the site's page, real Lighthouse), and how
// many tracked sites one worker keeps on a weekly schedule. Lighthouse runs one at a time per worker
// (the Lighthouse lock), so the Lighthouse part of each run is what a worker's week is divided by; the
// rest (fetching, parsing, checks) overlaps with other runs. Prints figures only.
// Options: --url <page> (default: a loopback copy of a realistic page), --rounds N (default 1).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { audit } from '../packages/engine/src/audit.ts'

const { values } = parseArgs({
  options: { url: { type: 'string' }, rounds: { type: 'string', default: '1' } },
})
const rounds = Math.max(1, Number(values.rounds))

const page = `<!doctype html><html lang="pt"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Padaria Sol — pão e pastelaria em Faro</title>
<meta name="description" content="Padaria Sol: pão, bolos e pastelaria feitos todos os dias em Faro, com encomendas online e entregas.">
</head><body><header><nav><a href="/">Início</a> <a href="/encomendas/">Encomendas</a></nav></header><main>
<h1>Padaria Sol</h1>${'<h2>Pão do dia</h2><p>Pão de trigo, centeio e milho, cozido em forno de lenha todas as manhãs em Faro. Encomende até às 18h e levante no dia seguinte.</p>'.repeat(30)}
</main><footer>Rua do Sol 1, 8000 Faro · 289 000 000</footer></body></html>`

const server = createServer((req, res) => {
  res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
  res.end(req.url === '/' ? page : 'não encontrado')
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const url = values.url ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

const timed = async (device: 'desktop' | 'mobile' | 'none') => {
  const t = performance.now()
  await audit(url, { device, lang: 'pt', allowPrivate: !values.url })
  return (performance.now() - t) / 1000
}

const runs: { desktop: number; mobile: number; aio: number }[] = []
for (let i = 0; i < rounds; i++) {
  // Same order as a scheduled run; the monitor starts them together, but the lock serialises Lighthouse.
  runs.push({ desktop: await timed('desktop'), mobile: await timed('mobile'), aio: await timed('none') })
}
server.close()

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const desktop = median(runs.map((r) => r.desktop))
const mobile = median(runs.map((r) => r.mobile))
const aio = median(runs.map((r) => r.aio))
const total = desktop + mobile + aio
// Lighthouse-locked time per run: each SEO audit minus the part an audit without Lighthouse takes.
const locked = Math.max(0, desktop - aio) + Math.max(0, mobile - aio)
const week = 7 * 24 * 3600
const fmt = (s: number) => `${s.toFixed(1)} s`
console.log(`page: ${url}   rounds: ${rounds}`)
console.log(`SEO desktop audit: ${fmt(desktop)}   SEO mobile audit: ${fmt(mobile)}   AIO audit: ${fmt(aio)}`)
console.log(`one scheduled run, sequential: ${fmt(total)}   Lighthouse (locked) part: ${fmt(locked)}`)
console.log(
  `tracked sites one worker keeps weekly: ${Math.floor(week / locked)} (Lighthouse lock bound), ` +
    `${Math.floor(week / total)} (if runs never overlapped)`,
)
