// `npm run bench:audit`: the audit's performance goals of issue 3, measured on loopback.
//   1. On-page + AIO analysis of a ~200 KB page after the HTML arrived (parse + checks), median of N.
//   2. A full audit (on-page, AIO, Lighthouse desktop + mobile) vs two sequential `lighthouse` CLI runs
//      with the same Chromium flags (and the same egress proxy) on the same page, in this same run.
//   3. Time from the start of the audit to the on-page results, and peak memory.
// Prints figures only; no assertions (the numbers depend on the machine).
// Options: --iterations N (analysis samples, default 30), --rounds N (audit/CLI pairs, default 2).
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { analyzeAio } from '../src/aio/index.ts'
import { audit } from '../src/audit.ts'
import { startEgressProxy } from '../src/fetch/index.ts'
import { buildArtifacts, gatherArtifacts } from '../src/gather/index.ts'
import { chromeFlags, resolveChromePath } from '../src/lighthouse/chrome.ts'
import { lighthouseCategories } from '../src/lighthouse/protocol.ts'
import { runSeoChecks } from '../src/seo/index.ts'

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    'analysis-only': { type: 'boolean', default: false },
  },
})
const iterations = Math.max(1, Number(values.iterations))
const rounds = Math.max(1, Number(values.rounds))

// ---- The page: a realistic long article (headings, lists, a table, JSON-LD, images, links) of ~200 KB.
function buildPage(targetBytes: number): string {
  const head = `<!doctype html>
<html lang="pt">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guia completo de SEO técnico para pequenas empresas em 2025</title>
<meta name="description" content="Um guia prático de SEO técnico: velocidade, rastreabilidade, dados estruturados e conteúdo que os motores de pesquisa e os assistentes de IA entendem.">
<link rel="canonical" href="/">
<meta property="og:title" content="Guia completo de SEO técnico">
<meta property="og:description" content="Velocidade, rastreabilidade e dados estruturados.">
<meta property="og:type" content="article">
<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'Guia completo de SEO técnico',
    author: { '@type': 'Person', name: 'Ana Martins' },
    datePublished: '2025-01-10',
    dateModified: '2025-03-02',
    publisher: { '@type': 'Organization', name: 'Farol', sameAs: ['https://www.linkedin.com/company/farol'] },
  })}</script>
</head>
<body>
<header><nav><a href="/">Início</a> <a href="/blog/">Blog</a> <a href="/contacto/">Contacto</a></nav></header>
<main><article>
<h1>Guia completo de SEO técnico para pequenas empresas</h1>
<p>Por Ana Martins, publicado a 10 de janeiro de 2025.</p>
`
  const section = (i: number) => `<h2>Como melhorar a parte ${i} do seu site?</h2>
<p>Segundo um estudo de 2024, 53% das visitas móveis abandonam uma página que demora mais de 3 segundos a carregar. A velocidade é por isso um dos fatores mais importantes para a experiência dos utilizadores e para a visibilidade nos motores de pesquisa. Neste capítulo explicamos, passo a passo, como medir e corrigir os problemas mais comuns.</p>
<p>O primeiro passo é medir. Use ferramentas como o Lighthouse para obter métricas de laboratório e compare-as com dados reais dos utilizadores. "Aquilo que não se mede não se melhora", como se costuma dizer. Depois, priorize as correções com maior impacto e menor esforço.</p>
<h3>Lista de verificação ${i}</h3>
<ul><li>Comprimir imagens e servi-las em formatos modernos.</li><li>Adiar scripts que não são necessários no primeiro ecrã.</li><li>Definir dimensões explícitas para imagens e anúncios.</li><li>Usar cache de longa duração para recursos estáticos.</li></ul>
<table><thead><tr><th>Métrica</th><th>Bom</th><th>A melhorar</th></tr></thead><tbody><tr><td>LCP</td><td>2,5 s</td><td>4 s</td></tr><tr><td>CLS</td><td>0,1</td><td>0,25</td></tr></tbody></table>
<p><img src="/img/${i}.svg" alt="Gráfico da métrica ${i}" width="600" height="300"> Veja também <a href="https://web.dev/articles/vitals">a documentação oficial</a> e <a href="/blog/artigo-${i}/">o nosso artigo sobre este tema</a>.</p>
`
  let body = ''
  let i = 1
  while (Buffer.byteLength(head + body, 'utf8') < targetBytes - 200) body += section(i++)
  return `${head}${body}</article></main>\n<footer><p>© 2025 Farol</p></footer>\n</body>\n</html>\n`
}

const html = buildPage(200 * 1024)
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="#ddd"/></svg>'
const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/'
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=3600' })
    res.end(html)
  } else if (path === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(`User-agent: *\nAllow: /\nSitemap: http://${req.headers.host}/sitemap.xml\n`)
  } else if (path === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' })
    res.end(
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${req.headers.host}/</loc></url></urlset>`,
    )
  } else if (path.startsWith('/img/')) {
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=31536000' })
    res.end(svg)
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
  }
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

// ---- Memory: resident set of this process and all its descendants (Lighthouse child, Chromium).
function treeRssBytes(root: number): number {
  const parent = new Map<number, number>()
  const rss = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(Number(entry), Number(fields[1]))
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1]
      rss.set(Number(entry), kb ? Number(kb) * 1024 : 0)
    } catch {
      // Exited while we looked.
    }
  }
  let total = 0
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p; p = parent.get(p)) {
      if (p === root) {
        total += bytes
        break
      }
    }
  }
  return total
}

function sampleMemory() {
  let peak = 0
  const tick = () => {
    peak = Math.max(peak, treeRssBytes(process.pid))
  }
  tick()
  const timer = setInterval(tick, 200)
  return () => {
    clearInterval(timer)
    tick()
    return peak
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

try {
  console.log(`Farol audit benchmark — page ${url} (${(Buffer.byteLength(html) / 1024).toFixed(0)} KB HTML)`)
  console.log(
    `Node ${process.version}${values['analysis-only'] ? '' : `, Chromium ${resolveChromePath()}`}\n`,
  )

  // 1. Analysis after the HTML arrived: parse + on-page checks + AIO, the HTML and side files already fetched.
  const fetched = await gatherArtifacts(url, { allowPrivate: true })
  const extras = {
    robotsTxt: fetched.robotsTxt,
    llmsTxt: fetched.llmsTxt,
    ...(fetched.sitemapXml ? { sitemapXml: fetched.sitemapXml } : {}),
  }
  const samples: number[] = []
  const stages = { parse: [] as number[], onPage: [] as number[], aio: [] as number[] }
  // CPU time of this process beside the wall clock: on a shared machine (2 cores, a dozen busy processes)
  // the wall clock doubles with the load while the work done stays the same.
  const cpu: number[] = []
  for (let i = 0; i < iterations + 3; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const artifacts = buildArtifacts(fetched.page, extras)
    const t1 = performance.now()
    runSeoChecks(artifacts)
    const t2 = performance.now()
    analyzeAio(artifacts)
    const t3 = performance.now()
    // The first runs warm up the JIT and are left out.
    if (i >= 3) {
      const used = process.cpuUsage(c0)
      cpu.push((used.user + used.system) / 1000)
      samples.push(t3 - t0)
      stages.parse.push(t1 - t0)
      stages.onPage.push(t2 - t1)
      stages.aio.push(t3 - t2)
    }
  }
  console.log(
    `On-page + AIO analysis (parse + checks), median of ${iterations}: ${median(samples).toFixed(1)} ms` +
      `  (min ${Math.min(...samples).toFixed(1)}, max ${Math.max(...samples).toFixed(1)}; goal < 300 ms)`,
  )
  console.log(
    `  CPU time of the analysis, median: ${median(cpu).toFixed(1)} ms (load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
  )
  console.log(
    `  medians by stage: parse ${median(stages.parse).toFixed(1)} ms, on-page checks ${median(stages.onPage).toFixed(1)} ms, AIO ${median(stages.aio).toFixed(1)} ms`,
  )
  if (values['analysis-only']) process.exit(0)

  // 2. Two sequential `lighthouse` CLI runs, same Chromium flags and egress proxy, vs Farol's full audit.
  const lighthouseCli = join(
    dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')),
    'cli',
    'index.js',
  )
  const proxy = await startEgressProxy({ allowPrivate: true })
  const flags = chromeFlags({ proxyUrl: proxy.url })
  const cliRun = (device: 'desktop' | 'mobile') =>
    new Promise<void>((resolve, reject) => {
      const args = [
        lighthouseCli,
        url,
        '--output=json',
        '--output-path=/dev/null',
        '--quiet',
        `--only-categories=${lighthouseCategories.join(',')}`,
        `--chrome-flags=${flags.join(' ')}`,
        ...(device === 'desktop' ? ['--preset=desktop'] : []),
      ]
      const child = spawn(process.execPath, args, {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, CHROME_PATH: resolveChromePath() },
      })
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString()
      })
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`lighthouse CLI exited ${code}: ${stderr}`)),
      )
    })

  const cliTimes: number[] = []
  const auditTimes: number[] = []
  const onPageTimes: number[] = []
  let cliPeak = 0
  let auditPeak = 0

  const cliPair = async () => {
    const stop = sampleMemory()
    const t0 = performance.now()
    await cliRun('desktop')
    const desktopMs = performance.now() - t0
    await cliRun('mobile')
    const total = performance.now() - t0
    cliTimes.push(total)
    cliPeak = Math.max(cliPeak, stop())
    return `CLI ${(total / 1000).toFixed(1)} s (desktop ${(desktopMs / 1000).toFixed(1)}, mobile ${((total - desktopMs) / 1000).toFixed(1)})`
  }

  const fullAudit = async () => {
    const stop = sampleMemory()
    const t0 = performance.now()
    let onPageAt = Number.NaN
    const lighthouseMs: Record<string, number> = {}
    const startup: string[] = []
    const result = await audit(url, {
      device: 'both',
      lang: 'pt',
      allowPrivate: true,
      onProgress: (e) => {
        if (e.type === 'onpage-done') onPageAt = performance.now() - t0
        if (e.type === 'lighthouse-start') lighthouseMs[e.device] = -e.elapsedMs
        if (e.type === 'lighthouse-done') {
          lighthouseMs[e.device] = (lighthouseMs[e.device] ?? 0) + e.elapsedMs
          if (e.run?.timings)
            startup.push(`${e.device} start-up ${(e.run.timings.startupMs / 1000).toFixed(1)} s`)
        }
      },
    })
    const total = performance.now() - t0
    auditTimes.push(total)
    onPageTimes.push(onPageAt)
    auditPeak = Math.max(auditPeak, stop())
    const errors = Object.entries(result.lighthouse.errors)
    if (errors.length) console.log(`  (Lighthouse errors in the audit: ${JSON.stringify(errors)})`)
    const s = (ms: number | undefined) => ((ms ?? Number.NaN) / 1000).toFixed(1)
    return `audit ${s(total)} s (desktop ${s(lighthouseMs.desktop)}, mobile ${s(lighthouseMs.mobile)}; ${startup.join(', ')})`
  }

  // Alternate which goes first, so a slow patch of the machine does not always hit the same side.
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0 ? await cliPair() : await fullAudit()
    const second = round % 2 === 0 ? await fullAudit() : await cliPair()
    console.log(`  round ${round + 1}: ${first}; ${second}`)
  }
  await proxy.close()

  const cli = median(cliTimes)
  const full = median(auditTimes)
  console.log(`Two sequential lighthouse CLI runs (desktop + mobile): ${(cli / 1000).toFixed(1)} s`)
  console.log(`Farol full audit (on-page, AIO, Lighthouse desktop + mobile): ${(full / 1000).toFixed(1)} s`)
  console.log(`Ratio full audit / CLI runs: ${(full / cli).toFixed(3)}  (goal ≤ 1.05)`)
  console.log(
    `Time to on-page results from the start: ${median(onPageTimes).toFixed(0)} ms  (goal ≤ 1500 ms)`,
  )
  console.log(
    `Peak memory, process tree (parent + Lighthouse child + Chromium): audit ${mb(auditPeak)}, CLI runs ${mb(cliPeak)}`,
  )
  console.log(`Peak RSS of this (parent) process: ${mb(process.resourceUsage().maxRSS * 1024)}`)
  if (rounds > 1) console.log(`(medians of ${rounds} rounds)`)
} finally {
  server.closeAllConnections()
  server.close()
}
