// The body a webhook receives: Farol's JSON event, or a Slack incoming-webhook message (`text` plus
// `blocks`), which Slack, Mattermost, Discord's /slack endpoint and most chat tools accept.
export const webhookEvents = ['alert', 'audit.finished', 'crawl.finished', 'citation.changed'] as const
export type WebhookEvent = (typeof webhookEvents)[number]
export type WebhookFormat = 'json' | 'slack'

export interface SiteEvent {
  id: string
  event: WebhookEvent
  createdAt: string
  site: { id: string; url: string }
  /** alert: { alerts: [{ kind, text }] }; audit.finished: { scores }; crawl.finished: { crawlId, pages, issues };
   *  citation.changed: { runId, lost: [{ surface, keyword, … urls }], gained: [ … ], alerts: [{ kind, text }] } */
  data: Record<string, unknown>
}

/** One line a person reads in a chat channel. */
function eventText(e: SiteEvent): string {
  const d = e.data as {
    alerts?: { text: string }[]
    scores?: { totalScore?: number | null; seoScore?: number | null; aioScore?: number | null }
    pages?: number
    errors?: number
    lost?: unknown[]
    gained?: unknown[]
  }
  if (e.event === 'citation.changed')
    return `Farol: Google's AI answers on ${e.site.url} — ${d.lost?.length ?? 0} citation(s) lost, ${d.gained?.length ?? 0} gained\n${(d.alerts ?? []).map((a) => `• ${a.text}`).join('\n')}`
  if (e.event === 'alert')
    return `Farol: ${d.alerts?.length ?? 0} alert(s) on ${e.site.url}\n${(d.alerts ?? []).map((a) => `• ${a.text}`).join('\n')}`
  if (e.event === 'audit.finished')
    return `Farol: ${e.site.url} audited — total ${d.scores?.totalScore ?? '—'}, SEO ${d.scores?.seoScore ?? '—'}, AIO ${d.scores?.aioScore ?? '—'}`
  return `Farol: ${e.site.url} crawled — ${d.pages ?? 0} pages, ${d.errors ?? 0} URLs with errors`
}

export function webhookBody(e: SiteEvent, format: WebhookFormat): string {
  if (format === 'json') return JSON.stringify(e)
  const text = eventText(e)
  return JSON.stringify({ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] })
}
