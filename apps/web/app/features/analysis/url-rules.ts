import { normalizeAnalysisUrl } from '../../lib/analysis-url.ts'

export type DashboardUrlCheck = { ok: true; url: string } | { ok: false; error: 'empty' | 'invalid' }

/**
 * Spec §5 "Dashboard URL": empty → 'Por favor, digite uma URL para analisar'; after normalising
 * (https:// added, www. dropped) the address must contain a dot and be at least 4 characters long,
 * else 'Por favor, digite uma URL válida'. The length and the dot are checked on the address without
 * its scheme, the part a person typed (with the scheme every address would be long enough).
 */
export function checkDashboardUrl(raw: string | null | undefined): DashboardUrlCheck {
  const url = normalizeAnalysisUrl(raw)
  if (!url) return { ok: false, error: 'empty' }
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  const host = rest.split(/[/?#]/)[0] ?? ''
  if (rest.length < 4 || !host.includes('.') || /\s/.test(rest)) return { ok: false, error: 'invalid' }
  return { ok: true, url }
}
