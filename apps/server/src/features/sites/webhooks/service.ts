// Webhooks of tracked sites: created by the site's owner (URL through the SSRF rules, events, format),
// fed by the monitor and the crawl worker (emitSiteEvent), delivered on the job queue with retries and an
// exponential backoff, each attempt written to the delivery log the site's page shows.
import { randomBytes, randomUUID } from 'node:crypto'
import { EngineError } from '@farol/engine/errors.ts'
import {
  bareHost,
  createGuardedAgent,
  type GuardOptions,
  guardPolicy,
  resolveGuarded,
} from '@farol/engine/fetch/guard.ts'
import { parseTargetUrl } from '@farol/engine/fetch/index.ts'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import { request } from 'undici'
import { z } from 'zod'
import type { Config } from '../../../platform/config.ts'
import type { Db } from '../../../platform/db/database.ts'
import { withQuotaLock } from '../../../platform/db/quota.ts'
import { siteWebhooks, trackedSites, webhookDeliveries } from '../../../platform/db/schema.ts'
import { AppError } from '../../../platform/errors.ts'
import { hostOf } from '../../../platform/host.ts'
import { backstopPollSeconds, createQueue } from '../../../platform/jobs/queue.ts'
import type { Logger } from '../../../platform/log.ts'
import {
  type SiteEvent,
  type WebhookEvent,
  type WebhookFormat,
  webhookBody,
  webhookEvents,
} from './format.ts'
import { signatureHeader, signPayload } from './signature.ts'

const webhookQueue = 'webhook.deliver'
const maxWebhooksPerSite = 5

export const webhookInput = z
  .object({
    url: z.string().max(2048),
    events: z.array(z.enum(webhookEvents)).min(1),
    format: z.enum(['json', 'slack']).default('json'),
  })
  .strict()

/**
 * http(s), no credentials, not a private or loopback address unless the install allows it: a literal address
 * is checked as it is, a name by what it resolves to now (every answer, as the guard does when connecting),
 * `localhost` and its subdomains by name. A name that does not resolve yet is accepted: the guard checks it
 * again at every delivery.
 */
export async function checkWebhookUrl(
  input: string,
  allowPrivate: boolean,
  resolver?: GuardOptions['resolver'],
): Promise<string> {
  let url: URL
  try {
    url = parseTargetUrl(input.trim(), { allowPrivate })
    if (url.protocol !== 'https:' && !allowPrivate) throw new Error('https only')
  } catch {
    throw new AppError('WEBHOOK_URL')
  }
  if (allowPrivate) return url.href
  const name = bareHost(url.hostname).toLowerCase().replace(/\.+$/, '')
  if (name === 'localhost' || name.endsWith('.localhost')) throw new AppError('WEBHOOK_URL', 'localhost')
  try {
    await resolveGuarded(url.hostname, guardPolicy({ allowPrivate, ...(resolver ? { resolver } : {}) }))
  } catch (error) {
    if (error instanceof EngineError && error.code === 'BLOCKED_ADDRESS')
      throw new AppError('WEBHOOK_URL', error.message)
  }
  return url.href
}

export function webhookView(row: typeof siteWebhooks.$inferSelect) {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    format: row.format as WebhookFormat,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function createWebhook(
  db: Db,
  siteId: string,
  input: z.output<typeof webhookInput>,
  allowPrivate: boolean,
  /** Who adds it: their departure from the workspace takes it away (tenancy/followers.ts). */
  createdBy: string | null = null,
) {
  const url = await checkWebhookUrl(input.url, allowPrivate)
  const secret = `whsec_${randomBytes(24).toString('base64url')}`
  // Counted and inserted under the site's lock: concurrent creations must not all see room for one more.
  const row = await withQuotaLock(db, `webhooks:${siteId}`, async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(siteWebhooks)
      .where(eq(siteWebhooks.siteId, siteId))
    if ((existing?.n ?? 0) >= maxWebhooksPerSite) throw new AppError('WEBHOOK_LIMIT')
    const [inserted] = await tx
      .insert(siteWebhooks)
      .values({ siteId, url, events: input.events, format: input.format, secret, createdBy })
      .returning()
    return inserted!
  })
  return { ...webhookView(row), secret }
}

export async function ensureWebhookQueue(boss: PgBoss): Promise<void> {
  await createQueue(boss, webhookQueue, { expireInSeconds: 60 })
}

/** Queues `event` for every webhook of the site that subscribed to it; never throws (the caller's run is done). */
export async function emitSiteEvent(
  deps: { db: Db; boss: PgBoss; config: Config; log: Logger },
  site: { id: string; url: string },
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const hooks = (await deps.db.select().from(siteWebhooks).where(eq(siteWebhooks.siteId, site.id))).filter(
      (h) => (h.events as string[]).includes(event),
    )
    for (const hook of hooks) {
      const payload: SiteEvent = {
        id: randomUUID(),
        event,
        createdAt: new Date().toISOString(),
        site: { id: site.id, url: site.url },
        data,
      }
      const [delivery] = await deps.db
        .insert(webhookDeliveries)
        .values({ webhookId: hook.id, event, payload })
        .returning({ id: webhookDeliveries.id })
      await deps.boss.send(
        webhookQueue,
        { deliveryId: delivery!.id },
        {
          retryLimit: deps.config.webhooks.retries,
          retryDelay: deps.config.webhooks.retryDelaySeconds,
          retryBackoff: true,
        },
      )
    }
  } catch (error) {
    deps.log.warn({ siteId: site.id, event, err: error }, 'webhook event not queued')
  }
}

/** The workspace's tracked sites whose host is `url`'s (a crawl made there of that host concerns them;
 *  never another workspace's site, whoever follows it). */
export async function sitesOfHost(db: Db, workspaceId: string, url: string) {
  const host = hostOf(url)
  if (!host) return []
  const sites = await db.select().from(trackedSites).where(eq(trackedSites.workspaceId, workspaceId))
  return sites.filter((s) => hostOf(s.url) === host)
}

/**
 * One delivery attempt: signed POST through the SSRF guard (checked at connect time, redirects not
 * followed). Throws when it failed and a retry is left, so the queue tries again after the backoff.
 */
export async function deliver(
  deps: { db: Db; config: Config; log: Logger },
  deliveryId: string,
  now = () => Date.now(),
): Promise<void> {
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, hook: siteWebhooks })
    .from(webhookDeliveries)
    .innerJoin(siteWebhooks, eq(siteWebhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!row || row.delivery.status === 'delivered') return
  const { delivery, hook } = row
  const attempt = delivery.attempts + 1
  const body = webhookBody(delivery.payload as SiteEvent, hook.format as WebhookFormat)
  const timestamp = Math.floor(now() / 1000)
  let status: number | null = null
  let error: string | null = null
  const agent = createGuardedAgent({
    allowPrivate: deps.config.allowPrivateTargets,
    connectTimeoutMs: 10_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
  })
  try {
    const response = await request(hook.url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Farol-Webhooks/1',
        [signatureHeader]: signPayload(hook.secret, timestamp, body),
        'X-Farol-Event': delivery.event,
        'X-Farol-Delivery': delivery.id,
      },
      body,
    })
    status = response.statusCode
    await response.body.dump({ limit: 64 * 1024 }).catch(() => {})
    if (status < 200 || status >= 300) error = `HTTP ${status}`
  } catch (e) {
    error = (e as { code?: string }).code ?? (e instanceof Error ? e.message : String(e))
  } finally {
    await agent.close().catch(() => {})
  }
  const retriesLeft = attempt <= deps.config.webhooks.retries
  await deps.db
    .update(webhookDeliveries)
    .set({
      attempts: attempt,
      responseStatus: status,
      error,
      status: error ? (retriesLeft ? 'retrying' : 'failed') : 'delivered',
      updatedAt: new Date(),
    })
    .where(eq(webhookDeliveries.id, delivery.id))
  if (error && retriesLeft) throw new Error(`webhook delivery ${delivery.id} failed: ${error}`)
  if (error) deps.log.warn({ deliveryId: delivery.id, error }, 'webhook delivery failed for good')
}

export async function startWebhookWorker(deps: { db: Db; boss: PgBoss; config: Config; log: Logger }) {
  // The queue exists: ensureQueues (composition/workers.ts) makes every queue before any worker starts.
  await deps.boss.work<{ deliveryId: string }>(
    webhookQueue,
    {
      localConcurrency: 4,
      batchSize: 1,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: backstopPollSeconds,
    },
    async ([job]) => {
      if (job) await deliver(deps, job.data.deliveryId)
    },
  )
}

/** The delivery log of a site's webhooks, newest first. */
export async function deliveriesOf(db: Db, webhookIds: string[], limit = 50) {
  if (webhookIds.length === 0) return []
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, webhookIds))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit)
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhookId,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }))
}

export async function deleteWebhook(db: Db, siteId: string, id: string): Promise<void> {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
  const gone = await db
    .delete(siteWebhooks)
    .where(and(eq(siteWebhooks.id, id), eq(siteWebhooks.siteId, siteId)))
    .returning({ id: siteWebhooks.id })
  if (gone.length === 0) throw new AppError('NOT_FOUND')
}
