// One analysis, one set of numbers (issue 41 item 2, decision 017): ONE analysis (its AIO task and a
// Lighthouse task per device) read through every door Farol has — the status endpoint the suite reads and
// the suite's own rule that composes it (run-storage.ts analysisResult), /api/v1 with a token, MCP, and
// the PDF's text — gives the same scores and counts under the same names. Lighthouse is not run: the
// engine's saved answer (lighthouse/__fixtures__/lhr-mobile.json) stands in for it, the page audit and AIO
// are real. The PDF part needs the built web app (`npm run build`; run this file under the e2e lock) and
// pdftotext; without the build it is skipped and says so.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AuditResult, audit } from '@farol/engine'
import { mapLighthouseResult } from '@farol/engine/lighthouse/map.ts'
import type { LighthouseResult } from '@farol/engine/lighthouse/types.ts'
import { overallScore } from '@farol/engine/scores/index.ts'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { historyRows } from '../../web/app/features/analysis/analysis-history.ts'
import { analysisResult, slotFromStatus } from '../../web/app/features/analysis/run-storage.ts'
import type { MyTask } from '../../web/app/features/analysis/types.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import type { AuditFn } from '../src/features/analysis/worker.ts'
import { snapshotOf } from '../src/features/sites/monitor.ts'
import { siteRuns, tasks, trackedSites } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import {
  finishedTask,
  freePort,
  freshPostgres,
  signedInUser,
  testConfig,
  testDatabaseUrl,
} from './helpers.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const builtWeb = path.join(root, 'apps/web/build/server/index.js')
const savedLhr = JSON.parse(
  readFileSync(path.join(root, 'packages/engine/src/lighthouse/__fixtures__/lhr-mobile.json'), 'utf8'),
) as LighthouseResult

/** The real audit with Lighthouse's saved answer in place of a Lighthouse run (and no egress proxy). */
const savedLighthouse: AuditFn = (url, opts, deps) =>
  audit(url, opts, {
    ...deps,
    startProxy: async () => ({ url: 'http://127.0.0.1:1', port: 1, close: async () => {} }),
    runLighthouse: async (_target, runOpts) => ({
      device: runOpts.device,
      seo: mapLighthouseResult(savedLhr),
      lhr: savedLhr,
      durationMs: 1,
      childMaxRssBytes: null,
      timings: null,
    }),
  })

/** The presence score of the address's latest finished AI-presence run (seeded below). */
const PRESENCE = 40

type Status = Parameters<typeof slotFromStatus>[0] & { task: { finishedAt: string | null; kind: string } }
type ToolResult = { isError?: boolean; content: { type: string; text: string }[] }

const problems = (r: AuditResult) =>
  r.onPage.findings.filter((f) => f.verdict === 'fail' || f.verdict === 'warn')

const databases = [
  { kind: 'PGlite', url: async () => null },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

describe.each(databases)('one analysis, one set of numbers on $kind', ({ kind, url: databaseUrl }) => {
  let fixture: FixtureServer
  let farol: RunningFarol
  let cookie = ''
  let url = ''
  let drop: (() => Promise<void>) | null = null
  const ids = { aio: '', desktop: '', mobile: '' }

  const call = (p: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${farol.url}${p}`, {
      ...init,
      headers: {
        origin: farol.url,
        cookie,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    })

  beforeAll(async () => {
    fixture = await startFixtureServer()
    url = fixture.url('/pt/')
    const pg = await databaseUrl()
    drop = pg?.drop ?? null
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        ...(pg ? { databaseUrl: pg.url } : {}),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' },
      }),
      createLogger('silent'),
      { runAudit: savedLighthouse },
    )
    cookie = await signedInUser(farol, 'ana.numeros@exemplo.pt')
    // The analysis as the dashboard starts it: the AIO part, then Lighthouse on each device.
    for (const [key, body] of [
      ['aio', { task_name: 'ai_optimization', requested_data: { url }, lang: 'pt' }],
      ['desktop', { task_name: 'seo_analysis', requested_data: { url, platform: 'desktop' }, lang: 'pt' }],
      ['mobile', { task_name: 'seo_analysis', requested_data: { url, platform: 'mobile' }, lang: 'pt' }],
    ] as const) {
      const res = await call('/api/seo-task-manager/create', { method: 'POST', json: body })
      expect(res.status, await res.clone().text()).toBeLessThan(300)
      ids[key] = ((await res.json()) as { taskId: string }).taskId
    }
    for (const id of Object.values(ids)) {
      const done = await finishedTask<{ status: string; message: string | null }>(farol.url, id, { cookie })
      expect(done.status, done.message ?? '').toBe('success')
    }
    // AI-presence runs of the address in the analysis's workspace (spec §9: 0.2 of the overall, decision
    // 045): an older finished one (90), the latest finished one (40), and a newer one still running. The
    // latest finished counts, through every door.
    const [desktop] = await farol.database.db.select().from(tasks).where(eq(tasks.id, ids.desktop))
    const presence = (minutesAgo: number, score: number | null) => ({
      kind: 'llm_presence',
      url,
      userId: desktop!.userId,
      workspaceId: desktop!.workspaceId,
      status: score === null ? 'running' : 'success',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      finishedAt: score === null ? null : new Date(Date.now() - minutesAgo * 60_000),
      results: score === null ? null : { report: { presenceScore: score } },
    })
    await farol.database.db
      .insert(tasks)
      .values([presence(20, 90), presence(10, PRESENCE), presence(1, null)])
  }, 240_000)

  afterAll(async () => {
    await farol?.stop()
    await fixture?.close()
    await drop?.()
  })

  /** What the suite shows: the status endpoint it reads, composed by its own rule. */
  async function suite() {
    const res = await call(
      `/api/seo-task-manager/latest-analysis?${new URLSearchParams({ url, lang: 'pt' })}`,
    )
    expect(res.status).toBe(200)
    const latest = (await res.json()) as { url: string; parts: Record<'aio' | 'desktop' | 'mobile', Status> }
    expect(Object.fromEntries(Object.entries(latest.parts).map(([k, p]) => [k, p.taskId]))).toEqual(ids)
    const slots = Object.fromEntries(Object.entries(latest.parts).map(([k, p]) => [k, slotFromStatus(p)]))
    const shown = analysisResult({ url, slots } as unknown as Parameters<typeof analysisResult>[0])!
    return { shown, parts: latest.parts }
  }

  /** The numbers the suite shows for this analysis, by the name it shows them under. */
  async function expected() {
    const { shown, parts } = await suite()
    const desktop = parts.desktop.results as AuditResult
    const mobile = parts.mobile.results as AuditResult
    return {
      overall: shown.scores.overall.score,
      seo: shown.scores.seo,
      aio: shown.scores.aio,
      onPage: shown.scores.seoParts.onPage,
      desktopPerformance: desktop.lighthouse.desktop!.performanceScore,
      mobilePerformance: mobile.lighthouse.mobile!.performanceScore,
      lighthouseSeo: desktop.lighthouse.desktop!.categories.seo,
      lighthouseAccessibility: desktop.lighthouse.desktop!.categories.accessibility,
      lighthouseBestPractices: desktop.lighthouse.desktop!.categories.bestPractices,
      words: shown.onPage.summary.wordCount,
      problems: problems(shown).length,
      problemTitles: problems(shown).map((f) => f.title.pt),
      shown,
    }
  }

  it("the suite's numbers: one SEO, one AIO (the AIO part's), one overall that follows from them", async () => {
    const e = await expected()
    // The overall is the specification's: 0.5 SEO + 0.3 AIO + 0.2 the latest finished presence run's, as
    // the dashboard's card shows it (it adds nothing of its own to a signed-in user's analysis).
    expect(e.shown.scores.overall.llm).toBe(PRESENCE)
    expect(e.overall).toBe(overallScore({ seo: e.seo, aio: e.aio, llm: PRESENCE }).score)
    expect(e.shown.scores.overall.redistributed).toBe(false)
    // Lighthouse's own SEO category is another number (saved answer: 100 or so), never the suite's SEO.
    expect(e.lighthouseSeo).not.toBeNull()
    expect(e.aio).toBe((await suite()).parts.aio.results!.aio.scores.overall)
    expect(e.seo).toBe((await suite()).parts.desktop.results!.scores.seo)
  })

  it('/api/v1 gives the same scores and counts under the same names', async () => {
    const e = await expected()
    const made = await call('/api/account/tokens', {
      method: 'POST',
      json: { name: 'numeros', scopes: ['read'] },
    })
    const { token } = (await made.json()) as { token: string }
    const v1 = async (id: string) => {
      const res = await fetch(`${farol.url}/api/v1/tasks/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { results: AuditResult }).results
    }
    const [desktop, mobile, aio] = [await v1(ids.desktop), await v1(ids.mobile), await v1(ids.aio)]
    expect(desktop.scores.seo).toBe(e.seo)
    expect(desktop.scores.seoParts.onPage).toBe(e.onPage)
    expect(aio.aio.scores.overall).toBe(e.aio)
    expect(desktop.scores.aio).toBe(e.aio)
    expect(desktop.scores.overall.score).toBe(e.overall)
    expect(mobile.scores.overall.llm).toBe(PRESENCE)
    expect(desktop.lighthouse.desktop!.performanceScore).toBe(e.desktopPerformance)
    expect(mobile.lighthouse.mobile!.performanceScore).toBe(e.mobilePerformance)
    expect(desktop.lighthouse.desktop!.categories.seo).toBe(e.lighthouseSeo)
    expect(desktop.onPage.summary.wordCount).toBe(e.words)
    expect(problems(desktop).length).toBe(e.problems)
  })

  it('MCP gives the same scores and counts under the same names', async () => {
    const e = await expected()
    const made = await call('/api/account/tokens', {
      method: 'POST',
      json: { name: 'mcp', scopes: ['read'] },
    })
    const { token } = (await made.json()) as { token: string }
    const client = new Client({ name: 'numeros', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${farol.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    )
    const task = async (taskId: string) => {
      const r = (await client.callTool({ name: 'get_task', arguments: { taskId, lang: 'pt' } })) as ToolResult
      expect(r.isError, r.content[0]?.text).toBeFalsy()
      return { summary: r.content[0]!.text, data: JSON.parse(r.content[1]!.text) }
    }
    const desktop = await task(ids.desktop)
    expect(desktop.data.scores).toEqual({ seo: e.seo, aio: e.aio, overall: e.overall })
    expect(desktop.summary).toContain(`overall ${e.overall}/100 (SEO ${e.seo}, AIO ${e.aio})`)
    expect(desktop.data.page.wordCount).toBe(e.words)
    expect(desktop.data.failingCount).toBe(e.problems)
    expect((await task(ids.aio)).data.scores.aio).toBe(e.aio)
    await client.close()
  })

  it("the history gives the analysis the suite's overall (one row, the presence part counted)", async () => {
    const e = await expected()
    const res = await call(`/api/me/tasks?${new URLSearchParams({ url })}`)
    expect(res.status).toBe(200)
    const { tasks: mine } = (await res.json()) as { tasks: MyTask[] }
    // The history tab's own rule (analysis-history.ts) over what the server lists.
    const row = historyRows(mine).find((r) => r.taskIds.includes(ids.desktop))!
    expect([...row.taskIds].sort()).toEqual(Object.values(ids).sort())
    expect(row.scores).toMatchObject({ seo: e.seo, aio: e.aio, overall: e.overall, llm: PRESENCE })
    // Each Lighthouse part listed alone says the same overall.
    for (const id of [ids.desktop, ids.mobile])
      expect(mine.find((t) => t.id === id)!.scores!.overall).toBe(e.overall)
  })

  it("a tracked site's monitoring run of the analysis gives the suite's overall", async () => {
    const e = await expected()
    // The run as the monitor stores it when its analysis ends (monitor.ts snapshotOf on its tasks' results).
    const [desktop] = await farol.database.db.select().from(tasks).where(eq(tasks.id, ids.desktop))
    const [mobile] = await farol.database.db.select().from(tasks).where(eq(tasks.id, ids.mobile))
    const [aio] = await farol.database.db.select().from(tasks).where(eq(tasks.id, ids.aio))
    const snapshot = snapshotOf(
      desktop!.results as never,
      mobile!.results as never,
      aio!.results as never,
      null,
    )
    const [site] = await farol.database.db
      .insert(trackedSites)
      .values({ userId: desktop!.userId!, workspaceId: desktop!.workspaceId!, url })
      .returning()
    await farol.database.db.insert(siteRuns).values({
      siteId: site!.id,
      status: 'success',
      taskIds: { ...ids },
      scores: snapshot.scores,
      snapshot,
      finishedAt: desktop!.finishedAt,
    })
    const res = await call(`/api/sites/${site!.id}/history`)
    expect(res.status).toBe(200)
    const { runs } = (await res.json()) as {
      runs: { seoScore: number; aioScore: number; totalScore: number }[]
    }
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ seoScore: e.seo, aioScore: e.aio, totalScore: e.overall })
    await farol.database.db.delete(trackedSites).where(eq(trackedSites.id, site!.id))
  })

  /** The names the PDF must show, as the suite's locale files say them. */
  const names = {
    pt: {
      overall: 'Pontuação global',
      seo: 'Pontuação SEO',
      aio: 'Pontuação AIO',
      desktop: 'Desempenho desktop',
      mobile: 'Desempenho mobile',
      performance: 'Desempenho',
      lighthouseSeo: 'SEO do Lighthouse',
      accessibility: 'Acessibilidade',
      bestPractices: 'Boas práticas',
      outOf: 'de 100',
      onPage: 'SEO on-page',
    },
    en: {
      overall: 'Overall score',
      seo: 'SEO score',
      aio: 'AIO score',
      desktop: 'Desktop performance',
      mobile: 'Mobile performance',
      performance: 'Performance',
      lighthouseSeo: 'Lighthouse SEO',
      accessibility: 'Accessibility',
      bestPractices: 'Best practices',
      outOf: 'of 100',
      onPage: 'On-page SEO',
    },
  }

  /** A PDF report of the analysis in `lang`, as text in reading order (no -layout). */
  async function pdfText(lang: 'pt' | 'en') {
    const created = await call('/api/reports', { method: 'POST', json: { url, lang } })
    expect(created.status).toBe(201)
    let report = (await created.json()) as {
      id: string
      status: string
      file_url: string | null
      message: string | null
      desktopTaskId: string
      mobileTaskId: string
      aiOptimizationTaskId: string
    }
    // The report reads the same analysis (its tasks are reused), not a new one.
    expect([report.desktopTaskId, report.mobileTaskId, report.aiOptimizationTaskId]).toEqual([
      ids.desktop,
      ids.mobile,
      ids.aio,
    ])
    const deadline = Date.now() + 180_000
    while (report.status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500))
      const list = (await (await call('/api/reports')).json()) as { reports: (typeof report)[] }
      report = list.reports.find((r) => r.id === report.id)!
    }
    expect(report.status, report.message ?? 'still pending').toBe('success')
    const pdf = Buffer.from(await (await call(report.file_url!)).arrayBuffer())
    const work = mkdtempSync(path.join(tmpdir(), 'farol-numbers-'))
    writeFileSync(path.join(work, `report-${lang}.pdf`), pdf)
    const text = execFileSync('pdftotext', [path.join(work, `report-${lang}.pdf`), '-'], { encoding: 'utf8' })
    return text.replace(/\s+/g, ' ')
  }

  /** The printable page the PDF is made from, in `lang`, as text (each tile: label, value, "of 100"). */
  async function printableText(lang: 'pt' | 'en') {
    const query = new URLSearchParams({
      desktopTaskId: ids.desktop,
      mobileTaskId: ids.mobile,
      aiOptimizationTaskId: ids.aio,
    })
    const res = await fetch(`${farol.url}/suite/pdf-report?${query}`, {
      headers: { cookie: `${cookie}; farol_lang=${lang}` },
    })
    expect(res.status).toBe(200)
    return (await res.text())
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
  }

  /** Every score on a report, by the suite's names: `row` checks tiles side by side, as the text reads. */
  async function checkReport(flat: string, lang: 'pt' | 'en', row: (tiles: [string, number][]) => void) {
    const e = await expected()
    const n = names[lang]
    row([
      [n.overall, e.overall],
      [n.seo, e.seo],
      [n.aio, e.aio],
    ])
    row([
      [n.desktop, e.desktopPerformance!],
      [n.mobile, e.mobilePerformance!],
    ])
    row([
      [n.performance, e.desktopPerformance!],
      [n.lighthouseSeo, e.lighthouseSeo!],
      [n.accessibility, e.lighthouseAccessibility!],
      [n.bestPractices, e.lighthouseBestPractices!],
    ])
    row([[n.aio, e.aio]])
    // Lighthouse's own SEO category is named as Lighthouse's; no bare "SEO" or "on-page" score tile.
    expect(flat).not.toMatch(new RegExp(`${n.onPage} \\d+ ${n.outOf}`))
    expect(flat).not.toMatch(new RegExp(`(?<!(Lighthouse|Pontuação) )\\bSEO \\d+ ${n.outOf}`))
    // The SEO score's parts, as the dashboard's card explains them.
    expect(flat).toContain(`${n.onPage} ${e.onPage} ×`)
    // Every on-page problem the suite lists is on the report.
    if (lang === 'pt')
      for (const title of new Set(e.problemTitles)) expect(flat, title).toContain(title.replace(/\s+/g, ' '))
  }

  // The PDF is made from the numbers above; it is printed once (on PGlite) to keep the file short.
  it.skipIf(!existsSync(builtWeb) || kind !== 'PGlite')(
    "the PDF's text gives the same scores under the suite's names",
    async () => {
      const flat = await pdfText('pt')
      const n = names.pt
      // pdftotext reads a row of tiles as its labels, then their values ("89 de 100"…).
      await checkReport(flat, 'pt', (tiles) => {
        const shown = `${tiles.map(([l]) => l).join(' ')} ${tiles.map(([, v]) => `${v} ${n.outOf}`).join(' ')}`
        expect(flat, shown).toContain(shown)
      })
    },
    240_000,
  )

  it.skipIf(!existsSync(builtWeb) || kind !== 'PGlite')(
    'the printable page the PDF is made from says the same in English',
    async () => {
      const flat = await printableText('en')
      await checkReport(flat, 'en', (tiles) => {
        for (const [label, value] of tiles)
          expect(flat, label).toContain(`${label} ${value} ${names.en.outOf}`)
      })
    },
    120_000,
  )
})
