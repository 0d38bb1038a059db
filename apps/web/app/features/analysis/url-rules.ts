import { normalizeAnalysisUrl } from '../../lib/analysis-url.ts'

export type DashboardUrlCheck = { ok: true; url: string } | { ok: false; error: 'empty' | 'invalid' }

/**
 * Spec §5 "Dashboard URL": empty → 'Por favor, digite uma URL para analisar'; after normalising
 * (https:// added, www. dropped) the address must contain a dot and be at least 4 characters long,
 * else 'Por favor, digite uma URL válida'. The length and the dot are checked on the address without
 * its scheme, the part a person typed (with the scheme every address would be long enough).
 * `localhost` (any port) passes too: an install that audits private addresses (FAROL_ALLOW_PRIVATE_TARGETS)
 * must be able to take it, and one that does not answers with its own translated refusal.
 */
export function checkDashboardUrl(raw: string | null | undefined): DashboardUrlCheck {
  const url = normalizeAnalysisUrl(raw)
  if (!url) return { ok: false, error: 'empty' }
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  const host = rest.split(/[/?#]/)[0] ?? ''
  const named = host.includes('.') || /^localhost(:\d+)?$/i.test(host)
  if (rest.length < 4 || !named || /\s/.test(rest)) return { ok: false, error: 'invalid' }
  return { ok: true, url }
}
