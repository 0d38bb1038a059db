// Scheduled reports: the period arithmetic and the summary's lines (pure), then on a running Farol a
// weekly schedule set through the API mails its last week once, and a restart of the process on the same
// data directory (the embedded database) sends nothing more for that week; the next week sends again, with
// the site's report attached; through the real outbox and SMTP the attachment arrives as the stored PDF.
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type OutboxAttachment, reportSchedules, reports, siteRuns, trackedSites } from '../src/db/schema.ts'
import type { EmailContent } from '../src/email/templates.ts'
import { createLogger } from '../src/log.ts'
import {
  attachmentName,
  periodSummary,
  previousPeriod,
  sendDueScheduledReports,
} from '../src/reports/scheduled.ts'
import { createReportStore } from '../src/reports/storage.ts'
import { type RunningFarol, startFarol } from '../src/server.ts'
import type { RunSnapshot } from '../src/sites/alerts.ts'
import { freePort, signedInUser, startSmtpCapture, tempDataDir, testConfig } from './helpers.ts'

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

describe('period summary', () => {
  it('says the score and AI-presence trends and the new and fixed issues', () => {
    const runs = [
      { scores: null, snapshot: snapshot(60, 40, ['a', 'b']) },
      { scores: null, snapshot: snapshot(66, 38, ['b', 'c']) },
    ]
    expect(periodSummary(runs, 'pt')).toEqual([
      'Pontuação total: 60 → 66 (+6)',
      'Presença em IA: 40 → 38 (-2)',
      'Novos problemas: 1',
      '  - Falha c',
      'Problemas resolvidos: 1',
      '  - Falha a',
    ])
    expect(periodSummary([], 'en')).toEqual(['No finished audits in this period.'])
    expect(periodSummary([{ scores: null, snapshot: snapshot(50, null, []) }], 'en')[1]).toBe(
      'AI presence: no data',
    )
  })
})

describe('scheduled report mail', () => {
  const dataDir = tempDataDir()
  const config = testConfig({ dataDir })
  let farol: RunningFarol | undefined
  afterAll(async () => {
    await farol?.stop()
  })
  const start = async () =>
    startFarol(
      testConfig({
        dataDir,
        port: await freePort(),
        env: { FAROL_WORKERS: '0', FAROL_ALLOW_PRIVATE_TARGETS: '1' },
      }),
      createLogger('silent'),
    )
  const mails: { to: string; kind: string; content: EmailContent; attachments: OutboxAttachment[] }[] = []
  const outbox = {
    queue: async (to: string, kind: string, content: EmailContent, attachments: OutboxAttachment[] = []) => {
      mails.push({ to, kind, content, attachments })
      return String(mails.length)
    },
  }

  it('goes out once per period, across a restart', async () => {
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

    const db = farol.database.db
    // The schedule was made before the week in question; two audits ran in it.
    await db
      .update(reportSchedules)
      .set({ createdAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(reportSchedules.siteId, site.id))
    for (const [at, snap] of [
      ['2026-11-17T08:00:00Z', snapshot(60, 40, ['a'])],
      ['2026-11-20T08:00:00Z', snapshot(70, 45, [])],
    ] as const)
      await db.insert(siteRuns).values({
        siteId: site.id,
        status: 'success',
        scores: snap.scores,
        snapshot: snap,
        startedAt: new Date(at),
        finishedAt: new Date(at),
      })

    const deps = () => ({ db: farol!.database.db, config: testConfig(), outbox, log: createLogger('silent') })
    const now = new Date('2026-11-26T10:00:00Z')
    expect(await sendDueScheduledReports(deps(), now)).toBe(2)
    expect(mails.map((m) => m.to)).toEqual(['cliente@loja.pt', 'gestor@loja.pt'])
    expect(mails[0]!.content.subject).toBe('O resumo do seu site no Farol')
    expect(mails[0]!.content.text).toContain('2026-W47')
    expect(mails[0]!.content.text).toContain('Pontuação total: 60 → 70 (+10)')
    expect(mails[0]!.content.text).toContain('Problemas resolvidos: 1')
    expect(await sendDueScheduledReports(deps(), now)).toBe(0)

    // The process stops and starts again on the same database: the week was mailed already.
    await farol.stop()
    farol = await start()
    expect(await sendDueScheduledReports(deps(), new Date('2026-11-29T23:00:00Z'))).toBe(0)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.content.text).not.toContain('Relatório PDF')
    expect(mails[0]!.attachments).toEqual([])

    // A report of the site is ready now: the next week's mail links its PDF (read-only, no account).
    const [tracked] = await farol.database.db.select().from(trackedSites).where(eq(trackedSites.id, site.id))
    const pdf = Buffer.from('%PDF-1.4\n% resumo\n%%EOF\n')
    await createReportStore(config).put('resumo.pdf', pdf)
    await farol.database.db.insert(reports).values({
      url: 'http://127.0.0.1:9/loja',
      userId: tracked!.userId,
      workspaceId: tracked!.workspaceId,
      status: 'success',
      fileName: 'resumo.pdf',
    })
    // The next week is a new period.
    expect(await sendDueScheduledReports(deps(), new Date('2026-12-01T09:00:00Z'))).toBe(2)
    const last = mails.at(-1)!.content.text
    expect(last).toContain('2026-W48')
    expect(last).toContain('Sem auditorias concluídas neste período.')
    expect(last).toContain('O relatório PDF segue em anexo.')
    expect(mails.at(-1)!.attachments).toEqual([
      { filename: '127.0.0.1-2026-W48.pdf', contentType: 'application/pdf', report: 'resumo.pdf' },
    ])
    const link = last.match(/Relatório PDF: (\S+)/)?.[1]
    expect(link).toBeTruthy()
    const opened = await fetch(`${farol.url}${new URL(link!).pathname}`)
    expect(opened.status).toBe(200)
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true)
  }, 120_000)
})

describe('scheduled report attachment', () => {
  it('names the file by the site’s host and the period', () => {
    expect(attachmentName('https://www.loja.pt/pt/', '2026-W47')).toBe('www.loja.pt-2026-W47.pdf')
    expect(attachmentName('not a url', '2026-11')).toBe('site-2026-11.pdf')
  })

  it('arrives through the outbox and SMTP as the stored PDF', async () => {
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
      // Bytes no text encoding would keep intact: the attachment must come back byte for byte.
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.7\n%'),
        Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff]),
        Buffer.from('\n%%EOF\n'),
      ])
      await createReportStore(config).put('anexo.pdf', pdf)
      await db.insert(reports).values({
        url: 'http://127.0.0.1:9/anexo',
        userId: tracked!.userId,
        workspaceId: tracked!.workspaceId,
        status: 'success',
        fileName: 'anexo.pdf',
        fileBytes: pdf.length,
      })
      const deps = { db, config, outbox: farol.outbox, log: createLogger('silent') }
      expect(await sendDueScheduledReports(deps, new Date('2026-11-26T10:00:00Z'))).toBe(1)
      const mail = await smtp.next('cliente@anexo.pt', 0, 60_000)
      expect(mail.text).toContain('The PDF report is attached.')
      const part = attachmentPart(mail.raw)
      expect(part.headers).toMatch(/content-type: application\/pdf/i)
      expect(part.headers).toMatch(/content-disposition: attachment;\s*filename="?127\.0\.0\.1-2026-10\.pdf/i)
      expect(part.body.subarray(0, 5).toString()).toBe('%PDF-')
      expect(part.body.equals(pdf)).toBe(true)
    } finally {
      await farol.stop()
      await smtp.close()
    }
  }, 180_000)
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
