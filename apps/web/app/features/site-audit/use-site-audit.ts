// The signed-in user's latest crawl of the analysed site, for the dashboard's recommendations.
import { useEffect, useState } from 'react'
import { siteAuditSummary } from './site-api.ts'
import type { SiteAuditSummary } from './site-recommendations.ts'

/**
 * `undefined` while unknown (loading, signed out, or the call failed: the dashboard then shows what it
 * showed before, without a hint), `null` when the user has no finished crawl of that host.
 */
export function useSiteAudit(url: string | null, signedIn: boolean, lang: 'pt' | 'en') {
  const [found, setFound] = useState<{ url: string; summary: SiteAuditSummary | null } | null>(null)
  useEffect(() => {
    if (!url || !signedIn) return
    let live = true
    siteAuditSummary(url, lang)
      .then((summary) => {
        if (live) setFound({ url, summary })
      })
      .catch(() => {
        // Optional extra: the analysis's own recommendations stand alone.
      })
    return () => {
      live = false
    }
  }, [url, signedIn, lang])
  // An answer for another address (the user analysed a new one) is not this one's.
  return found && found.url === url && signedIn ? found.summary : undefined
}
