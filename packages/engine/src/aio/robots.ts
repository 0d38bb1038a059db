// robots.txt rules per AI crawler, grouped by what the crawler is for. Operators publish these tokens and
// (except where noted) honour them: blocking is the one control a site owner reliably has.
import robotsParserModule from 'robots-parser'
import { BOTS, type BotPurpose } from '../logs/bots-table.ts'
import type { TextArtifact } from '../types.ts'

// robots-parser is CommonJS and its typings declare an ES default export, so under NodeNext the function
// appears one level down in the types; at runtime the default import already is the function. The
// conditional type reads it under both NodeNext (server) and bundler resolution (the web app's types).
type RobotsModule = typeof robotsParserModule
type RobotsParser = RobotsModule extends { default: infer F } ? F : RobotsModule
const robotsParser: RobotsParser =
  (robotsParserModule as unknown as { default?: RobotsParser }).default ??
  (robotsParserModule as unknown as RobotsParser)

/**
 * - training: collect data to train models. Blocking is a legitimate choice that does not remove a site
 *   from AI search answers. (Google-Extended and Applebot-Extended are control tokens, not crawlers.)
 * - search: index pages for AI search answers and citations. Blocking removes the site from them.
 * - user: fetch a page because a user asked the assistant to. OpenAI and Perplexity document that these
 *   fetchers may not follow robots.txt, as the request is made on a person's behalf.
 */
export type AiCrawlerGroup = BotPurpose

// The AI crawlers come from the one bot table (logs/bots-table.ts), which the log analytics read too.
export const AI_CRAWLERS: readonly { agent: string; group: AiCrawlerGroup; operator: string }[] = BOTS.filter(
  (b) => b.robotsView,
).map((b) => ({ agent: b.token, group: b.purpose, operator: b.operator }))

export interface AiCrawlerAccess {
  agent: string
  group: AiCrawlerGroup
  operator: string
  /** null when robots.txt could not be read (unknown). */
  allowed: boolean | null
}

export interface RobotsSignals {
  /** ok: parsed; missing: 4xx, so everything is allowed; unreachable: no answer or 5xx, so unknown. */
  status: 'ok' | 'missing' | 'unreachable'
  crawlers: AiCrawlerAccess[]
  blocked: Record<AiCrawlerGroup, string[]>
}

function robotsStatus(robots: TextArtifact): RobotsSignals['status'] {
  if (robots.status !== null && robots.status >= 200 && robots.status < 300 && robots.content !== null)
    return 'ok'
  if (robots.status !== null && robots.status >= 400 && robots.status < 500) return 'missing'
  return 'unreachable'
}

export function measureAiCrawlerAccess(robots: TextArtifact, pageUrl: string): RobotsSignals {
  const status = robotsStatus(robots)
  let allowedFor: (agent: string) => boolean | null = () => (status === 'missing' ? true : null)
  if (status === 'ok') {
    // Parse against the page's own origin: robots-parser answers only for URLs on the robots.txt origin.
    const parser = robotsParser(new URL('/robots.txt', pageUrl).href, robots.content ?? '')
    allowedFor = (agent) => parser.isAllowed(pageUrl, agent) ?? null
  }
  const crawlers = AI_CRAWLERS.map((c) => ({ ...c, allowed: allowedFor(c.agent) }))
  const blockedIn = (group: AiCrawlerGroup): string[] =>
    crawlers.filter((c) => c.group === group && c.allowed === false).map((c) => c.agent)
  return {
    status,
    crawlers,
    blocked: { training: blockedIn('training'), search: blockedIn('search'), user: blockedIn('user') },
  }
}
