// /api/bots: access-log uploads streamed into the engine's log analytics (the raw body is read as it
// arrives, gzip included; nothing of it is written to disk), the latest analysis with its joins, pages
// paged server-side, and CSV exports. Only aggregates are stored: no line, no IP address.
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { analyzeLogs } from '@farol/engine/logs/analyze.ts'
import { dnsResolver } from '@farol/engine/logs/verify.ts'
import { Hono } from 'hono'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { accessFor } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { currentUser } from '../../tenancy/session.ts'
import { botRows, pageRows } from './export-columns.ts'
import { type BotLogJoins, joinsFor } from './joins.ts'
import { currentRanges, type RangesView, rangesView } from './ranges.ts'
import { siteRobots } from './robots.ts'
import {
  allPages,
  analysisById,
  type LogScope,
  latestAnalysis,
  pagesOf,
  type StoredAnalysis,
  saveAnalysis,
} from './store.ts'
import { latestBotFindings } from './summary.ts'
import { discard, uploadSlots, uploadToFile } from './upload-limits.ts'

export const BOT_LOG_DEFAULT_MAX = 5120 * 1024 * 1024

export interface BotLogView {
  analysis: StoredAnalysis | null
  joins: BotLogJoins | null
  /** The operators' IP lists in use, their dates and the scheduled refresh's last result (issue 42). */
  lists: RangesView
}

function siteUrlOf(raw: string | undefined): string {
  const text = raw?.trim() ?? ''
  if (!text) throw new AppError('URL_REQUIRED')
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    throw new AppError('URL_REQUIRED')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('URL_REQUIRED')
  return url.origin
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v)
  // Quote always; a leading = + - @ is neutralised so a spreadsheet does not run it as a formula.
  return `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}
const csv = (rows: unknown[][]) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`

export function botLogRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const user = async (headers: Headers) => {
    const u = await currentUser(deps.auth, headers)
    if (!u) throw new AppError('UNAUTHENTICATED')
    // The analyses are the user's in the workspace they act in (tenancy/access.ts picks it).
    const scope: LogScope = { userId: u.id, workspaceId: (await accessFor(deps.db, u)).workspace.id }
    return Object.assign(u, { scope })
  }
  const dns = deps.config.botLogs?.dns ?? null

  const slots = uploadSlots(deps.config.botLogs?.uploadsPerUser ?? 2)
  const caps = {
    maxBytes: deps.config.botLogs?.maxUnpackedBytes ?? BOT_LOG_DEFAULT_MAX * 4,
    maxRatio: deps.config.botLogs?.maxRatio ?? 100,
    maxUploadBytes: deps.config.botLogs?.maxUploadBytes ?? BOT_LOG_DEFAULT_MAX,
  }
  const uploadDir = path.join(deps.config.dataDir, 'tmp', 'bot-log-uploads')

  api.post('/bots/uploads', async (c) => {
    const u = await user(c.req.raw.headers)
    // Before a byte of the body is read: a third upload at once is refused, not queued (what the client
    // is still sending is dropped up to a budget, so that it reads the answer).
    let leave: () => void
    try {
      leave = slots.enter(u.id)
    } catch (error) {
      const body = c.req.raw.body as unknown as AsyncIterable<Uint8Array> | null
      if (body) await discard(body[Symbol.asyncIterator]())
      throw error
    }
    const files: string[] = []
    try {
      const siteUrl = siteUrlOf(c.req.query('site'))
      const name = (c.req.query('name') ?? 'access.log').slice(0, 200)
      const body = c.req.raw.body
      if (!body) throw new AppError('LOG_FILE_REQUIRED')
      // Streamed to a file under the caps first (a refusal closes the connection: the rest is not read).
      let file: string
      try {
        file = await uploadToFile(body as unknown as AsyncIterable<Uint8Array>, caps, uploadDir)
      } catch (error) {
        if (error instanceof AppError && error.code === 'LOG_UPLOAD_TOO_LARGE')
          c.header('Connection', 'close')
        throw error
      }
      files.push(file)
      const robotsTxt = await siteRobots(siteUrl, deps.config.allowPrivateTargets)
      const stream = createReadStream(file)
      const report = await analyzeLogs([{ name, stream }], {
        origin: siteUrl,
        host: new URL(siteUrl).hostname,
        robotsTxt,
        verifier: {
          ranges: await currentRanges(deps.db),
          resolver: dns === null ? null : dnsResolver(dns === 'system' ? undefined : dns),
        },
      })
      if (report.files.every((f) => f.lines === 0)) throw new AppError('LOG_FILE_REQUIRED')
      const id = await saveAnalysis(deps.db, u.scope, siteUrl, report)
      return c.json(
        { id, lines: report.files[0]?.lines ?? 0, malformed: report.files[0]?.malformed ?? 0 },
        201,
      )
    } finally {
      for (const file of files) await rm(file, { force: true })
      leave()
    }
  })

  api.get('/bots/latest', async (c) => {
    const u = await user(c.req.raw.headers)
    const siteUrl = siteUrlOf(c.req.query('site'))
    c.header('Cache-Control', 'no-store')
    const analysis = await latestAnalysis(deps.db, u.scope, siteUrl)
    const lists = await rangesView(deps.db, deps.config)
    if (!analysis) return c.json({ analysis: null, joins: null, lists } satisfies BotLogView)
    const joins = await joinsFor(deps.db, u.scope, analysis.siteUrl, await allPages(deps.db, analysis.id))
    return c.json({ analysis, joins, lists } satisfies BotLogView)
  })

  // GET /api/bots/summary?url= → the latest analysis of the site as findings (dashboard), or null
  api.get('/bots/summary', async (c) => {
    const u = await user(c.req.raw.headers)
    const siteUrl = siteUrlOf(c.req.query('url'))
    c.header('Cache-Control', 'no-store')
    return c.json({ findings: await latestBotFindings(deps.db, u.scope, siteUrl) })
  })

  api.get('/bots/analyses/:id/pages', async (c) => {
    const u = await user(c.req.raw.headers)
    const analysis = await analysisById(deps.db, u.scope, c.req.param('id'))
    if (!analysis) throw new AppError('BOT_LOG_NOT_FOUND')
    const offset = Math.max(0, Number(c.req.query('offset') ?? 0) || 0)
    const limit = Math.min(200, Math.max(1, Number(c.req.query('limit') ?? 50) || 50))
    c.header('Cache-Control', 'no-store')
    return c.json(
      await pagesOf(deps.db, analysis.id, {
        offset,
        limit,
        bot: c.req.query('bot') || null,
        path: c.req.query('path') || null,
      }),
    )
  })

  api.get('/bots/analyses/:id/export', async (c) => {
    const u = await user(c.req.raw.headers)
    const analysis = await analysisById(deps.db, u.scope, c.req.param('id'))
    if (!analysis) throw new AppError('BOT_LOG_NOT_FOUND')
    const table = c.req.query('table') === 'pages' ? 'pages' : 'bots'
    // The page's language and shown columns (issue 41 item 4); `codes=1`: every column, as codes.
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    const codes = c.req.query('codes') === '1'
    const body =
      table === 'bots'
        ? csv(
            botRows(analysis.summary.bots, {
              lang,
              columns: c.req.query('columns')?.split(',').filter(Boolean),
              codes,
            }),
          )
        : csv(pageRows(await allPages(deps.db, analysis.id), { lang, codes }))
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="farol-bots-${table}.csv"`)
    c.header('Cache-Control', 'no-store')
    return c.body(body)
  })

  return api
}
