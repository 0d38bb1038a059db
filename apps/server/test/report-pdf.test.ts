// The whole PDF pipeline (issue 7): a signed-in user asks for a report of a fixture site; Farol runs the
// three analyses (two of them Lighthouse), renders the printable page in Chromium and stores the PDF.
// Then: the PDF is small, its text has the host, the scores and the Portuguese section titles, another
// user cannot download it, and page 1 rendered by pdftoppm is not blank. Needs the built web app
// (`npm test` builds it first; built here when missing) and poppler-utils (pdftotext, pdftoppm).
import { execFileSync, execSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const builtWeb = path.join(root, 'apps/web/build/server/index.js')
const log = createLogger('silent')

interface ReportView {
  id: string
  status: string
  file_url: string | null
  message: string | null
  desktopTaskId: string
  mobileTaskId: string
  aiOptimizationTaskId: string
}

/** Grey levels of a binary PGM (P5) image, as pdftoppm -gray writes it. */
function readPgm(bytes: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header: string[] = []
  let offset = 0
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[offset]!))) offset += 1
    if (bytes[offset] === 0x23) {
      while (bytes[offset] !== 0x0a) offset += 1
      continue
    }
    let token = ''
    while (!/\s/.test(String.fromCharCode(bytes[offset]!))) token += String.fromCharCode(bytes[offset++]!)
    header.push(token)
  }
  offset += 1
  if (header[0] !== 'P5' || header[3] !== '255') throw new Error(`not an 8-bit PGM: ${header.join(' ')}`)
  const width = Number(header[1])
  const height = Number(header[2])
  return { width, height, pixels: bytes.subarray(offset, offset + width * height) }
}

describe('report PDF pipeline', () => {
  let farol: RunningFarol
  let fixture: FixtureServer
  let ana = ''
  let rui = ''
  let report: ReportView
  let pdf: Buffer
  const work = mkdtempSync(path.join(tmpdir(), 'farol-report-pdf-'))

  const call = (p: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
    fetch(`${farol.url}${p}`, {
      ...init,
      headers: {
        origin: farol.url,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    })

  beforeAll(async () => {
    if (!existsSync(builtWeb)) execSync('npm run build', { cwd: root, stdio: 'inherit' })
    fixture = await startFixtureServer()
    const port = await freePort()
    farol = await startFarol(testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }), log)
    ana = await signedInUser(farol, 'ana.relatorio@example.pt')
    rui = await signedInUser(farol, 'rui.relatorio@example.pt')

    const created = await call('/api/reports', {
      method: 'POST',
      cookie: ana,
      json: { url: fixture.url('/pt/'), lang: 'pt' },
    })
    expect(created.status).toBe(201)
    report = (await created.json()) as ReportView
    // Two Lighthouse runs (20-60 s each here), the AIO analysis, then the rendering.
    const deadline = Date.now() + 420_000
    for (;;) {
      const list = (await (await call('/api/reports', { cookie: ana })).json()) as { reports: ReportView[] }
      report = list.reports.find((r) => r.id === report.id)!
      if (report.status !== 'pending' || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 2000))
    }
    expect(report.status, report.message ?? 'still pending').toBe('success')
    const file = await call(report.file_url!, { cookie: ana })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    pdf = Buffer.from(await file.arrayBuffer())
    writeFileSync(path.join(work, 'report.pdf'), pdf)
  }, 600_000)

  afterAll(async () => {
    await farol?.stop()
    await fixture?.close()
  })

  it('stores a real PDF under 2 MB', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024)
  })

  it('has the host, the scores and the section titles in the report language', async () => {
    const text = execFileSync('pdftotext', ['-layout', path.join(work, 'report.pdf'), '-'], {
      encoding: 'utf8',
    })
    const host = new URL(fixture.origin).host
    expect(text).toContain(host)
    for (const title of [
      'Relatório de auditoria SEO e IA',
      'Resumo',
      'Análise Desktop',
      'Análise Mobile',
      'Core Web Vitals',
      'Auditorias técnicas',
      'Verificações on-page do Farol',
      'Otimização para IA',
      'Pontos fortes',
      'Recomendações',
    ]) {
      expect(text, title).toContain(title)
    }
    // No English section titles in a Portuguese report.
    expect(text).not.toContain('Desktop Analysis')

    const data = (await (
      await call('/api/get-report-data', {
        method: 'POST',
        cookie: ana,
        json: {
          desktopTaskId: report.desktopTaskId,
          mobileTaskId: report.mobileTaskId,
          aiOptimizationTaskId: report.aiOptimizationTaskId,
        },
      })
    ).json()) as {
      desktop: { data: { lighthouse: { desktop: { performanceScore: number } | null } } | null }
      aiOptimization: { data: { aio: { scores: { overall: number } } } | null }
    }
    const aio = data.aiOptimization.data!.aio.scores.overall
    const label = (n: number) => (n >= 90 ? 'Bom' : n >= 50 ? 'A melhorar' : 'Fraco')
    // Score tiles sit side by side, so their lines interleave in the text: look for "<score> de 100" and
    // the score's label (spec §9) rather than one line.
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain(`${Math.round(aio)} de 100`)
    expect(flat).toContain(label(aio))
    const desktop = data.desktop.data?.lighthouse.desktop?.performanceScore
    expect(typeof desktop).toBe('number')
    expect(flat).toContain(`${Math.round(desktop!)} de 100`)
    expect(flat).toContain(label(desktop!))
  })

  it('is not available to another user', async () => {
    const foreign = await call(report.file_url!, { cookie: rui })
    expect(foreign.status).toBe(404)
    const anonymous = await call(report.file_url!)
    expect(anonymous.status).toBe(404)
  })

  it('renders a first page that is not blank', () => {
    execFileSync('pdftoppm', [
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      '-gray',
      path.join(work, 'report.pdf'),
      path.join(work, 'page'),
    ])
    const pgm = readFileSync(path.join(work, 'page-1.pgm'))
    const { width, height, pixels } = readPgm(pgm)
    // A4 at 50 dpi is about 413 × 585.
    expect(width).toBeGreaterThan(350)
    expect(height).toBeGreaterThan(500)
    let ink = 0
    for (const p of pixels) if (p < 200) ink += 1
    // The blue header band alone covers several percent of the page.
    expect(ink / pixels.length).toBeGreaterThan(0.05)
  })
})
