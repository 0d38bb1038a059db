// The latest log analysis of a site as dashboard recommendations (issue 32): what the AI crawlers' visits
// say (errors served to them, important pages they never fetch, impostors), beside the crawl's issues,
// each linking to /suite/bots. Signed-in users only; without an analysis nothing is added.
import type { BotLogFindings } from '@farol/engine/logs/findings.ts'
import { useEffect, useState } from 'react'
import { type Recommendation, sortRecommendations } from '../analysis/recommendations.ts'
import { findingRecommendations } from '../site-audit/site-recommendations.ts'

export type { BotLogFindings }

export const botsHref = (url: string) => `/suite/bots?${new URLSearchParams({ url })}`

export function withBotFindings(
  list: Recommendation[],
  findings: BotLogFindings | null,
  lang: 'pt' | 'en',
): Recommendation[] {
  if (!findings?.issues.length) return list
  return sortRecommendations([
    ...list,
    ...findingRecommendations(findings.issues, botsHref(findings.url), 'bots', lang),
  ])
}

async function botFindingsOf(url: string, lang: 'pt' | 'en'): Promise<BotLogFindings | null> {
  const response = await fetch(`/api/bots/summary?${new URLSearchParams({ url, lang })}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) return null
  return ((await response.json()) as { findings: BotLogFindings | null }).findings
}

/** The signed-in user's latest log analysis of the site of `url`, as findings (undefined while loading). */
export function useBotFindings(url: string | null, signedIn: boolean, lang: 'pt' | 'en') {
  const [found, setFound] = useState<{ url: string; findings: BotLogFindings | null } | null>(null)
  useEffect(() => {
    if (!url || !signedIn) return
    let live = true
    botFindingsOf(url, lang)
      .then((findings) => live && setFound({ url, findings }))
      // Optional extra: the analysis's own recommendations stand alone.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [url, signedIn, lang])
  return found && found.url === url && signedIn ? found.findings : undefined
}
