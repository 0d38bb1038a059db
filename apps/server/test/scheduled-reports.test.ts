// Scheduled reports: the period arithmetic, changes and summary lines (pure); then on a running Farol a
// weekly schedule set through the API makes the week's own report (from the week's last run's analyses,
// carrying the week's changes) and mails it once its build ends, once: neither further ticks nor a restart
// of the process on the same data directory (the embedded database) make a second report or mail; a week
// without runs gets fresh analyses, and a failed build still mails the changes. With every worker running,
// the period's report is rendered in Chromium and arrives through the outbox and SMTP as that PDF, with
// the period's changes printed in it.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { periodChanges, periodFromKey } from '../src/features/reports/period.ts'
import { createRenderToken, renderCookie } from '../src/features/reports/render-token.ts'
import {
  attachmentName,
  mailPeriodReport,
  periodSummary,
  previousPeriod,
  reusableTasks,
  sendDueScheduledReports,
} from '../src/features/reports/scheduled.ts'
import { reportQueue } from '../src/features/reports/service.ts'
import type { RunSnapshot } from '../src/features/sites/alerts.ts'
import {
  type OutboxAttachment,
  reportSchedules,
  reports,
  siteRuns,
  tasks,
  trackedSites,
} from '../src/platform/db/schema.ts'
import type { EmailContent } from '../src/platform/email/templates.ts'
import { createLogger } from '../src/platform/log.ts'
import { createReportStore } from '../src/platform/storage/storage.ts'
import { sharedSecret } from '../src/tenancy/secret.ts'
import {
  freePort,
  freshPostgres,
  signedInUser,
  startSmtpCapture,
  tempDataDir,
  testConfig,
  testDatabaseUrl,
} from './helpers.ts'

describe('report periods', () => {
  it('is the ISO week or the calendar month that ended last', () => {
    const thursday = new Date('2026-11-26T10:00:00Z')
    expect(previousPeriod(thursday, 'weekly')).toEqual({
      key: '2026-W47',
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    })
    // A Monday: the week that ended at midnight.
    expect(previousPeriod(new Date('2026-11-23T00:00:00Z'), 'weekly').key).toBe('2026-W47')
    // 2026 starts on a Thursday: it has a week 53, and 2025-12-29 is in week 1 of 2026.
    expect(previousPeriod(new Date('2027-01-05T00:00:00Z'), 'weekly').key).toBe('2026-W53')
    expect(previousPeriod(new Date('2026-01-06T00:00:00Z'), 'weekly').key).toBe('2026-W01')
    expect(previousPeriod(thursday, 'monthly')).toEqual({
      key: '2026-10',
      start: new Date('2026-10-01T00:00:00Z'),
      end: new Date('2026-11-01T00:00:00Z'),
    })
    expect(previousPeriod(new Date('2027-01-05T00:00:00Z'), 'monthly').key).toBe('2026-12')
  })
})

const snapshot = (total: number, llm: number | null, failing: string[]): RunSnapshot => ({
  scores: {
    seoScore: null,
    seoMobileScore: null,
    aioScore: null,
    llmScore: llm,
    directoryScore: null,
    totalScore: total,
  },
  failing: failing.map((id) => ({ id, title: { pt: `Falha ${id}`, en: `Failure ${id}` }, impact: 'high' })),
  mentionedBy: null,
})

describe('period keys', () => {
  it('gives back the period a key names, and nothing for a malformed key', () => {
    for (const now of [
      '2026-11-26T10:00:00Z',
      '2027-01-05T00:00:00Z',
      '2026-01-06T00:00:00Z',
      '2021-01-04T00:00:00Z',
    ])
      for (const frequency of ['weekly', 'monthly'] as const) {
        const period = previousPeriod(new Date(now), frequency)
        expect(periodFromKey(period.key)).toEqual(period)
      }
    expect(periodFromKey('2026-W54')).toBeNull()
    expect(periodFromKey('2026-13')).toBeNull()
    expect(periodFromKey('W47')).toBeNull()
  })
})

describe('period changes', () => {
  const week = previousPeriod(new Date('2026-11-26T10:00:00Z'), 'weekly')
  it('takes each finished run’s scores in order and compares the first run’s failures with the last’s', () => {
    const changes = periodChanges(week, [
      { startedAt: new Date('2026-11-20T08:00:00Z'), snapshot: snapshot(66, 38, ['b', 'c']) },
      { startedAt: new Date('2026-11-18T08:00:00Z'), snapshot: null },
      { startedAt: new Date('2026-11-17T08:00:00Z'), snapshot: snapshot(60, 40, ['a', 'b']) },
    ])
    expect(changes.points).toEqual([
      { at: '2026-11-17T08:00:00.000Z', total: 60, llm: 40 },
      { at: '2026-11-20T08:00:00.000Z', total: 66, llm: 38 },
    ])
    expect(changes.newIssues.map((f) => f.id)).toEqual(['c'])
    expect(changes.fixedIssues.map((f) => f.id)).toEqual(['a'])
    expect(periodChanges(week, [])).toMatchObject({ points: [], newIssues: [], fixedIssues: [] })
  })

  it('reuses the analyses of the period’s last run that has all three', () => {
    const all = { desktop: 'd2', mobile: 'm2', aio: 'a2' }
    expect(
      reusableTasks([{ taskIds: { desktop: 'd1', mobile: 'm1', aio: 'a1' } }, { taskIds: all }]),
    ).toEqual({
      desktopTaskId: 'd2',
      mobileTaskId: 'm2',
      aiOptimizationTaskId: 'a2',
    })
    expect(reusableTasks([{ taskIds: all }, { taskIds: { desktop: 'd3', aio: 'a3' } }])?.desktopTaskId).toBe(
      'd2',
    )
    expect(reusableTasks([{ taskIds: { desktop: 'd3' } }])).toBeNull()
    expect(reusableTasks([])).toBeNull()
  })
})

describe('period summary', () => {
  it('says the score and AI-presence trends and the new and fixed issues', () => {
    const runs = [{ snapshot: snapshot(60, 40, ['a', 'b']) }, { snapshot: snapshot(66, 38, ['b', 'c']) }]
    expect(periodSummary(runs, 'pt')).toEqual([
      'Pontuação total: 60 → 66 (+6)',
      'Presença em IA: 40 → 38 (-2)',
      'Novos problemas: 1',
      '  - Falha c',
      'Problemas resolvidos: 1',
      '  - Falha a',
    ])
    expect(periodSummary([], 'en')).toEqual(['No finished audits in this period.'])
    expect(periodSummary([{ snapshot: snapshot(50, null, []) }], 'en')[1]).toBe('AI presence: no data')
  })
})

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

describe.each(databases)('scheduled report mail on $kind', ({ url }) => {
  const dataDir = tempDataDir()
  const config = testConfig({ dataDir })
  let farol: RunningFarol | undefined
  let database: { url: string; drop(): Promise<void> } | undefined
  afterAll(async () => {
    await farol?.stop()
    await database?.drop()
  })
  // The same database each time: the embedded one in the data directory, or one PostgreSQL database.
  const start = async () => {
    if (url && !database) database = await url()
    return startFarol(
      testConfig({
        dataDir,
        databaseUrl: database?.url,
        port: await freePort(),
        env: { FAROL_WORKERS: '0', FAROL_ALLOW_PRIVATE_TARGETS: '1' },
      }),
      createLogger('silent'),
    )
  }
  const mails: { to: string; kind: string; content: EmailContent; attachments: OutboxAttachment[] }[] = []
  const outbox = {
    queue: async (to: string, kind: string, content: EmailContent, attachments: OutboxAttachment[] = []) => {
      mails.push({ to, kind, content, attachments })
      return String(mails.length)
    },
  }

  it('makes the period’s own report and mails it once, across a restart', async () => {
    farol = await start()
    const cookie = await signedInUser(farol, 'ana.schedule@exemplo.pt')
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${farol!.url}/api${path}`, {
        method,
        headers: { cookie, origin: farol!.url, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const site = await (await call('POST', '/sites', { url: 'http://127.0.0.1:9/loja' })).json()
    const bad = await call('PUT', `/sites/${site.id}/report-schedule`, {
      frequency: 'daily',
      recipients: ['x'],
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.code).toBe('SCHEDULE_INPUT')
    const ok = await call('PUT', `/sites/${site.id}/report-schedule`, {
      frequency: 'weekly',
      recipients: ['cliente@loja.pt', 'Gestor@Loja.pt'],
      language: 'pt',
    })
    expect(ok.status).toBe(200)
    expect((await ok.json()).schedule.recipients).toEqual(['cliente@loja.pt', 'gestor@loja.pt'])

    const db = () => farol!.database.db
    const [tracked] = await db().select().from(trackedSites).where(eq(trackedSites.id, site.id))
    // The schedule was made before the week in question; two audits ran in it, each with its analyses.
    await db()
      .update(reportSchedules)
      .set({ createdAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(reportSchedules.siteId, site.id))
    const analyses = async () => {
      const made = await db()
        .insert(tasks)
        .values(
          (['desktop', 'mobile', null] as const).map((platform) => ({
            kind: platform ? 'seo_analysis' : 'ai_optimization',
            url: tracked!.url,
            platform,
            status: 'success',
            userId: tracked!.userId,
          })),
        )
        .returning()
      return { desktop: made[0]!.id, mobile: made[1]!.id, aio: made[2]!.id }
    }
    const runTasks: Record<string, string>[] = []
    for (const [at, snap] of [
      ['2026-11-17T08:00:00Z', snapshot(60, 40, ['a'])],
      ['2026-11-20T08:00:00Z', snapshot(70, 45, ['n'])],
    ] as const) {
      const taskIds = await analyses()
      runTasks.push(taskIds)
      await db()
        .insert(siteRuns)
        .values({
          siteId: site.id,
          status: 'success',
          taskIds,
          scores: snap.scores,
          snapshot: snap,
          startedAt: new Date(at),
          finishedAt: new Date(at),
        })
    }
    // An older report of the site: the period's mail must not send it.
    await db().insert(reports).values({
      url: tracked!.url,
      userId: tracked!.userId,
      workspaceId: tracked!.workspaceId,
      status: 'success',
      fileName: 'old.pdf',
    })

    const deps = () => ({
      db: farol!.database.db,
      boss: farol!.boss,
      config,
      outbox,
      log: createLogger('silent'),
    })
    const periodReports = () =>
      db()
        .select()
        .from(reports)
        .where(and(eq(reports.url, tracked!.url), isNotNull(reports.period)))
    const now = new Date('2026-11-26T10:00:00Z')
    // The tick claims the week and starts its report (from the week's last run's analyses): no mail yet.
    // Two workers ticking at once make one report.
    expect(
      await Promise.all([sendDueScheduledReports(deps(), now), sendDueScheduledReports(deps(), now)]),
    ).toEqual([0, 0])
    expect(await periodReports()).toHaveLength(1)
    const [made] = await periodReports()
    expect(made).toMatchObject({
      status: 'pending',
      userId: tracked!.userId,
      workspaceId: tracked!.workspaceId,
      language: 'pt',
      desktopTaskId: runTasks[1]!.desktop,
      mobileTaskId: runTasks[1]!.mobile,
      aiOptimizationTaskId: runTasks[1]!.aio,
    })
    expect(made!.period).toEqual({
      key: '2026-W47',
      start: '2026-11-16T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
      points: [
        { at: '2026-11-17T08:00:00.000Z', total: 60, llm: 40 },
        { at: '2026-11-20T08:00:00.000Z', total: 70, llm: 45 },
      ],
      newIssues: [{ id: 'n', title: { pt: 'Falha n', en: 'Failure n' }, impact: 'high' }],
      fixedIssues: [{ id: 'a', title: { pt: 'Falha a', en: 'Failure a' }, impact: 'high' }],
    })
    // Its build is queued: the report worker renders it.
    const queued = await farol.boss.fetch<{ reportId: string }>(reportQueue)
    expect(queued.map((j) => j.data.reportId)).toEqual([made!.id])
    // The printable page the renderer opens (its grant names the report) prints the period's changes.
    const grant = createRenderToken(
      { reportId: made!.id, taskIds: Object.values(runTasks[1]!) },
      await sharedSecret(db(), config),
    )
    const data = await fetch(`${farol.url}/api/get-report-data`, {
      method: 'POST',
      headers: { cookie: `${renderCookie}=${grant}`, origin: farol.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        desktopTaskId: made!.desktopTaskId,
        mobileTaskId: made!.mobileTaskId,
        aiOptimizationTaskId: made!.aiOptimizationTaskId,
      }),
    })
    expect(data.status).toBe(200)
    expect((await data.json()).period).toEqual(made!.period)

    // Ticks while it is built, and a restart on the same database, make no second report and no mail.
    expect(await sendDueScheduledReports(deps(), now)).toBe(0)
    await farol.stop()
    farol = await start()
    expect(await sendDueScheduledReports(deps(), new Date('2026-11-29T23:00:00Z'))).toBe(0)
    expect(await periodReports()).toHaveLength(1)
    expect(mails).toHaveLength(0)

    // The build ends (what the report worker does), and its end mails the period, once.
    const pdf = Buffer.from('%PDF-1.4\n% semana 47\n%%EOF\n')
    await createReportStore(config).put('semana-47.pdf', pdf)
    await db()
      .update(reports)
      .set({ status: 'success', fileName: 'semana-47.pdf', fileBytes: pdf.length, finishedAt: new Date() })
      .where(eq(reports.id, made!.id))
    expect(await mailPeriodReport(deps(), made!.id)).toBe(2)
    expect(await mailPeriodReport(deps(), made!.id)).toBe(0)
    expect(await sendDueScheduledReports(deps(), now)).toBe(0)
    await farol.stop()
    farol = await start()
    expect(await sendDueScheduledReports(deps(), now)).toBe(0)
    expect(await periodReports()).toHaveLength(1)

    expect(mails.map((m) => m.to)).toEqual(['cliente@loja.pt', 'gestor@loja.pt'])
    const text = mails[0]!.content.text
    expect(mails[0]!.content.subject).toBe('O resumo do seu site no Farol')
    expect(text).toContain('2026-W47')
    expect(text).toContain('Pontuação total: 60 → 70 (+10)')
    expect(text).toContain('Presença em IA: 40 → 45 (+5)')
    expect(text).toContain('Novos problemas: 1')
    expect(text).toContain('Problemas resolvidos: 1')
    expect(text).toContain('O relatório PDF segue em anexo.')
    expect(mails[0]!.attachments).toEqual([
      { filename: '127.0.0.1-2026-W47.pdf', contentType: 'application/pdf', report: 'semana-47.pdf' },
    ])
    const link = text.match(/Relatório PDF: (\S+)/)?.[1]
    const opened = await fetch(`${farol.url}${new URL(link!).pathname}`)
    expect(opened.status).toBe(200)
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true)

    // The next week had no run: its report runs the three analyses afresh, for the site's follower.
    expect(await sendDueScheduledReports(deps(), new Date('2026-12-01T09:00:00Z'))).toBe(0)
    const week48 = (await periodReports()).find((r) => r.period?.key === '2026-W48')!
    expect(week48.period!.points).toEqual([])
    const fresh = await db()
      .select()
      .from(tasks)
      .where(inArray(tasks.id, [week48.desktopTaskId!, week48.mobileTaskId!, week48.aiOptimizationTaskId!]))
    expect(fresh.map((t) => [t.kind, t.platform, t.userId]).sort()).toEqual(
      [
        ['ai_optimization', null, tracked!.userId],
        ['seo_analysis', 'desktop', tracked!.userId],
        ['seo_analysis', 'mobile', tracked!.userId],
      ].sort(),
    )
    // Its build fails: the mail still goes, with the changes and without the PDF.
    await db()
      .update(reports)
      .set({ status: 'failed', errorCode: 'REPORT_RENDER_FAILED', finishedAt: new Date() })
      .where(eq(reports.id, week48.id))
    expect(await sendDueScheduledReports(deps(), new Date('2026-12-01T10:00:00Z'))).toBe(2)
    const last = mails.at(-1)!
    expect(last.content.text).toContain('2026-W48')
    expect(last.content.text).toContain('Sem auditorias concluídas neste período.')
    expect(last.content.text).toContain('Desta vez não foi possível gerar o relatório PDF.')
    expect(last.content.text).not.toContain('Relatório PDF:')
    expect(last.attachments).toEqual([])
    expect(await sendDueScheduledReports(deps(), new Date('2026-12-01T11:00:00Z'))).toBe(0)
  }, 180_000)
})

describe('scheduled report attachment', () => {
  it('names the file by the site’s host and the period', () => {
    expect(attachmentName('https://www.loja.pt/pt/', '2026-W47')).toBe('www.loja.pt-2026-W47.pdf')
    expect(attachmentName('not a url', '2026-11')).toBe('site-2026-11.pdf')
  })

  // Needs the built web app (the renderer opens its printable page) and poppler-utils (pdftotext).
  it('is the period’s own PDF, rendered, and arrives through the outbox and SMTP', async () => {
    const smtp = await startSmtpCapture()
    const dataDir = tempDataDir()
    const config = testConfig({
      dataDir,
      port: await freePort(),
      env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', SMTP_URL: smtp.url },
    })
    const farol = await startFarol(config, createLogger('silent'))
    try {
      const cookie = await signedInUser(farol, 'rui.anexo@exemplo.pt')
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${farol.url}/api${path}`, {
          method,
          headers: { cookie, origin: farol.url, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      const site = await (await call('POST', '/sites', { url: 'http://127.0.0.1:9/anexo' })).json()
      expect(
        (
          await call('PUT', `/sites/${site.id}/report-schedule`, {
            frequency: 'monthly',
            recipients: ['cliente@anexo.pt'],
            language: 'en',
          })
        ).status,
      ).toBe(200)
      const db = farol.database.db
      await db
        .update(reportSchedules)
        .set({ createdAt: new Date('2026-09-01T00:00:00Z') })
        .where(eq(reportSchedules.siteId, site.id))
      const [tracked] = await db.select().from(trackedSites).where(eq(trackedSites.id, site.id))
      // October's two audits, with their (finished, empty) analyses: the report reuses the last one's.
      for (const [at, snap] of [
        ['2026-10-05T06:00:00Z', snapshot(60, 40, ['a'])],
        ['2026-10-26T06:00:00Z', snapshot(70, null, ['n'])],
      ] as const) {
        const made = await db
          .insert(tasks)
          .values(
            (['desktop', 'mobile', null] as const).map((platform) => ({
              kind: platform ? 'seo_analysis' : 'ai_optimization',
              url: tracked!.url,
              platform,
              status: 'success',
              userId: tracked!.userId,
            })),
          )
          .returning()
        await db.insert(siteRuns).values({
          siteId: site.id,
          status: 'success',
          taskIds: { desktop: made[0]!.id, mobile: made[1]!.id, aio: made[2]!.id },
          scores: snap.scores,
          snapshot: snap,
          startedAt: new Date(at),
          finishedAt: new Date(at),
        })
      }
      const deps = { db, boss: farol.boss, config, outbox: farol.outbox, log: createLogger('silent') }
      // The tick starts October's report; the report worker renders it in Chromium and its end mails it.
      expect(await sendDueScheduledReports(deps, new Date('2026-11-26T10:00:00Z'))).toBe(0)
      const mail = await smtp.next('cliente@anexo.pt', 0, 150_000)
      expect(mail.text).toContain('The PDF report is attached.')
      expect(mail.text).toContain('Total score: 60 → 70 (+10)')
      const part = attachmentPart(mail.raw)
      expect(part.headers).toMatch(/content-type: application\/pdf/i)
      expect(part.headers).toMatch(/content-disposition: attachment;\s*filename="?127\.0\.0\.1-2026-10\.pdf/i)
      // Byte for byte the stored PDF of the period's own report, which prints the period's changes.
      const [made] = await db.select().from(reports).where(isNotNull(reports.period))
      expect(made).toMatchObject({ status: 'success', url: tracked!.url })
      const stored = await createReportStore(config).get(made!.fileName!)
      const bytes = Buffer.from(await new Response(stored!.body).arrayBuffer())
      expect(part.body.equals(bytes)).toBe(true)
      const file = path.join(dataDir, 'period.pdf')
      writeFileSync(file, part.body)
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      )
      expect(text).toContain('Changes in the period')
      expect(text).toContain('From 1 October 2026 to 31 October 2026 (2026-10)')
      expect(text).toContain('60 → 70 (+10)')
      expect(text).toContain('New issues: 1')
      expect(text).toContain('Failure n')
      expect(text).toContain('Fixed issues: 1')
      expect(text).toContain('Failure a')
      // One mail: the tick after the build sends nothing more.
      expect(await sendDueScheduledReports(deps, new Date('2026-11-26T11:00:00Z'))).toBe(0)
    } finally {
      await farol.stop()
      await smtp.close()
    }
  }, 240_000)
})

/** The message's one application/pdf part: its headers and its base64 body decoded. */
function attachmentPart(raw: string): { headers: string; body: Buffer } {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1]
  if (!boundary) throw new Error('not a multipart message')
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/)
    const headers = part.slice(0, split)
    if (!/application\/pdf/i.test(headers)) continue
    expect(headers).toMatch(/content-transfer-encoding: base64/i)
    return { headers, body: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') }
  }
  throw new Error('no PDF attachment')
}
